import { CancelledError, type Clock, type Handle } from '@sandpiper/core';

interface Waiter {
  readonly at: number;
  readonly resolve: () => void;
}

/**
 * A clock that only moves when told to, so runs are reproducible. `sleep` advances it instantly;
 * `waitUntil` resolves when `advance` or a `sleep` carries the clock past its time.
 */
export function createManualClock(start = 1_700_000_000_000): Clock & { advance(ms: number): void } {
  let now = start;
  let waiters: Waiter[] = [];
  const moveTo = (time: number) => {
    now = time;
    const due = waiters.filter((waiter) => waiter.at <= now);
    waiters = waiters.filter((waiter) => waiter.at > now);
    for (const waiter of due) waiter.resolve();
  };
  return {
    now: () => now,
    advance(ms) {
      moveTo(now + ms);
    },
    async sleep(handle: Handle, ms: number) {
      if (handle.signal.aborted) throw new CancelledError();
      moveTo(now + ms);
    },
    waitUntil(handle: Handle, at: number) {
      if (handle.signal.aborted) return Promise.reject(new CancelledError());
      if (at <= now) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          at,
          resolve: () => {
            handle.signal.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          waiters = waiters.filter((candidate) => candidate !== waiter);
          reject(new CancelledError());
        };
        handle.signal.addEventListener('abort', onAbort, { once: true });
        waiters.push(waiter);
      });
    },
  };
}
