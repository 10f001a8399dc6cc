import type { AccessibilityNode, Action, Point, RunEvent, Step } from '@sandpiper/protocol';
import type { PerformedAction, Screen, StepCheck } from '../engine.js';
import { revisePlan } from '../plan/index.js';
import { releaseRunningStep } from './interventions.js';
import { approvalPhase } from './planning.js';
import { holds, locateTarget } from './sensitive-target.js';
import type { RunContext } from './run-context.js';
import { continueRun, stopRun, type Continue, type RunStop } from './stop.js';

/**
 * A resumed run whose environment was opened afresh (the browser that held the page died with
 * the process) cannot trust its log: whatever the page held (typed values, a filter, an open
 * dialog) may be gone. Before going on it reads each completed step again on the screen it has
 * now. A step counts only when its effect is read there as a state (a field's value, a selected
 * tab); a change between the old screen and the new one proves nothing, since the restart itself
 * changed everything. Steps whose effect is not on screen are put back in front of the plan as a
 * proposal, approved like any other; when one of them committed something (it needed approval,
 * such as a submit), only the person may approve redoing it, since it may have taken effect
 * already.
 */
export async function verifyReopenedPage(context: RunContext): Promise<RunStop | Continue> {
  const plan = context.state.plan;
  if (!plan) return continueRun;
  const done = plan.completed.filter((step) => step.status === 'completed');
  if (done.length === 0) return continueRun;
  const events = await context.deps.log.read(context.runId);
  const now = context.latestScreen ?? (await context.observe());
  const gone: { readonly step: Step; readonly number: number; readonly committed: boolean }[] = [];
  for (const step of done) {
    const span = lastAttempt(events, step.id);
    const check = await recheck(context, step, span, now);
    if (check?.passed === true && check.basis === 'state') continue;
    gone.push({ step, number: plan.completed.indexOf(step) + 1, committed: mayHaveCommitted(span) });
  }
  if (gone.length === 0) {
    await context.emit('agent', {
      type: 'warning',
      message: `${reopenedWhat(context)} when the run resumed; the effect of every completed step (${done.length}) is still on screen.`,
    });
    return continueRun;
  }
  const numbers = gone.map((entry) => entry.number);
  const which = numbers.length === 1 ? `step ${numbers[0]}` : `steps ${listNumbers(numbers)}`;
  const committed = gone.filter((entry) => entry.committed);
  await context.emit('agent', {
    type: 'warning',
    message:
      `${reopenedWhat(context)} when the run resumed; the effects of ${which} ` +
      `are not on screen, so they do not count as done and are proposed again: ${gone.map((entry) => `"${entry.step.text}"`).join(', ')}.`,
  });
  const revised = revisePlan(
    releaseRunningStep(plan),
    gone.map(({ step }, index) => ({
      type: 'add' as const,
      index,
      text: step.text,
      ...(step.expectedOutcome ? { expectedOutcome: step.expectedOutcome } : {}),
      ...(step.intent ? { intent: step.intent } : {}),
    })),
    {
      ids: context.deps.ids,
      cause: 'resume',
      number: context.state.versions.length + 1,
      rationale: `${restartedWhat(context)}; the effects of ${which} are gone, so they are redone first.`,
    },
  );
  if (!revised.ok) return stopRun('failed', revised.error.message);
  await context.emit('agent', { type: 'plan-version-create', version: revised.version });
  const personOnly =
    committed.length === 0
      ? undefined
      : `${restartedWhat(context)}, and ${committed.map((entry) => `step ${entry.number} ("${entry.step.text}")`).join(', ')} ` +
        'may already have taken effect; only you can say whether to do it again. Resume the run interactively to decide.';
  const approved = await approvalPhase(context, revised.version, personOnly === undefined ? {} : { personOnly });
  return approved.type === 'stop' ? approved : continueRun;
}

/**
 * Read the interrupted step on a reopened page: it counts as done only on a state read there.
 * Otherwise it stays in the plan, in its place, to run again after any steps redone before it.
 */
export async function recheckOnReopenedPage(context: RunContext, stepId: string): Promise<boolean> {
  const step = context.state.plan?.pending.find((candidate) => candidate.id === stepId);
  if (!step) return false;
  const events = await context.deps.log.read(context.runId);
  const now = context.latestScreen ?? (await context.observe());
  const check = await recheck(context, step, lastAttempt(events, stepId), now);
  if (check?.passed !== true || check.basis !== 'state') return false;
  await context.emit('agent', { type: 'step-check', stepId, passed: true, evidence: check.evidence, basis: 'state' });
  await context.emit('agent', { type: 'step-end', stepId, status: 'completed', reason: check.evidence });
  return true;
}

/**
 * The step's effect read on the screen as it is now, against the screen before its last attempt;
 * undefined without that screen. No action is handed over: none was performed on this page, so a
 * pass can rest only on what the page shows (a field's value), never on the response to a click
 * that happened on a page now gone.
 */
async function recheck(
  context: RunContext,
  step: Step,
  span: readonly RunEvent[],
  now: Screen,
): Promise<StepCheck | undefined> {
  const first = span.find((event) => event.payload.type === 'observation');
  const before =
    first?.payload.type === 'observation' ? await context.screenFrom(first.payload.observation) : undefined;
  if (!before) return undefined;
  return context.engine.reflector.check(context.handle, { step, performed: [], before, after: now });
}

