import type { RunEvent } from '@sandpiper/protocol';

/** A sensitive action the person approved and the run then performed, within one step. */
export interface ApprovedAction {
  readonly stepId: string;
  /** The action as it was put to the person ("Clicking 'Delete'"). */
  readonly summary: string;
  /** The control it acted on, as the guard read it (role and name); absent when none was located. */
  readonly target?: string;
}

/**
 * The approved actions a log shows performed: an action approval the person accepted, followed by
 * an action of the same step. A resumed run reads them so that it does not ask again, or act
 * again, for what the person already allowed once.
 */
export function approvedActionsFrom(events: readonly RunEvent[]): ApprovedAction[] {
  const asked = new Map<string, { stepId: string; summary: string }>();
  const done: ApprovedAction[] = [];
  let accepted: { stepId: string; summary: string } | undefined;
  for (const event of events) {
    const payload = event.payload;
    if (payload.type === 'approval-request' && payload.subject.type === 'action') {
      asked.set(payload.requestId, { stepId: payload.subject.stepId, summary: payload.subject.summary });
    } else if (payload.type === 'approval-response') {
      const request = asked.get(payload.requestId);
      accepted = request && payload.decision === 'accepted' && payload.by === 'user' ? request : undefined;
    } else if (payload.type === 'action-start' && accepted) {
      if (payload.stepId === accepted.stepId) done.push(accepted);
      accepted = undefined;
    }
  }
  return done;
}

/** The approved action of the same step that `candidate` repeats: the same summary, or the same control. */
export function repeatOf(done: readonly ApprovedAction[], candidate: ApprovedAction): ApprovedAction | undefined {
  return done.find(
    (entry) =>
      entry.stepId === candidate.stepId &&
      (entry.summary === candidate.summary ||
        (entry.target !== undefined && candidate.target !== undefined && entry.target === candidate.target)),
  );
}
