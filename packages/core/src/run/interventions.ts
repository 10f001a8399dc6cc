import { refusedAddress } from './navigation.js';
import { isSecretField } from './secrets.js';
import type { PlanVersion } from '@sandpiper/protocol';
import type { RevisionRequest, Screen } from '../engine.js';
import { reviseWithRefresh } from './revision.js';
import type { RunContext } from './run-context.js';
import { continueRun, stopRun, type Continue, type RunStop } from './stop.js';
import type { UserCommand } from './user-channel.js';

/** Commands that ask the planner for a change: the person's advice or marks on a screenshot. */
export type RevisionCommand = Extract<UserCommand, { type: 'guidance' | 'annotation' }>;

export function isRevisionCommand(command: UserCommand | undefined): command is RevisionCommand {
  return command?.type === 'guidance' || command?.type === 'annotation';
}

/**
 * Log the person's guidance or annotation, ask the planner to turn it into edits of `base`'s
 * pending steps, and record the result as a proposal. Returns the proposal, or undefined when
 * nothing changed (the reason is logged as a warning, so the person sees why).
 */
export async function proposeRevision(
  context: RunContext,
  base: PlanVersion,
  command: RevisionCommand,
): Promise<PlanVersion | undefined> {
  const request = await revisionRequest(context, command);
  if (!request) return undefined;
  const screen = context.latestScreen ?? (await context.observe());
  const result = await context.engine.planner.revise(context.handle, {
    task: context.state.task!,
    plan: base,
    screen,
    request,
  });
  if (result.type === 'unchanged') {
    await context.emit('agent', { type: 'warning', message: `The plan stays as it is: ${result.reason}` });
    return undefined;
  }
  const revised = await reviseWithRefresh(context, base, result.edits, {
    cause: command.type,
    rationale: result.rationale,
  });
  if (!revised.ok) {
    await context.emit('agent', {
      type: 'warning',
      message: `The planner's answer to the ${command.type} does not fit the plan: ${revised.error.message}`,
    });
    return undefined;
  }
  await context.emit('agent', { type: 'plan-version-create', version: revised.version });
  return revised.version;
}

/** Log the command and find what the planner needs for it; undefined when the marked screenshot is unknown. */
async function revisionRequest(context: RunContext, command: RevisionCommand): Promise<RevisionRequest | undefined> {
  if (command.type === 'guidance') {
    await context.emit('user', { type: 'guidance', text: command.text });
    return { type: 'guidance', text: command.text };
  }
  const annotation = command.annotation;
  await context.emit('user', { type: 'annotation', ...annotation });
  const marked = await markedScreen(context, annotation.screenshotHash);
  if (!marked) {
    await context.emit('agent', {
      type: 'warning',
      message: `The marks were drawn on screenshot ${annotation.screenshotHash.slice(0, 12)}…, which this run never took or no longer has.`,
    });
    return undefined;
  }
  return { type: 'annotation', annotation, marked };
}

/** The screen the person drew on: the latest observation with that screenshot, with its pixels. */
async function markedScreen(context: RunContext, hash: string): Promise<Screen | undefined> {
  const latest = context.latestScreen;
  if (latest?.observation.screenshot.hash === hash) return latest;
  const events = await context.deps.log.read(context.runId);
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const payload = events[index]!.payload;
    if (payload.type === 'observation' && payload.observation.screenshot.hash === hash) {
      return context.screenFrom(payload.observation);
    }
  }
  return undefined;
}

/**
 * The person controls the environment: perform each action they send, log it and look again,
 * until they hand control back. The agent then observes the screen afresh before it goes on.
 */
export async function takeoverSession(context: RunContext): Promise<RunStop | Continue> {
  await context.emit('user', { type: 'takeover-start' });
  let manualActions = 0;
  for (;;) {
    const command = await context.deps.channel.wait(context.handle, { type: 'taken-over' });
    if (!command || command.type === 'cancel') {
      const reason = command?.reason ?? 'Cancelled during a takeover.';
      await context.emit('user', { type: 'run-cancel', reason });
      return stopRun('cancelled', reason);
    }
    if (command.type === 'handback') break;
    if (command.type !== 'input') continue;
    const environment = context.deps.environment;
    const focused = context.latestScreen?.observation.accessibility?.find((node) => node.focused === true);
    // What the person types into a password or token field is never recorded.
    if (command.action.type === 'type' && isSecretField(focused)) context.secrets.learn(command.action.text);
    // The person's own input obeys the same navigation policy as the agent's.
    const refused = refusedAddress(context, command.action);
    const result = refused
      ? { ok: false, error: refused, durationMs: 0 }
      : environment.info.actionSpace.includes(command.action.type)
        ? await environment.act(context.handle, command.action)
        : { ok: false, error: `this environment cannot perform '${command.action.type}' actions`, durationMs: 0 };
    const logged = await context.emit('user', { type: 'manual-action', action: command.action, result });
    manualActions += 1;
    await context.observe(logged.seq);
  }
  await context.emit('user', { type: 'takeover-end', manualActions });
  await context.observe();
  return continueRun;
}

/**
 * The plan a revision during execution starts from: the step that was under way goes back to
 * pending, because the run abandons its attempt to take the change in.
 */
export function releaseRunningStep(plan: PlanVersion): PlanVersion {
  if (!plan.pending.some((step) => step.status === 'executing')) return plan;
  return {
    ...plan,
    pending: plan.pending.map((step) => (step.status === 'executing' ? { ...step, status: 'pending' } : step)),
  };
}
