import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback server that speaks four dialects (OpenAI Chat Completions at `/v1/chat/completions`,
 * Anthropic Messages at `/v1/messages`, Ollama at `/api/chat`) and answers each request with
 * whatever the current case scripts: a hostile reply, or a valid answer to the question actually
 * asked (found from the request itself), as JSON or as the dialect's stream.
 */

/** Which wire format a request came in. */
export type Dialect = 'openai' | 'anthropic' | 'ollama';

/** One scripted reply. */
export type Reply =
  /** What the model "writes", put in a well-formed envelope of the request's dialect. */
  | {
      readonly kind: 'content';
      readonly text: string;
      readonly finish?: 'stop' | 'length';
      /** Replaces the usage object of the envelope (OpenAI-style field names are mapped per dialect). */
      readonly usage?: unknown;
      /** OpenAI only: send `content` as a list of text parts. */
      readonly parts?: boolean;
    }
  /** The valid answer to the question asked, in the request's dialect. */
  | { readonly kind: 'valid' }
  /** A body sent exactly as given. */
  | {
      readonly kind: 'raw';
      readonly status: number;
      readonly body: string | Uint8Array;
      readonly contentType: string;
      readonly headers?: Readonly<Record<string, string>>;
    }
  /** The text streamed in pieces; `finish` false leaves out the end; `destroy` cuts the connection. */
  | { readonly kind: 'stream'; readonly pieces: readonly string[]; readonly finish: boolean; readonly destroy: boolean }
  /** Never answer (until the client gives up or the server closes). */
  | { readonly kind: 'hold' };

/** What the server saw of one request. */
export interface SeenRequest {
  readonly dialect: Dialect;
  /** The structured answer's name (`operator_decision`…), or `text` when none was asked for. */
  readonly name: string;
  readonly stream: boolean;
}

/** Decides each reply: `index` counts the case's requests from 0. */
export type Responder = (request: SeenRequest, index: number) => Reply;

export interface HostileServer {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** Script the next case; resets the request count. */
  use(responder: Responder): void;
  /** Requests the current case received. */
  readonly seen: SeenRequest[];
  close(): Promise<void>;
}

/**
 * Start the server on 127.0.0.1 only. `validAnswer(name)` is the JSON (or, for native grounding,
 * the text) a well-behaved model would write for the named question.
 */
