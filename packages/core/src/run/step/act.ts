import type { AccessibilityNode, Action, Step } from '@sandpiper/protocol';
import { isSecretField, namesSecret } from '../secrets.js';
import { locateTarget } from '../sensitive-target.js';
import type { PerformedAction, PlannedAction } from '../../engine.js';
import type { RunContext } from '../run-context.js';
import type { RunStop } from '../stop.js';
import { refusedAddress } from '../navigation.js';
import { approveIfSensitive, type DeclinedAction } from './approve.js';
import { checkpoint } from './checkpoint.js';

/**
 * How a chain of actions ended. `done`: every action ran (or the operator declared the task done
 * or asked for a tool, which ends the chain). `failed`: one could not be performed. `declined`:
 * the person said no to one. `replanned`
 * and `reobserve`: the person stepped in between two actions (see `Checkpoint`).
 */
export type ChainResult =
  | RunStop
  | DeclinedAction
  | { readonly type: 'done' }
  | { readonly type: 'failed'; readonly reason: string }
  | { readonly type: 'replanned' }
  | { readonly type: 'reobserve' };

/**
 * The act phase: perform a chain of actions in order, each after the checkpoint and the approve
 * phase, logging it and what the environment said. `performed` grows with every action run.
 */
export async function performChain(
  context: RunContext,
  step: Step,
  actions: readonly PlannedAction[],
  performed: PerformedAction[],
): Promise<ChainResult> {
  const environment = context.deps.environment;
  // The field a chain's typing goes to: the last control it grounded (the click into the field),
  // and what that control was looked for as (all a screen read by OCR tells of it).
  let aimed: AccessibilityNode | undefined;
  let aimedQuery: string | undefined;
  for (const planned of actions) {
    const between = await checkpoint(context);
    // After a change or a hold the rest of the chain was decided on a screen that may be gone.
    if (between.type !== 'continue') return between;
    const refused = refusedAddress(context, planned.action);
    if (refused) {
      await context.emit('agent', {
        type: 'warning',
        message: `${refused} The step fails so that another way can be tried.`,
      });
      return { type: 'failed', reason: refused };
    }
    aimed = aimedAt(context, planned) ?? aimed;
    aimedQuery = planned.grounding?.query ?? aimedQuery;
    if (planned.action.type === 'type' && typesIntoSecret(context, aimed, aimedQuery)) {
      // Learnt before anything about this action is recorded (its approval request included), so
      // no record of it shows the value.
      context.secrets.learn(planned.action.text);
    }
    const approval = await approveIfSensitive(context, step, planned);
    if (approval && approval.type !== 'approved') return approval;
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
      return { type: 'done' };
    }
    if (planned.action.type === 'done' || planned.action.type === 'fail') {
      performed.push({ action: planned.action, summary: planned.summary, ok: true });
      if (planned.action.type === 'fail') return { type: 'failed', reason: planned.action.reason };
      continue;
    }
    const result = environment.info.actionSpace.includes(planned.action.type)
      ? await environment.act(context.handle, withSecrets(context, planned.action))
      : { ok: false, error: `this environment cannot perform '${planned.action.type}' actions`, durationMs: 0 };
    await context.emit('environment', { type: 'action-end', stepId: step.id, result }, start.seq);
    if (approval) context.approvedActions.push(approval.action);
    performed.push({
      action: planned.action,
      summary: planned.summary,
      ok: result.ok,
      ...(planned.preparatory ? { preparatory: true } : {}),
    });
    if (!result.ok) return { type: 'failed', reason: `${planned.summary} failed: ${result.error ?? 'unknown error'}` };
  }
  return { type: 'done' };
}

/** The action as the environment performs it: typed text gets the values of the secrets it names. */
function withSecrets(context: RunContext, action: Action): Action {
  return action.type === 'type' && context.secrets.holdsPlaceholder(action.text)
    ? { ...action, text: context.secrets.fill(action.text) }
    : action;
}

/**
 * The control an action points at on the latest screen: the grounded box, else the control under
 * a click (a model clicks by coordinates, without grounding); undefined for other actions.
 */
function aimedAt(context: RunContext, planned: PlannedAction): AccessibilityNode | undefined {
  const nodes = context.latestScreen?.observation.accessibility;
  const box = planned.grounding?.box;
  const action = planned.action;
  const at = action.type === 'click' || action.type === 'double-click' ? action.at : undefined;
  if (nodes === undefined || (box === undefined && at === undefined)) return undefined;
  return locateTarget(nodes, {
    ...(box ? { box } : {}),
    ...(at ? { at } : {}),
    ...(planned.grounding?.query ? { name: planned.grounding.query } : {}),
  });
}

/**
 * Whether typing goes into a secret field: the field aimed at or focused says so, or, on a screen
 * with no accessibility snapshot, the name the field was found by does ("Password").
 */
function typesIntoSecret(
  context: RunContext,
  aimed: AccessibilityNode | undefined,
  query: string | undefined,
): boolean {
  if (isSecretField(aimed) || isSecretField(focusedNode(context))) return true;
  const described = context.latestScreen?.observation.accessibility !== undefined;
  return !described && query !== undefined && namesSecret(query);
}

function focusedNode(context: RunContext): AccessibilityNode | undefined {
  return context.latestScreen?.observation.accessibility?.find((node) => node.focused === true);
}

/** Run one tool call (searcher, coder) through the run's tool runner and log what it returned. */
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
