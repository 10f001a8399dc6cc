import type { PlanVersion, Step, StepIntent, Task } from '@sandpiper/protocol';
import { CancelledError, InterruptedError } from '../handle.js';
import { revisePlan } from '../plan/index.js';
import { completionPhase } from './completion.js';
import { recentTrajectory } from './completion-policy.js';
import type { DeclinedAction } from './step/approve.js';
import { completeFromEarlierAttempt } from './step/recheck.js';
import { checkpoint, executeStep, type StepReplan, type StepResult } from './step/execute-step.js';
import { approvalPhase, planPhase } from './planning.js';
import type { RunState } from './projection.js';
import { recheckOnReopenedPage, verifyReopenedPage } from './reopened-page.js';
import { RunContext, type RunDependencies } from './run-context.js';
import { continueRun, stopRun, type Continue, type RunStop } from './stop.js';

/**
 * Start a new run: plan, get approval, execute every pending step, and finish with the judge.
 * Resolves with the final state; every change along the way is in the event log.
 */
export async function startRun(deps: RunDependencies, runId: string, task: Task): Promise<RunState> {
  const context = await RunContext.open(deps, runId);
  if (context.state.lastSeq > 0) throw new Error(`run ${runId} already exists; resume it instead`);
  await context.emit('user', { type: 'run-start', task, engine: deps.engine.name });
  return drive(context, async () => {
    const planned = await planPhase(context, 'initial');
    if (planned.type === 'stop') return planned;
    const approved = await approvalPhase(context, planned.version);
    if (approved.type === 'stop') return approved;
    return executePhase(context);
  });
}

/** How a run is resumed. */
export interface ResumeOptions {
  /**
   * `kept`: the environment is the one the run had (an attached browser), so the page still shows
   * what the steps did. `reopened`: it was opened afresh, so every completed step is read again on
   * screen before it counts (see {@link verifyReopenedPage}). Absent means `kept`.
   */
  readonly environment?: 'kept' | 'reopened';
}

/**
 * Continue a run from its log after the process that drove it stopped. A step that was executing
 * is re-observed and checked first; it is only attempted again when its effect is not visible.
 * On a reopened environment, completed steps whose effect is gone are proposed again.
 */
export async function resumeRun(deps: RunDependencies, runId: string, options: ResumeOptions = {}): Promise<RunState> {
  const context = await RunContext.open(deps, runId);
  const state = context.state;
  if (state.lastSeq === 0) throw new Error(`run ${runId} has no events`);
  if (state.phase === 'ended') return state;
  const interrupted = state.currentStep;
  const reopened = options.environment === 'reopened';
  await context.emit('agent', {
    type: 'run-recover',
    ...(interrupted ? { interruptedStepId: interrupted.stepId } : {}),
    ...(options.environment ? { environment: options.environment } : {}),
  });
  return drive(context, async () => {
    const plan = context.state.plan;
    if (!plan) {
      const unapproved = unapprovedVersion(context.state);
      const draft = unapproved
        ? { type: 'drafted' as const, version: unapproved }
        : await planPhase(context, 'initial');
      if (draft.type === 'stop') return draft;
      const approved = await approvalPhase(context, draft.version);
      if (approved.type === 'stop') return approved;
    }
    if (reopened) {
      // The interrupted step first (it may read as done), then every step before it.
      if (interrupted) await recheckOnReopenedPage(context, interrupted.stepId);
      const verified = await verifyReopenedPage(context);
      if (verified.type === 'stop') return verified;
    } else if (interrupted) {
      const rechecked = await recheckInterruptedStep(
        context,
        interrupted.stepId,
        interrupted.startSeq,
        interrupted.attempt,
      );
      if (rechecked.type === 'stop') return rechecked;
    }
    return executePhase(context);
  });
}

/** How long a run waits, once cancelled or out of time, for the call under way to give up. */
export const ABORT_GRACE_MS = 1000;

/**
 * Drive a run's phases to their end and log it. Once the run's signal aborts (the person cancels,
 * or the time budget runs out) the phases get {@link ABORT_GRACE_MS} to unwind; a call that
 * ignores the signal (a model that never answers) is left behind, and the run ends anyway.
 */
