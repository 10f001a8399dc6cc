import type { OperatorDecision, PlannedAction } from '@sandpiper/core';
import type { AccessibilityNode, Action, TargetRef } from '@sandpiper/protocol';
import { nodeTree } from '../grounding/scope.js';
import { isInViewport } from '../screen/screen-reader.js';
import { besideComboBox } from '../screen/shown-choice.js';
import type { ClearDirective, SelectDirective, TypeDirective } from '../grammar/index.js';
import { describeField, quote } from '../grammar/index.js';
import { queryFor } from '../grounding/grounder.js';
import { AMBIGUITY_MARGIN } from '../grounding/candidates.js';
import { normalizeText, scoreText } from '../grounding/text-score.js';
import { clickAt, fieldPoint, formatPoint, performedOfType, planned, pointIn, sameKeys, selectAll } from './actions.js';
import { capitalize, prepareTarget, type DecisionContext } from './context.js';
import { fieldShows, singularWords } from './field-values.js';
import { languageEndonyms } from '../language/lexicon.js';

/** Beyond this many arrow presses, typing the option's text is shorter and as reliable. */
const MAX_ARROW_PRESSES = 12;

/** Type into a named field (click it, select all, type) or into whatever has focus. */
export async function decideType(context: DecisionContext, directive: TypeDirective): Promise<OperatorDecision> {
  if (directive.text === '' && directive.field !== undefined)
    return decideClear(context, { kind: 'clear', field: directive.field });
  const typed = performedOfType(context.input.performed, 'type').some((action) => action.text === directive.text);
  const into = directive.field === undefined ? '' : ` into ${describeField(directive.field, 'field')}`;
  if (typed) return { type: 'step-complete', evidence: `Typed ${quote(directive.text)}${into}.` };
  const typeAction: Action = { type: 'type', text: directive.text };
  if (directive.field === undefined) {
    // Typing into the focus adds to what is there: a retry after an attempt whose text landed
    // (its check failed on something else) would type it twice.
    const focused = (context.reader.tree(context.screen) ?? []).find(
      (node) => node.focused === true && fieldShows(node.value, directive.text),
    );
    if (context.input.attempt > 1 && focused !== undefined) {
      return { type: 'step-complete', evidence: `The focused ${focused.role} already shows ${quote(directive.text)}.` };
    }
    // Nothing that takes text has the focus (a dialog that just opened focuses itself): the
    // field the text is for, when the screen leaves one.
    const field = focusTakesText(context) ? undefined : fieldForText(context, directive.text);
    if (field !== undefined) {
      const name = field.name !== '' ? field.name : (field.placeholder ?? field.role);
      // What the field held is replaced: the value is the field's, not more of its text.
      const replace = (field.value ?? '') === '' ? [] : [planned(selectAll, `Selecting the text in ${quote(name)}`)];
      return {
        type: 'act',
        actions: [
          planned(clickAt(fieldPoint(field.box, context.screen)), `Clicking the ${quote(name)} field`),
          ...replace,
          planned(typeAction, `Typing ${quote(directive.text)} into ${quote(name)}`),
        ],
      };
    }
    return { type: 'act', actions: [planned(typeAction, `Typing ${quote(directive.text)}`)] };
  }
  const description = describeField(directive.field, 'field');
  const label = fieldLabel(directive.field);
  const target = await prepareTarget(context, queryFor(directive.field, 'field'), description, {
    changes: true,
    field: true,
  });
  if (target.type === 'decided') return target.decision;
  const node = target.candidate.node;
  if (node !== undefined && fieldShows(node.value, directive.text)) {
    return {
      type: 'step-complete',
      evidence: `${capitalize(description)} already shows ${quote(directive.text)}.`,
    };
  }
  const at = fieldPoint(target.candidate.box, context.screen);
  const summary = `Typing ${quote(directive.text)} into ${label}`;
  // A field that already has the focus needs no click: clicking it again changes nothing on screen.
  const focus = node?.focused === true ? [] : [planned(clickAt(at), `Clicking the ${label} field`, target.grounding)];
  return {
    type: 'act',
    actions: [
      ...focus,
      planned(selectAll, `Selecting the text in ${label}`),
      planned(typeAction, summary, target.grounding),
    ],
  };
}

