import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAIClient, ModelError, type ModelClient } from '../src/index.js';
import { OPENAI_TEST_KEY, actionSchema, clickTool, recordingHandle } from './support/helpers.js';
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

describe.each([false, true])('OpenAI answers (streaming: %s)', (stream) => {
  let server: ReplayServer;
  let client: ModelClient;
  beforeAll(async () => {
    server = await startReplayServer();
    client = createOpenAIClient({ model: 'gpt-4.1', apiKey: OPENAI_TEST_KEY, baseURL: `${server.origin}/v1`, stream });
  });
  afterAll(() => server.close());

  it('reads a plain answer with its usage and cost', async () => {
    server.enqueue(loadFixture('openai', stream ? 'stream-text' : 'text'));
    const response = await client.complete(recordingHandle().handle, ask);
    expect(response.text).toBe(
      stream ? 'The Export button is in the toolbar.' : 'The Export button is in the top-right corner of the toolbar.',
    );
    expect(response.stopReason).toBe('end');
    expect(response.rawStopReason).toBe('stop');
    const usage = stream ? { inputTokens: 1215, outputTokens: 9 } : { inputTokens: 1215, outputTokens: 15 };
    expect(response.usage).toEqual({ ...usage, costUsd: (usage.inputTokens * 2 + usage.outputTokens * 8) / 1e6 });
    expect(response.warnings).toEqual([]);
    if (stream) {
      expect(server.requests.at(-1)?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    }
  });

  it('returns tool calls with decoded, validated arguments (null optional fields dropped)', async () => {
    server.enqueue(loadFixture('openai', stream ? 'stream-tool-calls' : 'tool-calls'));
    const response = await client.complete(recordingHandle().handle, { ...ask, tools: [clickTool] });
    expect(response.stopReason).toBe('tool-use');
    expect(response.toolCalls).toEqual([
      { id: stream ? 'call_ReplayStream01' : 'call_ReplayClick01', name: 'click', input: { x: 1204, y: 88 } },
    ]);
    expect(response.text).toBe('');
  });
});

describe('OpenAI answers that need care', () => {
  let server: ReplayServer;
  let client: ModelClient;
  beforeAll(async () => {
    server = await startReplayServer();
    client = createOpenAIClient({ model: 'gpt-4.1', apiKey: OPENAI_TEST_KEY, baseURL: `${server.origin}/v1` });
  });
  afterAll(() => server.close());

  it('parses strict structured output, turning nulls for optional fields into absent fields', async () => {
    server.enqueue(loadFixture('openai', 'structured'));
    const response = await client.complete(recordingHandle().handle, { ...ask, outputSchema: actionSchema });
    expect(response.parsed).toEqual({ summary: "Clicking 'Export'", target: { x: 1204, y: 88 } });
    expect(response.stopReason).toBe('end');
    expect(response.warnings).toEqual([]);
  });

  it('throws refusal when the structured answer was refused, quoting the refusal', async () => {
    server.enqueue(loadFixture('openai', 'refusal'));
    const error = await failure(client.complete(recordingHandle().handle, { ...ask, outputSchema: actionSchema }));
    expect(error.reason).toBe('refusal');
    expect(error.lastText).toBe("I'm sorry, I can't help with that request.");
    expect(error.usage?.inputTokens).toBe(1190);
  });

  it('returns a refused free-text answer with stop reason refusal and the refusal as text', async () => {
    server.enqueue(loadFixture('openai', 'refusal'));
    const response = await client.complete(recordingHandle().handle, ask);
    expect(response.stopReason).toBe('refusal');
    expect(response.text).toBe("I'm sorry, I can't help with that request.");
  });

  it('maps finish_reason length to max-tokens, and to truncated for a structured answer', async () => {
    server.enqueue(loadFixture('openai', 'length'), loadFixture('openai', 'length'));
    const response = await client.complete(recordingHandle().handle, ask);
    expect(response.stopReason).toBe('max-tokens');
    const error = await failure(client.complete(recordingHandle().handle, { ...ask, outputSchema: actionSchema }));
    expect(error.reason).toBe('truncated');
    expect(error.lastText).toBe(`{"summary":"Clicking 'Exp`);
  });

  it('fails tool arguments that do not match the tool schema with invalid-output', async () => {
    server.enqueue(loadFixture('openai', 'tool-calls'));
    const strictTool = { ...clickTool, name: 'click', inputSchema: actionSchema };
    const error = await failure(client.complete(recordingHandle().handle, { ...ask, tools: [strictTool] }));
    expect(error.reason).toBe('invalid-output');
    expect(error.validation).toContain('summary:');
    expect(error.lastText).toBe('click({"x":1204,"y":88,"reason":null})');
  });
});
