import type { Action, PlanVersion, Step } from '@sandpiper/protocol';
import {
  defaultDetectorConfig,
  describeCanonicalAction,
  type DetectorConfig,
  type LoopVerdict,
  type RecoveryProposal,
} from '../detectors/index.js';
import type { LoopHint, PerformedAction, PlannedAction, Screen, StepCheck } from '../engine.js';
import { checkFeasibility, updateCriteria } from './completion.js';
import { recentTrajectory } from './completion-policy.js';
import { loopJudgeWindow, watchTrajectory } from './watchdog.js';
import { sensitiveReason } from './sensitivity.js';
import type { RunContext } from './run-context.js';
import { isRunStop, type RunStop } from './stop.js';
import { releaseRunningStep, proposeRevision, takeoverSession } from './interventions.js';
import { approvalPhase } from './planning.js';
import { reviseWithRefresh } from './revision.js';
import type { UserCommand } from './user-channel.js';

/** How many times the operator is asked for more actions within one attempt at a step. */
const MAX_DECISIONS_PER_ATTEMPT = 8;

type AttemptOutcome =
  | { readonly type: 'checked'; readonly passed: boolean; readonly evidence: string }
  | { readonly type: 'failed'; readonly reason: string }
  | StepReplan
  | RunStopOutcome
  /** An approved change replaced the plan mid-step: the attempt is dropped, not failed. */
  | { readonly type: 'interrupted' };

/** The step is stuck: it was halted and marked failed, and this recovery should be proposed. */
export interface StepReplan {
  readonly type: 'replan';
  readonly pattern: string;
  readonly reason: string;
  readonly proposal: RecoveryProposal;
}

interface RunStopOutcome {
  readonly type: 'stop';
  readonly stop: RunStop;
}

/**
 * Execute one step: observe, let the operator decide, act, observe again, and check the visible
 * outcome; retry up to the per-step budget. Returns a stop when the run must end.
 */
export async function executeStep(
  context: RunContext,
  step: Step,
  firstAttempt = 1,
): Promise<RunStop | StepReplan | undefined> {
  const budgets = context.state.task!.budgets;
  let lastReason = 'the step did not have its expected effect';
  let feasibilityAsked = false;
  for (let attempt = firstAttempt; attempt <= budgets.maxAttemptsPerStep; attempt += 1) {
    await context.emit('agent', { type: 'step-start', stepId: step.id, attempt });
    const outcome = await attemptStep(context, step, attempt);
    if (outcome.type === 'stop') return outcome.stop;
    if (outcome.type === 'interrupted') return undefined;
    if (outcome.type === 'replan') {
      await context.emit('agent', { type: 'step-end', stepId: step.id, status: 'failed', reason: outcome.reason });
      return outcome;
    }
    if (outcome.type === 'checked') {
      await context.emit('agent', {
        type: 'step-check',
        stepId: step.id,
        passed: outcome.passed,
        evidence: outcome.evidence,
      });
      if (outcome.passed) {
        await context.emit('agent', {
          type: 'step-end',
          stepId: step.id,
          status: 'completed',
          reason: outcome.evidence,
        });
        if (context.latestScreen) await updateCriteria(context, context.latestScreen, step.id);
        return undefined;
      }
      lastReason = outcome.evidence;
    } else {
      lastReason = outcome.reason;
      if (!feasibilityAsked) {
        feasibilityAsked = true;
        const infeasible = await checkFeasibility(context, step, outcome.reason);
        if (infeasible) return infeasible;
      }
    }
    if (attempt < budgets.maxAttemptsPerStep) {
      await context.emit('agent', { type: 'warning', message: `Retrying "${step.text}": ${lastReason}` });
    }
  }
  await context.emit('agent', { type: 'step-end', stepId: step.id, status: 'failed', reason: lastReason });
  return { status: 'failed', reason: `Step "${step.text}" failed: ${lastReason}` };
}

