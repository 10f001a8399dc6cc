import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelClient, ModelError, type ModelClient, type ModelSpec } from '../src/index.js';
import { actionSchema, ANTHROPIC_TEST_KEY, OPENAI_TEST_KEY, recordingHandle } from './support/helpers.js';

/**
 * A server that sends the status line, the headers and the start of a body, then nothing more,
 * keeping the connection open: a proxy or an overloaded server that stalls mid-response. The
 * client's `timeoutMs` is the longest wait for one response, so the call must end as a retryable
 * `timeout` soon after it, not wait for as long as the connection stays open. A streamed answer
 * that keeps arriving, though, may take longer than `timeoutMs` in all: only silence ends it.
 */

const TIMEOUT_MS = 300;
const ask = { messages: [{ role: 'user' as const, content: 'Next action?' }], outputSchema: actionSchema };

/** What each dialect starts to send, streamed or not, before it stalls. */
function beginning(path: string, stream: boolean): { type: string; text: string } {
  if (path.endsWith('/api/chat')) {
    return { type: 'application/x-ndjson', text: '{"model":"m","message":{"role":"assistant","content":"{\\"su' };
  }
  if (path.endsWith('/messages')) {
    return stream
      ? {
          type: 'text/event-stream',
          text: 'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-haiku-4-5","content":[],"stop_reason":null,"usage":{"input_tokens":10,"output_tokens":1}}}\n\n',
        }
      : { type: 'application/json', text: '{"id":"msg_1","type":"message","role":"assistant","content":[{"type":"te' };
  }
  return stream
    ? {
        type: 'text/event-stream',
        text: 'data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":"{\\"su"},"finish_reason":null}]}\n\n',
      }
    : { type: 'application/json', text: '{"id":"c1","object":"chat.completion","choices":[{"index":0,"message":{"ro' };
}

const ANSWER = JSON.stringify({ summary: "Clicking 'Export'", target: { x: 12, y: 34 } });

/** The answer streamed in the dialect of `path`, one piece at a time. */
function steadyEvents(path: string): { type: string; events: string[] } {
  const pieces = Array.from({ length: 10 }, (_, index) =>
    ANSWER.slice(index * 6, index === 9 ? undefined : (index + 1) * 6),
  );
  if (path.endsWith('/api/chat')) {
    const line = (value: unknown) => `${JSON.stringify(value)}\n`;
    return {
      type: 'application/x-ndjson',
      events: [
        ...pieces.map((piece) => line({ model: 'm', message: { role: 'assistant', content: piece }, done: false })),
        line({
          model: 'm',
          message: { role: 'assistant', content: '' },
          done: true,
          done_reason: 'stop',
          prompt_eval_count: 5,
          eval_count: 5,
        }),
      ],
    };
  }
  const event = (name: string | undefined, data: unknown) =>
    `${name === undefined ? '' : `event: ${name}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
  if (path.endsWith('/messages')) {
    return {
      type: 'text/event-stream',
      events: [
        event('message_start', {
          type: 'message_start',
          message: {
            id: 'msg_1',
            type: 'message',
            role: 'assistant',
            model: 'claude-haiku-4-5',
            content: [],
            stop_reason: null,
            usage: { input_tokens: 5, output_tokens: 1 },
          },
        }),
        event('content_block_start', {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'text', text: '' },
        }),
        ...pieces.map((piece) =>
          event('content_block_delta', {
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'text_delta', text: piece },
          }),
        ),
        event('content_block_stop', { type: 'content_block_stop', index: 0 }),
        event('message_delta', {
          type: 'message_delta',
          delta: { stop_reason: 'end_turn' },
          usage: { output_tokens: 5 },
        }),
        event('message_stop', { type: 'message_stop' }),
      ],
    };
  }
  const chunk = (delta: unknown, finish: string | null, usage?: unknown) =>
    event(undefined, {
      id: 'c1',
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, finish_reason: finish }],
      ...(usage ? { usage } : {}),
    });
  return {
    type: 'text/event-stream',
    events: [
      ...pieces.map((piece) => chunk({ content: piece }, null)),
      chunk({}, 'stop', { prompt_tokens: 5, completion_tokens: 5 }),
      event(undefined, '[DONE]'),
    ],
  };
}

