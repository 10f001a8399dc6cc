import type { PlanVersion } from '@sandpiper/protocol';
import { InterruptedError } from '../../handle.js';
import { releaseRunningStep, proposeRevision, takeoverSession } from '../interventions.js';
import { approvalPhase } from '../planning.js';
import { askPerson } from '../question.js';
import { reviseWithRefresh } from '../revision.js';
import type { RunContext } from '../run-context.js';
import { stopRun, type RunStop } from '../stop.js';
import type { UserCommand } from '../user-channel.js';
import { budgetStop } from './budget.js';

/**
 * What the person's intervention left for the step under way. `continue`: nothing it relies on
 * changed. `replanned`: an approved change replaced the plan, so the step is abandoned and the
 * run picks its next step afresh. `reobserve`: the plan stands but the screen may have changed
 * (a pause, a takeover), so look again before deciding.
 */
export type Checkpoint =
  RunStop | { readonly type: 'continue' } | { readonly type: 'replanned' } | { readonly type: 'reobserve' };

const proceed: Checkpoint = { type: 'continue' };

/** The intervene and budget phases, between actions: cancellation, pause, takeover, changes, budgets. */
export async function checkpoint(context: RunContext): Promise<Checkpoint> {
  if (context.handle.signal.aborted) {
    // Interrupted, the run stops where it is without ending, to be resumed.
    if (InterruptedError.isInstance(context.handle.signal.reason)) throw context.handle.signal.reason;
    return cancelled(context, 'Cancelled by the user.');
  }
  const command = context.deps.channel.take();
  if (command) {
    const outcome = await intervene(context, command);
    if (outcome.type !== 'continue') return outcome;
  }
  return budgetStop(context) ?? proceed;
}

/** Act on one command taken between actions. */
async function intervene(context: RunContext, command: UserCommand): Promise<Checkpoint> {
  switch (command.type) {
    case 'cancel':
      return cancelled(context, command.reason ?? 'Cancelled by the user.');
    case 'pause':
      return holdWhilePaused(context);
    case 'takeover': {
      const stop = await takeoverSession(context);
      return stop.type === 'stop' ? stop : { type: 'reobserve' };
    }
    case 'edit':
    case 'guidance':
    case 'annotation':
      return reviseDuringExecution(context, command);
    default:
      return proceed;
  }
}

/** Paused: changes and takeovers are taken in while the run holds; resume goes on. */
async function holdWhilePaused(context: RunContext): Promise<Checkpoint> {
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
      if (stop.type === 'stop') return stop;
    }
    if (next.type === 'edit' || next.type === 'guidance' || next.type === 'annotation') {
      const outcome = await reviseDuringExecution(context, next);
      if (outcome.type === 'stop') return outcome;
      if (outcome.type === 'replanned') replanned = true;
    }
  }
}

/**
 * A change asked for while the plan runs: revise the approved plan (the step under way goes back
 * to pending) and get the proposal approved. `replanned` when a new version is now in force.
 */
export async function reviseDuringExecution(
  context: RunContext,
  command: Extract<UserCommand, { type: 'edit' | 'guidance' | 'annotation' }>,
): Promise<Checkpoint> {
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
  if (!proposal) return proceed;
  const approved = await approvalPhase(context, proposal);
  if (approved.type === 'stop') return approved;
  return approved.version.id === inForce.id ? proceed : { type: 'replanned' };
}

/** Questions asked about one step before a run whose answers change nothing ends waiting for input. */
const MAX_STEP_QUESTIONS = 3;

/**
 * Ask the person during a step, and turn the answer into what the step does next: words, an edit
 * or marks become a proposal through approval (`replanned` once one is in force); "try again"
 * retries the step as it is. An answer that changes nothing asks again, a few times at most.
 */
export async function askDuringStep(
  context: RunContext,
  question: string,
  unparsed: readonly string[] = [],
): Promise<RunStop | { readonly type: 'replanned' } | { readonly type: 'retry' }> {
  for (let asked = 0; asked < MAX_STEP_QUESTIONS; asked += 1) {
    const answer = await askPerson(context, question, unparsed);
    if (answer.type === 'stop' || answer.type === 'retry') return answer;
    const command = answer.type === 'words' ? { type: 'guidance' as const, text: answer.text } : answer.command;
    const outcome = await reviseDuringExecution(context, command);
    if (outcome.type === 'stop' || outcome.type === 'replanned') return outcome;
  }
  return stopRun('needs-input', question);
}

/** Log the cancel and stop the run. */
export async function cancelled(context: RunContext, reason: string): Promise<RunStop> {
  await context.emit('user', { type: 'run-cancel', reason });
  return stopRun('cancelled', reason);
}
