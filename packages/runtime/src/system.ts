import { randomBytes } from 'node:crypto';
import { CancelledError, type Clock, type IdGenerator } from '@sandpiper/core';

/** The wall clock, for real runs. */
export function createSystemClock(): Clock {
  return {
    now: () => Date.now(),
    sleep: (handle, ms) =>
      new Promise<void>((resolve, reject) => {
        if (handle.signal.aborted) return reject(new CancelledError());
        const onAbort = () => {
          clearTimeout(timer);
          reject(new CancelledError());
        };
        const timer = setTimeout(() => {
          handle.signal.removeEventListener('abort', onAbort);
          resolve();
        }, ms);
        handle.signal.addEventListener('abort', onAbort, { once: true });
      }),
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
