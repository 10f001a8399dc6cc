import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback server that speaks three dialects (OpenAI Chat Completions at `/v1/chat/completions`,
 * Anthropic Messages at `/v1/messages`, Ollama at `/api/chat`) and answers each request with
 * whatever the current case scripts: a hostile reply, or a valid answer to the question actually
 * asked (found from the request itself), as JSON or as the dialect's stream.
 */

/** Which wire format a request came in. */
export type Dialect = 'openai' | 'anthropic' | 'ollama';

/**
 * Text a reply carries: as given, or made from the valid answer to the question asked (to wrap it
 * in prose, cut it short, or bend one of its fields).
 */
export type ReplyText = string | ((valid: string) => string);

/** One scripted reply. */
export type Reply =
  /** What the model "writes", put in a well-formed envelope of the request's dialect. */
  | {
      readonly kind: 'content';
      readonly text: ReplyText;
      readonly finish?: 'stop' | 'length';
      /** Replaces the usage object of the envelope (OpenAI-style field names are mapped per dialect). */
      readonly usage?: unknown;
      /** OpenAI only: send `content` as a list of text parts. */
      readonly parts?: boolean;
      /**
       * Anthropic only: send the text, decoded, as the input of a `tool_use` block (as Claude
       * answers a forced tool) instead of a text block; `true` names the tool asked for.
       */
      readonly tool?: true | string;
    }
  /** The valid answer to the question asked, in the request's dialect. */
  | { readonly kind: 'valid' }
  /** A body sent exactly as given. */
  | {
      readonly kind: 'raw';
      readonly status: number;
      readonly body: string | Uint8Array | ((valid: string) => string | Uint8Array);
      readonly contentType: string;
      readonly headers?: Readonly<Record<string, string>>;
    }
  /**
   * The text streamed in pieces; `finish` false leaves out the end; `destroy` cuts the connection;
   * `stall` keeps the connection open after the pieces, sending nothing more.
   */
  | {
      readonly kind: 'stream';
      readonly pieces: readonly string[] | ((valid: string) => readonly string[]);
      readonly finish: boolean;
      readonly destroy: boolean;
      readonly stall?: boolean;
    }
  /** Status line, headers and the start of `body`, then nothing more (the connection stays open). */
  | { readonly kind: 'stall'; readonly body: ReplyText; readonly contentType: string }
  /** Never answer (until the client gives up or the server closes). */
  | { readonly kind: 'hold' };

/** What the server saw of one request. */
export interface SeenRequest {
  readonly dialect: Dialect;
  /** The structured answer's name (`operator_decision`…), or `text` when none was asked for. */
  readonly name: string;
  readonly stream: boolean;
  /** Ids of the success criteria the prompt lists (`criterion-…`), in order of first mention. */
  readonly criteria: readonly string[];
}

/** Builds the valid answer to a request from what it asked and its whole body text. */
export type ValidAnswer = (request: SeenRequest, body: string) => string;

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
 * Start the server on 127.0.0.1 only. `validAnswer` gives the JSON (or, for native grounding, the
 * text) a well-behaved model would write for the question asked.
 */
