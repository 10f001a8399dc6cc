import type { Handle, Screen } from '@sandpiper/core';
import {
  describeTarget,
  type CriterionCheck,
  type PlanVersion,
  type SuccessCriterion,
  type TargetRef,
} from '@sandpiper/protocol';
import { quote } from '../grammar/index.js';
import { rankRole } from '../grounding/roles.js';
import { headerOf, nodeTree, tableCellText } from '../grounding/scope.js';
import { locateTarget, queryFor } from '../grounding/grounder.js';
import { sameValue } from '../evidence/judgment.js';
import { fieldShows, optionShows } from '../operator/field-values.js';
import type { ScreenReader } from '../screen/screen-reader.js';
import { besideComboBox, choiceInGroup, choiceShownBeside } from '../screen/shown-choice.js';
import { findVisibleText } from '../screen/visible-text.js';

/** The outcome for one criterion: whether it was positively seen, and what was seen. */
export interface CriterionOutcome {
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

const seen = (detail: string): CriterionOutcome => ({ satisfied: true, detail });
const unseen = (detail: string): CriterionOutcome => ({ satisfied: false, detail });

async function textVisible(context: CriterionContext, text: string): Promise<CriterionOutcome> {
  const sighting = await findVisibleText(context.handle, context.reader, context.screen, text, { ocrFallback: true });
  if (sighting?.place === 'on-screen') return seen(`${quote(text)} is on screen (${sighting.source}).`);
  return unseen(
    sighting === undefined ? `${quote(text)} is not on screen.` : `${quote(text)} is scrolled out of view.`,
  );
}

async function fieldValue(
  context: CriterionContext,
  target: TargetRef,
  role: 'field' | 'dropdown' | 'column header',
  wanted: string,
): Promise<CriterionOutcome> {
  const label = target.name ?? describeTarget(target);
  // A group of radios named so: its value is the radio chosen.
  const group =
    role === 'column header'
      ? undefined
      : choiceInGroup(context.reader.tree(context.screen) ?? [], target, wanted, (shown, value) =>
          sameValue(shown, value, undefined),
        );
  if (group !== undefined) return group.chosen ? seen(group.detail) : unseen(group.detail);
  const found = await locateTarget(context.handle, context.reader, context.screen, { ...queryFor(target), role });
  const header =
    role === 'column header'
      ? headerOf(nodeTree(context.reader.tree(context.screen) ?? []), found.best?.node)
      : undefined;
  const node = header ?? found.best?.node;
  if (found.best === undefined) {
    // "the status of Compressor-B" once its edit form is saved: the item's row shows it.
    const item = target.within?.name;
    const cell =
      role === 'field' && item !== undefined && target.name !== undefined
        ? tableCellText(context.reader.tree(context.screen) ?? [], item, target.name)
        : undefined;
    if (cell !== undefined) {
      const where = `In the row of ${quote(item!)}, the ${quote(target.name!)} column shows ${quote(cell)}`;
      return sameValue(cell, wanted, undefined) || fieldShows(cell, wanted) ? seen(`${where}.`) : unseen(`${where}.`);
    }
    return unseen(`The ${quote(label)} ${role} is not on screen.`);
  }
  if (node === undefined) {
    const text = await textVisible(context, wanted);
    return text.satisfied ? seen(`OCR reads ${quote(wanted)} on screen near ${quote(label)}.`) : text;
  }
  if (node.role === 'combobox' && node.expanded === true && wanted !== '') {
    // Text typed into a combobox whose list is still open was not chosen from it.
    return unseen(`The ${quote(label)} ${role} still has its list open; no option was chosen.`);
  }
  if (node.role === 'combobox' && wanted !== '' && (node.value ?? '') === '') {
    // Many comboboxes show their choice beside an empty text box: the choice must be on screen.
    const text = await textVisible(context, wanted);
    return text.satisfied ? seen(`${quote(wanted)} is shown by the ${quote(label)} ${role}.`) : text;
  }
  if (node.role === 'combobox' && wanted === '' && (node.value ?? '') === '') {
    // A combobox's text box is empty whether or not a choice is still shown beside it.
    // Such a widget shows its placeholder there only while nothing is chosen.
    const beside = besideComboBox(context.reader.nodes(context.screen) ?? [], node);
    if (beside.chosen.length > 0) {
      return unseen(`The ${quote(label)} ${role} still shows ${quote(beside.chosen.join(', '))} beside its text box.`);
    }
    if (beside.placeholder) return seen(`The ${quote(label)} ${role} is empty and shows its placeholder.`);
    return {
      satisfied: false,
      unreadable: true,
      detail: `Whether the ${quote(label)} ${role} still holds a choice cannot be read from its empty text box.`,
    };
  }
  const shows =
    role === 'field'
      ? fieldShows(node.value, wanted) ||
        (wanted === '' && node.value === '') ||
        (wanted !== '' && sameValue(node.value, wanted, node))
      : optionShows(node.value, wanted);
  return shows
    ? seen(`The ${quote(label)} ${role} shows ${quote(node.value ?? '')}.`)
    : unseen(`The ${quote(label)} ${role} shows ${quote(node.value ?? '')}.`);
}

/** Roles whose chosen state is their selection (aria-selected), not a check mark. */
const selectableRoles = new Set(['tab', 'option', 'treeitem', 'row', 'gridcell']);

async function toggleState(
  context: CriterionContext,
  target: TargetRef,
  role: 'checkbox' | 'radio',
  wanted: boolean,
): Promise<CriterionOutcome> {
  const label = target.name ?? describeTarget(target);
  const hint = role === 'checkbox' && target.role === 'switch' ? 'switch' : role;
  const found = await locateTarget(context.handle, context.reader, context.screen, { ...queryFor(target), role: hint });
  const node = found.best?.node;
  const checked =
    node?.checked ??
    (typeof node?.pressed === 'boolean'
      ? node.pressed
      : node !== undefined && selectableRoles.has(node.role)
        ? (node.selected ?? false)
        : undefined);
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

function allStepsConfirmed(plan: PlanVersion): CriterionOutcome {
  const steps = [...plan.completed, ...plan.pending];
  const open = steps.filter((step) => step.status !== 'completed');
  if (steps.length === 0) return unseen('The plan has no steps.');
  return open.length === 0
    ? seen(`All ${steps.length} steps were completed with their effect confirmed.`)
    : unseen(
        `${open.length} step${open.length === 1 ? ' is' : 's are'} not completed, starting with "${open[0]?.text}".`,
      );
}

/** The grounder's role hint for a field criterion: a dropdown for list-like roles, a field otherwise. */
function fieldKind(role: string | undefined): 'field' | 'dropdown' | 'column header' {
  if (role === 'column header') return role;
  return role !== undefined && /dropdown|combobox|listbox|select|menu|picker/i.test(role) ? 'dropdown' : 'field';
}

/** Radio-like targets (options, radios) are read as radios; anything else as a checkbox. */
function toggleKind(role: string | undefined): 'checkbox' | 'radio' {
  return role !== undefined && /radio|option/i.test(role) ? 'radio' : 'checkbox';
}

async function controlState(context: CriterionContext, check: Extract<CriterionCheck, { kind: 'control-state' }>) {
  const { target, state } = check;
  if (state === 'checked' || state === 'unchecked' || state === 'selected' || state === 'not-selected') {
    const wanted = state === 'checked' || state === 'selected';
    if (target.within !== undefined && target.name !== undefined) {
      // An option picked inside a holder: a dropdown holding it shows it as its value.
      const holder = await locateTarget(
        context.handle,
        context.reader,
        context.screen,
        queryFor(target.within, 'dropdown'),
      );
      const holderNode = holder.best?.node;
      const value = holderNode?.value;
      // A searchable select shows its choice beside an empty text box, on the same line.
      const shown =
        holderNode === undefined
          ? undefined
          : choiceShownBeside(context.reader.nodes(context.screen) ?? [], holderNode, target.name);
      if (shown !== undefined) {
        const label = target.within.name ?? describeTarget(target.within);
        return wanted
          ? seen(`${quote(label)} shows ${quote(shown)}.`)
          : unseen(`${quote(label)} shows ${quote(shown)}.`);
      }
      if (value !== undefined && value !== '' && holderNode?.checked === undefined) {
        const label = target.within.name ?? describeTarget(target.within);
        const shows = optionShows(value, target.name) === wanted;
        return shows
          ? seen(`${quote(label)} shows ${quote(value)}.`)
          : unseen(`${quote(label)} shows ${quote(value)}.`);
      }
    }
    return toggleState(context, target, toggleKind(target.role), wanted);
  }
  const found = await locateTarget(context.handle, context.reader, context.screen, queryFor(target));
  const node = found.best?.node;
  const reading =
    state === 'expanded' || state === 'collapsed'
      ? node?.expanded
      : state === 'enabled' || state === 'disabled'
        ? node === undefined
          ? undefined
          : !(node.disabled ?? false)
        : undefined;
  if (reading === undefined) {
    return {
      satisfied: false,
      unreadable: true,
      detail: `Whether ${describeTarget(target)} ${state === 'pressed' || state === 'not-pressed' ? 'is pressed' : `is ${state}`} cannot be read on this screen.`,
    };
  }
  const wanted = state === 'expanded' || state === 'enabled';
  const seenState =
    state === 'expanded' || state === 'collapsed'
      ? reading
        ? 'expanded'
        : 'collapsed'
      : reading
        ? 'enabled'
        : 'disabled';
  return reading === wanted
    ? seen(`${describeTarget(target)} is ${seenState}.`)
    : unseen(`${describeTarget(target)} is ${seenState}.`);
}

async function elementPresence(context: CriterionContext, target: TargetRef, wanted: 'visible' | 'gone') {
  const found = await locateTarget(context.handle, context.reader, context.screen, queryFor(target));
  const present = found.best !== undefined && !found.ambiguous;
  const name = describeTarget(target);
  if (wanted === 'visible') return present ? seen(`${name} is on screen.`) : unseen(`${name} is not on screen.`);
  return found.best === undefined ? seen(`${name} is no longer on screen.`) : unseen(`${name} is still on screen.`);
}

function countMatches(context: CriterionContext, check: Extract<CriterionCheck, { kind: 'count' }>): CriterionOutcome {
  const nodes = context.screen.observation.accessibility;
  if (nodes === undefined) {
    return { satisfied: false, unreadable: true, detail: 'Elements cannot be counted without accessibility data.' };
  }
  const name = (check.target.name ?? '').toLowerCase();
  const count = nodes.filter(
    (node) =>
      (check.target.role === undefined || rankRole(check.target.role, node.role) === 3) &&
      node.name.toLowerCase().includes(name),
  ).length;
  const holds =
    check.comparison === 'exactly'
      ? count === check.count
      : check.comparison === 'at-least'
        ? count >= check.count
        : count <= check.count;
  const detail = `${count} matching ${check.target.role ?? 'element'}${count === 1 ? ' is' : 's are'} on screen.`;
  return holds ? seen(detail) : unseen(detail);
}

/**
 * Check one criterion against the final screen, by the kind of check it carries: a field's value,
 * a control's state, text on screen, an element present or gone, a count, the address. A
 * `described` criterion counts only when every text it says must show is visible.
 */
export async function checkCriterion(
  context: CriterionContext,
  criterion: SuccessCriterion,
): Promise<CriterionOutcome> {
  const check = criterion.check;
  switch (check.kind) {
    case 'steps-confirmed':
      return allStepsConfirmed(context.plan);
    case 'field-value':
      return fieldValue(context, check.target, fieldKind(check.target.role), check.value);
    case 'control-state':
      return controlState(context, check);
    case 'text-visible':
      return textVisible(context, check.text);
    case 'element-visible':
      return elementPresence(context, check.target, 'visible');
    case 'element-gone':
      return elementPresence(context, check.target, 'gone');
    case 'count':
      return countMatches(context, check);
    case 'address': {
      const url = context.screen.capture.url ?? context.screen.observation.url;
      const holds =
        url !== undefined &&
        (check.exact ? url.includes(check.value) : url.toLowerCase().includes(check.value.toLowerCase()));
      return holds ? seen(`The address is ${url}.`) : unseen(`The address is ${url ?? 'unknown'}.`);
    }
    case 'described': {
      if (check.mustShow.length === 0) return unseen('It names nothing exact that can be looked for on the screen.');
      for (const text of check.mustShow) {
        const result = await textVisible(context, text);
        if (!result.satisfied) return result;
      }
      return seen(`Every text it names is on screen: ${check.mustShow.map((text) => quote(text)).join(', ')}.`);
    }
  }
}
