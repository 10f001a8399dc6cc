import type { EnvironmentInfo, Step } from '@sandpiper/protocol';
import type { PlannedAction, Screen } from '../../engine.js';
import type { RunContext } from '../run-context.js';
import { classifyAction, type NamedTarget, type SensitivityVerdict } from '../sensitive-action.js';
import { guardDecision } from '../sensitive-policy.js';
import { locateTarget } from '../sensitive-target.js';
import { repeatOf, type ApprovedAction } from '../approved-actions.js';
import { stopRun, type RunStop } from '../stop.js';
import { cancelled } from './checkpoint.js';

/**
 * The person declined one action. The step is not tried again as it is (that would only ask the
 * same question again): the run proposes a plan without it, which the person approves in turn.
 */
export interface DeclinedAction {
  readonly type: 'declined';
  /** The declined action, as it was put to the person. */
  readonly summary: string;
  /** Why, in the person's words ("no reason given" when they gave none). */
  readonly reason: string;
}

/** The person approved the action; once performed, it is recorded so that it is not asked or done again in the step. */
export interface PersonApproved {
  readonly type: 'approved';
  readonly action: ApprovedAction;
}

/**
 * The approve phase, before each action: the action guard reads the action against the screen it
 * was decided on, and the task's policy says whether it waits for the person. Undefined when the
 * action may go ahead. A declined action ends the step (see {@link DeclinedAction}) instead of
 * ending the run; a cancel ends it.
 */
export async function approveIfSensitive(
  context: RunContext,
  step: Step,
  planned: PlannedAction,
): Promise<RunStop | DeclinedAction | PersonApproved | undefined> {
  const task = context.state.task!;
  const review = reviewAction(planned, step, context.latestScreen, context.deps.environment.info.kind);
  const decision = guardDecision(task.actionGuard, review.verdict, planned.action);
  if (!decision.ask) return undefined;
  const reason = decision.reason;
  const candidate = {
    stepId: step.id,
    summary: planned.summary,
    ...(review.target ? { target: review.target } : {}),
  };
  const repeat = repeatOf(context.approvedActions, candidate);
  if (repeat) {
    // Asking again would make the person decide twice on one thing, and doing it again might do it twice.
    return stopRun(
      'needs-input',
      `"${repeat.summary}" was already approved and done once in step "${step.text}"; it is not done again, since that could do it twice. Look at the screen, then edit the plan or resume.`,
    );
  }
  const requestId = context.deps.ids.next('approval');
  const subject = { type: 'action' as const, stepId: step.id, summary: planned.summary, reason };
  await context.emit('agent', { type: 'approval-request', requestId, subject });
  if (task.approval === 'auto-all') {
    await context.emit('agent', { type: 'approval-response', requestId, decision: 'accepted', by: 'policy' });
    return undefined;
  }
  const command = await context.deps.channel.wait(context.handle, {
    type: 'action-approval',
    summary: planned.summary,
    reason,
    requestId,
  });
  if (command?.type === 'approve') {
    await context.emit('user', { type: 'approval-response', requestId, decision: 'accepted', by: 'user' });
    return { type: 'approved', action: candidate };
  }
  if (!command) {
    return stopRun(
      'needs-input',
      `"${planned.summary}" needs approval (it ${reason}); run interactively or with --yes.`,
    );
  }
  if (command.type === 'cancel') {
    const why = command.reason ?? `Cancelled at "${planned.summary}".`;
    await context.emit('user', { type: 'approval-response', requestId, decision: 'rejected', by: 'user', reason: why });
    return cancelled(context, why);
  }
  const why = command.type === 'reject' && command.reason.trim() !== '' ? command.reason.trim() : 'no reason given';
  await context.emit('user', { type: 'approval-response', requestId, decision: 'rejected', by: 'user', reason: why });
  return { type: 'declined', summary: planned.summary, reason: why };
}

/**
 * The guard's reading of a planned action on the current screen: its target is the snapshot node
 * the grounding found (or the one under the pointer, or the focused one for keys), else the name
 * the grounding looked for.
 */
function reviewAction(
  planned: PlannedAction,
  step: Step,
  screen: Screen | undefined,
  environment: EnvironmentInfo['kind'],
): { readonly verdict: SensitivityVerdict; readonly target: string | undefined } {
  const { action, grounding } = planned;
  const nodes = screen?.observation.accessibility;
  const pointer = action.type === 'click' || action.type === 'double-click' ? action.at : undefined;
  const keyboard = action.type === 'type' || action.type === 'key' || action.type === 'hold-and-press';
  const node = nodes
    ? locateTarget(nodes, {
        ...(grounding?.box ? { box: grounding.box } : {}),
        ...(pointer ? { at: pointer } : {}),
        ...(grounding?.query ? { name: grounding.query } : {}),
        focused: keyboard,
      })
    : undefined;
  const named: NamedTarget | undefined = grounding?.query
    ? { name: grounding.query, ...(grounding.role ? { role: ariaRole(grounding.role) } : {}) }
    : undefined;
  const target = node ?? named;
  const verdict = classifyAction({
    action,
    step: step.text,
    environment,
    ...(target ? { target } : {}),
    ...(nodes ? { nodes } : {}),
  });
  return { verdict, target: target ? `${target.role ?? 'control'} '${target.name}'` : undefined };
}

/** Grounding speaks of fields and selects; the guard reads ARIA roles. */
function ariaRole(hint: string): string {
  if (hint === 'field') return 'textbox';
  if (hint === 'select' || hint === 'dropdown') return 'combobox';
  return hint;
}
