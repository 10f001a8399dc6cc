import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeStructured, createOpenAICompatibleClient, ModelError, type ModelClient } from '../src/index.js';
import { actionSchema, recordingHandle } from './support/helpers.js';
import { loadFixture, startReplayServer, type ReplayServer } from './support/replay-server.js';

const request = {
  messages: [{ role: 'user' as const, content: 'Next action?' }],
  outputSchema: actionSchema,
};

describe('completeStructured re-asks with the validation error', () => {
  let server: ReplayServer;
  let client: ModelClient;
  beforeAll(async () => {
    server = await startReplayServer();
    client = createOpenAICompatibleClient({ model: 'qwen2.5vl:7b', baseURL: `${server.origin}/v1` });
  });
  afterAll(() => server.close());

  it('repairs an answer that misses a field with one re-ask quoting the problem', async () => {
    server.enqueue(loadFixture('openai-compatible', 'invalid-json'), loadFixture('openai-compatible', 'fixed-json'));
    const before = server.requests.length;
    const { handle, logs } = recordingHandle();
    const response = await completeStructured(client, handle, request, { maxRepairs: 2 });
    expect(response.parsed).toEqual({ summary: "Clicking 'Export'", target: { x: 1204, y: 88 } });
    expect(server.requests.length - before).toBe(2);
    const reask = (server.requests[before + 1]?.body as { messages: { role: string; content: string }[] }).messages;
    expect(reask.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(reask[2]?.content).toBe(`I would click the Export button: {"summary": "Clicking 'Export'"}`);
    expect(reask[3]?.content).toContain('target: Invalid input: expected object, received undefined');
    expect(response.usage).toEqual({ inputTokens: 1960, outputTokens: 80, costUsd: 0 });
    expect(response.warnings.map((warning) => warning.type)).toContain('repaired-output');
    expect(logs.some((line) => line.includes('re-asking (1 of 2)'))).toBe(true);
  });

  it('fails with invalid-output carrying the last answer once the repairs are spent', async () => {
    server.enqueue(
      loadFixture('openai-compatible', 'invalid-json'),
      loadFixture('openai-compatible', 'invalid-json'),
      loadFixture('openai-compatible', 'fixed-json'),
    );
    const before = server.requests.length;
    const error = await completeStructured(client, recordingHandle().handle, request, { maxRepairs: 1 }).catch(
      (caught: unknown) => caught,
    );
    expect(ModelError.isInstance(error)).toBe(true);
    const failure = error as ModelError;
    expect(failure.reason).toBe('invalid-output');
    expect(failure.message).toContain('after 1 re-ask(s)');
    expect(failure.lastText).toBe(`I would click the Export button: {"summary": "Clicking 'Export'"}`);
    expect(failure.validation).toMatch(/^target: /);
    expect(failure.usage).toEqual({ inputTokens: 1960, outputTokens: 80, costUsd: 0 });
    expect(server.requests.length - before).toBe(2);
    const next = await client.complete(recordingHandle().handle, request);
    expect(next.parsed).toBeDefined();
  });

  it('returns a valid first answer without re-asking', async () => {
    server.enqueue(loadFixture('openai-compatible', 'prose-json'));
    const before = server.requests.length;
    const response = await completeStructured(client, recordingHandle().handle, request);
    expect(response.parsed.target).toEqual({ x: 1204, y: 88 });
    expect(server.requests.length - before).toBe(1);
  });
});
