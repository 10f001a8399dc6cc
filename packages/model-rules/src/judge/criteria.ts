import type { Handle, Screen } from '@sandpiper/core';
import type { PlanVersion, SuccessCriterion } from '@sandpiper/protocol';
import { quote } from '../grammar/index.js';
import { scanLiterals } from '../grammar/quote.js';
import { locateTarget } from '../grounding/grounder.js';
import { fieldShows, optionShows } from '../operator/field-values.js';
import { allStepsConfirmedCriterion } from '../planner/outcomes.js';
import type { ScreenReader } from '../screen/screen-reader.js';
import { findVisibleText } from '../screen/visible-text.js';

/** The outcome for one criterion: whether it was positively seen, and what was seen. */
export interface CriterionCheck {
  /** The criterion was positively seen. */
  readonly satisfied: boolean;
  /** What was seen (or not), in one sentence. */
  readonly detail: string;
  /** The screen does not show whether it holds (a checkbox whose state cannot be read). */
  readonly unreadable?: boolean;
}

interface CriterionContext {
  readonly handle: Handle;
  readonly reader: ScreenReader;
  readonly screen: Screen;
  readonly plan: PlanVersion;
}

/** The criterion with quoted parts replaced by `⟦n⟧`, so its shape can be matched. */
function maskQuotes(text: string): { shape: string; quoted: string[] } {
  const quoted: string[] = [];
  let shape = '';
  let cursor = 0;
  for (const span of scanLiterals(text)) {
    shape += `${text.slice(cursor, span.start)}\u27e6${quoted.length}\u27e7`;
    quoted.push(span.text);
    cursor = span.end;
  }
  return { shape: shape + text.slice(cursor), quoted };
}

const seen = (detail: string): CriterionCheck => ({ satisfied: true, detail });
const unseen = (detail: string): CriterionCheck => ({ satisfied: false, detail });

async function textVisible(context: CriterionContext, text: string): Promise<CriterionCheck> {
  const sighting = await findVisibleText(context.handle, context.reader, context.screen, text, { ocrFallback: true });
  if (sighting?.place === 'on-screen') return seen(`${quote(text)} is on screen (${sighting.source}).`);
  return unseen(
    sighting === undefined ? `${quote(text)} is not on screen.` : `${quote(text)} is scrolled out of view.`,
  );
}

async function fieldValue(
  context: CriterionContext,
  label: string,
  role: 'field' | 'dropdown',
  wanted: string,
): Promise<CriterionCheck> {
  const found = await locateTarget(context.handle, context.reader, context.screen, { text: label, role });
  const node = found.best?.node;
  if (found.best === undefined) return unseen(`The ${quote(label)} ${role} is not on screen.`);
  if (node === undefined) {
    const text = await textVisible(context, wanted);
    return text.satisfied ? seen(`OCR reads ${quote(wanted)} on screen near ${quote(label)}.`) : text;
  }
  const shows =
    role === 'field'
      ? fieldShows(node.value, wanted) || (wanted === '' && node.value === '')
      : optionShows(node.value, wanted);
  return shows
    ? seen(`The ${quote(label)} ${role} shows ${quote(node.value ?? '')}.`)
    : unseen(`The ${quote(label)} ${role} shows ${quote(node.value ?? '')}.`);
}

async function toggleState(
  context: CriterionContext,
  label: string,
  role: 'checkbox' | 'radio',
  wanted: boolean,
): Promise<CriterionCheck> {
  const found = await locateTarget(context.handle, context.reader, context.screen, { text: label, role });
  const checked = found.best?.node?.checked;
  if (checked === undefined) {
    return {
      satisfied: false,
      unreadable: true,
      detail: `The state of ${quote(label)} cannot be read on this screen.`,
    };
  }
  const state = checked === true ? 'checked' : checked === 'mixed' ? 'partly checked' : 'not checked';
  return (checked === true) === wanted ? seen(`${quote(label)} is ${state}.`) : unseen(`${quote(label)} is ${state}.`);
}

function allStepsConfirmed(plan: PlanVersion): CriterionCheck {
  const steps = [...plan.completed, ...plan.pending];
  const open = steps.filter((step) => step.status !== 'completed');
  if (steps.length === 0) return unseen('The plan has no steps.');
  return open.length === 0
    ? seen(`All ${steps.length} steps were completed with their effect confirmed.`)
    : unseen(
        `${open.length} step${open.length === 1 ? ' is' : 's are'} not completed, starting with "${open[0]?.text}".`,
      );
}

/**
 * Check one criterion against the final screen. The shapes the rules planner writes are checked
 * precisely (a field's value, a checkbox's state, text on screen, the address); any other
 * criterion counts only when its exact value and every quoted part of it are visible.
 */
export async function checkCriterion(context: CriterionContext, criterion: SuccessCriterion): Promise<CriterionCheck> {
  if (criterion.text === allStepsConfirmedCriterion) return allStepsConfirmed(context.plan);
  const { shape, quoted } = maskQuotes(criterion.text);
  const [first = '', second = ''] = quoted;
  if (/^The ⟦0⟧ field shows ⟦1⟧$/.test(shape)) return fieldValue(context, first, 'field', second);
  if (/^The ⟦0⟧ field is empty$/.test(shape)) return fieldValue(context, first, 'field', '');
  if (/^The ⟦0⟧ dropdown shows ⟦1⟧$/.test(shape)) return fieldValue(context, first, 'dropdown', second);
  if (/^The ⟦0⟧ option is selected$/.test(shape)) return toggleState(context, first, 'radio', true);
  if (/^The ⟦0⟧ checkbox is checked$/.test(shape)) return toggleState(context, first, 'checkbox', true);
  if (/^The ⟦0⟧ checkbox is not checked$/.test(shape)) return toggleState(context, first, 'checkbox', false);
  if (/^⟦0⟧ is visible$/.test(shape)) return textVisible(context, first);
  if (/^The address shows ⟦0⟧$/.test(shape)) {
    const url = context.screen.capture.url ?? context.screen.observation.url;
    return url !== undefined && url.includes(first)
      ? seen(`The address is ${url}.`)
      : unseen(`The address is ${url ?? 'unknown'}.`);
  }
  const required = [...new Set([...(criterion.exactValue === undefined ? [] : [criterion.exactValue]), ...quoted])];
  if (required.length === 0) return unseen('It names nothing exact that can be looked for on the screen.');
  for (const text of required) {
    const check = await textVisible(context, text);
    if (!check.satisfied) return check;
  }
  return seen(`Every quoted part is on screen: ${required.map((text) => quote(text)).join(', ')}.`);
}