async function attemptStep(context: RunContext, step: Step, attempt: number): Promise<AttemptOutcome> {
  const before = await context.observe();
  let screen = before;
  const performed: PerformedAction[] = [];
  let loopHint: LoopHint | undefined;
  for (let decisionCount = 0; decisionCount < MAX_DECISIONS_PER_ATTEMPT; decisionCount += 1) {
    const paused = await checkpoint(context);
    if (isRunStop(paused)) return { type: 'stop', stop: paused };
    if (paused?.type === 'replanned') return { type: 'interrupted' };
    if (paused?.type === 'reobserve') screen = await context.observe();
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
        return checkStep(context, step, performed, before, screen);
      case 'fail':
        return { type: 'failed', reason: decision.reason };
      case 'clarify':
        await context.emit('agent', {
          type: 'clarification-request',
          question: decision.question,
          unparsed: [step.text],
        });
        return { type: 'stop', stop: { status: 'needs-input', reason: decision.question } };
      case 'act': {
        const result = await performChain(context, step, decision.actions, performed);
        if (result && result.type !== 'reobserve') return result;
        screen = await context.observe();
        if (result) continue;
        if (performed.at(-1)?.action.type === 'done') return checkStep(context, step, performed, before, screen);
        const watch = await watchForLoops(context, step);
        if (watch.type === 'replan') return watch;
        if (watch.type === 'hint') loopHint = watch.hint;
      }
    }
  }
  return checkStep(context, step, performed, before, screen);
}

/** Run the stuck detectors after each chain and log every firing. */
async function watchForLoops(
  context: RunContext,
  step: Step,
): Promise<StepReplan | { readonly type: 'hint'; readonly hint: LoopHint } | { readonly type: 'none' }> {
  const previous = context.state.versions
    .filter((version) => version.cause === 'system-replan')
    .flatMap((version) => version.pending.slice(0, 1).map((candidate) => candidate.text));
  const config = context.deps.detectors ?? defaultDetectorConfig;
  let verdict = watchTrajectory(context.trajectory, step, config, previous);
  if (verdict.type === 'continue') {
    const judged = await askLoopJudge(context, step, config);
    if (judged?.verdict !== 'switch') return { type: 'none' };
    verdict = watchTrajectory(context.trajectory, step, config, previous, judged);
    if (verdict.type === 'continue') return { type: 'none' };
  }
  if (verdict.type === 'replan') {
    await context.emit('agent', {
      type: 'detector-fire',
      detector: 'systemReplanTrigger',
      pattern: verdict.pattern,
      reason: verdict.reason,
      stepId: step.id,
    });
    return { type: 'replan', pattern: verdict.pattern, reason: verdict.reason, proposal: verdict.proposal };
  }
  const decision = verdict.decision;
  await context.emit('agent', {
    type: 'detector-fire',
    detector: decision.type,
    tier: decision.tier,
    pattern: decision.pattern,
    reason: decision.reason,
    stepId: step.id,
  });
  return {
    type: 'hint',
    hint: { tier: decision.tier, reason: decision.reason, avoid: decision.blacklist.map(describeCanonicalAction) },
  };
}

/** Loop breaker tier 3: when it is due, let the engine's judge read the step's recent trajectory. */
async function askLoopJudge(context: RunContext, step: Step, config: DetectorConfig): Promise<LoopVerdict | undefined> {
  const judge = context.engine.loopJudge;
  const window = judge ? loopJudgeWindow(context.trajectory, step, config) : undefined;
  if (!judge || !window) return undefined;
  const events = await context.deps.log.read(context.runId, context.state.currentStep?.startSeq ?? 1);
  return judge.judge(context.handle, {
    trajectory: window,
    lines: recentTrajectory(events, config.judgeWindow * 2),
    stepText: step.text,
  });
}

