import type { Handle, Screen } from '@sandpiper/core';
import type { AccessibilityNode, PlanVersion } from '@sandpiper/protocol';
import { normalizeText } from '../grounding/text-score.js';
import { tableCellText } from '../grounding/scope.js';
import { directiveOfStep, quote } from '../grammar/index.js';
import type { ScreenReader } from '../screen/screen-reader.js';
import { isInViewport } from '../screen/screen-reader.js';
import { within } from '../evidence/geometry.js';
import { IN_PROGRESS, LIVE_ROLES } from '../evidence/live-regions.js';

/** Control labels whose click changes something outside the page: it must be confirmed on screen. */
const SIDE_EFFECT_LABEL =
  /\b(save|submit|send|pay|delete|remove|create|export|download|upload|publish|post|book|order|purchase|install|confirm|sign up|register)\b/i;

/** Words a page uses to confirm that such an action took effect. */
const CONFIRMATION =
  /\b(saved|submitted|sent|paid|deleted|removed|created|exported|downloaded|uploaded|published|posted|booked|ordered|installed|confirmed|complete|completed|success|successful|successfully|thank you|received)\b/i;

/**
 * Words that report the label's own verb done, for verbs the general list lacks: "delete" →
 * "deleted", "deletion" ("Your account is scheduled for deletion."); "cancel" → "cancelled",
 * "cancellation"; "archive" → "archived"; "request" → "requested". Undefined for a short first word.
 */
function reportedDone(label: string): RegExp | undefined {
  const verb = normalizeText(label).split(' ')[0] ?? '';
  if (!/^[a-z]{4,}$/.test(verb)) return undefined;
  const stem = verb.replace(/e$/, '');
  return new RegExp(`\\b${stem}(?:ed|d|led|ted|ion|ions|al|lation|lations)\\b`, 'i');
}

/**
 * Words of an announcement that the work has begun on the page's side ("Download started.",
 * "Export queued"): done, as far as the person's click goes. Read only in live regions, where a
 * heading such as "Getting started" cannot be.
 */
const BEGUN = /\b(?:started|queued)\b/i;

/** Words of a message that turns something down rather than reports it done. */
const REFUSAL =
  /\b(?:invalid|error|failed|fail|cannot|can't|couldn't|could not|not|wrong|required|missing|try again|denied)\b/i;

/**
 * Whether a message repeats a value the plan entered (an address, a name) without turning it
 * down: an announcement that the saved value is now in force ("Invoices now go to ada@…").
 */
function echoes(text: string, values: readonly string[]): boolean {
  if (REFUSAL.test(text)) return false;
  const lower = text.toLowerCase();
  return values.some((value) => value.trim().length >= 4 && lower.includes(value.trim().toLowerCase()));
}

/** Roles of plain text on a page: a paragraph, a line of text. */
const TEXT_ROLES = new Set(['text', 'StaticText', 'paragraph', 'note']);

/**
 * Plain text on the final screen that the screen the last step started from did not show
 * anywhere: a confirmation written as an ordinary paragraph ("Request sent for approval.") is
 * new, unlike a label that was always there ("Sent", "Items you send appear here"). None
 * without that earlier screen.
 */
function newPlainText(
  visible: readonly AccessibilityNode[],
  before: readonly AccessibilityNode[] | undefined,
): AccessibilityNode[] {
  if (before === undefined) return [];
  const seen = new Set(before.map((node) => normalizeText(node.name)).filter((text) => text !== ''));
  return visible.filter(
    (node) => TEXT_ROLES.has(node.role) && node.name.trim().length >= 8 && !seen.has(normalizeText(node.name)),
  );
}

/** Roles in which a page announces an outcome: live regions and headings, not lists or controls. */
const MESSAGE_ROLES = new Set(['status', 'alert', 'heading']);

/** Roles of a window that blocks the page until it is answered. */
const DIALOG_ROLES = new Set(['dialog', 'alertdialog']);

/** Side-effect labels that only fetch something for the person (a file, a copy of the data). */
const FETCH_LABEL = /^\s*(?:download|export)\b/i;

/** The side-effect click a plan ends with: its step, its target label, and whether it only fetches. */
export interface FinalSideEffect {
  readonly stepId: string;
  readonly label: string;
  /** A download or export: on a link, the page it leads to is its effect. */
  readonly fetches: boolean;
}

/** The values a plan's steps typed, set or picked, as written. */
export function enteredValues(plan: PlanVersion): string[] {
  return [...plan.completed, ...plan.pending].flatMap((step) => {
    const directive = directiveOfStep(step);
    if (directive === undefined) return [];
    if (directive.kind === 'type' || directive.kind === 'search') return [directive.text];
    if (directive.kind === 'set') return [directive.value];
    if (directive.kind === 'select' || directive.kind === 'pick' || directive.kind === 'choose')
      return [directive.option];
    return [];
  });
}

