import { randomBytes } from 'node:crypto';
import { CancelledError, type Clock, type IdGenerator } from '@sandpiper/core';

/** Wall-clock time; `sleep` gives up as soon as the handle is aborted. */
export function createSystemClock(): Clock {
  return {
    now: () => Date.now(),
    sleep: (handle, ms) =>
      new Promise<void>((resolve, reject) => {
        if (handle.signal.aborted) return reject(new CancelledError());
        const timer = setTimeout(() => {
          handle.signal.removeEventListener('abort', onAbort);
          resolve();
        }, ms);
        const onAbort = () => {
          clearTimeout(timer);
          reject(new CancelledError());
        };
        handle.signal.addEventListener('abort', onAbort, { once: true });
      }),
  };
}

/** Random ids with a readable prefix, unique across the processes that share one store. */
export function createRandomIds(): IdGenerator {
  return { next: (prefix) => `${prefix}-${randomBytes(5).toString('hex')}` };
}

/**
 * A run id in the same shape the CLI uses (`r20261130-0321-1467d3`): it sorts by start time, and
 * doubles as the scenario session id, so it only uses characters the scenario server accepts.
 */
export function newRunId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 13);
  return `r${stamp}-${randomBytes(3).toString('hex')}`;
}
