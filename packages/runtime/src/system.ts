import { randomBytes } from 'node:crypto';
import { CancelledError, type Clock, type Handle, type IdGenerator } from '@sandpiper/core';

/** A timer that rejects with CancelledError as soon as the handle is aborted. */
function timer(handle: Handle, ms: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (handle.signal.aborted) return reject(new CancelledError());
    const onAbort = () => {
      clearTimeout(timeout);
      reject(new CancelledError());
    };
    const timeout = setTimeout(
      () => {
        handle.signal.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    handle.signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The wall clock, for real runs. */
export function createSystemClock(): Clock {
  return {
    now: () => Date.now(),
    sleep: (handle, ms) => timer(handle, ms),
    waitUntil: (handle, at) => timer(handle, at - Date.now()),
  };
}

/** Short random ids with a readable prefix; unique enough across processes sharing one store. */
export function createRandomIds(): IdGenerator {
  return { next: (prefix) => `${prefix}-${randomBytes(5).toString('hex')}` };
}

/** A run id that sorts by time and is easy to type a prefix of: `r20261129-2341-3fa9c1`. */
export function newRunId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 13);
  return `r${stamp}-${randomBytes(3).toString('hex')}`;
}
