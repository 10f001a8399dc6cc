import type { Handle } from '@sandpiper/core';
import type { ModelClient } from './contract.js';
import { ModelError } from './errors.js';

/** How failed calls are retried. Every field is optional; absent fields take the documented default. */
export interface RetryOptions {
  /** Retries after the first attempt; 0 disables retrying. Absent means 3. */
  readonly maxRetries?: number;
  /** Base delay before the first retry, in milliseconds. Absent means 1000. */
  readonly initialDelayMs?: number;
  /** Largest delay the backoff grows to, in milliseconds. Absent means 30 000. */
  readonly maxDelayMs?: number;
  /**
   * Longest `retry-after` we are willing to honour, in milliseconds; a server asking for more gets
   * no retry and the error is thrown. Absent means 60 000.
   */
  readonly maxRetryAfterMs?: number;
  /** Waits `ms` milliseconds, rejecting when the handle is aborted. Absent: a timer. */
  readonly sleep?: (handle: Handle, ms: number) => Promise<void>;
  /** Uniform random number in [0, 1) for the jitter. Absent: `Math.random`. */
  readonly random?: () => number;
  /** Current time in milliseconds since the epoch, to respect the handle's deadline. Absent: `Date.now`. */
  readonly now?: () => number;
}

/**
 * The wait before retry number `retry` (1-based): exponential backoff with "equal jitter" (half
 * fixed, half random, so no two clients retry in lockstep and no wait collapses to zero), raised to
 * the server's `retry-after` when it asked for longer.
 */
export function retryDelayMs(retry: number, error: ModelError, options: RetryOptions = {}): number {
  const initial = options.initialDelayMs ?? 1000;
  const ceiling = options.maxDelayMs ?? 30_000;
  const random = options.random ?? Math.random;
  const base = Math.min(ceiling, initial * 2 ** (retry - 1));
  const jittered = base / 2 + (random() * base) / 2;
  return Math.round(Math.max(jittered, error.retryAfterMs ?? 0));
}

/**
 * Run `operation`, retrying only `ModelError`s marked retryable (rate limits, overload, server
 * failures, timeouts). Bad requests, auth failures, invalid output and cancellation are thrown at
 * once, as is any retry that would end past the handle's deadline.
 */
export async function withRetries<T>(
  handle: Handle,
  operation: (attempt: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const maxRetries = options.maxRetries ?? 3;
  const maxRetryAfter = options.maxRetryAfterMs ?? 60_000;
  const sleep = options.sleep ?? sleepWithTimer;
  const now = options.now ?? Date.now;
  for (let attempt = 1; ; attempt += 1) {
    if (handle.signal.aborted) throw new ModelError('cancelled', 'the model call was cancelled');
    try {
      return await operation(attempt);
    } catch (error: unknown) {
      if (!ModelError.isInstance(error) || !error.retryable || attempt > maxRetries) throw error;
      if (error.retryAfterMs !== undefined && error.retryAfterMs > maxRetryAfter) throw error;
      const delay = retryDelayMs(attempt, error, options);
      if (handle.deadline !== undefined && now() + delay >= handle.deadline) throw error;
      handle.log(
        `model call failed (${error.reason}${error.status === undefined ? '' : `, HTTP ${error.status}`}); ` +
          `retry ${attempt} of ${maxRetries} in ${delay} ms`,
      );
      await sleep(handle, delay);
    }
  }
}

/** Wrap a client so every `complete` call is retried as {@link withRetries} describes. */
export function createRetryingClient(client: ModelClient, options: RetryOptions = {}): ModelClient {
  return {
    specificationVersion: client.specificationVersion,
    provider: client.provider,
    model: client.model,
    complete: (handle, request) => withRetries(handle, () => client.complete(handle, request), options),
  };
}

function sleepWithTimer(handle: Handle, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    if (handle.signal.aborted) {
      reject(new ModelError('cancelled', 'the model call was cancelled while waiting to retry'));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ModelError('cancelled', 'the model call was cancelled while waiting to retry'));
    };
    const timer = setTimeout(() => {
      handle.signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    handle.signal.addEventListener('abort', onAbort, { once: true });
  });
}
