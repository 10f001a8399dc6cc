import { applyRunEvent, emptyRunState, type RunState } from '@sandpiper/core/projection';
import { formatIssuePath, runEventSchema, type RunEvent } from '@sandpiper/protocol';

/** A client's copy of a run's log and the state folded from it. */
export interface EventFold {
  /** Every event applied so far, in sequence order without gaps. */
  readonly events: readonly RunEvent[];
  /** The run's state, by the same projection the server uses. */
  readonly state: RunState;
  /** Why an event was skipped (it did not match the contract); absent when none was. */
  readonly problem?: string;
}

export function emptyFold(runId: string): EventFold {
  return { events: [], state: emptyRunState(runId) };
}

/**
 * Apply a batch of events as received (unparsed). Only the event numbered one past the last
 * applied is taken, so an event sent again after a reconnect is dropped and nothing is applied out
 * of order; an event that fails the contract is skipped with a problem, so one bad event does not
 * stall the stream. Returns the same fold when nothing was applied.
 */
export function foldEvents(fold: EventFold, received: readonly unknown[]): EventFold {
  let state = fold.state;
  let problem = fold.problem;
  const batch: RunEvent[] = [];
  for (const raw of received) {
    const seq = (raw as { seq?: unknown } | null)?.seq;
    if (typeof seq !== 'number' || seq !== state.lastSeq + 1) continue;
    const parsed = runEventSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue ? `${formatIssuePath(issue.path) || '(event)'}: ${issue.message}` : 'unknown';
      problem = `Event ${seq} does not match this page's contract (${where}); it was skipped.`;
      state = { ...state, lastSeq: seq };
      continue;
    }
    batch.push(parsed.data);
    state = applyRunEvent(state, parsed.data);
  }
  if (state === fold.state) return fold;
  // One new array per batch, not per event: a long backlog is copied once.
  return { events: batch.length > 0 ? fold.events.concat(batch) : fold.events, state, ...(problem ? { problem } : {}) };
}