export async function startHostileServer(validAnswer: (name: string) => string): Promise<HostileServer> {
  let responder: Responder = () => ({ kind: 'valid' });
  let seen: SeenRequest[] = [];
  const held = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const seenRequest = describe(request, text);
      const reply = responder(seenRequest, seen.length);
      seen.push(seenRequest);
      send(response, seenRequest, reply, validAnswer, held);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    get seen() {
      return seen;
    },
    use(next) {
      for (const response of held) response.destroy();
      held.clear();
      responder = next;
      seen = [];
    },
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const NAMES = [
  'operator_decision',
  'grounding',
  'completion_verdict',
  'criteria_readings',
  'change_description',
  'step_verdict',
  'plan',
  'critic_verdict',
  'loop_verdict',
];

function describe(request: IncomingMessage, text: string): SeenRequest {
  const path = request.url ?? '';
  const dialect: Dialect = path.endsWith('/messages') ? 'anthropic' : path.endsWith('/api/chat') ? 'ollama' : 'openai';
  let stream = false;
  try {
    stream = (JSON.parse(text) as { stream?: unknown }).stream === true;
  } catch {
    stream = false;
  }
  // The output tool (Anthropic), the schema name (OpenAI) or the JSON instructions (local
  // servers) all carry the answer's name; native grounding prompts carry none.
  const name = text.includes('## Action Space')
    ? 'grounding-native'
    : (NAMES.find((each) => text.includes(`"${each}"`) || text.includes(`\\"${each}\\"`)) ?? 'text');
  return { dialect, name, stream };
}

function send(
  response: ServerResponse,
  request: SeenRequest,
  reply: Reply,
  validAnswer: (name: string) => string,
  held: Set<ServerResponse>,
): void {
  switch (reply.kind) {
    case 'hold':
      held.add(response);
      return;
    case 'raw':
      response.writeHead(reply.status, { 'content-type': reply.contentType, ...reply.headers });
      response.end(reply.body);
      return;
    case 'valid':
      sendContent(response, request, { kind: 'content', text: validAnswer(request.name) }, true);
      return;
    case 'content':
      sendContent(response, request, reply, false);
      return;
    case 'stream':
      sendStream(response, request.dialect, reply.pieces, reply.finish, reply.destroy);
  }
}

function sendContent(
  response: ServerResponse,
  request: SeenRequest,
  reply: Extract<Reply, { kind: 'content' }>,
  valid: boolean,
): void {
  if (request.stream) {
    const text = reply.text;
    const pieces = [text.slice(0, Math.ceil(text.length / 2)), text.slice(Math.ceil(text.length / 2))];
    sendStream(response, request.dialect, pieces, true, false, reply.finish);
    return;
  }
  const finish = reply.finish ?? 'stop';
  const usage = reply.usage ?? { prompt_tokens: 1800, completion_tokens: 60 };
  response.writeHead(200, { 'content-type': 'application/json' });
  if (request.dialect === 'openai') {
    response.end(
      JSON.stringify(completion(reply.parts ? [{ type: 'text', text: reply.text }] : reply.text, finish, usage)),
    );
  } else if (request.dialect === 'anthropic') {
    response.end(JSON.stringify(anthropicMessage(reply.text, finish, usage, valid ? request.name : undefined)));
  } else {
    response.end(JSON.stringify(ollamaAnswer(reply.text, finish, usage, true)));
  }
}

function sendStream(
  response: ServerResponse,
  dialect: Dialect,
  pieces: readonly string[],
  finish: boolean,
  destroy: boolean,
  reason: 'stop' | 'length' = 'stop',
): void {
  if (dialect === 'ollama') {
    response.writeHead(200, { 'content-type': 'application/x-ndjson' });
    for (const piece of pieces) response.write(`${JSON.stringify(ollamaAnswer(piece, reason, undefined, false))}\n`);
    if (finish)
      response.write(
        `${JSON.stringify(ollamaAnswer('', reason, { prompt_tokens: 1800, completion_tokens: 60 }, true))}\n`,
      );
  } else if (dialect === 'anthropic') {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const event = (name: string, data: unknown) => response.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    event('message_start', {
      type: 'message_start',
      message: {
        id: 'msg_bench',
        type: 'message',
        role: 'assistant',
        model: 'claude-bench',
        content: [],
        stop_reason: null,
        usage: { input_tokens: 1800, output_tokens: 1 },
      },
    });
    event('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    for (const piece of pieces)
      event('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: piece },
      });
    if (finish) {
      event('content_block_stop', { type: 'content_block_stop', index: 0 });
      event('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: reason === 'length' ? 'max_tokens' : 'end_turn' },
        usage: { output_tokens: 60 },
      });
      event('message_stop', { type: 'message_stop' });
    }
  } else {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta: unknown, finishReason: string | null, usage?: unknown) =>
      response.write(
        `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1, model: 'bench', choices: [{ index: 0, delta, finish_reason: finishReason }], ...(usage ? { usage } : {}) })}\n\n`,
      );
    chunk({ role: 'assistant', content: '' }, null);
    for (const piece of pieces) chunk({ content: piece }, null);
    if (finish) {
      chunk({}, reason, { prompt_tokens: 1800, completion_tokens: 60 });
      response.write('data: [DONE]\n\n');
    }
  }
  if (destroy) response.destroy();
  else response.end();
}

function completion(content: unknown, finish: string, usage: unknown): unknown {
  return {
    id: 'chatcmpl-bench',
    object: 'chat.completion',
    created: 1_761_800_000,
    model: 'bench-model',
    choices: [
      { index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: finish },
    ],
    usage,
  };
}

/** A valid answer goes through the forced output tool, as Claude answers; hostile text as a text block. */
function anthropicMessage(text: string, finish: string, usage: unknown, tool: string | undefined): unknown {
  const tokens = (typeof usage === 'object' && usage !== null ? usage : {}) as {
    prompt_tokens?: unknown;
    completion_tokens?: unknown;
  };
  let content: unknown[] = [{ type: 'text', text }];
  if (tool !== undefined) {
    try {
      content = [{ type: 'tool_use', id: 'toolu_bench', name: tool, input: JSON.parse(text) as unknown }];
    } catch {
      content = [{ type: 'text', text }];
    }
  }
  return {
    id: 'msg_bench',
    type: 'message',
    role: 'assistant',
    model: 'claude-bench',
    content,
    stop_reason: finish === 'length' ? 'max_tokens' : tool !== undefined ? 'tool_use' : 'end_turn',
    usage: { input_tokens: tokens.prompt_tokens, output_tokens: tokens.completion_tokens },
  };
}

function ollamaAnswer(text: string, finish: string, usage: unknown, done: boolean): unknown {
  const tokens = (typeof usage === 'object' && usage !== null ? usage : {}) as {
    prompt_tokens?: unknown;
    completion_tokens?: unknown;
  };
  return {
    model: 'bench-model',
    created_at: '2025-11-30T10:00:00Z',
    message: { role: 'assistant', content: text },
    done,
    ...(done
      ? { done_reason: finish, prompt_eval_count: tokens.prompt_tokens, eval_count: tokens.completion_tokens }
      : {}),
  };
}
