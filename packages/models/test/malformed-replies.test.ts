import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeStructured, createModelClient, ModelError, type ModelClient } from '../src/index.js';
import { actionSchema, instantSleep, recordingHandle } from './support/helpers.js';
import { loadFixture, startReplayServer, type Fixture, type ReplayServer } from './support/replay-server.js';

/**
 * The eight HTTP-200 bodies from an OpenAI-compatible server that used to end a run in an
 * unexpected `TypeError` or `RangeError`. Each goes through the real client (`createModelClient`,
 * the SDK, the adapter) against a local server, and must end as a typed `ModelError` that the
 * retry and repair rules know what to do with, or, for text parts, as a valid answer.
 */

const ask = { messages: [{ role: 'user' as const, content: 'Next action?' }], outputSchema: actionSchema };
const answer = JSON.stringify({ summary: "Clicking 'Export'", target: { x: 1204, y: 88 } });

function completion(message: unknown, extra: Record<string, unknown> = {}): Fixture {
  return json({
    id: 'chatcmpl-hostile',
    object: 'chat.completion',
    created: 1_760_000_000,
    model: 'qwen2.5vl:7b',
    choices: [{ index: 0, message, finish_reason: 'stop' }],
    usage: { prompt_tokens: 900, completion_tokens: 30, total_tokens: 930 },
    ...extra,
  });
}

function json(body: unknown): Fixture {
  return { description: 'hostile reply', status: 200, raw: JSON.stringify(body) };
}

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!ModelError.isInstance(error)) throw new Error(`expected a ModelError, got ${String(error)}`);
  return error;
}

