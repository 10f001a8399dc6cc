import type { PlanVersion } from '@sandpiper/protocol';
import { createPlanVersion, revisePlan, type PlanEdit } from '../plan/index.js';
import type { RunContext } from './run-context.js';
import { isRunStop, type RunStop } from './stop.js';

/** Ask the planner for a plan (first time or regeneration) and record it as a draft version. */
export async function planPhase(context: RunContext, reason: 'initial' | 'regenerate'): Promise<PlanVersion | RunStop> {
  const task = context.state.task;
  if (!task) throw new Error('a run cannot be planned before it has started');
  await context.emit('agent', { type: 'plan-start', reason });
  const screen = await context.observe();
  const previous = reason === 'regenerate' ? latestVersion(context) : undefined;
  const result = await context.engine.planner.plan(context.handle, {
    task,
    screen,
    ...(previous ? { previous } : {}),
  });
  if (result.type === 'clarify') {
    await context.emit('agent', {
      type: 'clarification-request',
      question: result.question,
      unparsed: [...result.unparsed],
    });
    return { status: 'needs-input', reason: result.question };
  }
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
  return version;
}

/**
 * Get the person's (or the policy's) approval for a version. Edits and regenerations produce new
 * versions that go through approval again; the loop ends when one is approved or the person quits.
 */
export async function approvalPhase(context: RunContext, version: PlanVersion): Promise<PlanVersion | RunStop> {
  let candidate = version;
  for (;;) {
    const requestId = context.deps.ids.next('approval');
    await context.emit('agent', {
      type: 'approval-request',
      requestId,
      subject: { type: 'plan', versionId: candidate.id },
    });
    if (context.state.task?.approval !== 'ask') {
      await context.emit('agent', { type: 'approval-response', requestId, decision: 'accepted', by: 'policy' });
      return candidate;
    }
    let command = await context.deps.channel.wait(context.handle, { type: 'plan-approval', versionId: candidate.id });
    // Pause and resume mean nothing while the run already waits for the person: keep waiting on the same request.
    while (command?.type === 'pause' || command?.type === 'resume') {
      command = await context.deps.channel.wait(context.handle, { type: 'plan-approval', versionId: candidate.id });
    }
    if (!command)
      return { status: 'needs-input', reason: 'The plan needs approval; run again interactively or with --yes.' };
    switch (command.type) {
      case 'approve':
        await context.emit('user', { type: 'approval-response', requestId, decision: 'accepted', by: 'user' });
        return candidate;
      case 'cancel':
        await context.emit('user', { type: 'approval-response', requestId, decision: 'rejected', by: 'user' });
        return { status: 'cancelled', reason: command.reason ?? 'The plan was not approved.' };
      case 'reject':
      case 'regenerate': {
        await context.emit('user', {
          type: 'approval-response',
          requestId,
          decision: 'rejected',
          by: 'user',
          ...(command.type === 'reject' ? { reason: command.reason } : { reason: 'regenerate' }),
        });
        const next = await planPhase(context, 'regenerate');
        if (isRunStop(next)) return next;
        candidate = next;
        break;
      }
      case 'edit': {
        const revised = await reviseWithRefresh(context, candidate, command.edits);
        await context.emit('user', {
          type: 'approval-response',
          requestId,
          decision: 'rejected',
          by: 'user',
          reason: revised.ok ? 'edited' : revised.error.message,
        });
        if (revised.ok) {
          await context.emit('user', { type: 'plan-version-create', version: revised.version });
          candidate = revised.version;
        } else {
          await context.emit('agent', { type: 'warning', message: revised.error.message });
        }
        break;
      }
    }
  }
}

/**
 * Apply the person's edits, then let the planner re-derive the constraints and criteria from the
 * edited steps, all in one revision so the log holds a single proposal per edit.
 */
async function reviseWithRefresh(context: RunContext, parent: PlanVersion, edits: readonly PlanEdit[]) {
  const options = {
    ids: context.deps.ids,
    cause: 'plan-edit' as const,
    number: context.state.versions.length + 1,
    rationale: 'Edited by the user before approval.',
  };
  const edited = revisePlan(parent, edits, options);
  if (!edited.ok) return edited;
  const refresh = await context.engine.planner.refresh(context.handle, {
    task: context.state.task!,
    version: edited.version,
  });
  if (refresh.unparsed.length > 0) {
    await context.emit('agent', {
      type: 'warning',
      message: `The edited plan has steps the planner cannot read: ${refresh.unparsed.map((text) => `"${text}"`).join(', ')}.`,
    });
  }
  return revisePlan(
    parent,
    [
      ...edits,
      { type: 'set-constraints', constraints: refresh.constraints },
      { type: 'set-criteria', criteria: refresh.successCriteria },
    ],
    options,
  );
}

function latestVersion(context: RunContext): PlanVersion | undefined {
  return context.state.versions.at(-1);
}