/** The side-effect click the plan ends with, if any. */
export function finalSideEffect(plan: PlanVersion): FinalSideEffect | undefined {
  const steps = [...plan.completed, ...plan.pending];
  const last = steps.at(-1);
  const directive = last === undefined ? undefined : directiveOfStep(last);
  if (last === undefined || directive === undefined) return undefined;
  if (directive.kind === 'click' || directive.kind === 'double-click') {
    const label = directive.target.name;
    return label !== undefined && SIDE_EFFECT_LABEL.test(label)
      ? { stepId: last.id, label, fetches: FETCH_LABEL.test(label) }
      : undefined;
  }
  if (directive.kind === 'command') {
    const label = directive.object?.name === undefined ? directive.verb : `${directive.verb} ${directive.object.name}`;
    return SIDE_EFFECT_LABEL.test(directive.verb) || SIDE_EFFECT_LABEL.test(label)
      ? { stepId: last.id, label, fetches: FETCH_LABEL.test(label) }
      : undefined;
  }
  return undefined;
}

/** Verbs of a control that opens a form to fill and send: "Reply", "Forward", "New message". */
const FORM_OPENER =
  /^(?:reply(?: to)?|reply all|forward|compose|new|write|create|add|invite|edit|rename|book|comment)\b/i;

/** Directive kinds that fill a form: each value typed, chosen or ticked. */
const FILLING = new Set(['type', 'set', 'select', 'pick', 'choose', 'check', 'uncheck', 'toggle']);

/**
 * The step that opened the form the final side effect sent ("Reply" before typing the message and
 * pressing Send): confirmed with it, as the message was written in what that step opened. Only
 * right before the run of filling steps that leads to the side effect, and only a control named
 * by a verb that opens a form.
 */
export function formOpenerOf(plan: PlanVersion, sideEffectStepId: string): string | undefined {
  const steps = [...plan.completed, ...plan.pending];
  let at = steps.findIndex((step) => step.id === sideEffectStepId) - 1;
  let filled = 0;
  while (at >= 0 && FILLING.has(directiveOfStep(steps[at]!)?.kind ?? '')) {
    at -= 1;
    filled += 1;
  }
  const opener = steps[at];
  const directive = opener === undefined ? undefined : directiveOfStep(opener);
  if (filled === 0 || directive === undefined) return undefined;
  const name =
    directive.kind === 'command'
      ? directive.verb
      : directive.kind === 'click' || directive.kind === 'go-to'
        ? (directive.target.name ?? '')
        : '';
  return FORM_OPENER.test(name.trim()) ? opener!.id : undefined;
}

/** Labels of a control that acts on the items ticked before it: "Delete selected (2)". */
const ON_SELECTED = /^\s*(?:delete|remove|archive)\b.*\bselected\b/i;

/**
 * "Tick A and B, then Delete selected": the names of the items ticked before the side effect that
 * were on the page before it and are on it no more. Undefined unless the side effect acts on the
 * selection, at least one item was ticked, and every one of them is gone.
 */
export function selectionGone(
  plan: PlanVersion,
  sideEffect: FinalSideEffect,
  before: readonly AccessibilityNode[],
  after: readonly AccessibilityNode[],
): string[] | undefined {
  if (!ON_SELECTED.test(sideEffect.label)) return undefined;
  const steps = [...plan.completed, ...plan.pending];
  const names = steps.flatMap((step) => {
    if (step.id === sideEffect.stepId) return [];
    const directive = directiveOfStep(step);
    if (directive?.kind !== 'check' && directive?.kind !== 'pick') return [];
    const target = directive.kind === 'check' ? directive.target : undefined;
    const name = target?.name ?? target?.within?.name ?? (directive.kind === 'pick' ? directive.option : undefined);
    return name === undefined ? [] : [name];
  });
  if (names.length === 0) return undefined;
  const shows = (nodes: readonly AccessibilityNode[], name: string) =>
    nodes.some((node) => ` ${normalizeText(node.name)} `.includes(` ${normalizeText(name)} `));
  return names.every((name) => shows(before, name) && !shows(after, name)) ? names : undefined;
}

export interface Confirmation {
  readonly confirmed: boolean;
  readonly detail: string;
  /** Not confirmed only because no message says so: nothing on screen says it failed either. */
  readonly unsure?: boolean;
}

/**
 * Look for a visible message that confirms the side effect, on a settled page: no dialog still
 * open (its text describes what would happen, not what did), no message saying the work is under
 * way, and a confirming word in a status or alert region or a heading — not in a list or a
 * sidebar, where "Paid" or "Sent" may describe something else. Without accessibility data the OCR
 * text is searched, which cannot tell a message from a label, so that path is less strict.
 */