/** The events of a step's last attempt: from its last `step-start` to its `step-end` (or the log's end). */
export function lastAttempt(events: readonly RunEvent[], stepId: string): readonly RunEvent[] {
  const start = events.findLastIndex((event) => event.payload.type === 'step-start' && event.payload.stepId === stepId);
  if (start < 0) return [];
  const end = events.findIndex(
    (event, index) => index > start && event.payload.type === 'step-end' && event.payload.stepId === stepId,
  );
  return events.slice(start, end < 0 ? undefined : end + 1);
}

/** The actions logged in a span of events, each with whether the environment performed it. */
export function performedSince(events: readonly RunEvent[]): PerformedAction[] {
  const performed: PerformedAction[] = [];
  for (const event of events) {
    if (event.payload.type !== 'action-start') continue;
    const start = event;
    const end = events.find((candidate) => candidate.cause === start.seq && candidate.payload.type === 'action-end');
    const ok = end?.payload.type === 'action-end' ? end.payload.result.ok : false;
    performed.push({ action: event.payload.action, summary: event.payload.summary, ok });
  }
  return performed;
}

/** Controls whose activation can set something off on the app's side: a submit, a confirm, a link. */
const TRIGGERS: ReadonlySet<string> = new Set(['button', 'link', 'menuitem']);

/** Controls where Enter picks or toggles a value instead of submitting. */
const CHOOSERS: ReadonlySet<string> = new Set([
  'combobox',
  'listbox',
  'option',
  'tree',
  'treeitem',
  'grid',
  'gridcell',
  'spinbutton',
  'slider',
  'radio',
  'checkbox',
  'switch',
  'tab',
]);

/**
 * Whether the step's last attempt may have changed something beyond the page, so doing it again
 * could do it twice: one of its actions waited for approval (the guard read it as committing), or
 * pressed Enter outside a list or dropdown, or clicked a button, link or menu item (or something
 * the snapshot did not show).
 * Typing, ticking and choosing an option change only the page until something is submitted.
 */
export function mayHaveCommitted(span: readonly RunEvent[]): boolean {
  let nodes: readonly AccessibilityNode[] | undefined;
  // What has the keyboard: the focused node of the last look, or the control clicked since.
  let focused: AccessibilityNode | undefined;
  for (const event of span) {
    const payload = event.payload;
    if (payload.type === 'approval-request' && payload.subject.type === 'action') return true;
    if (payload.type === 'observation') {
      nodes = payload.observation.accessibility;
      focused = nodes ? locateTarget(nodes, { focused: true }) : undefined;
    }
    if (payload.type !== 'action-start') continue;
    const action = payload.action;
    if ((action.type === 'key' || action.type === 'hold-and-press') && pressesEnter(action)) {
      // Enter in a list or a dropdown chooses; in a field or on a button it submits.
      if (focused === undefined || !CHOOSERS.has(focused.role)) return true;
    }
    if (action.type !== 'click' && action.type !== 'double-click') continue;
    if (action.type === 'click' && action.button === 'right') continue;
    const box = payload.grounding?.box;
    const target = nodes
      ? (locateTarget(nodes, { at: action.at, ...(box ? { box } : {}) }) ?? cellAt(nodes, action.at))
      : undefined;
    if (target === undefined || TRIGGERS.has(target.role)) return true;
    focused = target;
  }
  return false;
}

/** What came back new after the restart, as the person knows it: the page, or the desktop's programs. */
function reopenedWhat(context: RunContext): string {
  return context.deps.environment.info.kind === 'browser'
    ? 'The page was reopened (the browser that held it is gone)'
    : 'The desktop was started again (the programs that held the work are gone; only what was saved remains)';
}

function restartedWhat(context: RunContext): string {
  return context.deps.environment.info.kind === 'browser'
    ? 'The page was reopened after a restart'
    : 'The desktop was started again after a restart';
}

/** A sheet's or grid's cell under the point: clicking one selects it and commits nothing. */
function cellAt(nodes: readonly AccessibilityNode[], at: Point): AccessibilityNode | undefined {
  return nodes.find((node) => (node.role === 'cell' || node.role === 'gridcell') && holds(node.box, at));
}

function pressesEnter(action: Extract<Action, { type: 'key' | 'hold-and-press' }>): boolean {
  const keys = action.type === 'key' ? action.keys : action.press;
  return keys.some((key) => /^(?:enter|return|numpadenter)$/i.test(key));
}

/** "1–3 and 5": runs of consecutive numbers joined by a dash. */
function listNumbers(numbers: readonly number[]): string {
  const runs: string[] = [];
  let first = numbers[0]!;
  let last = first;
  for (const number of [...numbers.slice(1), Number.NaN]) {
    if (number === last + 1) {
      last = number;
      continue;
    }
    runs.push(first === last ? `${first}` : last === first + 1 ? `${first}, ${last}` : `${first}–${last}`);
    first = number;
    last = number;
  }
  return runs.length === 1 ? runs[0]! : `${runs.slice(0, -1).join(', ')} and ${runs.at(-1)}`;
}