const specs: readonly [string, ModelSpec][] = [
  ['openai-compatible', { provider: 'openai-compatible', model: 'qwen2.5vl:7b', baseURL: 'ORIGIN/v1' }],
  ['openai', { provider: 'openai', model: 'gpt-4.1', baseURL: 'ORIGIN/v1' }],
  ['anthropic', { provider: 'anthropic', model: 'claude-haiku-4-5', baseURL: 'ORIGIN' }],
  ['ollama', { provider: 'ollama', model: 'qwen2.5vl:7b', baseURL: 'ORIGIN' }],
];

describe('a response that stalls after its headers ends as a timeout', () => {
  const open = new Set<ServerResponse>();
  let origin = '';
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const stream = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { stream?: boolean }).stream === true;
      if (request.headers['x-test-reply'] === 'steady') {
        const { type, events } = steadyEvents(request.url ?? '');
        response.writeHead(200, { 'content-type': type });
        // A piece every 80 ms: the whole answer takes far longer than the timeout, no gap does.
        events.forEach((text, index) =>
          setTimeout(() => (index === events.length - 1 ? response.end(text) : response.write(text)), 80 * (index + 1)),
        );
        return;
      }
      const { type, text } = beginning(request.url ?? '', stream);
      response.writeHead(200, { 'content-type': type });
      response.write(text);
      open.add(response);
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const response of open) response.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  function clientFor(spec: ModelSpec, stream: boolean, timeoutMs = TIMEOUT_MS, reply = 'stall'): ModelClient {
    const env = { OPENAI_API_KEY: OPENAI_TEST_KEY, ANTHROPIC_API_KEY: ANTHROPIC_TEST_KEY };
    const baseURL = spec.baseURL!.replace('ORIGIN', origin);
    const headers = { 'x-test-reply': reply };
    return createModelClient({ ...spec, baseURL }, env, { retry: false, timeoutMs, stream, headers });
  }

  async function outcome(promise: Promise<unknown>): Promise<{ error: ModelError; elapsedMs: number }> {
    const started = performance.now();
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!ModelError.isInstance(error)) throw new Error(`expected a ModelError, got ${String(error)}`);
    return { error, elapsedMs: performance.now() - started };
  }

  describe.each(specs)('%s', (_name, spec) => {
    it.each([false, true])('streamed: %s', { timeout: 5000 }, async (stream) => {
      const { error, elapsedMs } = await outcome(clientFor(spec, stream).complete(recordingHandle().handle, ask));
      expect([error.reason, error.retryable]).toEqual(['timeout', true]);
      expect(elapsedMs).toBeLessThan(TIMEOUT_MS + 2000);
    });
  });

  it.each(specs)(
    '%s: aborting the handle during the stall is still a cancellation',
    { timeout: 5000 },
    async (_name, spec) => {
      for (const stream of [false, true]) {
        const controller = new AbortController();
        const handle = recordingHandle({ signal: controller.signal }).handle;
        const pending = outcome(clientFor(spec, stream, 10_000).complete(handle, ask));
        setTimeout(() => controller.abort(), 100);
        expect([stream, (await pending).error.reason]).toEqual([stream, 'cancelled']);
      }
    },
  );

  it.each(specs)(
    '%s: a streamed answer that keeps arriving may outlast the timeout',
    { timeout: 5000 },
    async (_name, spec) => {
      const started = performance.now();
      const response = await clientFor(spec, true, TIMEOUT_MS, 'steady').complete(recordingHandle().handle, ask);
      expect(performance.now() - started).toBeGreaterThan(2 * TIMEOUT_MS);
      expect(response.parsed).toEqual({ summary: "Clicking 'Export'", target: { x: 12, y: 34 } });
    },
  );
});