export async function startHostileServer(validAnswer: ValidAnswer): Promise<HostileServer> {
  let responder: Responder = () => ({ kind: 'valid' });
  let seen: SeenRequest[] = [];
  const held = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const seenRequest = describe(request, text);
      // A write to a connection the client already dropped must not take the bench down.
      response.on('error', () => {});
      try {
        const reply = responder(seenRequest, seen.length);
        seen.push(seenRequest);
        send(response, seenRequest, reply, () => validAnswer(seenRequest, text), held);
      } catch (error: unknown) {
        if (response.headersSent) response.destroy();
        else {
          response.writeHead(599, { 'content-type': 'text/plain' });
          response.end(`hostile server: the case's script failed: ${String(error)}`);
        }
      }
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

/** Names the bench knows, for requests whose wording hides the name (see {@link describe}). */
const NAMES = [
  'operator_decision',
  'grounding',
  'completion_verdict',
  'criteria_readings',
  'change_description',
  'step_verdict_and_next',
  'step_verdict',
  'missing_work',
  'feasibility',
  'recovery_proposal',
  'plan_refresh',
  'plan_revision',
  'plan',
  'critic_verdict',
  'loop_verdict',
];

/**
 * Where each dialect names the structured answer in a request body: the JSON instructions local
 * servers get, OpenAI's `response_format`, Anthropic's forced tool. The key patterns match only
 * unescaped keys, so text a model wrote earlier (quoted back in a repair turn) cannot pose as them.
 */
const NAME_PATTERNS = [
  /Answer with one JSON object, the \\?"([A-Za-z0-9_-]+)\\?", and nothing else/,
  /"json_schema":\{"name":"([A-Za-z0-9_-]+)"/,
  /"tool_choice":\{"type":"tool","name":"([A-Za-z0-9_-]+)"/,
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
  const criteria = [...new Set(text.match(/criterion-[0-9a-f]{4,}/g) ?? [])];
  return { dialect, name: nameOf(text), stream, criteria };
}

function nameOf(text: string): string {
  // Native grounding prompts are written in the model's own syntax and carry no answer name.
  if (text.includes('## Action Space')) return 'grounding-native';
  for (const pattern of NAME_PATTERNS) {
    const found = pattern.exec(text)?.[1];
    if (found !== undefined) return found;
  }
  return NAMES.find((each) => text.includes(`"${each}"`) || text.includes(`\\"${each}\\"`)) ?? 'text';
}

/** Whether a request asked for a structured answer (which Anthropic gets through a forced tool). */
function structured(name: string): boolean {
  return name !== 'text' && name !== 'grounding-native';
}

function resolve(text: ReplyText, valid: () => string): string {
  return typeof text === 'function' ? text(valid()) : text;
}

function send(
  response: ServerResponse,
  request: SeenRequest,
  reply: Reply,
  valid: () => string,
  held: Set<ServerResponse>,
): void {
  switch (reply.kind) {
    case 'hold':
      held.add(response);
      return;
    case 'raw':
      response.writeHead(reply.status, { 'content-type': reply.contentType, ...reply.headers });
      response.end(typeof reply.body === 'function' ? reply.body(valid()) : reply.body);
      return;
    case 'valid':
      sendContent(response, request, valid(), {
        ...(request.dialect === 'anthropic' && structured(request.name) ? { tool: request.name } : {}),
      });
      return;
    case 'content': {
      const tool = reply.tool === true ? request.name : reply.tool;
      sendContent(response, request, resolve(reply.text, valid), {
        ...(reply.finish === undefined ? {} : { finish: reply.finish }),
        ...('usage' in reply ? { usage: reply.usage } : {}),
        ...(reply.parts === undefined ? {} : { parts: reply.parts }),
        ...(tool === undefined ? {} : { tool }),
      });
      return;
    }
    case 'stream': {
      const pieces = typeof reply.pieces === 'function' ? reply.pieces(valid()) : reply.pieces;
      sendStream(response, request.dialect, pieces, reply);
      if (reply.stall === true) held.add(response);
      return;
    }
    case 'stall': {
      const body = resolve(reply.body, valid);
      response.writeHead(200, { 'content-type': reply.contentType });
      response.write(body.slice(0, Math.ceil(body.length / 2)));
      held.add(response);
    }
  }
}

/** How the answer's envelope is shaped; every field optional. */
export interface EnvelopeOptions {
  /** `stop` (absent) or `length`, in the dialect's own words. */
  readonly finish?: 'stop' | 'length';
  /** Replaces the usage object (OpenAI-style field names, mapped per dialect). */
  readonly usage?: unknown;
  /** OpenAI only: `content` as a list of text parts. */
  readonly parts?: boolean;
  /** Anthropic only: the text, decoded, as the input of a `tool_use` block of this name. */
  readonly tool?: string;
}

const DEFAULT_USAGE = { prompt_tokens: 1800, completion_tokens: 60 };

/** The non-streamed response body a server of `dialect` would send for `text`. */
export function envelopeOf(dialect: Dialect, text: string, options: EnvelopeOptions = {}): Record<string, unknown> {
  const finish = options.finish ?? 'stop';
  const usage = 'usage' in options ? options.usage : DEFAULT_USAGE;
  if (dialect === 'openai') return completion(options.parts ? [{ type: 'text', text }] : text, finish, usage);
  if (dialect === 'anthropic') return anthropicMessage(text, finish, usage, options.tool);
  return ollamaAnswer(text, finish, usage, true);
}

function sendContent(response: ServerResponse, request: SeenRequest, text: string, options: EnvelopeOptions): void {
  if (request.stream) {
    const middle = Math.ceil(text.length / 2);
    sendStream(response, request.dialect, [text.slice(0, middle), text.slice(middle)], {
      finish: true,
      destroy: false,
      ...(options.finish === undefined ? {} : { reason: options.finish }),
    });
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(envelopeOf(request.dialect, text, options)));
}

interface StreamShape {
  readonly finish: boolean;
  readonly destroy: boolean;
  readonly stall?: boolean;
  readonly reason?: 'stop' | 'length';
}

function sendStream(response: ServerResponse, dialect: Dialect, pieces: readonly string[], shape: StreamShape): void {
  const reason = shape.reason ?? 'stop';
  if (dialect === 'ollama') {
    response.writeHead(200, { 'content-type': 'application/x-ndjson' });
    for (const piece of pieces) response.write(`${JSON.stringify(ollamaAnswer(piece, reason, undefined, false))}\n`);
    if (shape.finish) response.write(`${JSON.stringify(ollamaAnswer('', reason, DEFAULT_USAGE, true))}\n`);
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
    if (shape.finish) {
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
    if (shape.finish) {
      chunk({}, reason, DEFAULT_USAGE);
      response.write('data: [DONE]\n\n');
    }
  }
  if (shape.stall === true) return;
  if (shape.destroy) response.destroy();
  else response.end();
}

function completion(content: unknown, finish: string, usage: unknown): Record<string, unknown> {
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

/** With `tool`, the text goes through the forced output tool, as Claude answers; otherwise as a text block. */
function anthropicMessage(
  text: string,
  finish: string,
  usage: unknown,
  tool: string | undefined,
): Record<string, unknown> {
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

function ollamaAnswer(text: string, finish: string, usage: unknown, done: boolean): Record<string, unknown> {
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
