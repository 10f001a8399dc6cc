import type { RunEvent, Step } from '@sandpiper/protocol';
import { cancelled } from './step/checkpoint.js';
import type { CriterionReading, Screen } from '../engine.js';
import { hashDistance } from '../detectors/index.js';
import { revisePlan } from '../plan/index.js';
import {
  conservativeVerdict,
  defaultCompletionConfig,
  gateVerdict,
  readingsChanged,
  recentTrajectory,
  unconfirmedSteps,
  type CompletionConfig,
  type ConservativeVerdict,
  type GateVerdict,
} from './completion-policy.js';
import { approvalPhase } from './planning.js';
import type { RunContext } from './run-context.js';
import { continueRun, stopRun, type Continue, type RunStop } from './stop.js';

function configOf(context: RunContext): CompletionConfig {
  return context.deps.completion ?? defaultCompletionConfig;
}

/**
 * Read every success criterion on `screen` and log the readings when any status or its evidence
 * changed since the last update. Returns the readings.
 */
export async function updateCriteria(
  context: RunContext,
  screen: Screen,
  stepId?: string,
): Promise<readonly CriterionReading[]> {
  const plan = context.state.plan;
  if (!plan || plan.successCriteria.length === 0) return [];
  const readings = await context.engine.judge.assess(context.handle, { task: context.state.task!, plan, screen });
  const known = readings.filter((reading) => plan.successCriteria.some((criterion) => criterion.id === reading.id));
  const evidence = new Map(Object.entries(context.state.criteriaEvidence));
  if (known.length > 0 && readingsChanged(plan, evidence, known)) {
    await context.emit('agent', {
      type: 'criteria-update',
      ...(stepId ? { stepId } : {}),
      criteria: known.map((reading) => ({
        id: reading.id,
        status: reading.status,
        evidence: reading.evidence.slice(0, 2000),
      })),
    });
  }
  return known;
}

/**
 * Look at the screen until two looks `settleMs` apart show the same screen (by dHash distance when
 * screens are fingerprinted, by identical bytes otherwise). Returns the last look and whether it
 * was stable.
 */
async function stableScreen(
  context: RunContext,
  config: CompletionConfig,
): Promise<{ screen: Screen; stable: boolean }> {
  let previous = await context.observe();
  for (let look = 2; look <= config.stabilityLooks; look += 1) {
    await context.deps.clock.sleep(context.handle, config.settleMs);
    const current = await context.observe();
    if (sameScreen(previous, current, config.stableDistance)) return { screen: current, stable: true };
    previous = current;
  }
  return { screen: previous, stable: false };
}

function sameScreen(first: Screen, second: Screen, maxDistance: number): boolean {
  const a = first.observation.screenshot;
  const b = second.observation.screenshot;
  if (a.hash === b.hash) return true;
  if (a.dHash === undefined || b.dHash === undefined) return false;
  return hashDistance(BigInt(`0x${a.dHash}`), BigInt(`0x${b.dHash}`)) <= maxDistance;
}

/**
 * Every pending step is done and the agent claims the task complete. The completion gate and the
 * conservative judge must both accept; a rejection appends the missing work as a new plan
 * version (through approval, like any proposal) and the run goes on, up to the configured number
 * of rejections.
 */
export async function completionPhase(context: RunContext): Promise<RunStop | Continue> {
  const config = configOf(context);
  const claim = context.state.completionClaims + 1;
  if (!config.gate && !config.judge) {
    return stopRun('succeeded', 'Every step ran; completion checks are turned off, so nothing was verified.');
  }
  const { screen, stable } = await stableScreen(context, config);
  const readings = await updateCriteria(context, screen);
  const gate: GateVerdict | undefined = config.gate ? gateVerdict(context.state.plan!, readings, stable) : undefined;
  let judged: ConservativeVerdict | undefined;
  let judgedSteps: readonly string[] = [];
  let judgedUnsure = false;
  if (config.judge && gate?.verdict !== 'continue') {
    const events = await context.deps.log.read(context.runId);
    const verdict = await context.engine.judge.judge(context.handle, {
      task: context.state.task!,
      plan: context.state.plan!,
      screen,
      recent: recentTrajectory(events),
      ...(context.lastStepBefore === undefined ? {} : { lastStepBefore: context.lastStepBefore }),
      ...(context.lastStepAfter === undefined ? {} : { lastStepAfter: context.lastStepAfter }),
    });
    judged = conservativeVerdict(verdict);
    judgedSteps = verdict.confirmedSteps ?? [];
    judgedUnsure = verdict.verdict === 'reject' && verdict.unsure === true;
  }
  const accepted = gate?.verdict !== 'continue' && (judged === undefined || judged.verdict === 'accept');
  await context.emit('agent', {
    type: 'completion-check',
    claim,
    gate: gate
      ? { verdict: gate.verdict, stable: gate.stable, unmet: [...gate.unmet], reason: gate.reason }
      : { verdict: 'skipped', stable, unmet: [], reason: 'The completion gate is turned off.' },
    ...(judged
      ? {
          judge: {
            verdict: judged.verdict,
            reason: judged.reason,
            missing: judged.missing.slice(0, 10).map((item) => item.slice(0, 1000)),
            hedged: judged.hedged,
          },
        }
      : {}),
    accepted,
  });
  if (accepted) {
    const events = await context.deps.log.read(context.runId);
    if (!events.some(actedOnScreen)) {
      // Nothing was done, so the claim rests only on reading the screen as done already.
      return askAboutResult(
        context,
        'no action was performed, so the result rests only on the screen having shown it from the start',
      );
    }
    const open = unconfirmedSteps(context.state.plan!, events, judgedSteps);
    if (open.length > 0) {
      const steps = open.map((step) => `"${step.text}"`).join(', ');
      return askAboutResult(
        context,
        `nothing on the screen shows that ${steps} had the effect asked for; only a change was seen`,
      );
    }
    return stopRun('succeeded', judged?.reason ?? gate!.reason);
  }
  const reason = gate?.verdict === 'continue' ? gate.reason : judged!.reason;
  // Only the judge's own doubt is a reason to ask: an unmet criterion was read as something else.
  const unsure = gate?.verdict !== 'continue' && judgedUnsure;
  if (claim > config.maxRejections) {
    if (unsure) return askAboutResult(context, reason.replace(/\.$/, ''));
    return stopRun('failed', `Every step ran, but the result is not confirmed: ${reason}`);
  }
  const unmet = readings.filter((reading) => reading.status !== 'satisfied');
  return appendMissingWork(context, screen, { unmet, missing: judged?.missing ?? [], reason, unsure });
}

