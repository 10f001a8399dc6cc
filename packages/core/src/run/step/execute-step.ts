import type { Step } from '@sandpiper/protocol';
import type { Screen } from '../../engine.js';
import { checkFeasibility, updateCriteria } from '../completion.js';
import { criteriaWorthReading } from '../completion-policy.js';
import type { RunContext } from '../run-context.js';
import type { RunStop } from '../stop.js';
import { attemptStep } from './attempt.js';
import { askDuringStep } from './checkpoint.js';
import { completeFromEarlierAttempt } from './recheck.js';
import type { StepReplan } from './loops.js';
import type { DeclinedAction } from './approve.js';

export type { StepReplan } from './loops.js';
export { checkpoint, type Checkpoint } from './checkpoint.js';
export { logReflection } from './check.js';
export { modelBudgetStop } from './budget.js';

/**
 * How a step ended. `completed`: its effect was seen. `interrupted`: an approved change replaced
 * the plan and the run picks its next step afresh. `replan`: the step is stuck and a recovery
 * should be proposed. `declined`: the person said no to one of its actions, so it is not tried
 * again as it is. A stop ends the run.
 */
export type StepResult =
  RunStop | StepReplan | DeclinedAction | { readonly type: 'completed' } | { readonly type: 'interrupted' };

/**
 * Execute one step: attempt it until its visible outcome is confirmed, retrying up to the
 * per-step budget; when an attempt cannot be carried out, ask once whether the task can still be
 * done at all. Every attempt, check and end is logged.
 */
export async function executeStep(context: RunContext, step: Step, firstAttempt = 1): Promise<StepResult> {
  const budgets = context.state.task!.budgets;
  // Taken up again after a change replaced the plan mid-step: an action the person approved has
  // already run, so look first whether the step is done instead of doing it, or asking, twice.
  if (context.approvedActions.some((done) => done.stepId === step.id)) {
    const started = (await context.deps.log.read(context.runId)).findLast(
      (event) => event.payload.type === 'step-start' && event.payload.stepId === step.id,
    );
    if (started && (await completeFromEarlierAttempt(context, step, started.seq))) return { type: 'completed' };
  }
  let lastReason = 'the step did not have its expected effect';
  let feasibilityAsked = false;
  let lastAttempt = budgets.maxAttemptsPerStep;
  for (let attempt = firstAttempt; attempt <= lastAttempt; attempt += 1) {
    await context.emit('agent', { type: 'step-start', stepId: step.id, attempt });
    const outcome = await attemptStep(context, step, attempt);
    switch (outcome.type) {
      case 'stop':
      case 'interrupted':
        return outcome;
      case 'replan':
        await context.emit('agent', { type: 'step-end', stepId: step.id, status: 'failed', reason: outcome.reason });
        return outcome;
      case 'declined':
        await context.emit('agent', {
          type: 'step-end',
          stepId: step.id,
          status: 'failed',
          reason: `The person declined "${outcome.summary}": ${outcome.reason}`,
        });
        return outcome;
      case 'checked': {
        const { passed, evidence, basis } = outcome;
        await context.emit('agent', {
          type: 'step-check',
          stepId: step.id,
          passed,
          evidence,
          ...(basis === undefined ? {} : { basis }),
        });
        if (passed) {
          await context.emit('agent', { type: 'step-end', stepId: step.id, status: 'completed', reason: evidence });
          if (context.latestScreen && worthReadingNow(context, step, evidence, context.latestScreen)) {
            await updateCriteria(context, context.latestScreen, step.id);
          }
          return { type: 'completed' };
        }
        lastReason = evidence;
        if (outcome.refused !== undefined) {
          // The page answered in words: the same actions would meet them again, so ask what should change.
          const answered = await askDuringStep(context, refusalQuestion(step, outcome.refused));
          if (answered.type === 'replanned') return { type: 'interrupted' };
          if (answered.type === 'stop') {
            await context.emit('agent', { type: 'step-end', stepId: step.id, status: 'failed', reason: evidence });
            return answered;
          }
          // Try again: the person may have put right on screen what the page asked for.
          lastAttempt = Math.max(lastAttempt, attempt + 1);
        }
        break;
      }
      case 'failed': {
        lastReason = outcome.reason;
        if (!feasibilityAsked) {
          feasibilityAsked = true;
          const infeasible = await checkFeasibility(context, step, outcome.reason);
          if (infeasible) return infeasible;
        }
      }
    }
    if (attempt < lastAttempt) {
      await context.emit('agent', { type: 'warning', message: `Retrying "${step.text}": ${lastReason}` });
    }
  }
  await context.emit('agent', { type: 'step-end', stepId: step.id, status: 'failed', reason: lastReason });
  return { type: 'stop', status: 'failed', reason: `Step "${step.text}" failed: ${lastReason}` };
}

/** The question a refusal asks, quoting the page so the person sees what it wants. */
function refusalQuestion(step: Pick<Step, 'text'>, refused: string): string {
  return `After "${step.text}" the page refused it: ${refused}. What should change? Tell me, edit the plan, or fix it on the screen and say "try again".`;
}

/**
 * Whether to read the criteria after this passed step, for the person's view of the run: not
 * when it was the last step (completion reads them at once), nor when nothing the step did or
 * showed touches what a criterion looks for.
 */
function worthReadingNow(context: RunContext, step: Step, evidence: string, screen: Screen): boolean {
  const plan = context.state.plan;
  if (plan === undefined) return false;
  const more = plan.pending.some((other) => other.id !== step.id && other.status === 'pending');
  return more && criteriaWorthReading(plan, step, evidence, screen.observation.url);
}
