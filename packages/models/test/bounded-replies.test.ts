import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBoundedValue, parseBoundedJson } from '../src/bounded-json.js';
import { createAnthropicClient, ModelError, type ModelClient } from '../src/index.js';
import { ANTHROPIC_TEST_KEY, actionSchema, recordingHandle } from './support/helpers.js';
import { loadFixture, startReplayServer, type Fixture, type ReplayServer } from './support/replay-server.js';

/** A value nested `depth` levels deep, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

describe('JSON read with bounds', () => {
  it('parses up to 64 levels and refuses the 65th, whatever brackets strings hold', () => {
    expect(parseBoundedJson(`${'['.repeat(64)}${']'.repeat(64)}`).ok).toBe(true);
    expect(parseBoundedJson(`${'['.repeat(65)}${']'.repeat(65)}`)).toMatchObject({ ok: false, problem: 'too-deep' });
    expect(parseBoundedJson(JSON.stringify({ text: '{'.repeat(500) }))).toEqual({
      ok: true,
      value: { text: '{'.repeat(500) },
    });
  });

  it('refuses text too long and values with too many parts, and says which', () => {
    expect(parseBoundedJson(`"${'x'.repeat(500_000)}"`)).toMatchObject({ ok: false, problem: 'too-long' });
    expect(checkBoundedValue(Array.from({ length: 250_000 }, () => 0))).toMatchObject({
      ok: false,
      problem: 'too-many',
    });
    expect(parseBoundedJson('{"a": }')).toEqual({
      ok: false,
      problem: 'syntax',
      message: 'the text is not valid JSON',
    });
  });

  it('checks a decoded value 100 000 levels deep without overflowing the stack', () => {
    expect(() => JSON.stringify(nested(100_000))).toThrow(RangeError);
    expect(checkBoundedValue(nested(100_000))).toMatchObject({ ok: false, problem: 'too-deep' });
  });
});

function message(content: unknown, usage: unknown = { input_tokens: 1950, output_tokens: 48 }): Fixture {
  const body = {
    id: 'msg_01Hostile',
    type: 'message',
    role: 'assistant',
    model: 'claude-haiku-4-5',
    content,
    stop_reason: 'tool_use',
    usage,
  };
  return { description: 'hostile message', status: 200, raw: JSON.stringify(body) };
}

describe('malformed Anthropic replies end as typed model errors', () => {
  let server: ReplayServer;
  let client: ModelClient;
  const ask = { messages: [{ role: 'user' as const, content: 'Next action?' }], outputSchema: actionSchema };
  const failure = async (): Promise<ModelError> => {
    const error = await client.complete(recordingHandle().handle, ask).catch((caught: unknown) => caught);
    if (!ModelError.isInstance(error)) throw new Error(`expected a ModelError, got ${String(error)}`);
    return error;
  };
  beforeAll(async () => {
    server = await startReplayServer();
    client = createAnthropicClient({ model: 'claude-haiku-4-5', apiKey: ANTHROPIC_TEST_KEY, baseURL: server.origin });
  });
  afterAll(() => server.close());

  it('an HTML page, a message without content, and token counts that are not whole numbers', async () => {
    server.enqueue(
      { description: 'html', status: 200, raw: '<html><title>Cloudflare</title></html>', contentType: 'text/html' },
      message(undefined),
      message([{ type: 'text', text: 'hi' }], { input_tokens: 12.5, output_tokens: 3 }),
    );
    expect((await failure()).message).toBe('anthropic answered an HTML page ("Cloudflare"), not JSON');
    const empty = await failure();
    expect([empty.reason, empty.message]).toEqual([
      'bad-response',
      'anthropic answered a body that is not a message (content: Invalid input: expected array, received undefined)',
    ]);
    expect((await failure()).message).toContain('usage.input_tokens: Invalid input: expected int, received number');
  });

  it('an error object sent with HTTP 200', async () => {
    server.enqueue({
      description: 'error in 200',
      status: 200,
      raw: JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
    });
    const error = await failure();
    expect([error.reason, error.retryable]).toEqual(['overloaded', true]);
  });

  it('a forced-tool answer nested far too deep, decoded by the SDK', async () => {
    // Written by hand: JSON.stringify itself overflows on a value this deep.
    const input = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const content = `[{"type":"tool_use","id":"toolu_1","name":"structured_output","input":${input}}]`;
    const raw = `{"id":"msg_1","type":"message","role":"assistant","content":${content},"stop_reason":"tool_use","usage":{"input_tokens":9,"output_tokens":9}}`;
    server.enqueue({ description: 'deep tool input', status: 200, raw });
    const error = await failure();
    expect([error.reason, error.validation]).toEqual([
      'invalid-output',
      '(root): the JSON is nested more than 64 levels deep; answer with a flat object',
    ]);
  });

  it('a stream whose events come out of order', async () => {
    const streaming = createAnthropicClient({
      model: 'claude-haiku-4-5',
      apiKey: ANTHROPIC_TEST_KEY,
      baseURL: server.origin,
      stream: true,
    });
    const events = loadFixture('anthropic', 'stream-text').events!;
    server.enqueue({ description: 'no message_start', status: 200, events: events.slice(1) });
    const error = await streaming
      .complete(recordingHandle().handle, { messages: ask.messages })
      .catch((e: unknown) => e);
    expect(ModelError.isInstance(error) && error.reason).toBe('bad-response');
    expect((error as ModelError).message).toMatch(/^anthropic answered a body that could not be read \(/);
  });
});