async function checkStep(
  context: RunContext,
  step: Step,
  performed: readonly PerformedAction[],
  before: Screen,
  after: Screen,
): Promise<AttemptOutcome> {
  const check = await context.engine.reflector.check(context.handle, { step, performed, before, after });
  if (check.reflection) await logReflection(context, step.id, check);
  return { type: 'checked', passed: check.passed, evidence: check.evidence };
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

/** Perform a chain of actions in order; a failure or a stop ends the chain. */
async function performChain(
  context: RunContext,
  step: Step,
  actions: readonly PlannedAction[],
  performed: PerformedAction[],
): Promise<AttemptOutcome | { readonly type: 'reobserve' } | undefined> {
  const environment = context.deps.environment;
  for (const planned of actions) {
    const paused = await checkpoint(context);
    if (isRunStop(paused)) return { type: 'stop', stop: paused };
    // The rest of the chain was decided on a screen that may be gone: decide again.
    if (paused?.type === 'replanned') return { type: 'interrupted' };
    if (paused?.type === 'reobserve') return paused;
    const stop = await approveIfSensitive(context, step, planned);
    if (stop) return { type: 'stop', stop };
    const start = await context.emit('agent', {
      type: 'action-start',
      stepId: step.id,
      action: planned.action,
      summary: planned.summary,
      ...(planned.grounding ? { grounding: planned.grounding } : {}),
    });
    if (planned.action.type === 'tool-call') {
      // The operator must read a tool's output before it acts again, so a tool call ends the chain.
      await performToolCall(context, step, planned.action, planned.summary, start.seq, performed);
      return undefined;
    }
    if (planned.action.type === 'done' || planned.action.type === 'fail') {
      performed.push({ action: planned.action, summary: planned.summary, ok: true });
      if (planned.action.type === 'fail') return { type: 'failed', reason: planned.action.reason };
      continue;
    }
    const result = environment.info.actionSpace.includes(planned.action.type)
      ? await environment.act(context.handle, planned.action)
      : { ok: false, error: `this environment cannot perform '${planned.action.type}' actions`, durationMs: 0 };
    await context.emit('environment', { type: 'action-end', stepId: step.id, result }, start.seq);
    performed.push({ action: planned.action, summary: planned.summary, ok: result.ok });
    if (!result.ok) return { type: 'failed', reason: `${planned.summary} failed: ${result.error ?? 'unknown error'}` };
  }
  return undefined;
}

/**
 * The person stepped in between actions. `replanned`: an approved change replaced the plan, so the
 * step under way is abandoned and the run picks its next step afresh. `reobserve`: the plan stands
 * but the screen may have changed (a pause, a takeover), so look again before deciding.
 */
export type Interruption = { readonly type: 'replanned' } | { readonly type: 'reobserve' };

async function performToolCall(
  context: RunContext,
  step: Step,
  action: Extract<Action, { type: 'tool-call' }>,
  summary: string,
  startSeq: number,
  performed: PerformedAction[],
): Promise<void> {
  const tools = context.deps.tools;
  const outcome = tools
    ? await tools.run(
        context.handle,
        { tool: action.tool, input: action.input },
        { task: context.state.task!, step, environment: context.deps.environment },
      )
    : { ok: false, output: '', error: 'no tools are set up for this run', durationMs: 0 };
  const result = {
    ok: outcome.ok,
    durationMs: outcome.durationMs,
    ...(outcome.error ? { error: outcome.error } : {}),
    ...(outcome.output ? { output: outcome.output.slice(0, 20_000) } : {}),
  };
  await context.emit('agent', { type: 'action-end', stepId: step.id, result }, startSeq);
  performed.push({ action, summary, ok: outcome.ok, output: outcome.output || outcome.error || '' });
}

/** Between actions: honour cancellation, pause, takeover, the person's changes, and the budgets. */
export async function checkpoint(context: RunContext): Promise<RunStop | Interruption | undefined> {
  if (context.handle.signal.aborted) return cancelled(context, 'Cancelled by the user.');
  const command = context.deps.channel.take();
  if (command) {
    const outcome = await interveneDuringExecution(context, command);
    if (outcome) return outcome;
  }
  const budgets = context.state.task!.budgets;
  if (context.state.actionCount >= budgets.maxActions) {
    return { status: 'budget-exhausted', reason: `The action budget of ${budgets.maxActions} was used up.` };
  }
  if (context.timeLeft() <= 0) {
    return { status: 'budget-exhausted', reason: `The time budget of ${budgets.maxDurationMs} ms ran out.` };
  }
  return modelBudgetStop(context);
}

/** Act on one command taken between actions; undefined when it changed nothing the step relies on. */
async function interveneDuringExecution(
  context: RunContext,
  command: UserCommand,
): Promise<RunStop | Interruption | undefined> {
  switch (command.type) {
    case 'cancel':
      return cancelled(context, command.reason ?? 'Cancelled by the user.');
    case 'pause':
      return holdWhilePaused(context);
    case 'takeover':
      return (await takeoverSession(context)) ?? { type: 'reobserve' };
    case 'edit':
    case 'guidance':
    case 'annotation':
      return reviseDuringExecution(context, command);
    default:
      return undefined;
  }
}

/** Paused: changes and takeovers are taken in while the run holds; resume goes on. */
async function holdWhilePaused(context: RunContext): Promise<RunStop | Interruption> {
  await context.emit('user', { type: 'run-pause' });
  let replanned = false;
  for (;;) {
    const next = await context.deps.channel.wait(context.handle, { type: 'paused' });
    if (!next || next.type === 'cancel') return cancelled(context, next?.reason ?? 'Cancelled while paused.');
    if (next.type === 'resume') {
      await context.emit('user', { type: 'run-resume' });
      return { type: replanned ? 'replanned' : 'reobserve' };
    }
    if (next.type === 'takeover') {
      const stop = await takeoverSession(context);
      if (stop) return stop;
    }
    if (next.type === 'edit' || next.type === 'guidance' || next.type === 'annotation') {
      const outcome = await reviseDuringExecution(context, next);
      if (isRunStop(outcome)) return outcome;
      if (outcome?.type === 'replanned') replanned = true;
    }
  }
}

/**
 * A change asked for while the plan runs: revise the approved plan (the step under way goes back
 * to pending) and get the proposal approved. `replanned` when a new version is now in force.
 */
async function reviseDuringExecution(
  context: RunContext,
  command: Extract<UserCommand, { type: 'edit' | 'guidance' | 'annotation' }>,
): Promise<RunStop | Interruption | undefined> {
  const inForce = context.state.plan!;
  const base = releaseRunningStep(inForce);
  let proposal: PlanVersion | undefined;
  if (command.type === 'edit') {
    const revised = await reviseWithRefresh(context, base, command.edits, {
      cause: 'plan-edit',
      rationale: 'Edited by the user during execution.',
    });
    if (revised.ok) {
      proposal = revised.version;
      await context.emit('user', { type: 'plan-version-create', version: proposal });
    } else {
      await context.emit('agent', { type: 'warning', message: `The edit was not applied: ${revised.error.message}` });
    }
  } else {
    proposal = await proposeRevision(context, base, command);
  }
  if (!proposal) return undefined;
  const approved = await approvalPhase(context, proposal);
  if (isRunStop(approved)) return approved;
  return approved.id === inForce.id ? undefined : { type: 'replanned' };
}

/** The token and money budgets: checked between actions, against what the model calls so far added up to. */
export function modelBudgetStop(context: RunContext): RunStop | undefined {
  const { maxModelTokens, maxCostUsd } = context.state.task!.budgets;
  const usage = context.state.usage;
  const tokens = usage.inputTokens + usage.outputTokens;
  if (maxModelTokens !== undefined && tokens >= maxModelTokens) {
    return {
      status: 'budget-exhausted',
      reason: `The token budget of ${maxModelTokens} was used up (${tokens} tokens in ${usage.calls} model calls).`,
    };
  }
  if (maxCostUsd !== undefined && usage.costUsd >= maxCostUsd) {
    return {
      status: 'budget-exhausted',
      reason: `The money budget of ${usd(maxCostUsd)} was used up (${usd(usage.costUsd)} in ${usage.calls} model calls).`,
    };
  }
  return undefined;
}

/** Dollars with cents, or with four decimals below a dollar, where model calls cost fractions of a cent. */
function usd(amount: number): string {
  return `$${amount >= 1 ? amount.toFixed(2) : amount.toFixed(4)}`;
}

async function cancelled(context: RunContext, reason: string): Promise<RunStop> {
  await context.emit('user', { type: 'run-cancel', reason });
  return { status: 'cancelled', reason };
}

/** Sensitive actions wait for the person unless the policy approves everything. */
async function approveIfSensitive(
  context: RunContext,
  step: Step,
  planned: PlannedAction,
): Promise<RunStop | undefined> {
  const reason =
    planned.action.type === 'tool-call' && planned.action.tool === 'code'
      ? 'runs a shell command'
      : sensitiveReason(planned.action.type, [step.text, planned.grounding?.query]);
  if (!reason) return undefined;
  const requestId = context.deps.ids.next('approval');
  const subject = { type: 'action' as const, stepId: step.id, summary: planned.summary, reason };
  await context.emit('agent', { type: 'approval-request', requestId, subject });
  if (context.state.task!.approval === 'auto-all') {
    await context.emit('agent', { type: 'approval-response', requestId, decision: 'accepted', by: 'policy' });
    return undefined;
  }
  const command = await context.deps.channel.wait(context.handle, {
    type: 'action-approval',
    summary: planned.summary,
    reason,
  });
  if (command?.type === 'approve') {
    await context.emit('user', { type: 'approval-response', requestId, decision: 'accepted', by: 'user' });
    return undefined;
  }
  if (!command) {
    return {
      status: 'needs-input',
      reason: `"${planned.summary}" ${reason} and needs approval; run interactively or with --yes.`,
    };
  }
  await context.emit('user', { type: 'approval-response', requestId, decision: 'rejected', by: 'user' });
  return { status: 'cancelled', reason: `The person declined: ${planned.summary}.` };
}
