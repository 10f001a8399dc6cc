import type { Step } from '@sandpiper/protocol';
import type { LoopHint, PerformedAction } from '../../engine.js';
import type { RunContext } from '../run-context.js';
import type { RunStop } from '../stop.js';
import { performChain } from './act.js';
import type { DeclinedAction } from './approve.js';
import { checkStep, type Checked } from './check.js';
import { askDuringStep, checkpoint } from './checkpoint.js';
import { watchForLoops, type StepReplan } from './loops.js';

/** How many times the operator is asked for more actions within one attempt at a step. */
const MAX_DECISIONS_PER_ATTEMPT = 8;

/** How one attempt at a step ended. `interrupted`: an approved change replaced the plan mid-step; the attempt is dropped, not failed. */
export type AttemptOutcome =
  | RunStop
  | Checked
  | StepReplan
  | DeclinedAction
  | { readonly type: 'failed'; readonly reason: string }
  | { readonly type: 'interrupted' };

/**
 * The decide phase of one attempt: look, let the operator decide, act on its chain, look again,
 * watch for loops; until the operator says the step is complete (then check it), fails, asks,
 * or runs out of decisions.
 */
export async function attemptStep(context: RunContext, step: Step, attempt: number): Promise<AttemptOutcome> {
  const before = await context.observe();
  let screen = before;
  let decidedOn = before;
  // The screen before the first action that carries the step out: what only looked for its
  // target (a tab shown, a menu opened) changed the page, but that change is not the step's.
  let carriedFrom: typeof before | undefined;
  const performed: PerformedAction[] = [];
  let loopHint: LoopHint | undefined;
  for (let decisionCount = 0; decisionCount < MAX_DECISIONS_PER_ATTEMPT; decisionCount += 1) {
    const between = await checkpoint(context);
    if (between.type === 'stop') return between;
    if (between.type === 'replanned') return { type: 'interrupted' };
    if (between.type === 'reobserve') screen = await context.observe();
    const decision = await context.engine.operator.decide(context.handle, {
      task: context.state.task!,
      step,
      attempt,
      screen,
      performed,
      ...(loopHint ? { loopHint } : {}),
    });
    switch (decision.type) {
      case 'step-complete':
        return checkStep(context, step, performed, carriedFrom ?? before, screen, decidedOn);
      case 'fail':
        return { type: 'failed', reason: decision.reason };
      case 'clarify': {
        // The screen leaves a choice open: the person's answer goes on in the same run.
        const answered = await askDuringStep(context, decision.question, [step.text]);
        if (answered.type === 'stop') return answered;
        if (answered.type === 'replanned') return { type: 'interrupted' };
        screen = await context.observe();
        break;
      }
      case 'act': {
        decidedOn = screen;
        if (carriedFrom === undefined && decision.actions.some((action) => action.preparatory !== true))
          carriedFrom = screen;
        const chain = await performChain(context, step, decision.actions, performed);
        if (chain.type === 'stop' || chain.type === 'failed' || chain.type === 'declined') return chain;
        if (chain.type === 'replanned') return { type: 'interrupted' };
        screen = await context.observe();
        if (chain.type === 'reobserve') continue;
        if (decision.completesStep === true || performed.at(-1)?.action.type === 'done') {
          return checkStep(context, step, performed, carriedFrom ?? before, screen, decidedOn);
        }
        const watch = await watchForLoops(context, step);
        if (watch.type === 'replan') return watch;
        if (watch.type === 'hint') loopHint = watch.hint;
      }
    }
  }
  // Out of decisions before the operator called the step complete: it was still working (looking
  // for the target, waiting for suggestions), so whatever the screen shows now is not its result.
  if (carriedFrom === undefined && performed.length > 0) {
    return {
      type: 'failed',
      reason: `Still looking for what "${step.text}" acts on after ${performed.length} tries (the last: ${performed.at(-1)!.summary}).`,
    };
  }
  return {
    type: 'failed',
    reason: `"${step.text}" was not finished after ${MAX_DECISIONS_PER_ATTEMPT} rounds of actions (the last: ${performed.at(-1)?.summary ?? 'none'}).`,
  };
}
