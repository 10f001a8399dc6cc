import type { Handle } from '@sandpiper/core';
import { ModelError } from './errors.js';

/**
 * How long one model call may wait. The SDKs' own timeout stops counting once the response
 * headers arrive, so a body that stalls after them would be waited for as long as the server
 * keeps the connection open. This countdown covers the whole response instead. A streamed answer
 * restarts it with every piece that arrives ({@link CallTimer.touch}), so a long answer that keeps
 * coming is not cut short, while one that stops arriving is.
 */
export interface CallTimer {
  /** Aborts when the handle is aborted or the countdown runs out, whichever comes first. */
  readonly signal: AbortSignal;
  /** The first countdown, in milliseconds: the configured timeout, or less when the handle's deadline is nearer. */
  readonly timeout: number;
  /** Whether the countdown ran out (rather than the handle being aborted). */
  readonly expired: boolean;
  /** Part of the answer arrived: count down afresh, never past the handle's deadline. */
  touch(): void;
  /** The call is over, one way or another: drop the countdown. */
  stop(): void;
}

/**
 * Start the countdown of one call.
 *
 * @throws ModelError `cancelled` when the handle is already aborted, `timeout` (not retryable)
 *   when its deadline has already passed.
 */
export function startCallTimer(handle: Handle, timeoutMs: number, now: () => number): CallTimer {
  if (handle.signal.aborted) throw new ModelError('cancelled', 'the model call was cancelled before it started');
  const allowed = () =>
    handle.deadline === undefined ? timeoutMs : Math.min(timeoutMs, Math.ceil(handle.deadline - now()));
  const first = allowed();
  if (first <= 0) {
    throw new ModelError('timeout', 'the deadline passed before the model call started', { retryable: false });
  }
  const countdown = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => countdown.abort(), Math.max(0, ms));
  };
  arm(first);
  return {
    // Derived per call for a second reason: the SDKs add an abort listener to the signal they are
    // given and never remove it, which must not pile up on the run's long-lived signal.
    signal: AbortSignal.any([handle.signal, countdown.signal]),
    timeout: first,
    get expired() {
      return countdown.signal.aborted;
    },
    touch() {
      if (!countdown.signal.aborted) arm(allowed());
    },
    stop() {
      clearTimeout(timer);
    },
  };
}

/** The items of `source` as they come, restarting `timer` with each one. */
export async function* touchingEach<T>(source: AsyncIterable<T>, timer: Pick<CallTimer, 'touch'>): AsyncGenerator<T> {
  for await (const item of source) {
    timer.touch();
    yield item;
  }
}
