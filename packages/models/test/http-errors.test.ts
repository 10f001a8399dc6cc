import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAnthropicClient,
  createOpenAIClient,
  createRetryingClient,
  ModelError,
  type ModelClient,
} from '../src/index.js';
import { ANTHROPIC_TEST_KEY, OPENAI_TEST_KEY, instantSleep, recordingHandle } from './support/helpers.js';
import { loadFixture, startReplayServer, type ReplayServer } from './support/replay-server.js';

const ask = { messages: [{ role: 'user' as const, content: 'Hello' }] };

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!ModelError.isInstance(error)) throw new Error(`expected a ModelError, got ${String(error)}`);
  return error;
}

type Vendor = 'anthropic' | 'openai';
const cases: {
  vendor: Vendor;
  overloaded: string;
  rateLimitWaitMs: number;
  make: (origin: string) => ModelClient;
}[] = [
  {
    vendor: 'anthropic',
    overloaded: 'error-529',
    rateLimitWaitMs: 7000,
    make: (origin) => createAnthropicClient({ model: 'claude-haiku-4-5', apiKey: ANTHROPIC_TEST_KEY, baseURL: origin }),
  },
  {
    vendor: 'openai',
    overloaded: 'error-503',
    rateLimitWaitMs: 2000,
    make: (origin) => createOpenAIClient({ model: 'gpt-4.1', apiKey: OPENAI_TEST_KEY, baseURL: `${origin}/v1` }),
  },
];

describe.each(cases)('$vendor errors and retries', ({ vendor, overloaded, rateLimitWaitMs, make }) => {
  let server: ReplayServer;
  let adapter: ModelClient;
  beforeAll(async () => {
    server = await startReplayServer();
    adapter = make(server.origin);
  });
  afterAll(() => server.close());

  function retrying(random = 0.5) {
    const sleeper = instantSleep();
    return { client: createRetryingClient(adapter, { sleep: sleeper.sleep, random: () => random }), ...sleeper };
  }

  it('does not retry a 400: it is a bad request', async () => {
    const { client, waits } = retrying();
    const before = server.requests.length;
    server.enqueue(loadFixture(vendor, 'error-400'), loadFixture(vendor, 'text'));
    const error = await failure(client.complete(recordingHandle().handle, ask));
    expect(error.reason).toBe('bad-request');
    expect(error.status).toBe(400);
    expect(error.retryable).toBe(false);
    expect(server.requests.length - before).toBe(1);
    expect(waits).toEqual([]);
    const next = await client.complete(recordingHandle().handle, ask);
    expect(next.stopReason).toBe('end');
  });

  it('does not retry a 401: the key is wrong', async () => {
    const { client, waits } = retrying();
    const before = server.requests.length;
    server.enqueue(loadFixture(vendor, 'error-401'));
    const error = await failure(client.complete(recordingHandle().handle, ask));
    expect(error.reason).toBe('auth');
    expect(server.requests.length - before).toBe(1);
    expect(waits).toEqual([]);
  });

  it('retries a 429 after the wait its retry-after header asks for', async () => {
    const { client, waits } = retrying();
    server.enqueue(loadFixture(vendor, 'error-429'), loadFixture(vendor, 'text'));
    const response = await client.complete(recordingHandle().handle, ask);
    expect(response.stopReason).toBe('end');
    expect(waits).toEqual([rateLimitWaitMs]);
  });

  it('retries overload and server errors with growing, jittered backoff until one succeeds', async () => {
    const { client, waits } = retrying(1);
    server.enqueue(loadFixture(vendor, overloaded), loadFixture(vendor, 'error-500'), loadFixture(vendor, 'text'));
    const { logs, handle } = recordingHandle();
    const response = await client.complete(handle, ask);
    expect(response.stopReason).toBe('end');
    expect(waits).toEqual([1000, 2000]);
    expect(logs.filter((line) => line.includes('retry'))).toEqual([
      `model call failed (overloaded, HTTP ${overloaded.slice(-3)}); retry 1 of 3 in 1000 ms`,
      'model call failed (server, HTTP 500); retry 2 of 3 in 2000 ms',
    ]);
  });

  it('gives up after the last retry and throws the last error', async () => {
    const sleeper = instantSleep();
    const client = createRetryingClient(adapter, { maxRetries: 2, sleep: sleeper.sleep, random: () => 0 });
    const before = server.requests.length;
    server.enqueue(loadFixture(vendor, 'error-500'), loadFixture(vendor, 'error-500'), loadFixture(vendor, overloaded));
    const error = await failure(client.complete(recordingHandle().handle, ask));
    expect(error.reason).toBe('overloaded');
    expect(error.retryable).toBe(true);
    expect(server.requests.length - before).toBe(3);
    expect(sleeper.waits).toEqual([500, 1000]);
  });
});

describe('errors only one vendor has', () => {
  let server: ReplayServer;
  beforeAll(async () => {
    server = await startReplayServer();
  });
  afterAll(() => server.close());

  it('does not retry an OpenAI 429 for an exhausted quota', async () => {
    const sleeper = instantSleep();
    const adapter = createOpenAIClient({ model: 'gpt-4.1', apiKey: OPENAI_TEST_KEY, baseURL: `${server.origin}/v1` });
    const client = createRetryingClient(adapter, { sleep: sleeper.sleep });
    server.enqueue(loadFixture('openai', 'error-429-quota'));
    const error = await failure(client.complete(recordingHandle().handle, ask));
    expect(error.reason).toBe('rate-limit');
    expect(error.retryable).toBe(false);
    expect(sleeper.waits).toEqual([]);
  });

  it('maps an Anthropic error event in the middle of a stream to overloaded', async () => {
    const client = createAnthropicClient({
      model: 'claude-haiku-4-5',
      apiKey: ANTHROPIC_TEST_KEY,
      baseURL: server.origin,
      stream: true,
    });
    server.enqueue(loadFixture('anthropic', 'stream-overloaded'));
    const error = await failure(client.complete(recordingHandle().handle, ask));
    expect(error.reason).toBe('overloaded');
    expect(error.retryable).toBe(true);
  });
});
