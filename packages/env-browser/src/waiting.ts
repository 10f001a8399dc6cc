import { CancelledError, type Handle } from '@sandpiper/core';

/** Resolve after `ms` milliseconds; reject with {@link CancelledError} as soon as the handle aborts. */
export function sleep(handle: Handle, ms: number): Promise<void> {
  return waitAtMost(handle, new Promise<never>(() => {}), ms);
}

/**
 * Wait for `work` to settle, but no longer than `ms` milliseconds. Rejections of `work` are
 * swallowed: callers use this for best-effort waits whose failure only means "stop waiting".
 * Rejects with {@link CancelledError} when the handle aborts first.
 */
export function waitAtMost(handle: Handle, work: Promise<unknown>, ms: number): Promise<void> {
  const { signal } = handle;
  // Swallowed even when nobody waits any more: a page closed under an aborted run rejects its evaluations.
  work.catch(() => {});
  if (signal.aborted) return Promise.reject(cancelledBy(signal));
  return new Promise<void>((resolve, reject) => {
    const finish = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve();
    };
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelledBy(signal));
    };
    const timer = setTimeout(finish, Math.max(0, ms));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(finish, finish);
  });
}

/**
 * Run `work` to completion unless the handle aborts first, in which case reject with
 * {@link CancelledError} (the work itself keeps running in the background). Rejections of `work`
 * pass through.
 */
export function untilCancelled<T>(handle: Handle, work: Promise<T>): Promise<T> {
  const { signal } = handle;
  // Work left behind by a cancellation may still fail; its failure no longer concerns anyone.
  work.catch(() => {});
  if (signal.aborted) return Promise.reject(cancelledBy(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(cancelledBy(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function cancelledBy(signal: AbortSignal): CancelledError {
  return new CancelledError(signal.reason === undefined ? 'cancelled' : describeReason(signal.reason));
}

function describeReason(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