async function drive(context: RunContext, body: () => Promise<RunStop>): Promise<RunState> {
  await context.armDeadline();
  let stop: RunStop | undefined;
  try {
    stop = await untilAbortedWithGrace(context, body());
  } catch (error: unknown) {
    if (!CancelledError.isInstance(error) && !context.handle.signal.aborted) throw error;
  }
  const interruption = context.handle.signal.reason;
  if (InterruptedError.isInstance(interruption) && (stop === undefined || stop.status === 'cancelled')) {
    // Stopped, not ended: no run-end, so the run reads as interrupted and `resume` takes it up again.
    context.seal();
    await context.emitFinal('agent', {
      type: 'warning',
      message: `The run stopped here because ${interruption.message}; it has not ended and can be resumed.`,
    });
    return context.state;
  }
  const alreadyCancelled = stop?.status === 'cancelled';
  stop ??= context.outOfTime
    ? stopRun('budget-exhausted', `The time budget of ${context.state.task!.budgets.maxDurationMs} ms ran out.`)
    : stopRun('cancelled', 'Cancelled by the user.');
  const reason = stop.status === 'failed' ? await withCriticReading(context, stop.reason) : stop.reason;
  context.seal();
  if (stop.status === 'cancelled' && !alreadyCancelled) {
    await context.emitFinal('user', { type: 'run-cancel', reason: stop.reason });
  }
  await context.emitFinal('agent', { type: 'run-end', status: stop.status, reason });
  return context.state;
}

/**
 * The phases' outcome; or, when the run's signal aborts and they have not finished
 * {@link ABORT_GRACE_MS} later, undefined (the run ends without them).
 */
async function untilAbortedWithGrace(context: RunContext, work: Promise<RunStop>): Promise<RunStop | undefined> {
  const signal = context.handle.signal;
  // Left behind after the grace period: its late failure must not surface as an unhandled rejection.
  work.catch(() => {});
  const abandoned = new Promise<undefined>((resolve) => {
    const giveUp = () => {
      const stop = new AbortController();
      const graceHandle = { signal: stop.signal, deadline: undefined, log: () => {} };
      void context.deps.clock.waitUntil(graceHandle, context.deps.clock.now() + ABORT_GRACE_MS).then(
        () => resolve(undefined),
        () => resolve(undefined),
      );
      void work.finally(() => stop.abort()).catch(() => {});
    };
    if (signal.aborted) giveUp();
    else signal.addEventListener('abort', giveUp, { once: true });
    void work.finally(() => signal.removeEventListener('abort', giveUp)).catch(() => {});
  });
  return Promise.race([work, abandoned]);
}

/**
 * A failed run's reason, with the critic's reading of whether another try could succeed. A critic
 * that fails or says "success" leaves the reason as it was: the run's own checks decided.
 */
async function withCriticReading(context: RunContext, reason: string): Promise<string> {
  const critic = context.engine.critic;
  const plan = context.state.plan;
  if (!critic || !plan || context.handle.signal.aborted) return reason;
  try {
    const events = await context.deps.log.read(context.runId);
    const verdict = await critic.review(context.handle, {
      task: context.state.task!,
      plan,
      recent: recentTrajectory(events, 12),
      ...(context.latestScreen ? { screen: context.latestScreen } : {}),
    });
    if (verdict.verdict === 'success') return reason;
    const reading = verdict.verdict === 'blocked' ? 'blocked' : 'worth another try';
    return `${reason} Critic: ${reading}, ${verdict.reason}`.slice(0, 4000);
  } catch (error: unknown) {
    if (CancelledError.isInstance(error)) return reason;
    throw error;
  }
}

async function executePhase(context: RunContext): Promise<RunStop> {
  for (;;) {
    const step = context.state.plan?.pending.find((candidate) => candidate.status !== 'completed');
    if (!step) {
      const finished = await completionPhase(context);
      if (finished.type === 'stop') return finished;
      continue;
    }
    const between = await checkpoint(context);
    if (between.type === 'stop') return between;
    // After a pause, a takeover or an approved change, pick the step to run afresh.
    if (between.type !== 'continue') continue;
    const result = await afterStep(context, step, await executeStep(context, step));
    if (result.type === 'stop') return result;
  }
}

/**
 * System-driven replanning: the stuck step was halted and marked failed; put one recovery step in
 * front of it as a new plan version that changes only the pending suffix, and get it approved
 * like any other proposal.
 */
