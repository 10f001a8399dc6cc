import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnthropicClient, createOpenAIClient, ModelError, type ModelClient } from '../src/index.js';
import { ANTHROPIC_TEST_KEY, OPENAI_TEST_KEY, recordingHandle } from './support/helpers.js';
import { startReplayServer, type ReplayServer } from './support/replay-server.js';

const ask = { messages: [{ role: 'user' as const, content: 'Hello' }] };
const NOW = 1_800_000_000_000;

async function kindOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return ModelError.isInstance(error) ? error.reason : `not a ModelError: ${String(error)}`;
}

describe.each(['anthropic', 'openai'] as const)('the %s adapter honours the handle', (vendor) => {
  let server: ReplayServer;
  let client: ModelClient;
  beforeAll(async () => {
    server = await startReplayServer();
    const common = { now: () => NOW };
    client =
      vendor === 'anthropic'
        ? createAnthropicClient({
            ...common,
            model: 'claude-haiku-4-5',
            apiKey: ANTHROPIC_TEST_KEY,
            baseURL: server.origin,
          })
        : createOpenAIClient({ ...common, model: 'gpt-4.1', apiKey: OPENAI_TEST_KEY, baseURL: `${server.origin}/v1` });
  });
  afterAll(() => server.close());

  it('sends nothing when the deadline has already passed', async () => {
    const before = server.requests.length;
    const { handle } = recordingHandle({ deadline: NOW - 1 });
    expect(await kindOf(client.complete(handle, ask))).toBe('timeout');
    expect(server.requests.length).toBe(before);
  });

  it('sends nothing when the handle is already cancelled', async () => {
    const before = server.requests.length;
    const controller = new AbortController();
    controller.abort();
    expect(await kindOf(client.complete(recordingHandle({ signal: controller.signal }).handle, ask))).toBe('cancelled');
    expect(server.requests.length).toBe(before);
  });

  it('stops waiting with cancelled when the handle is aborted mid-request', async () => {
    server.enqueue('hold');
    const controller = new AbortController();
    const pending = client.complete(recordingHandle({ signal: controller.signal }).handle, ask);
    await server.received(server.requests.length + 1);
    controller.abort();
    expect(await kindOf(pending)).toBe('cancelled');
  });

  it('gives up with timeout when the deadline arrives before the answer', async () => {
    server.enqueue('hold');
    const { handle } = recordingHandle({ deadline: NOW + 30 });
    expect(await kindOf(client.complete(handle, ask))).toBe('timeout');
  });
});