/** Roles of fields that take typed text. */
const textRoles = new Set(['textbox', 'searchbox', 'textarea', 'combobox']);

function takesText(node: AccessibilityNode): boolean {
  return textRoles.has(node.role) && (node.role !== 'combobox' || node.editable === true) && node.disabled !== true;
}

/** Whether the focused element takes typed text (a field, or an editable cell or document). */
function focusTakesText(context: DecisionContext): boolean {
  const focused = (context.reader.tree(context.screen) ?? []).find((node) => node.focused === true);
  if (focused === undefined) return context.reader.tree(context.screen) === undefined;
  return takesText(focused) || focused.editable === true || focused.role === 'cell' || focused.role === 'gridcell';
}

/**
 * The field typed text is for when the step names none and nothing that takes text has the
 * focus: inside the open dialog when there is one, the one empty field, or the one made for such a
 * value (an email address into the email field). Undefined when that leaves no field or several.
 */
function fieldForText(context: DecisionContext, text: string): AccessibilityNode | undefined {
  const all = context.reader.tree(context.screen) ?? [];
  const dialogs = all.filter(
    (node) => (node.role === 'dialog' || node.role === 'alertdialog') && isInViewport(node.box, context.screen),
  );
  const tree = nodeTree(all);
  const top = dialogs.at(-1);
  const fields = (context.reader.nodes(context.screen) ?? []).filter(
    (node) =>
      takesText(node) &&
      isInViewport(node.box, context.screen) &&
      (top === undefined || tree.ancestors(node.ref).includes(top.ref)),
  );
  const empty = fields.filter((node) => (node.value ?? '') === '');
  const kind = valueKind(text);
  // The one field made for such a value, empty or not (an address replaces the address there).
  const made = kind === undefined ? [] : fields.filter((node) => fieldKind(node) === kind);
  if (made.length === 1) return made[0];
  if (made.length > 1) {
    const blank = made.filter((node) => (node.value ?? '') === '');
    return blank.length === 1 ? blank[0] : undefined;
  }
  return empty.length === 1 && (kind === undefined || fieldKind(empty[0]!) === undefined) ? empty[0] : undefined;
}

type ValueKind = 'email' | 'url' | 'number' | 'phone';

