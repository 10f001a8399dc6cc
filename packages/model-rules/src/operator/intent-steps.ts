/**
 * Deciders for the steps whose way of acting depends on what the target turns out to be on
 * screen: pick, toggle, set, expand/collapse, dismiss, confirm, search, find, go to, and
 * commands ("Remove", "Archive", "Sign out"). Each reads the current screen, resolves its target
 * (exploring when it is not visible yet), and chooses the actions the control takes.
 */
import type { OperatorDecision, PerformedAction, PlannedAction } from '@sandpiper/core';
import {
  describeTarget as describeElement,
  quote,
  type AccessibilityNode,
  type Box,
  type TargetRef,
} from '@sandpiper/protocol';
import type {
  CommandDirective,
  ConfirmDirective,
  DisclosureDirective,
  DismissDirective,
  FindDirective,
  GoToDirective,
  PickDirective,
  SearchDirective,
  SetDirective,
  ToggleDirective,
} from '../grammar/index.js';
import { locateTarget, queryFor, type LocateQuery } from '../grounding/grounder.js';
import { tiedWithBest } from '../grounding/candidates.js';
import { headerOf, nodeTree, rowCheckbox } from '../grounding/scope.js';
import { normalizeText, reaches, scoreText } from '../grounding/text-score.js';
import {
  dateSpellings,
  formatDate,
  formatTime,
  nativeTimeKeys,
  parseDate,
  parseDateRange,
  numberMeant,
  parseNumber,
  parseTime,
  timeSpellings,
} from '../language/values.js';
import { isInViewport } from '../screen/screen-reader.js';
import {
  clickAt,
  fieldPoint,
  formatPoint,
  keyAction,
  performedOfType,
  planned,
  pointIn,
  scrollToward,
  selectAll,
} from './actions.js';
import { centreInside, containsPoint } from '../evidence/geometry.js';
import { sameValue } from '../evidence/judgment.js';
import { holderRoles, markUndoneBy } from '../language/lexicon.js';
import { capitalize, locateInStep, prepareTarget, type DecisionContext, type Targeting } from './context.js';
import { decideSelect, decideType, findOptionIndex } from './field-steps.js';
import { EXPLORING, explorationNote, isExploring, nextExploration, revealRest } from './explore.js';
import { decideChoose } from './pointer-steps.js';

/** Actions that carried the step out: not exploring, not scrolling a target into view, not waiting for it. */
function carried(performed: readonly PerformedAction[]): PerformedAction[] {
  return performed.filter(
    (entry) =>
      entry.ok && !isExploring(entry) && !entry.summary.startsWith('Scrolling') && !entry.summary.startsWith('Waiting'),
  );
}

/** One click in the middle of a target found on screen, with its grounding attached. */
function clickTarget(
  context: DecisionContext,
  target: Extract<Targeting, { type: 'ready' }>,
  summary: string,
): OperatorDecision {
  return {
    type: 'act',
    actions: [planned(clickAt(pointIn(target.candidate.box, context.screen)), summary, target.grounding)],
  };
}

function lastClick(performed: readonly PerformedAction[]): PerformedAction | undefined {
  return carried(performed)
    .filter((entry) => entry.action.type === 'click')
    .at(-1);
}

function clickPoint(entry: PerformedAction): string {
  return entry.action.type === 'click' ? ` at ${formatPoint(entry.action.at)}` : '';
}

function clickNode(
  context: DecisionContext,
  node: AccessibilityNode,
  summary: string,
  grounding?: PlannedAction['grounding'],
): OperatorDecision {
  return { type: 'act', actions: [planned(clickAt(pointIn(node.box, context.screen)), summary, grounding)] };
}

function nameOf(target: TargetRef): string {
  return target.name !== undefined && target.within === undefined && target.ordinal === undefined
    ? quote(target.name)
    : describeElement(target);
}

/** A control's on/off state: checked, pressed, or selected (tabs); undefined when it shows none. */
export function onState(node: AccessibilityNode | undefined): boolean | undefined {
  if (node === undefined) return undefined;
  if (node.checked !== undefined) return node.checked === true;
  if (node.pressed !== undefined) return node.pressed === true;
  return undefined;
}

// ——— toggle ———

export async function decideToggle(context: DecisionContext, directive: ToggleDirective): Promise<OperatorDecision> {
  const description = describeElement(directive.target);
  const clicked = lastClick(context.input.performed);
  if (clicked !== undefined)
    return { type: 'step-complete', evidence: `Clicked ${description}${clickPoint(clicked)}.` };
  const target = await prepareTarget(context, queryFor(directive.target, 'switch'), description, {
    target: directive.target,
    changes: true,
  });
  if (target.type === 'decided') return target.decision;
  const state = onState(target.candidate.node);
  if (state === directive.on) {
    return { type: 'step-complete', evidence: `${capitalize(description)} is already ${directive.on ? 'on' : 'off'}.` };
  }
  const summary = `Turning ${directive.on ? 'on' : 'off'} ${nameOf(directive.target)}`;
  return clickTarget(context, target, summary);
}

// ——— set ———

const dateWords =
  /\b(?:date|day|birthday|birth|dob|born|deadline|due|arrival|departure|check[- ]?in|check[- ]?out|from|to|start|end|until)\b/i;
const timeWords = /\b(?:time|start|end|from|to|until|at|begins?|ends?|hour)\b/i;

