import type { Step } from '@sandpiper/protocol';
import { performedSince } from '../reopened-page.js';
import type { RunContext } from '../run-context.js';

/**
 * Check an earlier attempt at `step`, begun at event `startSeq`, against the screen now: its own
 * actions since then, and the screen it started from. When the check passes, the step is logged
 * as completed and true is returned; the attempt is not repeated. False when there is nothing to
 * check (no action of the step, no screen from its start) or the effect does not show.
 */
export async function completeFromEarlierAttempt(context: RunContext, step: Step, startSeq: number): Promise<boolean> {
  const events = await context.deps.log.read(context.runId, startSeq);
  const own = events.filter(
    (event) =>
      (event.payload.type === 'action-start' && event.payload.stepId === step.id) ||
      event.payload.type === 'action-end',
  );
  const performed = performedSince(own);
  const firstObservation = events.find((event) => event.payload.type === 'observation');
  if (firstObservation?.payload.type !== 'observation' || performed.length === 0) return false;
  const before = await context.screenFrom(firstObservation.payload.observation);
  if (!before) return false;
  const after = await context.observe();
  const check = await context.engine.reflector.check(context.handle, { step, performed, before, after });
  await context.emit('agent', {
    type: 'step-check',
    stepId: step.id,
    passed: check.passed,
    evidence: check.evidence,
    ...(check.basis === undefined ? {} : { basis: check.basis }),
  });
  if (!check.passed) return false;
  await context.emit('agent', { type: 'step-end', stepId: step.id, status: 'completed', reason: check.evidence });
  return true;
}
