import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ModelError, retryDelayMs, withRetries, type ModelErrorReason } from '../src/index.js';
import { instantSleep, recordingHandle } from './support/helpers.js';

function failingThen<T>(errors: ModelError[], value: T): { run: () => Promise<T>; calls: () => number } {
  let calls = 0;
  return {
    calls: () => calls,
    run: () => {
      const error = errors[calls];
      calls += 1;
      return error === undefined ? Promise.resolve(value) : Promise.reject(error);
    },
  };
}

describe('the retry policy', () => {
  it.each<[ModelErrorReason, boolean]>([
    ['rate-limit', true],
    ['overloaded', true],
    ['server', true],
    ['timeout', true],
    ['auth', false],
    ['bad-request', false],
    ['refusal', false],
    ['truncated', false],
    ['invalid-output', false],
    ['cancelled', false],
  ])('retries %s: %s', async (kind, retried) => {
    const sleeper = instantSleep();
    const operation = failingThen([new ModelError(kind, kind)], 'ok');
    const outcome = await withRetries(recordingHandle().handle, operation.run, { sleep: sleeper.sleep }).catch(
      (error: unknown) => error,
    );
    expect(operation.calls()).toBe(retried ? 2 : 1);
    expect(outcome === 'ok').toBe(retried);
  });

  it('does not retry a retryable kind marked not retryable (an exhausted quota)', async () => {
    const operation = failingThen([new ModelError('rate-limit', 'quota', { retryable: false })], 'ok');
    await expect(withRetries(recordingHandle().handle, operation.run, instantSleep())).rejects.toThrow('quota');
    expect(operation.calls()).toBe(1);
  });

  it('grows the wait exponentially, with half of it jittered, up to the ceiling', () => {
    const error = new ModelError('server', 'down');
    const waits = (random: number) =>
      [1, 2, 3, 4, 5, 6, 7].map((retry) => retryDelayMs(retry, error, { random: () => random, maxDelayMs: 16_000 }));
    expect(waits(0)).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect(waits(0.999999)).toEqual([1000, 2000, 4000, 8000, 16_000, 16_000, 16_000]);
  });

  it('never waits less than retry-after asks, nor less than half the backoff', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.option(fc.integer({ min: 0, max: 120_000 }), { nil: undefined }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (retry, retryAfterMs, random) => {
          const error = new ModelError('rate-limit', 'slow down', { retryAfterMs });
          const wait = retryDelayMs(retry, error, { random: () => random });
          const base = Math.min(30_000, 1000 * 2 ** (retry - 1));
          expect(wait).toBeGreaterThanOrEqual(Math.max(retryAfterMs ?? 0, Math.floor(base / 2)));
          expect(wait).toBeLessThanOrEqual(Math.max(retryAfterMs ?? 0, base));
        },
      ),
    );
  });

  it('throws instead of retrying when the server asks for a longer wait than allowed', async () => {
    const sleeper = instantSleep();
    const operation = failingThen([new ModelError('rate-limit', 'later', { retryAfterMs: 120_000 })], 'ok');
    await expect(withRetries(recordingHandle().handle, operation.run, { sleep: sleeper.sleep })).rejects.toThrow(
      'later',
    );
    expect(sleeper.waits).toEqual([]);
  });

  it('throws instead of retrying when the wait would end past the deadline', async () => {
    const sleeper = instantSleep();
    const now = 1_000_000;
    const operation = failingThen([new ModelError('overloaded', 'busy', { retryAfterMs: 5000 })], 'ok');
    const { handle } = recordingHandle({ deadline: now + 4000 });
    await expect(withRetries(handle, operation.run, { sleep: sleeper.sleep, now: () => now })).rejects.toThrow('busy');
    expect(sleeper.waits).toEqual([]);
    const roomy = failingThen([new ModelError('overloaded', 'busy', { retryAfterMs: 5000 })], 'ok');
    const later = recordingHandle({ deadline: now + 6000 }).handle;
    await expect(withRetries(later, roomy.run, { sleep: sleeper.sleep, now: () => now })).resolves.toBe('ok');
  });

  it('stops with cancelled when the handle is aborted while waiting to retry', async () => {
    const controller = new AbortController();
    const operation = failingThen([new ModelError('server', 'down'), new ModelError('server', 'down')], 'ok');
    const sleep = () => {
      controller.abort();
      return Promise.reject(new ModelError('cancelled', 'aborted while waiting'));
    };
    const { handle } = recordingHandle({ signal: controller.signal });
    const error = await withRetries(handle, operation.run, { sleep }).catch((caught: unknown) => caught);
    expect(ModelError.isInstance(error) && error.reason).toBe('cancelled');
    expect(operation.calls()).toBe(1);
  });

  it('the default timer sleep rejects at once when the handle was aborted during the attempt', async () => {
    const controller = new AbortController();
    const operation = () => {
      controller.abort();
      return Promise.reject(new ModelError('server', 'down'));
    };
    const { handle } = recordingHandle({ signal: controller.signal });
    const error = await withRetries(handle, operation, { initialDelayMs: 600_000 }).catch((caught: unknown) => caught);
    expect(ModelError.isInstance(error) && error.reason).toBe('cancelled');
    expect((error as Error).message).toContain('waiting to retry');
  });
});
