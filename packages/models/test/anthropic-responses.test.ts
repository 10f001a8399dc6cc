import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnthropicClient, ModelError, type ModelClient } from '../src/index.js';
import { ANTHROPIC_TEST_KEY, actionSchema, clickTool, recordingHandle } from './support/helpers.js';
import { loadFixture, startReplayServer, type ReplayServer } from './support/replay-server.js';

const ask = { messages: [{ role: 'user' as const, content: 'Next action?' }] };

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!ModelError.isInstance(error)) throw new Error(`expected a ModelError, got ${String(error)}`);
  return error;
}

describe.each([false, true])('Anthropic answers (streaming: %s)', (stream) => {
  let server: ReplayServer;
  let client: ModelClient;
  beforeAll(async () => {
    server = await startReplayServer();
    client = createAnthropicClient({
      model: 'claude-haiku-4-5',
      apiKey: ANTHROPIC_TEST_KEY,
      baseURL: server.origin,
      stream,
    });
  });
  afterAll(() => server.close());

  it('reads a plain answer with its usage and its cost from the price table', async () => {
    server.enqueue(loadFixture('anthropic', stream ? 'stream-text' : 'text'));
    const response = await client.complete(recordingHandle().handle, ask);
    expect(response.text).toBe(
      stream ? 'The Export button is in the toolbar.' : 'The Export button is in the top-right corner of the toolbar.',
    );
    expect(response.stopReason).toBe('end');
    expect(response.rawStopReason).toBe('end_turn');
    expect(response.toolCalls).toEqual([]);
    expect(response.parsed).toBeUndefined();
    const usage = stream ? { inputTokens: 1874, outputTokens: 12 } : { inputTokens: 1874, outputTokens: 19 };
    expect(response.usage).toEqual({ ...usage, costUsd: (usage.inputTokens * 1 + usage.outputTokens * 5) / 1e6 });
    expect(response.warnings).toEqual([]);
    if (stream) expect((server.requests.at(-1)?.body as { stream?: boolean }).stream).toBe(true);
  });

  it('returns the structured answer from the forced tool, validated', async () => {
    server.enqueue(loadFixture('anthropic', stream ? 'stream-structured' : 'structured'));
    const response = await client.complete(recordingHandle().handle, { ...ask, outputSchema: actionSchema });
    expect(response.parsed).toEqual({ summary: "Clicking 'Export'", target: { x: 1204, y: 88 } });
    expect(response.stopReason).toBe('end');
    expect(response.rawStopReason).toBe('tool_use');
    expect(response.toolCalls).toEqual([]);
  });
});

describe('Anthropic answers that are not plain text', () => {
  let server: ReplayServer;
  let client: ModelClient;
  beforeAll(async () => {
    server = await startReplayServer();
    client = createAnthropicClient({ model: 'claude-haiku-4-5', apiKey: ANTHROPIC_TEST_KEY, baseURL: server.origin });
  });
  afterAll(() => server.close());

  it('returns tool calls with validated input next to the text', async () => {
    server.enqueue(loadFixture('anthropic', 'tool-use'));
    const response = await client.complete(recordingHandle().handle, { ...ask, tools: [clickTool] });
    expect(response.stopReason).toBe('tool-use');
    expect(response.text).toBe('I will click the Export button.');
    expect(response.toolCalls).toEqual([
      { id: 'toolu_01ClickReplay', name: 'click', input: { x: 1204, y: 88, reason: 'Export' } },
    ]);
  });

  it('rejects a tool call the request did not offer as invalid output', async () => {
    server.enqueue(loadFixture('anthropic', 'tool-use'));
    const error = await failure(client.complete(recordingHandle().handle, ask));
    expect(error.reason).toBe('invalid-output');
    expect(error.validation).toContain('no tool is named "click"');
    expect(error.usage).toEqual({ inputTokens: 2011, outputTokens: 61, costUsd: (2011 + 61 * 5) / 1e6 });
  });

  it('fails a structured answer that misses a field with invalid-output naming the path', async () => {
    server.enqueue(loadFixture('anthropic', 'structured-invalid'));
    const error = await failure(client.complete(recordingHandle().handle, { ...ask, outputSchema: actionSchema }));
    expect(error.reason).toBe('invalid-output');
    expect(error.retryable).toBe(false);
    expect(error.validation).toMatch(/^target: /);
    expect(error.lastText).toBe(`{"summary":"Clicking 'Export'"}`);
  });

  it('returns a refused free-text answer with stop reason refusal', async () => {
    server.enqueue(loadFixture('anthropic', 'refusal'));
    const response = await client.complete(recordingHandle().handle, ask);
    expect(response.stopReason).toBe('refusal');
    expect(response.text).toBe('');
  });

  it('throws refusal when a structured answer was refused, with the stated explanation', async () => {
    server.enqueue(loadFixture('anthropic', 'refusal'));
    const error = await failure(client.complete(recordingHandle().handle, { ...ask, outputSchema: actionSchema }));
    expect(error.reason).toBe('refusal');
    expect(error.retryable).toBe(false);
    expect(error.lastText).toBe('This request was declined.');
  });

  it('returns truncated free text with stop reason max-tokens', async () => {
    server.enqueue(loadFixture('anthropic', 'max-tokens'));
    const response = await client.complete(recordingHandle().handle, ask);
    expect(response.stopReason).toBe('max-tokens');
    expect(response.text).toBe(`{"summary": "Clicking 'Exp`);
  });

  it('throws truncated when a structured answer was cut off', async () => {
    server.enqueue(loadFixture('anthropic', 'max-tokens'));
    const error = await failure(client.complete(recordingHandle().handle, { ...ask, outputSchema: actionSchema }));
    expect(error.reason).toBe('truncated');
    expect(error.lastText).toBe(`{"summary": "Clicking 'Exp`);
  });

  it('warns when the temperature is outside Anthropic range and when a model has no price', async () => {
    const unpriced = createAnthropicClient({
      model: 'claude-sonnet-9-9',
      apiKey: ANTHROPIC_TEST_KEY,
      baseURL: server.origin,
    });
    server.enqueue(loadFixture('anthropic', 'text'));
    const response = await unpriced.complete(recordingHandle().handle, { ...ask, temperature: 1.5 });
    expect(response.warnings.map((warning) => warning.type)).toEqual(['unsupported-setting', 'unpriced-model']);
    expect(response.usage.costUsd).toBeUndefined();
    expect((server.requests.at(-1)?.body as { temperature: number }).temperature).toBe(1);
  });
});
