import { CancelledError, type Clock, type Handle } from '@sandpiper/core';

/** A clock that only moves when told to, so runs are reproducible. `sleep` advances it instantly. */
export function createManualClock(start = 1_700_000_000_000): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    advance(ms) {
      now += ms;
    },
    async sleep(handle: Handle, ms: number) {
      if (handle.signal.aborted) throw new CancelledError();
      now += ms;
    },
  };
}
