import type { Step } from '@sandpiper/protocol';
import type { PlannedAction } from '../../engine.js';
import type { RunContext } from '../run-context.js';
import { sensitiveReason } from '../sensitivity.js';
import { stopRun, type RunStop } from '../stop.js';

/**
 * The approve phase, before each action: a sensitive action waits for the person unless the
 * policy approves everything. Undefined when the action may go ahead.
 */
export async function approveIfSensitive(
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
    return stopRun(
      'needs-input',
      `"${planned.summary}" ${reason} and needs approval; run interactively or with --yes.`,
    );
  }
  await context.emit('user', { type: 'approval-response', requestId, decision: 'rejected', by: 'user' });
  return stopRun('cancelled', `The person declined: ${planned.summary}.`);
}