/** An action that reached the environment: the agent's or the person's, not the agent's own done or fail. */
function actedOnScreen(event: RunEvent): boolean {
  const payload = event.payload;
  if (payload.type === 'manual-action') return true;
  return payload.type === 'action-start' && payload.action.type !== 'done' && payload.action.type !== 'fail';
}

/**
 * Every step ran, but the screen does not show the task is done (a step passed on a change alone,
 * or no message confirms a final Save and no further work is known): ask the person to look.
 * Their yes ends the run as succeeded on their word, their no as failed; with nobody to ask, the
 * run stops and waits for input. No approval policy answers this for them.
 */
async function askAboutResult(context: RunContext, doubt: string): Promise<RunStop> {
  const summary = `Every step of "${context.state.task!.instruction.slice(0, 200)}" ran.`;
  // Read after "But": "no message on screen confirms that 'Save' took effect".
  const reason = doubt.charAt(0).toLowerCase() + doubt.slice(1);
  const requestId = context.deps.ids.next('approval');
  await context.emit('agent', { type: 'approval-request', requestId, subject: { type: 'result', summary, reason } });
  const command = await context.deps.channel.wait(context.handle, {
    type: 'result-confirmation',
    summary,
    reason,
    requestId,
  });
  if (!command) return stopRun('needs-input', `${summary} But ${reason}. Look at the screen: is the task done?`);
  if (command.type === 'approve') {
    await context.emit('user', { type: 'approval-response', requestId, decision: 'accepted', by: 'user' });
    return stopRun('succeeded', `The person confirmed the task is done; the checks alone could not (${reason}).`);
  }
  const why =
    command.type === 'cancel'
      ? (command.reason ?? 'cancelled')
      : command.type === 'reject' && command.reason.trim() !== ''
        ? command.reason.trim()
        : 'no reason given';
  await context.emit('user', { type: 'approval-response', requestId, decision: 'rejected', by: 'user', reason: why });
  if (command.type === 'cancel') return cancelled(context, why);
  return stopRun('failed', `The person said the task is not done (${why}).`);
}

/** Ask the planner for the missing work and propose it as a verifier-rejection version of the current plan. */
async function appendMissingWork(
  context: RunContext,
  screen: Screen,
  feedback: { unmet: readonly CriterionReading[]; missing: readonly string[]; reason: string; unsure: boolean },
): Promise<RunStop | Continue> {
  const current = context.state.plan!;
  const { unsure, ...asked } = feedback;
  const steps = await context.engine.planner.missingWork(context.handle, {
    task: context.state.task!,
    plan: current,
    screen,
    ...asked,
  });
  if (steps.length === 0) {
    if (unsure) return askAboutResult(context, feedback.reason.replace(/\.$/, ''));
    return stopRun('failed', `The result is not confirmed and no further work is known: ${feedback.reason}`);
  }
  const revised = revisePlan(
    current,
    steps.map((step, offset) => ({
      type: 'add' as const,
      index: current.pending.length + offset,
      text: step.text,
      ...(step.expectedOutcome ? { expectedOutcome: step.expectedOutcome } : {}),
    })),
    {
      ids: context.deps.ids,
      cause: 'verifier-rejection',
      number: context.state.versions.length + 1,
      rationale: `The completion claim was rejected: ${feedback.reason}`.slice(0, 1000),
    },
  );
  if (!revised.ok) return stopRun('failed', revised.error.message);
  await context.emit('agent', { type: 'plan-version-create', version: revised.version });
  const approved = await approvalPhase(context, revised.version);
  return approved.type === 'stop' ? approved : continueRun;
}

/**
 * A step could not be carried out: ask whether the task can still be done. Only positive evidence
 * of infeasibility ends the run; `feasible` and `uncertain` let the retries go on.
 */
export async function checkFeasibility(context: RunContext, step: Step, failure: string): Promise<RunStop | undefined> {
  const judge = context.engine.judge;
  if (!judge.feasibility) return undefined;
  const screen = context.latestScreen ?? (await context.observe());
  const verdict = await judge.feasibility(context.handle, {
    task: context.state.task!,
    plan: context.state.plan!,
    step,
    failure,
    screen,
  });
  const evidence = verdict.evidence.length > 0 ? verdict.evidence : [failure];
  await context.emit('agent', {
    type: 'feasibility-check',
    stepId: step.id,
    verdict: verdict.verdict,
    evidence: evidence.slice(0, 10).map((line) => line.slice(0, 2000)),
  });
  if (verdict.verdict !== 'infeasible') return undefined;
  await context.emit('agent', { type: 'step-end', stepId: step.id, status: 'failed', reason: evidence[0]! });
  return stopRun('failed', `The task cannot be done as asked: ${evidence.join(' ')}`);
}