describe('malformed HTTP-200 replies end as typed model errors, never as crashes', () => {
  let server: ReplayServer;
  let client: ModelClient;
  beforeAll(async () => {
    server = await startReplayServer();
    const spec = { provider: 'openai-compatible' as const, model: 'qwen2.5vl:7b', baseURL: `${server.origin}/v1` };
    client = createModelClient(spec, {}, { retry: false });
  });
  afterAll(() => server.close());

  it('1. an empty body, with and without a content length', async () => {
    server.enqueue(
      { description: 'empty', status: 200, raw: '', headers: { 'content-length': '0' } },
      { description: 'empty, chunked', status: 200, raw: '' },
    );
    const declared = await failure(client.complete(recordingHandle().handle, ask));
    expect([declared.reason, declared.retryable]).toEqual(['bad-response', true]);
    expect(declared.message).toBe('openai-compatible answered an empty body');
    const chunked = await failure(client.complete(recordingHandle().handle, ask));
    expect([chunked.reason, chunked.retryable]).toEqual(['bad-response', true]);
    expect(chunked.message).toBe(
      'openai-compatible answered a body that could not be read (Unexpected end of JSON input)',
    );
  });

  it('2. an HTML page', async () => {
    const page = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>';
    server.enqueue({ description: 'html', status: 200, raw: page, contentType: 'text/html' });
    const error = await failure(client.complete(recordingHandle().handle, ask));
    expect(error.reason).toBe('bad-response');
    expect(error.message).toBe('openai-compatible answered an HTML page ("502 Bad Gateway"), not JSON');
  });

  it('3. an error object and no choices, with the kind the error names', async () => {
    server.enqueue(
      json({ error: { message: 'Upstream provider timed out', type: 'upstream_error', code: 502 } }),
      json({ error: { message: 'Rate limit exceeded for this key', code: 429 } }),
    );
    const upstream = await failure(client.complete(recordingHandle().handle, ask));
    expect(upstream.reason).toBe('timeout');
    expect(upstream.message).toBe(
      'openai-compatible answered with an error instead of an answer (upstream_error): Upstream provider timed out',
    );
    const limited = await failure(client.complete(recordingHandle().handle, ask));
    expect([limited.reason, limited.retryable]).toEqual(['rate-limit', true]);
  });

  it('4. choices that are not a list', async () => {
    server.enqueue(json({ id: 'x', object: 'chat.completion', choices: { 0: { message: { content: answer } } } }));
    const error = await failure(client.complete(recordingHandle().handle, ask));
    expect(error.reason).toBe('bad-response');
    expect(error.message).toMatch(/^openai-compatible answered a body that is not a chat completion \(choices: /);
  });

  it('5. a choice without a message', async () => {
    server.enqueue(json({ id: 'x', object: 'chat.completion', choices: [{ index: 0, finish_reason: 'stop' }] }));
    const error = await failure(client.complete(recordingHandle().handle, ask));
    expect(error.reason).toBe('bad-response');
    expect(error.message).toContain('(choices.0.message: ');
  });

  it('6. content as a list of text parts is read, as gateways send it', async () => {
    const half = Math.floor(answer.length / 2);
    server.enqueue(
      completion({
        role: 'assistant',
        content: [
          { type: 'text', text: answer.slice(0, half) },
          { type: 'image_url', image_url: { url: 'data:,' } },
          { type: 'text', text: answer.slice(half) },
        ],
      }),
    );
    const response = await client.complete(recordingHandle().handle, ask);
    expect(response.parsed).toEqual({ summary: "Clicking 'Export'", target: { x: 1204, y: 88 } });
    expect(response.text).toBe(answer);
  });

  it('7. JSON nested 10 000 deep is invalid output, re-asked, and never overflows the stack', async () => {
    const deep = `{"summary":"s","target":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    server.enqueue(completion({ role: 'assistant', content: deep }));
    const error = await failure(client.complete(recordingHandle().handle, ask));
    expect(error.reason).toBe('invalid-output');
    expect(error.validation).toBe('(root): the JSON is nested more than 64 levels deep; answer with a flat object');
    expect(error.lastText?.length).toBeLessThan(9000);

    server.enqueue(
      completion({ role: 'assistant', content: deep }),
      completion({ role: 'assistant', content: answer }),
    );
    const before = server.requests.length;
    const repaired = await completeStructured(client, recordingHandle().handle, ask, { maxRepairs: 1 });
    expect(repaired.parsed.target).toEqual({ x: 1204, y: 88 });
    expect(server.requests.length - before).toBe(2);
  });

  it('8. negative or non-numeric token counts', async () => {
    server.enqueue(
      completion({ role: 'assistant', content: answer }, { usage: { prompt_tokens: -5, completion_tokens: 30 } }),
      completion({ role: 'assistant', content: answer }, { usage: { prompt_tokens: 900, completion_tokens: 'many' } }),
    );
    const negative = await failure(client.complete(recordingHandle().handle, ask));
    expect(negative.reason).toBe('bad-response');
    expect(negative.message).toContain('(usage.prompt_tokens: Too small: expected number to be >=0)');
    const text = await failure(client.complete(recordingHandle().handle, ask));
    expect(text.message).toContain('usage.completion_tokens: Invalid input: expected number, received string');
  });

  it('retries a bad response by the retry rules, and succeeds when the server recovers', async () => {
    const sleeper = instantSleep();
    const spec = { provider: 'openai-compatible' as const, model: 'qwen2.5vl:7b', baseURL: `${server.origin}/v1` };
    const retrying = createModelClient(spec, {}, { retry: { sleep: sleeper.sleep, random: () => 0 } });
    server.enqueue({ description: 'empty', status: 200, raw: '' }, loadFixture('openai-compatible', 'fixed-json'));
    const { handle, logs } = recordingHandle();
    const response = await retrying.complete(handle, ask);
    expect(response.parsed?.target).toEqual({ x: 1204, y: 88 });
    expect(sleeper.waits).toEqual([500]);
    expect(logs.some((line) => line.includes('model call failed (bad-response); retry 1 of 3'))).toBe(true);
  });
});

describe('malformed streams end as typed model errors', () => {
  let server: ReplayServer;
  let client: ModelClient;
  beforeAll(async () => {
    server = await startReplayServer();
    const spec = { provider: 'openai-compatible' as const, model: 'qwen2.5vl:7b', baseURL: `${server.origin}/v1` };
    client = createModelClient(spec, {}, { retry: false, stream: true });
  });
  afterAll(() => server.close());

  const delta = (content: string) => ({
    data: {
      id: 'c',
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta: { content }, finish_reason: null }],
    },
  });

  it('a stream cut off before its finish reason', async () => {
    server.enqueue({ description: 'cut', status: 200, events: [delta('{"summary": "Cl')] });
    const error = await failure(client.complete(recordingHandle().handle, ask));
    expect(error.reason).toBe('bad-response');
    expect(error.message).toBe('openai-compatible ended the stream before the answer was finished (no finish_reason)');
  });

  it('an event that is not JSON, and one that is not a chunk', async () => {
    server.enqueue(
      { description: 'garbage', status: 200, events: [delta('{"su'), { data: '{not json' }] },
      { description: 'wrong', status: 200, events: [{ data: { id: 'c', choices: 'none' } }] },
    );
    const garbage = await failure(client.complete(recordingHandle().handle, ask));
    expect(garbage.reason).toBe('bad-response');
    expect(garbage.message).toMatch(/^openai-compatible answered a body that could not be read \(/);
    const wrong = await failure(client.complete(recordingHandle().handle, ask));
    expect(wrong.message).toMatch(/a stream event that is not a completion chunk \(choices: /);
  });
});
