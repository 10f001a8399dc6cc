import type { CheckBasis, Step } from '@sandpiper/protocol';
import type { PerformedAction, Screen, StepCheck } from '../../engine.js';
import type { RunContext } from '../run-context.js';

/** The reflector's verdict on a step's actions. */
export interface Checked {
  readonly type: 'checked';
  readonly passed: boolean;
  readonly evidence: string;
  readonly basis?: CheckBasis;
  /** The page's words refusing the action, when the check failed on them. */
  readonly refused?: string;
}

/** The check phase: did the step's actions have their visible effect? The evidence is logged with marked images. */
export async function checkStep(
  context: RunContext,
  step: Step,
  performed: readonly PerformedAction[],
  before: Screen,
  after: Screen,
  decidedOn: Screen = before,
): Promise<Checked> {
  const plan = context.state.plan;
  context.lastStepBefore = before;
  context.lastStepAfter = after;
  const check = await context.engine.reflector.check(context.handle, {
    step,
    performed,
    before,
    after,
    ...(decidedOn === before ? {} : { lastActedOn: decidedOn }),
    task: context.state.task!,
    ...(plan === undefined ? {} : { plan }),
  });
  if (check.reflection) await logReflection(context, step.id, check);
  return {
    type: 'checked',
    passed: check.passed,
    evidence: check.evidence,
    ...(check.basis === undefined ? {} : { basis: check.basis }),
    ...(check.passed || check.refused === undefined ? {} : { refused: check.refused }),
  };
}

/** Store the marked screenshots once and log the reflector's evidence beside the verdict. */
export async function logReflection(context: RunContext, stepId: string, check: StepCheck): Promise<void> {
  const reflection = check.reflection!;
  const put = (png: Uint8Array | undefined) => (png ? context.deps.blobs.put(png, 'image/png') : undefined);
  const [before, after] = await Promise.all([put(reflection.markedBefore), put(reflection.markedAfter)]);
  await context.emit('agent', {
    type: 'reflection',
    stepId,
    method: reflection.method,
    verdict: check.passed ? 'success' : 'failure',
    keyEvidence: reflection.keyEvidence,
    summary: reflection.summary,
    regions: [...reflection.regions],
    marked: { ...(before ? { before } : {}), ...(after ? { after } : {}) },
  });
}
