import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Chat Completions server on 127.0.0.1 for wire-level engine tests: it answers queued bodies in
 * order and keeps every request body, so a test can check what the engine's roles really send
 * through the real client. Shapes follow https://platform.openai.com/docs/api-reference/chat/object.
 */
export interface ChatServer {
  /** `http://127.0.0.1:<port>/v1`, the base URL for a spec. */
  readonly baseURL: string;
  /** Every request body received, oldest first. */
  readonly requests: Record<string, unknown>[];
  /** Queue bodies; each request takes the next one (a 599 when none is left). */
  reply(...bodies: unknown[]): void;
  close(): Promise<void>;
}

/** A completion whose first choice says `content`, with the finish reason and token counts given. */
export function chatCompletion(
  content: string,
  finishReason = 'stop',
  usage: { prompt: number; completion: number; reasoning?: number } = { prompt: 1800, completion: 60 },
): unknown {
  return {
    id: 'chatcmpl-engine-test',
    object: 'chat.completion',
    created: 1_761_800_000,
    model: 'test-model',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: finishReason,
      },
    ],
    usage: {
      prompt_tokens: usage.prompt,
      completion_tokens: usage.completion,
      total_tokens: usage.prompt + usage.completion,
      completion_tokens_details: { reasoning_tokens: usage.reasoning ?? 0 },
    },
  };
}

export async function startChatServer(): Promise<ChatServer> {
  const queue: unknown[] = [];
  const requests: Record<string, unknown>[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>);
      const body = queue.shift();
      response.writeHead(body === undefined ? 599 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body ?? { error: { message: 'chat server: no reply queued' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (...bodies) => queue.push(...bodies),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
