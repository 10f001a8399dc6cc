import type { RunEvent } from '@sandpiper/protocol';

/**
 * Wall time the run has already been worked on, in milliseconds: for each process that drove it
 * (from `run-start` or a `run-recover` to the last event it wrote), the time between its first
 * and last event. The gaps while no process drove the run do not count against its budget.
 */
export function activeTime(events: readonly RunEvent[]): number {
  let total = 0;
  let sessionStart: number | undefined;
  let last: number | undefined;
  for (const event of events) {
    if (event.payload.type === 'run-start' || event.payload.type === 'run-recover') {
      if (sessionStart !== undefined && last !== undefined) total += last - sessionStart;
      sessionStart = event.at;
    }
    last = event.at;
  }
  if (sessionStart !== undefined && last !== undefined) total += last - sessionStart;
  return Math.max(0, total);
}