/** The value in the form the field takes: dates and times converted to the field's own format. */
export function valueForField(node: AccessibilityNode | undefined, value: string): string {
  if (node === undefined) return value;
  const hint = node.placeholder ?? (node.value !== undefined && node.value !== '' ? node.value : undefined);
  const names = `${node.name} ${node.placeholder ?? ''} ${node.description ?? ''}`;
  const type = node.inputType;
  if (
    type === 'time' ||
    (type === undefined &&
      timeWords.test(names) &&
      /^\d{1,2}(?::\d{2})?\s*(?:am|pm)?$|\b(?:am|pm|half|quarter|noon|o'clock)\b/i.test(value))
  ) {
    const time = parseTime(value);
    if (time !== undefined) return type === 'time' ? nativeTimeKeys(time) : formatTime(time, hint);
  }
  if (type === 'date' || type === 'datetime-local' || type === undefined) {
    const dateLike =
      type === 'date' ||
      (hint !== undefined &&
        /\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}|^[dmy]{1,4}[-/.][dmy]{1,4}[-/.][dmy]{1,4}$/i.test(hint)) ||
      dateWords.test(names);
    const date = dateLike ? parseDate(value) : undefined;
    if (date !== undefined) return formatDate(date, type === 'date' ? 'MM/DD/YYYY' : hint);
  }
  return value;
}

/** A slider's or spin button's number: its value, or a number in its value text ("6 months"). */
function numericValue(node: AccessibilityNode): number | undefined {
  return node.value === undefined ? undefined : parseNumber(node.value);
}

/** Most arrow presses in one go; a longer way is taken in several rounds, looking in between. */
const MAX_ARROWS = 120;
/** Rounds of presses before a slider that will not reach the value fails. */
const MAX_ROUNDS = 4;

const roundSummary = /^Moving (?:.*) from (-?[\d.]+) with (\d+) presses/;
const pageSummary = /^Paging (?:.*) from (-?[\d.]+) with (\d+) presses/;

/** Arrow presses from which a long way is first taken by pages (PageUp/PageDown move further). */
const PAGE_WORTH = 15;

/**
 * Move a slider or spin button with arrow keys until it shows the wanted number. The first round
 * assumes one unit per press; later rounds use what the previous round moved per press.
 */
function decideStepper(
  context: DecisionContext,
  node: AccessibilityNode,
  wanted: number,
  label: string,
  grounding: PlannedAction['grounding'],
): OperatorDecision {
  const current = numericValue(node);
  if (current === undefined)
    return { type: 'fail', reason: `The value of ${label} cannot be read (it shows ${quote(node.value ?? '')}).` };
  if (Math.abs(current - wanted) < 1e-9)
    return { type: 'step-complete', evidence: `${capitalize(label)} shows ${quote(node.value ?? String(current))}.` };
  if (node.valueMin !== undefined && wanted < node.valueMin)
    return { type: 'fail', reason: `${capitalize(label)} goes no lower than ${node.valueMin}.` };
  if (node.valueMax !== undefined && wanted > node.valueMax)
    return { type: 'fail', reason: `${capitalize(label)} goes no higher than ${node.valueMax}.` };
  const rounds = carried(context.input.performed).filter((entry) => roundSummary.test(entry.summary));
  if (rounds.length >= MAX_ROUNDS)
    return { type: 'fail', reason: `${capitalize(label)} stopped at ${quote(node.value ?? '')}, not ${wanted}.` };
  const paging = pagingRound(context, node, current, wanted, label, grounding, rounds.length);
  if (paging !== undefined) return paging;
  const previous = rounds.at(-1);
  const moved = previous === undefined ? 0 : movedPerPress(previous, roundSummary, current);
  const perPress = moved > 0 ? moved : 1;
  const presses = Math.max(1, Math.min(MAX_ARROWS, Math.round(Math.abs(wanted - current) / perPress)));
  const up = wanted > current;
  const key = node.role === 'spinbutton' ? (up ? 'ArrowUp' : 'ArrowDown') : up ? 'ArrowRight' : 'ArrowLeft';
  const summary = `Moving ${label} from ${current} with ${presses} presses of ${key} toward ${wanted}`;
  return pressRound(context, node, label, grounding, key, presses, summary);
}

/** How far one press of a round moved the value: from where the round's summary says it started to `current`. */
function movedPerPress(round: PerformedAction, summary: RegExp, current: number): number {
  const match = summary.exec(round.summary);
  if (match === null) return 0;
  const presses = Number(match[2]);
  return presses > 0 ? Math.abs(current - Number(match[1])) / presses : 0;
}

/** A round of presses of one key on a slider or spin button, focusing it first when it is not. */
function pressRound(
  context: DecisionContext,
  node: AccessibilityNode,
  label: string,
  grounding: PlannedAction['grounding'],
  key: string,
  presses: number,
  summary: string,
): OperatorDecision {
  const actions: PlannedAction[] = [];
  if (node.focused !== true)
    actions.push(planned(clickAt(pointIn(node.box, context.screen)), `Focusing ${label}`, grounding));
  for (let index = 0; index < presses; index += 1) actions.push(planned(keyAction([key]), summary));
  return { type: 'act', actions };
}

/**
 * A long way ("70 → 35" on a 0–100 slider) taken by pages before arrows, so it costs a few
 * presses, not one per unit: one PageUp or PageDown first, to see how far a page goes, then as
 * many whole pages as fit. Undefined once arrows have started, when the way is short, or when a
 * page moved nothing or would overshoot: the arrows do the rest.
 */
function pagingRound(
  context: DecisionContext,
  node: AccessibilityNode,
  current: number,
  wanted: number,
  label: string,
  grounding: PlannedAction['grounding'],
  arrowRounds: number,
): OperatorDecision | undefined {
  const distance = Math.abs(wanted - current);
  if (arrowRounds > 0 || distance < PAGE_WORTH) return undefined;
  const pages = carried(context.input.performed).filter((entry) => pageSummary.test(entry.summary));
  let presses = 1;
  if (pages.length >= 2) return undefined;
  if (pages.length === 1) {
    const perPage = movedPerPress(pages[0]!, pageSummary, current);
    if (!(perPage > 0)) return undefined;
    presses = Math.floor(distance / perPage);
    if (presses < 1) return undefined;
  }
  const key = wanted > current ? 'PageUp' : 'PageDown';
  const summary = `Paging ${label} from ${current} with ${presses} presses of ${key} toward ${wanted}`;
  return pressRound(context, node, label, grounding, key, presses, summary);
}

export async function decideSet(context: DecisionContext, directive: SetDirective): Promise<OperatorDecision> {
  const description = describeElement(
    directive.target.role === undefined ? { ...directive.target, role: 'field' } : directive.target,
  );
  const query = queryFor(directive.target, directive.target.role ?? 'field');
  // "Visit type: Phone": a radio named by the value in the group named by the target goes first;
  // the nearest field below the group's legend is another control.
  if (directive.target.name !== undefined && radioInGroup(context, directive.target.name, directive.value))
    return decideChoose(context, { kind: 'choose', option: directive.value, group: directive.target.name });
  const found = await locateTarget(context.handle, context.reader, context.screen, query);
  // "Set Payment to Card" may name a radio group: its option is a radio named by the value.
  // (Also when the name was found only as text, or as the group of the radios.)
  const role = found.best?.node?.role;
  if ((role === undefined || role === 'radiogroup' || role === 'group') && directive.target.name !== undefined) {
    const radio = await locateTarget(context.handle, context.reader, context.screen, {
      text: directive.value,
      role: 'radio',
    });
    if (radio.best !== undefined && (radio.best.role === 'radio' || radio.best.role === 'menuitemradio')) {
      return decideChoose(context, { kind: 'choose', option: directive.value, group: directive.target.name });
    }
    const toggle = await locateTarget(
      context.handle,
      context.reader,
      context.screen,
      queryFor(directive.target, 'switch'),
    );
    const on = onOff(directive.value);
    if (toggle.best?.node !== undefined && on !== undefined && onState(toggle.best.node) !== undefined) {
      return decideToggle(context, { kind: 'toggle', target: directive.target, on });
    }
  }
  const target = await prepareTarget(context, query, description, {
    target: directive.target,
    changes: true,
    field: true,
  });
  if (target.type === 'decided') return target.decision;
  const node = target.candidate.node;
  const label = description;
  // A header's sort button stands for its header ("Next service" inside the column's header).
  const header = headerOf(nodeTree(context.reader.tree(context.screen) ?? []), node);
  if (header !== undefined && directive.target.role === 'column header')
    return decideSortOrder(context, directive, header, target);
  switch (node?.role) {
    case 'checkbox':
    case 'switch':
    case 'menuitemcheckbox': {
      const on = onOff(directive.value);
      if (on === undefined)
        return {
          type: 'fail',
          reason: `${capitalize(label)} is a switch; ${quote(directive.value)} is neither on nor off.`,
        };
      return decideToggle(context, { kind: 'toggle', target: directive.target, on });
    }
    case 'slider':
    case 'spinbutton': {
      const wanted = numberMeant(directive.value) ?? leadingNumber(directive.value);
      if (wanted === undefined)
        return { type: 'fail', reason: `${quote(directive.value)} is not a number ${label} can take.` };
      if (node.role === 'spinbutton' && node.inputType === 'number' && carried(context.input.performed).length === 0) {
        return decideType(context, { kind: 'type', text: String(wanted), field: directive.target });
      }
      return decideStepper(context, node, wanted, label, target.grounding);
    }
    case 'combobox':
    case 'listbox':
    case 'button': {
      if (node.options !== undefined && node.options.length > 0) {
        const index = findOptionIndex(node.options, directive.value);
        const option = index === undefined ? directive.value : (node.options[index] ?? directive.value);
        return decideSelect(context, { kind: 'select', option, field: directive.target });
      }
      // A combobox that takes text suggests as you type; one that does not (a custom select) opens a list.
      if (node.role === 'combobox' && node.editable === true)
        return decideAutocomplete(context, directive, node, label);
      return decideSelect(context, { kind: 'select', option: directive.value, field: directive.target });
    }
    default: {
      const kind = node === undefined ? undefined : clockKind(node);
      const readable =
        kind === 'time' ? parseTime(directive.value) : kind === 'date' ? parseDate(directive.value) : true;
      // "an hour" typed into a time field shows there, but no picker takes it: it is no value.
      if (kind !== undefined && readable === undefined)
        return { type: 'fail', reason: `${quote(directive.value)} is not a ${kind} ${label} can take.` };
      const spellings = node === undefined ? [] : clockSpellings(node, directive.value);
      if (spellings.length > 0) return decideClockEntry(context, directive, spellings, label);
      return decideType(context, { kind: 'type', text: valueForField(node, directive.value), field: directive.target });
    }
  }
}

/** Whether a radio named `option` sits in a group (radio group, fieldset) named `group`. */
function radioInGroup(context: DecisionContext, group: string, option: string): boolean {
  const all = context.reader.tree(context.screen) ?? [];
  const tree = nodeTree(all);
  return all.some(
    (node) =>
      (node.role === 'radio' || node.role === 'menuitemradio') &&
      normalizeText(node.name) === normalizeText(option) &&
      tree
        .ancestors(node.ref)
        .map((ref) => tree.byRef(ref))
        .some(
          (holder) =>
            (holder?.role === 'radiogroup' || holder?.role === 'group') &&
            normalizeText(holder.name) === normalizeText(group),
        ),
  );
}

/** Whether a field takes a time or a single date, by its input type or its own name. */
function clockKind(node: AccessibilityNode): 'time' | 'date' | undefined {
  if (node.inputType === 'time') return 'time';
  if (node.inputType === 'date') return 'date';
  if (node.inputType !== undefined && node.inputType !== 'text') return undefined;
  if (/\btime$/i.test(node.name.trim())) return 'time';
  if (/\b(?:date|birthday|date of birth)$/i.test(node.name.trim())) return 'date';
  return undefined;
}

/**
 * The spellings to try for a date or a time typed into a text field that is not a native date or
 * time input (pickers such as flatpickr take one format and drop anything else); empty when the
 * value is not a single date or time, or the field does not take one.
 */
function clockSpellings(node: AccessibilityNode, value: string): string[] {
  if (node.inputType !== undefined && node.inputType !== 'text') return [];
  if (node.editable === false) return [];
  const names = `${node.name} ${node.placeholder ?? ''} ${node.description ?? ''}`;
  const hint = node.placeholder ?? (node.value !== undefined && node.value !== '' ? node.value : undefined);
  const converted = valueForField(node, value);
  const range = parseDateRange(value);
  if (range !== undefined && dateWords.test(names)) {
    const [from, to] = range.map((day) => dateSpellings(day, hint));
    return [...new Set(from!.map((start, index) => `${start} to ${to![index] ?? to![0]}`))];
  }
  const date = parseDate(value);
  if (date !== undefined && (dateWords.test(names) || converted !== value))
    return [...new Set([converted, ...dateSpellings(date, hint)])];
  const time = parseTime(value);
  if (time !== undefined && timeWords.test(names) && clockLike.test(value))
    return [...new Set([converted, ...timeSpellings(time, hint)])];
  return [];
}

/** A value written as a time of day ("16:45", "9 am", "half past nine"), not a bare number. */
const clockLike = /^\d{1,2}:\d{2}(?:\s*(?:am|pm))?$|^\d{1,2}\s*(?:am|pm)$|\b(?:half|quarter|noon|midnight|o'clock)\b/i;

const committing = 'Committing';

/**
 * Type a date or time into a picker's text field and commit it with Tab (a picker takes typed
 * text only when the field loses focus), then read the field back: it must show the value. A
 * field that dropped or changed the text gets the next spelling, until none is left.
 */
async function decideClockEntry(
  context: DecisionContext,
  directive: SetDirective,
  spellings: readonly string[],
  label: string,
): Promise<OperatorDecision> {
  const tries = carried(context.input.performed).filter((entry) => entry.summary.startsWith(committing)).length;
  const found = await locateTarget(context.handle, context.reader, context.screen, queryFor(directive.target, 'field'));
  const node = found.best?.node;
  if (tries > 0 && node !== undefined && sameValue(node.value, directive.value, node)) {
    return { type: 'step-complete', evidence: `${capitalize(label)} shows ${quote(node.value ?? '')}.` };
  }
  const spelling = spellings[tries];
  if (spelling === undefined || found.best === undefined) {
    return {
      type: 'fail',
      reason: `${capitalize(label)} took none of ${spellings.map((text) => quote(text)).join(', ')} (it shows ${quote(node?.value ?? '')}).`,
    };
  }
  return {
    type: 'act',
    actions: [
      planned(clickAt(fieldPoint(found.best.box, context.screen)), `Clicking ${label}`),
      planned(selectAll, `Selecting the text in ${label}`),
      planned({ type: 'type', text: spelling }, `Typing ${quote(spelling)} into ${label}`),
      planned(keyAction(['Tab']), `${committing} ${quote(spelling)} in ${label} with Tab`),
    ],
  };
}

function onOff(value: string): boolean | undefined {
  if (/^(?:on|yes|true|enabled?|checked|ticked|active|visible|public|shown)$/i.test(value.trim())) return true;
  if (/^(?:off|no|false|disabled?|unchecked|unticked|inactive|hidden|private)$/i.test(value.trim())) return false;
  return undefined;
}

/** The number a worded value starts with ("six months" → 6), for a slider whose value text has words ("6 months"). */
function leadingNumber(value: string): number | undefined {
  return parseNumber(value.trim().split(/\s+/)[0] ?? '');
}

/**
 * A combobox that takes text and suggests options: type the value, then choose the suggestion
 * that matches it. A value of several words that brings no suggestion ("harbour view inn in oslo"
 * where the list has "Harbour View Inn, Oslo") is looked up again by its first word. With no
 * suggestion at all the typed text may be the value, but only a field that still shows it once
 * focus has left it took it: a searchable select drops text it found nothing for.
 */
async function decideAutocomplete(
  context: DecisionContext,
  directive: SetDirective,
  node: AccessibilityNode,
  label: string,
): Promise<OperatorDecision> {
  const performed = context.input.performed;
  const done = carried(performed);
  if (done.some((entry) => entry.summary.startsWith(choosingSuggestion))) {
    return { type: 'step-complete', evidence: `Chose the suggestion for ${quote(directive.value)} in ${label}.` };
  }
  const typings = done.filter((entry) => entry.action.type === 'type');
  const typed = typings.at(-1)?.action;
  const lastText = typed?.type === 'type' ? typed.text : undefined;
  if (done.some((entry) => entry.summary.startsWith(leavingField))) {
    if (node.value !== undefined && normalizeText(node.value) === normalizeText(directive.value)) {
      return {
        type: 'step-complete',
        evidence: `${capitalize(label)} kept ${quote(node.value)} after focus left it; it offered no suggestions.`,
      };
    }
    return {
      type: 'fail',
      reason: `${capitalize(label)} offered no suggestion for ${quote(directive.value)} and did not keep the typed text (it shows ${quote(node.value ?? '')}).`,
    };
  }
  if (lastText === undefined) return typeInto(node, directive.value, label, context);
  const sinceTyping = performed.slice(performed.lastIndexOf(typings.at(-1)!) + 1);
  const nodes = context.reader.nodes(context.screen) ?? [];
  const options = nodes.filter(
    (candidate) => candidate.role === 'option' && isInViewport(candidate.box, context.screen),
  );
  // A list still showing options the typed text rules out may not have been filtered yet: it can
  // move under the pointer. One short wait lets it settle.
  const unfiltered = options.some((option) => scoreText(lastText, option.name) === undefined);
  if (unfiltered && performedOfType(sinceTyping, 'wait').length === 0) {
    return { type: 'act', actions: [planned({ type: 'wait', ms: 400 }, `Waiting for suggestions in ${label}`)] };
  }
  const scored = options
    .map((option) => ({ option, score: scoreText(directive.value, option.name)?.score ?? 0 }))
    .filter((entry) => entry.score >= 0.7)
    .sort((first, second) => second.score - first.score);
  const best = scored[0];
  if (best === undefined) {
    if (options.length === 0 && performedOfType(sinceTyping, 'wait').length < 2)
      return { type: 'act', actions: [planned({ type: 'wait', ms: 400 }, `Waiting for suggestions in ${label}`)] };
    const shorter = lookupWord(directive.value);
    const lookedUp = typings.some((entry) => entry.action.type === 'type' && entry.action.text === shorter);
    if (shorter !== undefined && !lookedUp)
      return typeInto(node, shorter, label, context, ` to look up ${quote(directive.value)}`);
    if (options.length > 0 && lastText === directive.value) {
      const listed = options
        .slice(0, 8)
        .map((option) => quote(option.name))
        .join(', ');
      return {
        type: 'fail',
        reason: `${capitalize(label)} suggests ${listed}, none of them ${quote(directive.value)}.`,
      };
    }
    if (lastText !== directive.value) return typeInto(node, directive.value, label, context, ' again');
    return {
      type: 'act',
      actions: [
        planned(keyAction(['Tab']), `${leavingField} ${label} to see whether it keeps ${quote(directive.value)}`),
      ],
    };
  }
  const second = scored[1];
  if (
    second !== undefined &&
    second.score >= best.score - 0.02 &&
    normalizeText(second.option.name) !== normalizeText(best.option.name)
  ) {
    return {
      type: 'clarify',
      question: `${capitalize(label)} suggests both ${quote(best.option.name)} and ${quote(second.option.name)} for ${quote(directive.value)}. Which one do you mean?`,
    };
  }
  return clickNode(context, best.option, `${choosingSuggestion} ${quote(best.option.name)} in ${label}`);
}

const choosingSuggestion = 'Choosing the suggestion';
const leavingField = 'Leaving';

function typeInto(
  node: AccessibilityNode,
  text: string,
  label: string,
  context: DecisionContext,
  purpose = '',
): OperatorDecision {
  const actions: PlannedAction[] = [];
  if (node.focused !== true) actions.push(planned(clickAt(fieldPoint(node.box, context.screen)), `Clicking ${label}`));
  actions.push(planned(selectAll, `Selecting the text in ${label}`));
  actions.push(planned({ type: 'type', text }, `Typing ${quote(text)} into ${label}${purpose}`));
  return { type: 'act', actions };
}

/** Words too common to look a name up by. */
const lookupStopWords = new Set(['the', 'a', 'an', 'my', 'our', 'this', 'that', 'one']);

/** The first telling word of a value of several words, to search a list by; undefined for one word. */
function lookupWord(value: string): string | undefined {
  const words = value.trim().split(/\s+/);
  if (words.length < 2) return undefined;
  return words.find(
    (word) => word.replace(/[^\p{L}\p{N}]/gu, '').length >= 3 && !lookupStopWords.has(word.toLowerCase()),
  );
}

// ——— pick ———

const pickRoles = new Set([
  'checkbox',
  'switch',
  'menuitemcheckbox',
  'radio',
  'menuitemradio',
  'option',
  'tab',
  'treeitem',
  'menuitem',
  'button',
  'link',
  'gridcell',
  'row',
]);

/** Roles a pick may land on that act rather than choose. */
const actionRoles = new Set(['button', 'link', 'gridcell', 'row']);

export async function decidePick(context: DecisionContext, directive: PickDirective): Promise<OperatorDecision> {
  const description = quote(directive.option);
  const performed = context.input.performed;
  const choosing = `Choosing ${description}`;
  // Only the pick's own click counts: one that a field or dropdown path made (into a search
  // field, onto a dropdown) only began the choice.
  const clicked = carried(performed)
    .filter((entry) => entry.action.type === 'click' && entry.summary.startsWith(choosing))
    .at(-1);
  const query: LocateQuery = {
    text: directive.option,
    ...(directive.within === undefined ? {} : { within: directive.within }),
  };
  const found = await locateTarget(context.handle, context.reader, context.screen, query);
  const node = found.best?.node;
  // One click per attempt: a second would toggle a checkbox back, and the step checks read
  // whether the first one took.
  if (clicked !== undefined) {
    return { type: 'step-complete', evidence: `Clicked ${description}${clickPoint(clicked)}.` };
  }
  // A choice a dropdown offers goes before a link or button that only carries the word ("show only
  // audiobooks" is the Format filter, not a result card that says "Audiobook").
  const offered =
    node === undefined || actionRoles.has(node.role) ? await dropdownOffering(context, directive) : undefined;
  if (offered !== undefined) {
    return decideSelect(context, { kind: 'select', option: offered.option, field: offered.field });
  }
  // "Select Forklift FL-3" in a grid whose rows are selected by their checkboxes: a click on the
  // row's cell would select it alone, dropping any row selected before; its checkbox adds it.
  const rowBox = node === undefined ? undefined : rowCheckbox(context.reader.tree(context.screen) ?? [], node);
  if (rowBox !== undefined) {
    if (rowBox.checked === true)
      return { type: 'step-complete', evidence: `${capitalize(description)} is already selected.` };
    return { type: 'act', actions: [planned(clickAt(pointIn(rowBox.box, context.screen)), choosing)] };
  }
  if (node !== undefined && pickRoles.has(node.role)) {
    const state =
      node.role === 'tab' || node.role === 'option' || node.role === 'treeitem' ? node.selected : onState(node);
    if (state === true)
      return {
        type: 'step-complete',
        evidence: `${capitalize(description)} is already ${node.role === 'tab' ? 'the selected tab' : 'selected'}.`,
      };
    const target = await prepareTarget(context, query, description, {
      target: { name: directive.option },
      changes: true,
    });
    if (target.type === 'decided') return target.decision;
    return clickTarget(context, target, choosing);
  }
  // A dropdown that offers it: a native select lists its options, a named holder may be one.
  const dropdown = await dropdownOffering(context, directive);
  if (dropdown !== undefined) {
    return decideSelect(context, { kind: 'select', option: dropdown.option, field: dropdown.field });
  }
  if (directive.within !== undefined) {
    const holder = await locateTarget(
      context.handle,
      context.reader,
      context.screen,
      queryFor(directive.within, 'field'),
    );
    const holderNode = holder.best?.node;
    if (
      holderNode !== undefined &&
      (holderNode.role === 'combobox' ||
        holderNode.role === 'listbox' ||
        holderNode.popup === 'listbox' ||
        holderNode.role === 'textbox')
    ) {
      return decideSet(context, {
        kind: 'set',
        target: { ...directive.within, role: directive.within.role ?? 'field' },
        value: directive.option,
      });
    }
  }
  if (node !== undefined) {
    const target = await prepareTarget(context, query, description, {
      target: { name: directive.option },
      changes: true,
    });
    if (target.type === 'decided') return target.decision;
    return clickTarget(context, target, choosing);
  }
  const target = await prepareTarget(context, query, description, {
    target: { name: directive.option, ...(directive.within ? { within: directive.within } : {}) },
    changes: true,
  });
  if (target.type === 'decided') return target.decision;
  return clickTarget(context, target, choosing);
}

async function dropdownOffering(
  context: DecisionContext,
  directive: PickDirective,
): Promise<{ option: string; field: TargetRef } | undefined> {
  const nodes = context.reader.nodes(context.screen) ?? [];
  let candidates = nodes.filter(
    (node) => (node.role === 'combobox' || node.role === 'listbox') && (node.options?.length ?? 0) > 0,
  );
  if (directive.within !== undefined) {
    const holder = await locateTarget(
      context.handle,
      context.reader,
      context.screen,
      queryFor(directive.within, 'dropdown'),
    );
    const ref = holder.best?.node?.ref;
    candidates = candidates.filter((node) => node.ref === ref);
  }
  let offering = candidates.flatMap((node) => {
    const index = findOptionIndex(node.options ?? [], directive.option);
    return index === undefined ? [] : [{ node, option: node.options?.[index] ?? directive.option }];
  });
  // An open dialog is where the choice is made: the page's dropdowns behind it wait.
  const dialog = openDialog(context);
  if (dialog !== undefined && offering.length > 1) {
    const tree = nodeTree(context.reader.tree(context.screen) ?? []);
    const inside = offering.filter((entry) => tree.ancestors(entry.node.ref).includes(dialog.ref));
    if (inside.length > 0) offering = inside;
  }
  if (offering.length !== 1) return undefined;
  const { node, option } = offering[0]!;
  const inDialog =
    dialog !== undefined &&
    nodeTree(context.reader.tree(context.screen) ?? [])
      .ancestors(node.ref)
      .includes(dialog.ref);
  const field: TargetRef =
    node.name !== ''
      ? { name: node.name, role: 'dropdown' }
      : { role: 'dropdown', ordinal: dropdownOrdinal(nodes, node) };
  // The dropdown is found again by its name: in the dialog, where the page behind may have its twin.
  return {
    option,
    field:
      inDialog && dialog.name !== '' && node.name !== ''
        ? { ...field, within: { name: dialog.name, role: 'dialog' } }
        : field,
  };
}

/** The dialog on top, when one is open in view. */
function openDialog(context: DecisionContext): AccessibilityNode | undefined {
  return (context.reader.tree(context.screen) ?? [])
    .filter((node) => (node.role === 'dialog' || node.role === 'alertdialog') && isInViewport(node.box, context.screen))
    .at(-1);
}

function dropdownOrdinal(nodes: readonly AccessibilityNode[], node: AccessibilityNode): number {
  return nodes.filter((candidate) => candidate.role === 'combobox' || candidate.role === 'listbox').indexOf(node) + 1;
}

// ——— expand / collapse ———

export async function decideDisclosure(
  context: DecisionContext,
  directive: DisclosureDirective,
): Promise<OperatorDecision> {
  const wanted = directive.kind === 'expand';
  const description = describeElement(directive.target);
  const clicked = lastClick(context.input.performed);
  const target = await prepareTarget(context, queryFor(directive.target), description, { target: directive.target });
  if (target.type === 'decided') {
    if (clicked !== undefined)
      return { type: 'step-complete', evidence: `Clicked ${description}${clickPoint(clicked)}.` };
    return target.decision;
  }
  const node = target.candidate.node;
  const control = node?.expanded === undefined ? await disclosureControl(context, node) : node;
  const state = control?.expanded;
  if (state === wanted)
    return { type: 'step-complete', evidence: `${capitalize(description)} is ${wanted ? 'expanded' : 'collapsed'}.` };
  if (clicked !== undefined)
    return { type: 'step-complete', evidence: `Clicked ${description}${clickPoint(clicked)}.` };
  // The node found is clicked where grounding placed it (an open tree item on its own row).
  const box = control === undefined || control === node ? target.candidate.box : control.box;
  return {
    type: 'act',
    actions: [
      planned(
        clickAt(pointIn(box, context.screen)),
        `${wanted ? 'Expanding' : 'Collapsing'} ${nameOf(directive.target)}`,
        target.grounding,
      ),
    ],
  };
}

/** The expandable control that a heading or text stands for: one inside it or on its row. */
async function disclosureControl(
  context: DecisionContext,
  node: AccessibilityNode | undefined,
): Promise<AccessibilityNode | undefined> {
  if (node === undefined) return undefined;
  const nodes = context.reader.nodes(context.screen) ?? [];
  // An accordion's panel is named by its header: the control is the expandable one of the same name.
  const header = nodes.find(
    (candidate) =>
      candidate.expanded !== undefined &&
      candidate.role !== 'combobox' &&
      node.name !== '' &&
      candidate.name === node.name,
  );
  if (header !== undefined) return header;
  const centreY = node.box.y + node.box.height / 2;
  return nodes.find(
    (candidate) =>
      candidate.expanded !== undefined &&
      candidate.role !== 'combobox' &&
      centreY >= candidate.box.y - 2 &&
      centreY <= candidate.box.y + candidate.box.height + 2 &&
      Math.abs(candidate.box.x - node.box.x) < 600,
  );
}

// ——— dismiss / confirm ———

const CLOSE_NAME =
  /^(?:close|dismiss|×|✕|✖|x|cancel|got it|no thanks|not now|hide|ok|okay|done|close (?:dialog|notification|message|banner|alert|toast|panel|menu)|dismiss (?:notification|message|banner|alert))\b/i;
const NEGATIVE_NAME = /^(?:cancel|no\b|close|back|keep|don't|do not|not now|dismiss|×|✕|x$|never mind|go back|stay)/i;
const AFFIRMATIVE_NAME =
  /^(?:yes|ok|okay|confirm|continue|proceed|accept|agree|i agree|i understand|delete|remove|archive|sign out|log out|submit|send|save|apply|done|discard|leave|restore|revoke|disable|enable|reset|unsubscribe|block|report|pay|book|buy|place order)/i;

function openOverlays(context: DecisionContext): AccessibilityNode[] {
  const all = context.reader.tree(context.screen) ?? [];
  return all.filter(
    (node) =>
      (node.role === 'dialog' || node.role === 'alertdialog' || node.role === 'menu') &&
      isInViewport(node.box, context.screen),
  );
}

function buttonsIn(context: DecisionContext, holder: AccessibilityNode): AccessibilityNode[] {
  const all = context.reader.tree(context.screen) ?? [];
  const tree = nodeTree(all);
  return (context.reader.nodes(context.screen) ?? []).filter(
    (node) =>
      (node.role === 'button' || node.role === 'link' || node.role === 'menuitem') &&
      node.disabled !== true &&
      (tree.structured ? tree.ancestors(node.ref).includes(holder.ref) : centreInside(node.box, holder.box)),
  );
}

function closeButton(buttons: readonly AccessibilityNode[]): AccessibilityNode | undefined {
  const named = (node: AccessibilityNode) => `${node.name} ${node.description ?? ''}`.trim();
  return (
    buttons.find((node) => /^(?:close|dismiss|×|✕|✖|x)\b/i.test(named(node))) ??
    buttons.find((node) => CLOSE_NAME.test(named(node)))
  );
}

export async function decideDismiss(context: DecisionContext, directive: DismissDirective): Promise<OperatorDecision> {
  const performed = context.input.performed;
  const done = carried(performed).at(-1);
  if (done !== undefined) return { type: 'step-complete', evidence: `${done.summary.replace(/^Closing/, 'Closed')}.` };
  let holder: AccessibilityNode | undefined;
  let description = 'what is open';
  if (directive.target !== undefined) {
    description = describeElement(directive.target);
    const found = await locateTarget(context.handle, context.reader, context.screen, queryFor(directive.target));
    // "close the payment methods question": an open section is closed by collapsing it.
    const node = found.best?.node;
    const header =
      node === undefined || node.expanded !== undefined
        ? node
        : (context.reader.nodes(context.screen) ?? []).find(
            (candidate) => candidate.expanded !== undefined && candidate.name === node.name,
          );
    if (header?.expanded === true && reaches(scoreText(directive.target.name ?? '', header.name), 'contains'))
      return decideDisclosure(context, { kind: 'collapse', target: directive.target });
    holder = holderOf(context, found.best?.node);
    if (holder === undefined && found.best?.node !== undefined && /close|dismiss/i.test(found.best.node.name)) {
      return clickNode(context, found.best.node, `Closing ${description} with ${quote(found.best.node.name)}`);
    }
    if (holder === undefined && found.best === undefined) {
      // "Dismiss the trial notification": a close button named after it.
      const close = await locateTarget(context.handle, context.reader, context.screen, {
        text: `dismiss ${directive.target.name ?? ''}`.trim(),
        role: 'button',
      });
      if (close.best?.node !== undefined && (close.best.score ?? 0) >= 0.7)
        return clickNode(context, close.best.node, `Closing ${description} with ${quote(close.best.node.name)}`);
      return { type: 'fail', reason: `Could not find ${description} to close; nothing by that name is open.` };
    }
  } else {
    holder = openOverlays(context).at(-1);
    if (holder === undefined)
      return { type: 'fail', reason: 'Nothing is open to close: no dialog, menu or popup is on screen.' };
    description = holder.name === '' ? `the ${holder.role}` : `the ${quote(holder.name)} ${holder.role}`;
  }
  if (holder !== undefined) {
    const close = closeButton(buttonsIn(context, holder));
    if (close !== undefined)
      return clickNode(
        context,
        close,
        `Closing ${description} with ${quote(close.name || close.description || 'close')}`,
      );
  }
  return { type: 'act', actions: [planned(keyAction(['Escape']), `Closing ${description} with Escape`)] };
}

/** The dialog, notice or region a found node is or sits in. */
function holderOf(context: DecisionContext, node: AccessibilityNode | undefined): AccessibilityNode | undefined {
  if (node === undefined) return undefined;
  const holders = new Set([
    'dialog',
    'alertdialog',
    'status',
    'alert',
    'region',
    'group',
    'menu',
    'listbox',
    'complementary',
    'article',
    'listitem',
    'generic',
  ]);
  if (holders.has(node.role) && node.role !== 'generic') return node;
  const all = context.reader.tree(context.screen) ?? [];
  const tree = nodeTree(all);
  for (const ref of tree.ancestors(node.ref)) {
    const ancestor = tree.byRef(ref);
    if (ancestor === undefined || !holders.has(ancestor.role)) continue;
    // The nearest holder with a control in it (a toast's generic box holds its close button).
    if (buttonsIn(context, ancestor).length > 0) return ancestor;
  }
  return undefined;
}

export async function decideConfirm(context: DecisionContext, directive: ConfirmDirective): Promise<OperatorDecision> {
  const performed = context.input.performed;
  const clicked = lastClick(performed);
  if (clicked !== undefined)
    return {
      type: 'step-complete',
      evidence: `${clicked.summary.replace(/^Confirming/, 'Confirmed')}${clickPoint(clicked)}.`,
    };
  const dialogs = (context.reader.tree(context.screen) ?? []).filter(
    (node) => (node.role === 'dialog' || node.role === 'alertdialog') && isInViewport(node.box, context.screen),
  );
  const dialog = dialogs.at(-1);
  if (directive.target !== undefined) {
    const query =
      dialog === undefined ? queryFor(directive.target) : { ...queryFor(directive.target), within: { role: 'dialog' } };
    const target = await prepareTarget(context, query, describeElement(directive.target), {
      target: directive.target,
      explore: false,
    });
    if (target.type === 'decided') return target.decision;
    return clickTarget(context, target, `Confirming with ${nameOf(directive.target)}`);
  }
  if (dialog === undefined) {
    const inline = (context.reader.nodes(context.screen) ?? []).filter(
      (node) =>
        node.role === 'button' &&
        /^(?:confirm|yes\b|i'?m sure)/i.test(node.name) &&
        isInViewport(node.box, context.screen),
    );
    if (inline.length === 1) return clickNode(context, inline[0]!, `Confirming with ${quote(inline[0]!.name)}`);
    if (performedOfType(performed, 'wait').length === 0) {
      return { type: 'act', actions: [planned({ type: 'wait', ms: 600 }, 'Waiting for a confirmation to appear')] };
    }
    return {
      type: 'step-complete',
      evidence: 'No dialog or confirmation is open: nothing is waiting to be confirmed.',
    };
  }
  const buttons = buttonsIn(context, dialog).filter(
    (node) => !NEGATIVE_NAME.test(node.name.trim()) && node.name.trim() !== '',
  );
  const affirmative = buttons.filter((node) => AFFIRMATIVE_NAME.test(node.name.trim()));
  const chosen = affirmative.length === 1 ? affirmative[0] : buttons.length === 1 ? buttons[0] : undefined;
  if (chosen === undefined) {
    if (buttons.length === 0)
      return { type: 'fail', reason: `The dialog ${quote(dialog.name)} offers no button that accepts it.` };
    return {
      type: 'clarify',
      question: `The dialog ${quote(dialog.name)} offers ${buttons.map((node) => quote(node.name)).join(', ')}. Which one confirms what you want?`,
    };
  }
  return clickNode(context, chosen, `Confirming with ${quote(chosen.name)}`);
}

// ——— search / find / go to ———

export async function decideSearch(context: DecisionContext, directive: SearchDirective): Promise<OperatorDecision> {
  const performed = carried(context.input.performed);
  if (performed.some((entry) => entry.action.type === 'key' && entry.action.keys.includes('Enter'))) {
    return { type: 'step-complete', evidence: `Searched for ${quote(directive.text)}.` };
  }
  const field = directive.field ?? (await searchBox(context));
  if (field === undefined) return { type: 'fail', reason: 'There is no search box on the screen.' };
  const description = describeElement({ ...field, role: field.role ?? 'searchbox' });
  const target = await prepareTarget(context, queryFor(field, 'searchbox'), description, { target: field });
  if (target.type === 'decided') return target.decision;
  const node = target.candidate.node;
  const actions: PlannedAction[] = [];
  if (node?.focused !== true)
    actions.push(
      planned(clickAt(fieldPoint(target.candidate.box, context.screen)), `Clicking ${description}`, target.grounding),
    );
  actions.push(planned(selectAll, `Selecting the text in ${description}`));
  actions.push(planned({ type: 'type', text: directive.text }, `Typing ${quote(directive.text)} into ${description}`));
  actions.push(planned(keyAction(['Enter']), `Searching for ${quote(directive.text)}`));
  return { type: 'act', actions };
}

/** The page's search box: a searchbox, else a field named or hinted "search", else none. */
async function searchBox(context: DecisionContext): Promise<TargetRef | undefined> {
  const nodes = context.reader.nodes(context.screen) ?? [];
  const boxes = nodes.filter((node) => node.role === 'searchbox');
  if (boxes.length >= 1)
    return boxes[0]!.name !== '' ? { name: boxes[0]!.name, role: 'searchbox' } : { role: 'searchbox', ordinal: 1 };
  const named = nodes.find(
    (node) =>
      (node.role === 'textbox' || node.role === 'combobox') &&
      /search|find|filter/i.test(`${node.name} ${node.placeholder ?? ''}`),
  );
  if (named !== undefined)
    return { name: named.name !== '' ? named.name : (named.placeholder ?? 'search'), role: 'field' };
  return undefined;
}

export async function decideFind(context: DecisionContext, directive: FindDirective): Promise<OperatorDecision> {
  const description = describeElement(directive.target);
  const target = await prepareTarget(context, queryFor(directive.target), description, { target: directive.target });
  if (target.type === 'decided') return target.decision;
  return {
    type: 'step-complete',
    evidence: `${capitalize(description)} is in view at ${formatPoint(pointIn(target.candidate.box, context.screen))}.`,
  };
}

const placeRoles = new Set(['tab', 'link', 'button', 'menuitem', 'treeitem', 'option']);

/** Roles of things that hold an item's parts: a card, a row, a list item, a result. */
const itemRoles = new Set(['article', 'listitem', 'row', 'gridcell', 'cell']);
/** Roles that hold an item when the target names the holder itself ("the third card"). */
const namedHolderRoles = new Set([...itemRoles, 'group', 'region']);

/**
 * The control that opens the item a node belongs to: the first visible link in the node when it
 * is the item, or in the nearest item (card, row, list item) that holds it; else a button that
 * fills most of the item. Undefined when the node is in no item, or nothing in it opens it.
 */
function openerInItem(context: DecisionContext, target: AccessibilityNode): AccessibilityNode | undefined {
  const tree = nodeTree(context.reader.tree(context.screen) ?? []);
  const holder = namedHolderRoles.has(target.role)
    ? target
    : tree
        .ancestors(target.ref)
        .map((ref) => tree.byRef(ref))
        .find((node) => node !== undefined && itemRoles.has(node.role));
  if (holder === undefined) return undefined;
  const inside = (context.reader.nodes(context.screen) ?? []).filter(
    (node) =>
      node.name !== '' &&
      (node.ref === target.ref || tree.ancestors(node.ref).includes(holder.ref)) &&
      isInViewport(node.box, context.screen),
  );
  const link = inside.find((node) => node.role === 'link');
  if (link !== undefined) return link;
  // A list item that is one big button (a message in an inbox: sender, time, subject) with a
  // small toggle beside it (Star): the big button opens it.
  const area = (box: Box) => box.width * box.height;
  return inside.find(
    (node) =>
      node.role === 'button' &&
      node.pressed === undefined &&
      node.popup === undefined &&
      area(node.box) * 2 >= area(holder.box),
  );
}

/** Places in a grid that going to means selecting, so the next keys act there. */
const CURSOR_ROLES = new Set(['cell', 'gridcell']);

/** Kinds of item a list holds, which people go to in order to open them (the grammar reads "article", "result", "message" as card). */
const ITEM_KINDS = new Set(['card', 'item', 'row']);

/** How well a heading or text must match a place's name to count as that place in view (a prefix or better). */
const IN_VIEW_SCORE = 0.85;

/** Names of a pager's stepping controls, beside which a button named by a number is a page's. */
const PAGER_STEPS = /^(?:next|previous|prev|first|last|older|newer)\b|^[‹›«»<>]$/i;

/**
 * The button or link that shows page `page` of a numbered pager ("1", "2", "Page 2", "Go to page
 * 2") beside the pager's Next or Previous, or inside a navigation landmark; undefined unless there
 * is exactly one.
 */
function pagerButton(context: DecisionContext, page: number): AccessibilityNode | undefined {
  const all = context.reader.tree(context.screen) ?? [];
  const tree = nodeTree(all);
  const named = new RegExp(`^(?:(?:go to )?page\\s*)?${page}$`, 'i');
  const candidates = all.filter(
    (node) =>
      (node.role === 'button' || node.role === 'link') && node.disabled !== true && named.test(node.name.trim()),
  );
  const inPager = candidates.filter((node) => {
    if (tree.ancestors(node.ref).some((ref) => tree.byRef(ref)?.role === 'navigation')) return true;
    return all.some(
      (other) =>
        other.parent !== undefined &&
        other.parent === node.parent &&
        (other.role === 'button' || other.role === 'link') &&
        PAGER_STEPS.test(other.name.trim()),
    );
  });
  return inPager.length === 1 ? inPager[0] : undefined;
}

export async function decideGoTo(context: DecisionContext, directive: GoToDirective): Promise<OperatorDecision> {
  const description = describeElement(directive.target);
  const clicked = lastClick(context.input.performed);
  if (clicked !== undefined) {
    const activate = activationAfterSelect(context, clicked, description);
    if (activate !== undefined) return activate;
    return { type: 'step-complete', evidence: `Went to ${description}${clickPoint(clicked)}.` };
  }
  // "Go to page 2": the pager's button for that page, when the page numbers its pages.
  const ordinal = directive.target.ordinal;
  if (directive.target.role === 'page' && directive.target.name === undefined && ordinal !== undefined && ordinal > 0) {
    const button = pagerButton(context, ordinal);
    if (button !== undefined) {
      const action = isInViewport(button.box, context.screen)
        ? planned(clickAt(pointIn(button.box, context.screen)), `Going to page ${ordinal} with ${quote(button.name)}`)
        : planned(scrollToward(button.box, context.screen), `Scrolling to the pager's ${quote(button.name)}`);
      return { type: 'act', actions: [action] };
    }
  }
  const target = await prepareTarget(context, queryFor(directive.target), description, { target: directive.target });
  if (target.type === 'decided') return target.decision;
  const node = target.candidate.node;
  // A card, row or list item is opened by the link it holds (a result's title), not by its frame.
  const opener = node === undefined || placeRoles.has(node.role) ? undefined : openerInItem(context, node);
  if (opener !== undefined) {
    return {
      type: 'act',
      actions: [
        planned(
          clickAt(pointIn(opener.box, context.screen)),
          `Opening ${quote(opener.name)} in ${nameOf(directive.target)}`,
          target.grounding,
        ),
      ],
    };
  }
  if (node !== undefined && (node.role === 'radio' || node.role === 'menuitemradio')) {
    // "Switch to the dark theme": a choice gone to is made.
    if (node.checked === true) return { type: 'step-complete', evidence: `${capitalize(description)} is selected.` };
    return clickTarget(context, target, `Choosing ${nameOf(directive.target)}`);
  }
  if (node !== undefined && CURSOR_ROLES.has(node.role)) {
    // A cell is gone to by putting the cursor on it: what is typed next goes there.
    if (node.focused === true || node.selected === true)
      return { type: 'step-complete', evidence: `${capitalize(description)} has the cursor.` };
    return clickTarget(context, target, `Going to ${nameOf(directive.target)}`);
  }
  if (node === undefined || !placeRoles.has(node.role)) {
    // A heading or text named so: the place is already in view. Text that only looks a little
    // like the name is no place reached.
    if (target.candidate.score < IN_VIEW_SCORE) {
      return {
        type: 'clarify',
        question: `I could not find ${description}; the nearest is ${quote(target.candidate.label)}. Is that what you mean, or where is it?`,
      };
    }
    // "Open the 3rd article": an item counted by its kind is gone to to open it, and nothing in
    // this one opens it; having it in view is not what was asked.
    if (directive.target.name === undefined && ITEM_KINDS.has(directive.target.role ?? '')) {
      return {
        type: 'clarify',
        question: `I found ${description} (${quote(target.candidate.label || (target.candidate.role ?? 'unnamed'))}), but no link in it opens it. What should I open?`,
      };
    }
    return { type: 'step-complete', evidence: `${capitalize(description)} is in view.` };
  }
  if (node.role === 'tab' && node.selected === true)
    return { type: 'step-complete', evidence: `${capitalize(description)} is the selected tab.` };
  if (node.popup !== undefined && node.expanded === true)
    return { type: 'step-complete', evidence: `${capitalize(description)} is open.` };
  return clickTarget(context, target, `Going to ${nameOf(directive.target)}`);
}

/**
 * A tree item is selected by a click and opened by Enter (the ARIA tree pattern; file trees
 * open on a double click for the same reason). After the click selected a leaf item and no title
 * of its name appeared, Enter opens it, once. A folder (it expands) or an item the click already
 * opened needs nothing more.
 */
function activationAfterSelect(
  context: DecisionContext,
  clicked: PerformedAction,
  description: string,
): OperatorDecision | undefined {
  if (clicked.action.type !== 'click') return undefined;
  if (context.input.performed.some((entry) => entry.action.type === 'key')) return undefined;
  const nodes = context.reader.nodes(context.screen) ?? [];
  const at = clicked.action.at;
  const item = nodes.find(
    (node) =>
      node.role === 'treeitem' &&
      node.expanded === undefined &&
      (node.selected === true || node.focused === true) &&
      containsPoint(node.box, at),
  );
  if (item === undefined || item.name.trim() === '') return undefined;
  // In a dialog ("Move to folder"), Enter may answer the dialog instead of opening the item.
  const tree = nodeTree(nodes);
  const holders = tree.ancestors(item.ref).map((ref) => tree.byRef(ref)?.role);
  if (holders.some((role) => role === 'dialog' || role === 'alertdialog')) return undefined;
  const titled = nodes.some(
    (node) =>
      ['heading', 'tab', 'dialog'].includes(node.role) && normalizeText(node.name).includes(normalizeText(item.name)),
  );
  if (titled) return undefined;
  return {
    type: 'act',
    actions: [planned(keyAction(['Enter']), `Opening ${description} with Enter, as a selected tree item opens`)],
  };
}

// ——— commands ———

/** Other names controls give the same command. */
const commandSynonyms: Readonly<Record<string, readonly string[]>> = {
  'log in': ['log in', 'sign in', 'login', 'sign on'],
  'sign in': ['sign in', 'log in', 'login'],
  'log out': ['log out', 'sign out', 'logout'],
  'sign out': ['sign out', 'log out', 'logout'],
  favorite: ['favorite', 'favourite', 'star'],
  'sign up': ['sign up', 'register', 'create account'],
  register: ['register', 'sign up', 'create account'],
  'go back': ['back', 'go back'],
  checkout: ['checkout', 'check out'],
  duplicate: ['duplicate', 'copy', 'make a copy'],
  // "Create a project" is done with a "New project" button as often as with "Create project".
  create: ['create', 'new', 'add'],
  reply: ['reply', 'respond'],
  // Apps name the same removal either way; the guard asks before both.
  remove: ['remove', 'delete'],
  delete: ['delete', 'remove'],
};

/** The names controls give a command: the verb itself first, then its synonyms. */
export function commandNames(verb: string): readonly string[] {
  return commandSynonyms[verb] ?? [verb];
}

/** Verbs done by activating the object itself when no control names the verb ("download Invoice March"). */
const objectVerbs = new Set([
  'download',
  'open',
  'view',
  'play',
  'read',
  'visit',
  'follow',
  'show',
  'select',
  'join',
  'edit',
]);

/** Verbs whose object, when it is a closed section, is done by opening it. */
const revealingVerbs = new Set(['open', 'view', 'show', 'read']);

const actionableRoles = new Set([
  'button',
  'link',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'option',
  'switch',
  'checkbox',
  'treeitem',
]);

export async function decideCommand(context: DecisionContext, directive: CommandDirective): Promise<OperatorDecision> {
  const performed = context.input.performed;
  const description =
    directive.object === undefined
      ? quote(capitalize(directive.verb))
      : `${quote(capitalize(directive.verb))} for ${describeElement(directive.object)}`;
  const clicks = carried(performed).filter((entry) => entry.action.type === 'click');
  if (clicks.length > 0) {
    // The app asks to confirm the very thing asked for ("Delete project?" → "Delete"): that is part of it.
    const confirm = clicks.length === 1 ? confirmationOf(context, directive.verb) : undefined;
    if (confirm !== undefined)
      return clickNode(context, confirm, `Confirming ${quote(capitalize(directive.verb))} with ${quote(confirm.name)}`);
    return {
      type: 'step-complete',
      evidence: `${clicks.map((entry) => entry.summary).join('; ')}${clickPoint(clicks.at(-1)!)}.`,
    };
  }
  // 0. An item named by what it shows, in a list shown in part: the rest first, to see it is the only one.
  const object = directive.object;
  if (object?.name !== undefined && object.role !== undefined && holderRoles.has(object.role)) {
    const reveal = revealRest(context, description);
    if (reveal !== undefined) return { type: 'act', actions: [reveal] };
  }
  const names = commandNames(directive.verb);
  // 1. A control named for the whole request: "Delete account", "Save profile", "Download my data".
  if (directive.object?.name !== undefined && directive.object.within === undefined) {
    for (const verb of names) {
      const whole = await locateTarget(context.handle, context.reader, context.screen, {
        text: `${verb} ${directive.object.name}`,
      });
      const best = whole.best;
      if (best?.node !== undefined && actionableRoles.has(best.node.role) && best.score >= 0.85 && !best.disabled) {
        const ready = await prepareTarget(context, { text: `${verb} ${directive.object.name}` }, quote(best.label), {
          explore: false,
        });
        if (ready.type === 'decided') return ready.decision;
        return {
          type: 'act',
          actions: [
            planned(
              clickAt(pointIn(ready.candidate.box, context.screen)),
              `Clicking ${quote(best.label)}`,
              ready.grounding,
            ),
          ],
        };
      }
    }
  }
  // 1b. Undoing a mark ("unlike", "unstar"): the toggle that gave it, pressed now ("♥ Liked").
  const mark = markUndoneBy(directive.verb);
  if (mark !== undefined) {
    const found = await locateInStep(context, { text: mark, ...(object === undefined ? {} : { within: object }) });
    const pressed = [found.best, ...found.alternatives].filter(
      (candidate) => candidate?.node?.pressed === true && normalizeText(candidate.label).startsWith(mark),
    );
    const node = pressed[0]?.node;
    if (pressed.length === 1 && node !== undefined) {
      return clickNode(
        context,
        node,
        `Clicking ${quote(node.name)} to ${directive.verb} ${describeElement(object ?? {})}`,
      );
    }
  }
  // 2. The control named by the verb, in what holds the object (the row, the card).
  for (const verb of names) {
    const query: LocateQuery = { text: verb, ...(directive.object === undefined ? {} : { within: directive.object }) };
    const found = await locateInStep(context, query);
    const best = found.best;
    if (best?.node !== undefined && actionableRoles.has(best.node.role) && best.score >= 0.7) {
      const chosen =
        found.ambiguous && found.rivals === undefined
          ? (nearFocus(context, [
              best,
              ...found.alternatives.filter((alternative) => alternative.score >= best.score - 0.05),
            ]) ?? best)
          : best;
      // The control chosen is prepared by its own name: the verb alone may fit other text as well
      // as it (the heading of the dialog the button sends).
      const ready = await prepareTarget(
        context,
        { text: chosen.label, ...(directive.object === undefined ? {} : { within: directive.object }) },
        quote(chosen.label),
        { explore: false },
      );
      if (ready.type === 'decided') return ready.decision;
      return {
        type: 'act',
        actions: [
          planned(
            clickAt(pointIn(chosen.inViewport ? chosen.box : ready.candidate.box, context.screen)),
            `Clicking ${quote(chosen.label)}${directive.object === undefined ? '' : ` for ${describeElement(directive.object)}`}`,
            ready.grounding,
          ),
        ],
      };
    }
    if (found.rivals !== undefined && found.rivals.length > 1) {
      return {
        type: 'clarify',
        question: `I found ${description} in more than one place: ${found.rivals.join('; ')}. Which one do you mean?`,
      };
    }
  }
  // 3. The object itself, for verbs that mean activating it.
  if (directive.object !== undefined && objectVerbs.has(directive.verb)) {
    const object = await locateTarget(context.handle, context.reader, context.screen, queryFor(directive.object));
    const node = object.best?.node;
    // A closed section whose name has only part of the words ("2024" for "the March 2024
    // invoice") holds what is asked for, unless opening it is the request ("open 2024"):
    // exploring opens it and then finds the thing itself.
    const partOfSection =
      node?.expanded === false &&
      !revealingVerbs.has(directive.verb) &&
      !reaches(scoreText(directive.object.name ?? '', node.name), 'same-words');
    if (node !== undefined && actionableRoles.has(node.role) && !partOfSection) {
      const ready = await prepareTarget(context, queryFor(directive.object), describeElement(directive.object), {
        explore: false,
      });
      if (ready.type === 'decided') return ready.decision;
      return {
        type: 'act',
        actions: [
          planned(
            clickAt(pointIn(ready.candidate.box, context.screen)),
            `Clicking ${quote(node.name)} to ${directive.verb} it`,
            ready.grounding,
          ),
        ],
      };
    }
  }
  // 4. Not in view: explore (menus near the object first), then give up.
  const lookFor: TargetRef = {
    name: directive.verb,
    ...(directive.object === undefined ? {} : { within: directive.object }),
  };
  const scope = directive.object === undefined ? {} : await scopeNode(context, directive.object);
  if (scope.ambiguous !== undefined) {
    return {
      type: 'clarify',
      question: `More than one thing fits ${describeElement(directive.object!)}: ${scope.ambiguous.map((label) => quote(label)).join(', ')}. Which one do you mean?`,
    };
  }
  const exploring = nextExploration(context, lookFor, description, scope.node);
  if (exploring !== undefined) return { type: 'act', actions: [exploring] };
  const objectSeen =
    directive.object === undefined
      ? true
      : (await locateTarget(context.handle, context.reader, context.screen, queryFor(directive.object))).best !==
        undefined;
  const why = objectSeen
    ? `no control to ${directive.verb} it is on screen`
    : `${describeElement(directive.object!)} is not on screen`;
  return {
    type: 'fail',
    reason: `Could not ${directive.verb}${directive.object === undefined ? '' : ` ${describeElement(directive.object)}`}: ${why}${explorationNote(performed)}.`,
  };
}

/** Clicks on a header before its order is given up on: off, ascending, descending cycle in at most three. */
const MAX_SORT_CLICKS = 3;

/**
 * "Set the 'Name' column header to 'descending'": click the header (its button, when it has one)
 * until its `aria-sort` reads the order asked for. A header that does not say its order cannot be
 * told to be in it, so the step fails rather than guess how many clicks the page wants.
 */
function decideSortOrder(
  context: DecisionContext,
  directive: SetDirective,
  header: AccessibilityNode,
  target: Extract<Targeting, { type: 'ready' }>,
): OperatorDecision {
  const wanted = /^desc/i.test(directive.value) ? 'descending' : 'ascending';
  const label = quote(header.name);
  const clicks = carried(context.input.performed).filter((entry) => entry.action.type === 'click').length;
  if (header.value === wanted) {
    return { type: 'step-complete', evidence: `The ${label} column is sorted ${wanted}.` };
  }
  if (clicks > 0 && header.value === undefined) {
    return { type: 'fail', reason: `The ${label} column does not say how it is sorted after clicking it.` };
  }
  if (clicks >= MAX_SORT_CLICKS) {
    return { type: 'fail', reason: `The ${label} column is not sorted ${wanted} after ${clicks} clicks.` };
  }
  const button = buttonsIn(context, header).find((candidate) => candidate.role === 'button');
  const box = button?.box ?? target.candidate.box;
  return {
    type: 'act',
    actions: [
      planned(
        clickAt(pointIn(box, context.screen)),
        `Clicking the ${label} column header to sort it`,
        target.grounding,
      ),
    ],
  };
}

/** Among equally named controls, the one sharing the deepest holder with the focused element. */
function nearFocus(
  context: DecisionContext,
  candidates: readonly { node?: AccessibilityNode | undefined; label: string }[],
) {
  const all = context.reader.tree(context.screen) ?? [];
  const focused = all.find((node) => node.focused === true);
  if (focused === undefined) return undefined;
  const tree = nodeTree(all);
  const chain = [focused.ref, ...tree.ancestors(focused.ref)];
  let best: (typeof candidates)[number] | undefined;
  let bestDepth = -1;
  for (const candidate of candidates) {
    const ref = candidate.node?.ref;
    if (ref === undefined) continue;
    const ups = new Set([ref, ...tree.ancestors(ref)]);
    const shared = chain.find((item) => ups.has(item));
    const depth = shared === undefined ? 0 : tree.ancestors(shared).length + 1;
    if (depth > bestDepth) {
      best = candidate;
      bestDepth = depth;
    }
  }
  return best as never;
}

/**
 * The node a command's object sits in (its row, card, list item), for exploring near it: the
 * object itself when controls sit inside it (a card with its own menu), else the smallest holder
 * around it that has one. `ambiguous` when the object's name fits several places about equally
 * ("the portal" with two portals listed): exploring near one of them would be a guess.
 */
async function scopeNode(
  context: DecisionContext,
  object: TargetRef,
): Promise<{ readonly node?: AccessibilityNode; readonly ambiguous?: readonly string[] }> {
  const found = await locateTarget(context.handle, context.reader, context.screen, queryFor(object));
  const node = found.best?.node;
  if (node === undefined) return {};
  const all = context.reader.tree(context.screen) ?? [];
  const tree = nodeTree(all);
  if (found.ambiguous && object.ordinal === undefined) {
    if (found.rivals !== undefined && found.rivals.length > 1) return { ambiguous: found.rivals };
    // Equally good places, told apart by their names, else by the text of the nearest holders
    // that differ (two messages from one sender hold the same name and differ in their subjects).
    const tied = tiedWithBest(found).filter((candidate) => candidate.node !== undefined);
    const short = (text: string) => {
      const flat = text.replace(/\s+/g, ' ').trim();
      return flat.length > 80 ? `${flat.slice(0, 77)}…` : flat;
    };
    let described = tied.map((candidate) => candidate.label.trim());
    for (let depth = 0; depth < 8 && new Set(described).size < tied.length; depth += 1) {
      const texts = tied.map((candidate) => {
        const ref = tree.ancestors(candidate.node!.ref)[depth];
        return ref === undefined ? '' : short(tree.textUnder(ref));
      });
      if (new Set(texts).size === tied.length && texts.every((text) => text !== '')) described = texts;
    }
    const distinct = [...new Set(described)];
    if (distinct.length > 1) return { ambiguous: distinct };
  }
  const controls = (context.reader.nodes(context.screen) ?? []).filter(
    (candidate) => (candidate.role === 'button' || candidate.role === 'link') && candidate.ref !== node.ref,
  );
  for (const ref of [node.ref, ...tree.ancestors(node.ref)]) {
    const holder = tree.byRef(ref);
    if (holder === undefined) continue;
    const inside = controls.filter((candidate) => tree.ancestors(candidate.ref).includes(ref));
    if (inside.length === 0) continue;
    // A holder whose controls repeat ("More actions" on every card) holds many items, not this one.
    const names = inside.map((candidate) => normalizeText(candidate.name)).filter((name) => name !== '');
    return new Set(names).size < names.length ? {} : { node: holder };
  }
  return {};
}

/** The button of a dialog that just opened asking to confirm `verb`, when there is exactly one. */
function confirmationOf(context: DecisionContext, verb: string): AccessibilityNode | undefined {
  const dialogs = (context.reader.tree(context.screen) ?? []).filter(
    (node) => (node.role === 'dialog' || node.role === 'alertdialog') && isInViewport(node.box, context.screen),
  );
  const dialog = dialogs.at(-1);
  if (dialog === undefined) return undefined;
  const words = commandNames(verb).map((name) => normalizeText(name));
  const matching = buttonsIn(context, dialog).filter((node) => {
    const name = normalizeText(node.name);
    return words.some((word) => name === word || name.startsWith(`${word} `) || name.startsWith(`yes ${word}`));
  });
  return matching.length === 1 ? matching[0] : undefined;
}

/** Exported for tests: the exploring summary prefix. */
export { EXPLORING };
