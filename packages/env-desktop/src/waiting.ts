import { CancelledError, type Handle } from '@sandpiper/core';

/** The cancellation a handle's signal carries, as the error blocking calls reject with. */
export function cancellationOf(handle: Handle): CancelledError {
  const reason: unknown = handle.signal.reason;
  return new CancelledError(
    reason === undefined ? 'cancelled' : reason instanceof Error ? reason.message : String(reason),
  );
}

/** Milliseconds left before the handle's deadline, capped at `limitMs`; never negative. */
export function remainingMs(handle: Handle, limitMs: number): number {
  if (handle.deadline === undefined) return Math.max(0, limitMs);
  return Math.max(0, Math.min(limitMs, handle.deadline - Date.now()));
}

/** Resolve after `ms` milliseconds; reject with {@link CancelledError} as soon as the handle aborts. */
export function sleep(handle: Handle, ms: number): Promise<void> {
  const { signal } = handle;
  if (signal.aborted) return Promise.reject(cancellationOf(handle));
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancellationOf(handle));
    };
    const timer = setTimeout(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Settle with `work`, unless the handle aborts first (then reject with {@link CancelledError}) or
 * `timeoutMs` passes (then resolve with `onTimeout()`). The work itself is not stopped; callers
 * that own a process kill it themselves.
 */
export function raceHandle<T>(
  handle: Handle,
  work: Promise<T>,
  timeoutMs: number,
  onTimeout: () => T | Promise<T>,
): Promise<T> {
  const { signal } = handle;
  if (signal.aborted) return Promise.reject(cancellationOf(handle));
  return new Promise<T>((resolve, reject) => {
    const cleanup = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = (): void => {
      cleanup();
      reject(cancellationOf(handle));
    };
    const timer = setTimeout(
      () => {
        cleanup();
        Promise.resolve()
          .then(onTimeout)
          .then(resolve, (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))));
      },
      Math.max(0, timeoutMs),
    );
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        cleanup();
        resolve(value);
      },
      (error: unknown) => {
        cleanup();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Ask `probe` until it returns a value other than undefined, every `intervalMs`, for at most
 * `timeoutMs` (and never past the handle's deadline). Resolves with the value, or with undefined
 * when time ran out; rejects with {@link CancelledError} when the handle aborts.
 */
export async function pollUntil<T>(
  handle: Handle,
  probe: () => Promise<T | undefined> | T | undefined,
  options: { readonly timeoutMs: number; readonly intervalMs: number },
): Promise<T | undefined> {
  const stopAt = Date.now() + remainingMs(handle, options.timeoutMs);
  for (;;) {
    if (handle.signal.aborted) throw cancellationOf(handle);
    const value = await probe();
    if (value !== undefined) return value;
    const left = stopAt - Date.now();
    if (left <= 0) return undefined;
    await sleep(handle, Math.min(options.intervalMs, left));
  }
}