function valueKind(text: string): ValueKind | undefined {
  if (/^\S+@\S+\.\S+$/.test(text)) return 'email';
  if (/^https?:\/\//i.test(text)) return 'url';
  if (/^\+?[\d\s().-]{7,}$/.test(text) && /\d{3}/.test(text)) return 'phone';
  if (/^-?\d+(?:[.,]\d+)?$/.test(text)) return 'number';
  return undefined;
}

function fieldKind(node: AccessibilityNode): ValueKind | undefined {
  const words = `${node.name} ${node.placeholder ?? ''}`.toLowerCase();
  if (node.inputType === 'email' || /\be-?mail\b/.test(words)) return 'email';
  if (node.inputType === 'url' || /\b(?:url|website|address of the site)\b/.test(words)) return 'url';
  if (node.inputType === 'tel' || /\b(?:phone|mobile|telephone)\b/.test(words)) return 'phone';
  if (node.inputType === 'number' || node.role === 'spinbutton') return 'number';
  return undefined;
}

/** Empty a field: click it, select all, delete. */
/** Choices a clearing takes off a searchable select in one go, at most. */
const MAX_CHOICE_REMOVALS = 10;

export async function decideClear(context: DecisionContext, directive: ClearDirective): Promise<OperatorDecision> {
  const description = describeField(directive.field, 'field');
  const label = fieldLabel(directive.field);
  const deleted = performedOfType(context.input.performed, 'key').some((action) => sameKeys(action, ['Backspace']));
  if (deleted) return { type: 'step-complete', evidence: `Selected and deleted the text of ${description}.` };
  const target = await prepareTarget(context, queryFor(directive.field, 'field'), description, {
    changes: true,
    field: true,
  });
  if (target.type === 'decided') return target.decision;
  const node = target.candidate.node;
  const at = fieldPoint(target.candidate.box, context.screen);
  if (node?.value === '') {
    // A searchable select shows its choices beside an empty text box; Backspace there takes the
    // last one off, as in most such widgets.
    const chosen =
      node.role === 'combobox' ? besideComboBox(context.reader.nodes(context.screen) ?? [], node).chosen : [];
    if (chosen.length === 0) return { type: 'step-complete', evidence: `${capitalize(description)} is already empty.` };
    const presses = chosen.slice(0, MAX_CHOICE_REMOVALS);
    return {
      type: 'act',
      actions: [
        planned(clickAt(at), `Clicking the ${label} field`, target.grounding),
        ...presses.map((choice) =>
          planned({ type: 'key', keys: ['Backspace'] }, `Taking ${quote(choice)} off ${label}`),
        ),
      ],
    };
  }
  return {
    type: 'act',
    actions: [
      planned(clickAt(at), `Clicking the ${label} field`, target.grounding),
      planned(selectAll, `Selecting the text in ${label}`),
      planned({ type: 'key', keys: ['Backspace'] }, `Clearing ${label}`),
    ],
  };
}

/** The index of the option the directive names: exact text first, then the best close match. */
export function findOptionIndex(options: readonly string[], wanted: string): number | undefined {
  const exact = options.findIndex((option) => normalizeText(option) === normalizeText(wanted));
  if (exact !== -1) return exact;
  // "audiobooks" for the option "Audiobook", "invoices" for "Invoice".
  const singular = options.findIndex((option) => singularWords(option) === singularWords(wanted));
  if (singular !== -1) return singular;
  // "German" for a picker that lists languages in their own names ("Deutsch").
  const endonyms = languageEndonyms[normalizeText(wanted)];
  if (endonyms !== undefined) {
    const named = options.findIndex((option) => endonyms.includes(normalizeText(option)));
    if (named !== -1) return named;
  }
  const close = closeOptions(options, wanted);
  return close.length === 1 ? close[0] : undefined;
}

/**
 * The options a name only partly fits, when it fits them about equally ("12 seats" against
 * "Aurora — 12 seats" and "Harbour — 12 seats"): which one is meant is the person's to say.
 * Empty when the name fits one option clearly, exactly or not at all.
 */
export function tiedOptions(options: readonly string[], wanted: string): string[] {
  if (findOptionIndex(options, wanted) !== undefined) return [];
  const close = closeOptions(options, wanted);
  return close.length > 1 ? close.map((index) => options[index]!) : [];
}

/** The indices of the options that fit a name best, within the margin of a tie, best first. */
function closeOptions(options: readonly string[], wanted: string): number[] {
  const scored = options
    .map((option, index) => ({ index, score: scoreText(wanted, option)?.score ?? 0 }))
    .filter((entry) => entry.score >= 0.7)
    .sort((a, b) => b.score - a.score);
  const top = scored[0]?.score ?? 0;
  return scored.filter((entry) => entry.score >= top - AMBIGUITY_MARGIN).map((entry) => entry.index);
}

/**
 * Keys that move a native select from its current option to the wanted one: arrows when the
 * distance is short and the current option is known, otherwise the option's text; then Enter.
 */
function nativeSelectKeys(node: AccessibilityNode, options: readonly string[], index: number): Action[] {
  const current = findOptionIndex(options, node.value ?? '');
  const option = options[index] ?? '';
  if (current === undefined || Math.abs(index - current) > MAX_ARROW_PRESSES) {
    return [
      { type: 'type', text: option },
      { type: 'key', keys: ['Enter'] },
    ];
  }
  const arrow = index > current ? 'ArrowDown' : 'ArrowUp';
  const presses: Action[] = Array.from({ length: Math.abs(index - current) }, () => ({ type: 'key', keys: [arrow] }));
  return [...presses, { type: 'key', keys: ['Enter'] }];
}

/** One line per keystroke, so the activity feed shows how the option was reached. */
function describeSelectInput(action: Action, directive: SelectDirective, summary: string): string {
  if (action.type === 'type') return `Typing ${quote(action.text)} in ${fieldLabel(directive.field)}`;
  if (action.type === 'key' && action.keys[0] !== 'Enter')
    return `Pressing ${action.keys.join('+')} in ${fieldLabel(directive.field)}`;
  return summary;
}

/**
 * Select an option. A native select (a combobox listing its options) is focused with a click and
 * driven with the keyboard, which works in headless Chromium where the option popup is not part of
 * the page. A dropdown found only by OCR gets the option's text typed, then Enter. Any other
 * dropdown is opened with a click, then the option is clicked.
 */
export async function decideSelect(context: DecisionContext, directive: SelectDirective): Promise<OperatorDecision> {
  const performed = context.input.performed;
  const description = describeField(directive.field, 'dropdown');
  const label = fieldLabel(directive.field);
  const entered = performedOfType(performed, 'key').some((action) => sameKeys(action, ['Enter']));
  if (entered)
    return { type: 'step-complete', evidence: `Chose ${quote(directive.option)} in ${description} with the keyboard.` };
  const clicks = performedOfType(performed, 'click');
  if (clicks.length >= 2) {
    return { type: 'step-complete', evidence: `Opened ${description} and clicked ${quote(directive.option)}.` };
  }
  const summary = `Selecting ${quote(directive.option)} in ${label}`;
  if (clicks.length === 1) return clickOption(context, directive, summary);
  const target = await prepareTarget(context, queryFor(directive.field, 'dropdown'), description, { changes: true });
  if (target.type === 'decided') return target.decision;
  const node = target.candidate.node;
  const at = pointIn(target.candidate.box, context.screen);
  if (node === undefined) {
    // Found by OCR: a native select's option list is not part of the screenshot, so the option
    // is chosen by typing its text, which native selects and most custom ones accept.
    return {
      type: 'act',
      actions: [
        planned(clickAt(at), `Focusing the ${label} dropdown`, target.grounding),
        planned({ type: 'type', text: directive.option }, `Typing ${quote(directive.option)} in ${label}`),
        planned({ type: 'key', keys: ['Enter'] }, summary),
      ],
    };
  }
  if (node.options === undefined || node.options.length === 0) {
    return {
      type: 'act',
      actions: [planned(clickAt(at), `Opening the ${label} dropdown`, target.grounding)],
    };
  }
  const index = findOptionIndex(node.options, directive.option);
  const tied = tiedOptions(node.options, directive.option);
  if (tied.length > 1) {
    return {
      type: 'clarify',
      question: `${quote(directive.option)} fits more than one option of ${description}: ${tied.map((option) => quote(option)).join(', ')}. Which one do you mean?`,
    };
  }
  if (index === undefined) {
    const listed = node.options.map((option) => quote(option)).join(', ');
    return { type: 'fail', reason: `${description} has no option ${quote(directive.option)}; it offers ${listed}.` };
  }
  if (node.value !== undefined && normalizeText(node.value) === normalizeText(node.options[index] ?? '')) {
    return { type: 'step-complete', evidence: `${description} already shows ${quote(node.value)}.` };
  }
  const actions: PlannedAction[] = [planned(clickAt(at), `Focusing the ${label} dropdown`, target.grounding)];
  for (const action of nativeSelectKeys(node, node.options, index)) {
    actions.push(planned(action, describeSelectInput(action, directive, summary)));
  }
  return { type: 'act', actions };
}

async function clickOption(
  context: DecisionContext,
  directive: SelectDirective,
  summary: string,
): Promise<OperatorDecision> {
  const target = await prepareTarget(
    context,
    { text: directive.option, role: 'option' },
    `the option ${quote(directive.option)}`,
  );
  if (target.type === 'decided') return target.decision;
  const at = pointIn(target.candidate.box, context.screen);
  context.handle.log(`Clicking the option ${quote(directive.option)} at ${formatPoint(at)}.`);
  return { type: 'act', actions: [planned(clickAt(at), summary, target.grounding)] };
}

/** A field's name for summaries ("Email"), or how the step points at it ("the second field"). */
export function fieldLabel(field: TargetRef): string {
  return field.name !== undefined && field.ordinal === undefined && field.within === undefined
    ? field.name
    : describeField(field, 'field');
}
