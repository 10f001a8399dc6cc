import type { PlanVersion } from '@sandpiper/protocol';
import { createPlanVersion } from '../plan/index.js';
import type { PlannerResult } from '../engine.js';
import { proposeRevision, takeoverSession } from './interventions.js';
import { answeredInstruction, askPerson } from './question.js';
import { reviseWithRefresh } from './revision.js';
import type { RunContext } from './run-context.js';
import { stopRun, type RunStop } from './stop.js';
import type { UserCommand } from './user-channel.js';

/** A version the planner wrote, or the person or a policy approved. */
export interface Drafted {
  readonly type: 'drafted';
  readonly version: PlanVersion;
}
export interface Approved {
  readonly type: 'approved';
  readonly version: PlanVersion;
}

/** Ask the planner for a plan (first time or regeneration) and record it as a draft version. */
export async function planPhase(context: RunContext, reason: 'initial' | 'regenerate'): Promise<Drafted | RunStop> {
  const task = context.state.task;
  if (!task) throw new Error('a run cannot be planned before it has started');
  await context.emit('agent', { type: 'plan-start', reason });
  const previous = reason === 'regenerate' ? latestVersion(context) : undefined;
  let instruction = task.instruction;
  let screen = await context.observe();
  for (let asked = 0; ; asked += 1) {
    const result = await context.engine.planner.plan(context.handle, {
      task: instruction === task.instruction ? task : { ...task, instruction },
      screen,
      ...(previous ? { previous } : {}),
    });
    if (result.type === 'unavailable') return stopRun('failed', result.reason);
    if (result.type === 'plan') return draft(context, result, reason, previous);
    if (asked === MAX_PLANNING_QUESTIONS) {
      await context.emit('agent', {
        type: 'clarification-request',
        question: result.question,
        unparsed: [...result.unparsed],
      });
      return stopRun('needs-input', result.question);
    }
    // The same run goes on with the person's answer worked into the instruction it plans from.
    const answer = await askPerson(context, result.question, result.unparsed);
    if (answer.type === 'stop') return answer;
    if (answer.type === 'words') {
      await context.emit('user', { type: 'guidance', text: answer.text });
      instruction = answeredInstruction(instruction, result.unparsed, answer.text);
    }
    screen = await context.observe();
  }
}

/** Questions the planner may ask before a run that still cannot be planned ends waiting for input. */
const MAX_PLANNING_QUESTIONS = 3;

async function draft(
  context: RunContext,
  result: Extract<PlannerResult, { type: 'plan' }>,
  reason: 'initial' | 'regenerate',
  previous: PlanVersion | undefined,
): Promise<Drafted> {
  const version = createPlanVersion(context.deps.ids, {
    analysis: result.analysis,
    constraints: [...result.constraints],
    successCriteria: [...result.successCriteria],
    steps: [...result.steps],
    cause: reason,
    number: context.state.versions.length + 1,
    ...(previous ? { parent: previous } : {}),
  });
  await context.emit('agent', { type: 'plan-version-create', version });
  return { type: 'drafted', version };
}

/**
 * Get the person's (or the policy's) approval for a version. Edits, guidance, annotations and
 * regenerations produce new versions that go through approval again; the loop ends when one is
 * approved or the person quits. A rejected proposal (a revision of an approved plan) leaves the
 * approved plan in force, and that plan is returned. With `personOnly`, no policy approves: the
 * person must (the reason is what a run without anyone to answer stops with).
 */
export async function approvalPhase(
  context: RunContext,
  version: PlanVersion,
  options: { readonly personOnly?: string } = {},
): Promise<Approved | RunStop> {
  let candidate = version;
  for (;;) {
    const requestId = context.deps.ids.next('approval');
    await context.emit('agent', {
      type: 'approval-request',
      requestId,
      subject: { type: 'plan', versionId: candidate.id },
    });
    if (context.state.task?.approval !== 'ask' && options.personOnly === undefined) {
      await context.emit('agent', { type: 'approval-response', requestId, decision: 'accepted', by: 'policy' });
      return { type: 'approved', version: candidate };
    }
    const decided = await awaitDecision(context, candidate, requestId);
    if (decided.type === 'stop') {
      const unanswered = decided.status === 'needs-input' && options.personOnly !== undefined;
      return unanswered ? stopRun('needs-input', options.personOnly!) : decided;
    }
    const rejected = (reason: string) =>
      context.emit('user', { type: 'approval-response', requestId, decision: 'rejected', by: 'user', reason });
    switch (decided.type) {
      case 'approve':
        await context.emit('user', { type: 'approval-response', requestId, decision: 'accepted', by: 'user' });
        return { type: 'approved', version: candidate };
      case 'cancel':
        await rejected(decided.reason ?? 'cancelled');
        return stopRun('cancelled', decided.reason ?? 'The plan was not approved.');
      case 'reject':
      case 'regenerate': {
        await rejected(decided.type === 'reject' ? decided.reason : 'regenerate');
        const current = context.state.plan;
        if (current) {
          await context.emit('agent', {
            type: 'warning',
            message: `Proposal ${candidate.number} was not taken; plan version ${current.number} stays in force.`,
          });
          return { type: 'approved', version: current };
        }
        const next = await planPhase(context, 'regenerate');
        if (next.type === 'stop') return next;
        candidate = next.version;
        break;
      }
      case 'revised':
        await rejected(`superseded by version ${decided.version.number} (${decided.version.cause})`);
        candidate = decided.version;
        break;
      case 'edit-failed':
        await rejected(decided.message);
        await context.emit('agent', { type: 'warning', message: decided.message });
        break;
    }
  }
}

type Decision =
  | Extract<UserCommand, { type: 'approve' | 'reject' | 'regenerate' | 'cancel' }>
  | { readonly type: 'revised'; readonly version: PlanVersion }
  | { readonly type: 'edit-failed'; readonly message: string };

/**
 * Wait for the person's decision on one approval request. Pause and resume mean nothing while the
 * run already waits, a takeover runs to its hand-back, and guidance or an annotation that leads to
 * no change keeps the same request open; an edit or a revision answers it with a new version.
 */
async function awaitDecision(
  context: RunContext,
  candidate: PlanVersion,
  requestId: string,
): Promise<Decision | RunStop> {
  for (;;) {
    const command = await context.deps.channel.wait(context.handle, {
      type: 'plan-approval',
      versionId: candidate.id,
      requestId,
    });
    if (!command) return stopRun('needs-input', 'The plan needs approval; run again interactively or with --yes.');
    switch (command.type) {
      case 'approve':
      case 'reject':
      case 'regenerate':
      case 'cancel':
        return command;
      case 'edit': {
        const revised = await reviseWithRefresh(context, candidate, command.edits, {
          cause: 'plan-edit',
          rationale: 'Edited by the user before approval.',
        });
        if (!revised.ok) return { type: 'edit-failed', message: revised.error.message };
        await context.emit('user', { type: 'plan-version-create', version: revised.version });
        return { type: 'revised', version: revised.version };
      }
      case 'guidance':
      case 'annotation': {
        const version = await proposeRevision(context, candidate, command);
        if (version) return { type: 'revised', version };
        break;
      }
      case 'takeover': {
        const stop = await takeoverSession(context);
        if (stop.type === 'stop') return stop;
        break;
      }
      case 'pause':
      case 'resume':
      case 'input':
      case 'handback':
        break;
    }
  }
}

function latestVersion(context: RunContext): PlanVersion | undefined {
  return context.state.versions.at(-1);
}
