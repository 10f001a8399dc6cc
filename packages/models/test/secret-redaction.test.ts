import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkModelSpec, createModelClient, ModelError, parseModelSpec, type ModelSpec } from '../src/index.js';
import { ANTHROPIC_TEST_KEY, OPENAI_TEST_KEY, instantSleep, recordingHandle } from './support/helpers.js';
import { loadFixture, startReplayServer, type ReplayServer } from './support/replay-server.js';

const ask = { messages: [{ role: 'user' as const, content: 'Hello' }] };
const env = { ANTHROPIC_API_KEY: ANTHROPIC_TEST_KEY, OPENAI_API_KEY: OPENAI_TEST_KEY };

/** Every way an error tends to get printed. */
function renderings(error: unknown): string[] {
  return [String(error), JSON.stringify(error), inspect(error, { depth: 5 }), (error as Error).stack ?? ''];
}

function expectNoKey(texts: readonly string[], key: string): void {
  for (const text of texts) {
    expect(text).not.toContain(key);
    // The distinctive tail too, in case a vendor echoes a masked form.
    expect(text).not.toContain(key.slice(-12));
  }
}

const vendors: { vendor: 'anthropic' | 'openai'; key: string; spec: (origin: string) => ModelSpec }[] = [
  {
    vendor: 'anthropic',
    key: ANTHROPIC_TEST_KEY,
    spec: (origin) => ({ provider: 'anthropic', model: 'claude-haiku-4-5', baseURL: origin }),
  },
  {
    vendor: 'openai',
    key: OPENAI_TEST_KEY,
    spec: (origin) => ({ provider: 'openai', model: 'gpt-4.1', baseURL: `${origin}/v1` }),
  },
];

describe.each(vendors)('the $vendor key never leaks', ({ vendor, key, spec }) => {
  let server: ReplayServer;
  beforeAll(async () => {
    server = await startReplayServer();
  });
  afterAll(() => server.close());

  it('from a 401 whose body echoes the key', async () => {
    const client = createModelClient(spec(server.origin), env, { retry: false });
    server.enqueue(loadFixture(vendor, 'error-401'));
    const { handle, logs } = recordingHandle();
    const error = await client.complete(handle, ask).catch((caught: unknown) => caught);
    expect(ModelError.isInstance(error) && error.reason).toBe('auth');
    expect((error as Error).message).toContain('[redacted]');
    expectNoKey([...renderings(error), ...logs], key);
    // The key did reach the server, so the test would notice a client that sent none.
    expect(JSON.stringify(server.requests.at(-1)?.headers)).toContain(key);
  });

  it('from retry logs, warnings and the client object', async () => {
    const sleeper = instantSleep();
    const client = createModelClient(spec(server.origin), env, { retry: { sleep: sleeper.sleep } });
    server.enqueue(loadFixture(vendor, 'error-429'), loadFixture(vendor, 'text'));
    const { handle, logs } = recordingHandle();
    const response = await client.complete(handle, ask);
    expect(logs.length).toBeGreaterThan(1);
    expectNoKey([...logs, JSON.stringify(response), inspect(client, { depth: 5 }), JSON.stringify(client)], key);
  });

  it('from a connection failure', async () => {
    const closed = await startReplayServer();
    await closed.close();
    const client = createModelClient(spec(closed.origin), env, { retry: false });
    const error = await client.complete(recordingHandle().handle, ask).catch((caught: unknown) => caught);
    expect(ModelError.isInstance(error) && error.reason).toBe('server');
    expectNoKey(renderings(error), key);
  });
});

describe('configuration checks never echo a key', () => {
  it('reports a malformed key by its variable name only', () => {
    const spec = parseModelSpec('openai:gpt-4.1');
    if (!spec.ok) throw new Error(spec.error);
    const badKey = 'sk-live-with a space-9876543210';
    const check = checkModelSpec(spec.spec, { OPENAI_API_KEY: badKey });
    expect(check.usable).toBe(false);
    expect(check.problems).toEqual(['OPENAI_API_KEY contains spaces or line breaks; copy the key again']);
    expectNoKey([JSON.stringify(check), inspect(check, { depth: 5 })], badKey);
  });
});