export async function findConfirmation(
  handle: Handle,
  reader: ScreenReader,
  screen: Screen,
  label: string,
  values: readonly string[] = [],
  before?: readonly AccessibilityNode[],
): Promise<Confirmation> {
  const nodes = reader.nodes(screen);
  if (nodes !== undefined) {
    const visible = nodes.filter((node) => isInViewport(node.box, screen));
    const dialog = visible.find((node) => DIALOG_ROLES.has(node.role));
    if (dialog !== undefined) {
      return {
        confirmed: false,
        detail: `A dialog is still open (${quote(dialog.name || 'untitled')}), so ${quote(label)} has not taken effect yet.`,
      };
    }
    const messageBoxes = visible.filter((node) => MESSAGE_ROLES.has(node.role)).map((node) => node.box);
    const messages = visible.filter(
      (node) => MESSAGE_ROLES.has(node.role) || messageBoxes.some((box) => within(node.box, box)),
    );
    // News of work under way is news: a heading that was there before ("Sending to a pickup
    // point", an article's title) says nothing about this step.
    const said = (node: AccessibilityNode) => `${node.name} ${node.value ?? ''}`.trim();
    const saidBefore = new Set((before ?? []).map(said));
    const busy = messages.find((node) => IN_PROGRESS.test(said(node)) && !saidBefore.has(said(node)));
    if (busy !== undefined) {
      return { confirmed: false, detail: `The page still says ${quote(busy.name || busy.value || '')}.` };
    }
    const done = reportedDone(label);
    const reports = (text: string) => (CONFIRMATION.test(text) || done?.test(text) === true) && !REFUSAL.test(text);
    // Text the last step made appear just below the visible part (a form's confirmation under its
    // button at the foot of the screen) is the page's answer too.
    const below = nodes.filter(
      (node) =>
        !isInViewport(node.box, screen) &&
        node.box.x + node.box.width / 2 >= 0 &&
        node.box.x + node.box.width / 2 < screen.capture.width &&
        node.box.y >= screen.capture.height - node.box.height &&
        node.box.y < screen.capture.height * 1.5,
    );
    const message =
      messages.find((node) => CONFIRMATION.test(`${node.name} ${node.value ?? ''}`)) ??
      visible.find((node) => LIVE_ROLES.has(node.role) && reports(`${node.name} ${node.value ?? ''}`)) ??
      visible.find((node) => LIVE_ROLES.has(node.role) && echoes(`${node.name} ${node.value ?? ''}`, values)) ??
      visible.find((node) => LIVE_ROLES.has(node.role) && BEGUN.test(node.name) && !REFUSAL.test(node.name)) ??
      newPlainText([...visible, ...below], before).find((node) => reports(node.name) || echoes(node.name, values));
    return message === undefined
      ? { confirmed: false, unsure: true, detail: `No message on screen confirms that ${quote(label)} took effect.` }
      : {
          confirmed: true,
          detail: `After ${quote(label)} the page says ${quote(message.name || message.value || '')}.`,
        };
  }
  const lines = (await reader.ocrLines(handle, screen, 'normal')) ?? [];
  const busy = lines.find((candidate) => IN_PROGRESS.test(candidate.text));
  if (busy !== undefined) return { confirmed: false, detail: `OCR reads ${quote(busy.text)}: still under way.` };
  const line = lines.find((candidate) => CONFIRMATION.test(candidate.text));
  return line === undefined
    ? { confirmed: false, unsure: true, detail: `No text on screen confirms that ${quote(label)} took effect.` }
    : { confirmed: true, detail: `OCR reads a confirmation of ${quote(label)}: ${quote(line.text)}.` };
}

/**
 * "Edit Generator G-1, set its status to Retired, save": once the edit form is gone, the item's
 * row showing each value set in it under the field's column confirms the save. The sentence
 * saying so, or undefined unless the plan opened one item's edit form, set at least one field in
 * it and every such field is read in the row with its value.
 */
export function savedInRow(plan: PlanVersion, nodes: readonly AccessibilityNode[] | undefined): string | undefined {
  if (nodes === undefined || nodes.some((node) => node.role === 'dialog' || node.role === 'alertdialog'))
    return undefined;
  const directives = [...plan.completed, ...plan.pending].map((step) => directiveOfStep(step));
  const opened = directives.findLastIndex((directive) => directive?.kind === 'command' && directive.verb === 'edit');
  const opener = directives[opened];
  const item = opener?.kind === 'command' ? opener.object?.name : undefined;
  if (item === undefined) return undefined;
  const set = directives
    .slice(opened + 1)
    .flatMap((directive) =>
      directive?.kind === 'set' && directive.target.name !== undefined
        ? [{ field: directive.target.name, value: directive.value }]
        : [],
    );
  if (set.length === 0) return undefined;
  const shown = set.map(({ field, value }) => ({ field, value, cell: tableCellText(nodes, item, field) }));
  if (shown.some(({ value, cell }) => cell === undefined || normalizeText(cell) !== normalizeText(value)))
    return undefined;
  return `The row of ${quote(item)} now shows ${shown.map(({ field, cell }) => `${quote(cell!)} under ${quote(field)}`).join(' and ')}.`;
}
