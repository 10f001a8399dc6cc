import type { StepCheck } from '@sandpiper/core';
import type {
  ChooseDirective,
  ClearDirective,
  SelectDirective,
  SetCheckedDirective,
  TypeDirective,
} from '../grammar/index.js';
import { describeField, quote } from '../grammar/index.js';
import type { CheckContext } from '../step-checks/check-context.js';
import { checkSelected, checkToggled, checkTyped } from '../step-checks/field-checks.js';
import type { StepEvidence } from './extract-evidence.js';
import { distanceToBox, intersects, grow } from './geometry.js';
import type { LabelledRegion, RegionKind } from './labelled-region.js';
import { changed, cite, fail, guardSideEffects, noiseNote, strongest, succeed, type Judgment } from './verdict.js';

/** Kinds that show a field or control acted on changed. */
const CONTROL_KINDS: readonly RegionKind[] = ['field-text', 'toggle', 'popup', 'near-action', 'focus', 'own-look'];

/** The region that shows the acted-on control changing: on the target, or at the last action point. */
function controlRegion(evidence: StepEvidence, radius: number): LabelledRegion | undefined {
  const place = evidence.target?.box ?? evidence.actedOn?.box;
  const point = evidence.executed.lastPoint;
  const onTarget = evidence.regions.filter(
    (region) =>
      CONTROL_KINDS.includes(region.kind) &&
      ((place !== undefined && intersects(grow(place, 8), region.box)) ||
        (point !== undefined && distanceToBox(region.box, point) <= radius)),
  );
  return strongest(onTarget, CONTROL_KINDS) ?? strongest(evidence.regions, ['field-text', 'toggle']);
}

/**
 * Combine the state the control reports (accessibility value, checked state, OCR reading) with
 * the pixel evidence: the state decides, the region is cited, and a state already right before
 * acting passes as already done.
 */
async function withState(
  context: CheckContext,
  evidence: StepEvidence,
  radius: number,
  check: (context: CheckContext) => Promise<StepCheck>,
  what: string,
): Promise<Judgment> {
  const state = await check(context);
  const region = controlRegion(evidence, radius);
  const readable = context.reader.nodes(context.input.after) !== undefined || context.reader.ocrEnabled;
  if (state.passed) {
    // A check that read no state of the target (text seen somewhere) passes on a change only.
    const weak = state.basis === 'change';
    const verdict = weak ? changed : succeed;
    if (region !== undefined)
      return guardSideEffects(verdict(`${trim(state.evidence)}; ${cite(region)}.`), evidence.regions);
    const earlier = await check({ ...context, input: { ...context.input, after: context.input.before } });
    if (earlier.passed && weak) {
      return fail(`${trim(state.evidence)}, but it was before acting too, so it shows nothing of this step.`);
    }
    if (earlier.passed)
      return guardSideEffects(succeed(`${trim(state.evidence)}, as it already did before acting.`), evidence.regions);
    return guardSideEffects(
      verdict(`${trim(state.evidence)} (the screenshot shows no change there).`),
      evidence.regions,
    );
  }
  if (!readable && region !== undefined) {
    return guardSideEffects(
      changed(
        `${what} changed where the action happened, ${cite(region)}; its state cannot be read without accessibility data or OCR.`,
      ),
      evidence.regions,
    );
  }
  return fail(`${trim(state.evidence)}${region === undefined ? noiseNote(evidence.regions) : ''}.`);
}

function trim(sentence: string): string {
  return sentence.replace(/\.$/, '');
}

export function judgeTyped(
  context: CheckContext,
  evidence: StepEvidence,
  directive: TypeDirective | ClearDirective,
  radius: number,
): Promise<Judgment> {
  if (
    !evidence.executed.typed &&
    evidence.executed.actions.length > 0 &&
    directive.kind === 'type' &&
    directive.text !== ''
  ) {
    const typedSomewhere = evidence.regions.some((region) => region.kind === 'field-text');
    if (!typedSomewhere) return Promise.resolve(fail(`No text was typed for ${quote(directive.text)}.`));
  }
  const field =
    directive.field === undefined ? 'The focused field' : capitalFirst(describeField(directive.field, 'field'));
  return withState(context, evidence, radius, (inner) => checkTyped(inner, directive), field);
}

export function judgeSelected(
  context: CheckContext,
  evidence: StepEvidence,
  directive: SelectDirective,
  radius: number,
): Promise<Judgment> {
  return withState(
    context,
    evidence,
    radius,
    (inner) => checkSelected(inner, directive),
    capitalFirst(describeField(directive.field, 'dropdown')),
  );
}

export function judgeToggled(
  context: CheckContext,
  evidence: StepEvidence,
  directive: SetCheckedDirective | ChooseDirective,
  radius: number,
): Promise<Judgment> {
  const name =
    directive.kind === 'choose'
      ? `The ${quote(directive.option)} control`
      : capitalFirst(describeField(directive.target, 'checkbox'));
  return withState(context, evidence, radius, (inner) => checkToggled(inner, directive), name);
}

function capitalFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
