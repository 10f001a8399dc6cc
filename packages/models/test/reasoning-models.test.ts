import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeStructured,
  createModelClient,
  findProfile,
  ModelError,
  type ModelClient,
  type ModelSpec,
} from '../src/index.js';
import { OPENAI_TEST_KEY, actionSchema, recordingHandle } from './support/helpers.js';
import { loadFixture, startReplayServer, type ReplayServer } from './support/replay-server.js';

const env = { OPENAI_API_KEY: OPENAI_TEST_KEY };
const ask = { messages: [{ role: 'user' as const, content: 'Next action?' }], outputSchema: actionSchema };

function body(server: ReplayServer, index: number): Record<string, unknown> {
  return server.requests[index]?.body as Record<string, unknown>;
}

describe('OpenAI reasoning models on the wire', () => {
  let server: ReplayServer;
  const client = (model: string): ModelClient => {
    const spec: ModelSpec = { provider: 'openai', model, baseURL: `${server.origin}/v1` };
    return createModelClient(spec, env, { retry: false });
  };
  beforeAll(async () => {
    server = await startReplayServer();
  });
  afterAll(() => server.close());

  it.each(['gpt-5', 'gpt-5-mini', 'o3', 'o4-mini', 'gpt-5-chat-latest'])(
    'sends %s no temperature, and says so',
    async (model) => {
      server.enqueue(loadFixture('openai', 'reasoning-structured'));
      const before = server.requests.length;
      const response = await client(model).complete(recordingHandle().handle, { ...ask, temperature: 0.2 });
      expect(body(server, before)).not.toHaveProperty('temperature');
      expect(response.warnings).toContainEqual({
        type: 'unsupported-setting',
        message: `${model} accepts only its default temperature; 0.2 was not sent`,
      });
      expect(response.parsed).toEqual({ summary: "Clicking 'Export'", target: { x: 1204, y: 88 } });
    },
  );

  it('still sends gpt-4.1 its temperature, and no reasoning effort', async () => {
    server.enqueue(loadFixture('openai', 'structured'));
    const before = server.requests.length;
    await client('gpt-4.1').complete(recordingHandle().handle, { ...ask, temperature: 0.2, reasoningEffort: 'low' });
    expect(body(server, before)).toMatchObject({ temperature: 0.2 });
    expect(body(server, before)).not.toHaveProperty('reasoning_effort');
  });

  it('sends the reasoning effort with max_completion_tokens, raising one the model does not offer', async () => {
    server.enqueue(loadFixture('openai', 'reasoning-structured'), loadFixture('openai', 'reasoning-structured'));
    const before = server.requests.length;
    const low = await client('o3').complete(recordingHandle().handle, {
      ...ask,
      reasoningEffort: 'low',
      maxOutputTokens: 5596,
    });
    expect(body(server, before)).toMatchObject({ reasoning_effort: 'low', max_completion_tokens: 5596 });
    expect(low.usage.outputTokens).toBe(1422);
    const minimal = await client('o4-mini').complete(recordingHandle().handle, { ...ask, reasoningEffort: 'minimal' });
    expect(body(server, before + 1)).toMatchObject({ reasoning_effort: 'low' });
    expect(minimal.warnings).toContainEqual({
      type: 'unsupported-setting',
      message: 'o4-mini offers no "minimal" reasoning effort; "low" was sent',
    });
  });

  it('names the rejected setting when a profile is wrong and the server answers HTTP 400', async () => {
    server.enqueue(loadFixture('openai', 'error-400-temperature'));
    const unprofiled = createModelClient({ provider: 'openai', model: 'o3', baseURL: `${server.origin}/v1` }, env, {
      retry: false,
      profile: { ...findProfile('openai', 'gpt-4.1')!, id: 'wrong' },
    });
    const error = await unprofiled.complete(recordingHandle().handle, { ...ask, temperature: 0.2 }).catch((e) => e);
    expect(ModelError.isInstance(error) && [error.reason, error.retryable, error.status]).toEqual([
      'bad-request',
      false,
      400,
    ]);
    expect((error as ModelError).message).toContain("'temperature' does not support 0.2 with this model");
  });

  it('reads an empty answer cut at the limit as truncated, and retries once with the larger limit it is given', async () => {
    server.enqueue(loadFixture('openai', 'reasoning-empty-length'));
    const error = await client('o3')
      .complete(recordingHandle().handle, ask)
      .catch((e: unknown) => e);
    expect(ModelError.isInstance(error) && [error.reason, error.message]).toEqual([
      'truncated',
      'the output token limit was spent before any answer was written',
    ]);
    expect((error as ModelError).usage).toEqual({ inputTokens: 1840, outputTokens: 1500, costUsd: expect.any(Number) });

    server.enqueue(loadFixture('openai', 'reasoning-empty-length'), loadFixture('openai', 'reasoning-structured'));
    const before = server.requests.length;
    const { handle, logs } = recordingHandle();
    const response = await completeStructured(
      client('o3'),
      handle,
      { ...ask, maxOutputTokens: 1500, reasoningEffort: 'low' },
      { roomOnTruncation: 3000 },
    );
    expect([body(server, before).max_completion_tokens, body(server, before + 1).max_completion_tokens]).toEqual([
      1500, 3000,
    ]);
    // The same question again, not a repair turn quoting half an answer.
    expect(body(server, before + 1).messages).toEqual(body(server, before).messages);
    expect(response.usage.outputTokens).toBe(1500 + 1422);
    expect(response.warnings).toContainEqual({
      type: 'repaired-output',
      message: 'valid after a retry with a larger output limit',
    });
    expect(logs.some((line) => line.includes('asking again with 3000 tokens'))).toBe(true);
  });

  it('gives up after the one retry with more room, with the usage of both calls', async () => {
    server.enqueue(loadFixture('openai', 'reasoning-empty-length'), loadFixture('openai', 'reasoning-empty-length'));
    const error = await completeStructured(client('o3'), recordingHandle().handle, ask, {
      roomOnTruncation: 8000,
    }).catch((e: unknown) => e);
    expect(ModelError.isInstance(error) && error.reason).toBe('truncated');
    expect((error as ModelError).message).toContain('even with a larger output limit');
    expect((error as ModelError).usage?.outputTokens).toBe(3000);
  });
});