async function proposeRecovery(context: RunContext, step: Step, replan: StepReplan): Promise<RunStop | Continue> {
  const proposal = replan.proposal;
  if (proposal.type === 'exhausted') return stopRun('failed', proposal.reason);
  const written: { readonly step: string; readonly rationale: string; readonly intent?: StepIntent } =
    (await askRecovery(context, step, replan)) ?? {
      step: proposal.step,
      rationale: proposal.rationale,
      intent: proposal.intent,
    };
  const revised = revisePlan(
    context.state.plan!,
    [
      { type: 'add', index: 0, text: written.step, ...(written.intent ? { intent: written.intent } : {}) },
      {
        type: 'rewrite',
        stepId: step.id,
        text: step.text,
        ...(step.expectedOutcome ? { expectedOutcome: step.expectedOutcome } : {}),
      },
    ],
    {
      ids: context.deps.ids,
      cause: 'system-replan',
      number: context.state.versions.length + 1,
      rationale: `${written.rationale} [${proposal.pattern}]`,
    },
  );
  if (!revised.ok) return stopRun('failed', revised.error.message);
  await context.emit('agent', { type: 'plan-version-create', version: revised.version });
  const approved = await approvalPhase(context, revised.version);
  return approved.type === 'stop' ? approved : continueRun;
}

/** The engine's own recovery step, when it has a recovery role and gives a usable answer. */
async function askRecovery(
  context: RunContext,
  step: Step,
  replan: StepReplan,
): Promise<{ readonly step: string; readonly rationale: string } | undefined> {
  const recovery = context.engine.recovery;
  if (!recovery) return undefined;
  const previous = context.state.versions
    .filter((version) => version.cause === 'system-replan')
    .flatMap((version) => version.pending.slice(0, 1).map((candidate) => candidate.text));
  const events = await context.deps.log.read(context.runId, context.state.currentStep?.startSeq ?? 1);
  const result = await recovery.propose(context.handle, {
    task: context.state.task!,
    step,
    pattern: replan.pattern,
    reason: replan.reason,
    recent: recentTrajectory(events, 12),
    previous,
    ...(context.latestScreen ? { screen: context.latestScreen } : {}),
  });
  if (result.type === 'proposal') return result;
  await context.emit('agent', { type: 'warning', message: `No recovery step from the model: ${result.reason}` });
  return undefined;
}

async function recheckInterruptedStep(
  context: RunContext,
  stepId: string,
  startSeq: number,
  attempt: number,
): Promise<RunStop | Continue> {
  const step = context.state.plan?.pending.find((candidate) => candidate.id === stepId);
  if (!step) return continueRun;
  if (await completeFromEarlierAttempt(context, step, startSeq)) return continueRun;
  const result = await executeStep(
    context,
    step,
    Math.min(attempt + 1, context.state.task!.budgets.maxAttemptsPerStep),
  );
  return afterStep(context, step, result);
}

/** What a step's result leaves for the run: a stop, a recovery proposal for a stuck step, or go on. */
async function afterStep(context: RunContext, step: Step, result: StepResult): Promise<RunStop | Continue> {
  switch (result.type) {
    case 'stop':
      return result;
    case 'replan':
      return proposeRecovery(context, step, result);
    case 'declined':
      return proposeWithoutDeclined(context, step, result);
    default:
      return continueRun;
  }
}

/**
 * The person said no to an action of `step`. Trying the step again would only put the same
 * question to them again, so the run proposes the plan without the step, which only the person
 * may approve; they may edit it first (put in another way) or reject it, which stops the run.
 */
async function proposeWithoutDeclined(
  context: RunContext,
  step: Step,
  declined: DeclinedAction,
): Promise<RunStop | Continue> {
  const said = `The person declined "${declined.summary}" (${declined.reason})`;
  const revised = revisePlan(context.state.plan!, [{ type: 'remove', stepId: step.id }], {
    ids: context.deps.ids,
    cause: 'declined',
    number: context.state.versions.length + 1,
    rationale: `${said}, so this version goes on without "${step.text}". Later steps that needed it may fail; edit the proposal to do it another way.`,
  });
  if (!revised.ok) return stopRun('failed', `${said}, and the plan cannot go on without it: ${revised.error.message}`);
  await context.emit('agent', { type: 'plan-version-create', version: revised.version });
  // The person declined; only they can say the task may go on without it, not an approval policy.
  const approved = await approvalPhase(context, revised.version, {
    personOnly: `${said}; only the person can approve going on without that step.`,
  });
  if (approved.type === 'stop') return approved;
  if (approved.version.id !== revised.version.id && approved.version.pending.some((item) => item.id === step.id)) {
    return stopRun('cancelled', `${said}, and going on without that step was not approved.`);
  }
  return continueRun;
}

function unapprovedVersion(state: RunState): PlanVersion | undefined {
  const last = state.versions.at(-1);
  return last && (last.state === 'draft' || last.state === 'proposal') ? last : undefined;
}
