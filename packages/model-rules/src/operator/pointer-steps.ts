import type { OperatorDecision } from '@sandpiper/core';
import { describeTarget as describeElement, type Action, type TargetRef } from '@sandpiper/protocol';
import type { ChooseDirective, PointerDirective, SetCheckedDirective } from '../grammar/index.js';
import { describeTarget, quote } from '../grammar/index.js';
import { locateTarget, queryFor } from '../grounding/grounder.js';
import { clickAt, formatPoint, performedOfType, planned, pointIn } from './actions.js';
import { capitalize, prepareTarget, type DecisionContext } from './context.js';

function pointerAction(kind: PointerDirective['kind'], at: { x: number; y: number }): Action {
  if (kind === 'double-click') return { type: 'double-click', at, modifiers: [] };
  if (kind === 'hover') return { type: 'move', to: at };
  return clickAt(at);
}

const pointerVerbs = {
  click: { doing: 'Clicking', done: 'Clicked', action: 'click' },
  'double-click': { doing: 'Double-clicking', done: 'Double-clicked', action: 'double-click' },
  hover: { doing: 'Hovering over', done: 'Moved the pointer onto', action: 'move' },
} as const;

/** Click, double-click or hover: one pointer action on the grounded target. */
export async function decidePointer(context: DecisionContext, directive: PointerDirective): Promise<OperatorDecision> {
  const verbs = pointerVerbs[directive.kind];
  const done = performedOfType(context.input.performed, verbs.action).at(-1);
  if (done !== undefined) {
    const at = done.type === 'move' ? done.to : done.at;
    return { type: 'step-complete', evidence: `${verbs.done} ${describeTarget(directive)} at ${formatPoint(at)}.` };
  }
  const target = await prepareTarget(context, queryFor(directive.target), describeTarget(directive));
  if (target.type === 'decided') return target.decision;
  const at = pointIn(target.candidate.box, context.screen);
  const summary = `${verbs.doing} ${nameForSummary(directive.target)}`;
  return { type: 'act', actions: [planned(pointerAction(directive.kind, at), summary, target.grounding)] };
}

/** Check or uncheck: click only when the box is not already in the wanted state. */
export async function decideSetChecked(
  context: DecisionContext,
  directive: SetCheckedDirective,
): Promise<OperatorDecision> {
  const wanted = directive.kind === 'check';
  const description = describeTarget(directive);
  const clicked = performedOfType(context.input.performed, 'click').at(-1);
  if (clicked !== undefined) {
    return { type: 'step-complete', evidence: `Clicked ${description} at ${formatPoint(clicked.at)}.` };
  }
  const target = await prepareTarget(context, queryFor(directive.target, 'checkbox'), description, {
    changes: true,
  });
  if (target.type === 'decided') return target.decision;
  const node = target.candidate.node;
  const state = node?.checked ?? (node?.pressed === true || node?.pressed === false ? node.pressed : undefined);
  if (state === wanted) {
    return {
      type: 'step-complete',
      evidence: `${capitalize(description)} is already ${wanted ? 'checked' : 'not checked'}.`,
    };
  }
  const at = pointIn(target.candidate.box, context.screen);
  const summary = `${wanted ? 'Checking' : 'Unchecking'} ${nameForSummary(directive.target)}`;
  return { type: 'act', actions: [planned(clickAt(at), summary, target.grounding)] };
}

/** Choose a radio option, preferring one inside the named group. */
export async function decideChoose(context: DecisionContext, directive: ChooseDirective): Promise<OperatorDecision> {
  const description = describeTarget(directive);
  const clicked = performedOfType(context.input.performed, 'click').at(-1);
  if (clicked !== undefined) {
    return { type: 'step-complete', evidence: `Clicked ${description} at ${formatPoint(clicked.at)}.` };
  }
  let near;
  if (directive.group !== undefined) {
    const group = await locateTarget(context.handle, context.reader, context.screen, { text: directive.group });
    near = group.best?.box;
  }
  const query = { text: directive.option, role: 'radio', ...(near === undefined ? {} : { near }) };
  const target = await prepareTarget(context, query, description, { changes: true });
  if (target.type === 'decided') return target.decision;
  if (target.candidate.node?.checked === true) {
    return { type: 'step-complete', evidence: `${capitalize(description)} is already selected.` };
  }
  const at = pointIn(target.candidate.box, context.screen);
  return { type: 'act', actions: [planned(clickAt(at), `Choosing ${quote(directive.option)}`, target.grounding)] };
}

/** A target as a summary names it: its quoted name, or how the step points at it. */
export function nameForSummary(target: TargetRef): string {
  return target.name !== undefined && target.ordinal === undefined && target.within === undefined
    ? quote(target.name)
    : describeElement(target);
}
