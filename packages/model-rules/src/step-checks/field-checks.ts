import type { StepCheck } from '@sandpiper/core';
import type { AccessibilityNode, Box } from '@sandpiper/protocol';
import type {
  ChooseDirective,
  ClearDirective,
  SelectDirective,
  SetCheckedDirective,
  TypeDirective,
} from '../grammar/index.js';
import { describeField, quote } from '../grammar/index.js';
import type { TargetCandidate } from '../grounding/candidates.js';
import { locateTarget, queryFor } from '../grounding/grounder.js';
import { findTextMatches, normalizeForMatch, similarity } from '../ocr/index.js';
import { fieldShows, optionShows } from '../operator/field-values.js';
import { findVisibleText } from '../screen/visible-text.js';
import { besideComboBox, choiceShownBeside } from '../screen/shown-choice.js';
import { ANYWHERE_THRESHOLD, NEAR_THRESHOLD, measureChange } from './pixel-change.js';
import { type CheckContext, lastPointerPoint, pass, reject } from './check-context.js';

/** How far (pixels) around a field's box OCR text still counts as inside it. */
const FIELD_MARGIN = 12;
/** OCR must read a value this faithfully (0 to 1) to count as entered. */
const OCR_VALUE_SCORE = 0.85;

function contains(box: Box, inner: Box, margin = FIELD_MARGIN): boolean {
  const x = inner.x + inner.width / 2;
  const y = inner.y + inner.height / 2;
  return (
    x >= box.x - margin && x <= box.x + box.width + margin && y >= box.y - margin && y <= box.y + box.height + margin
  );
}

/** How far right of and below a label its field may reach when OCR found no outline, in pixels. */
const LABEL_REACH = { right: 700, below: 250 };

/**
 * The area to read a field's value in. When OCR found the field's outline, that box; when it only
 * found the label (a tall text area, a borderless field), the area right of and below the label.
 */
function ocrFieldArea(candidate: TargetCandidate): Box {
  if (candidate.rank !== 1 || candidate.node !== undefined) return candidate.box;
  const label = candidate.box;
  return { x: label.x - FIELD_MARGIN, y: label.y, width: LABEL_REACH.right, height: label.height + LABEL_REACH.below };
}

/** Below this similarity (0 to 1) OCR text inside a field is not even part of the typed text. */
const OCR_PARTIAL_SCORE = 0.5;

/** What OCR reads inside a field compared with the text it should hold. */
type OcrReading = { readonly fit: 'whole' | 'part' | 'none'; readonly read: string };

/**
 * Without accessibility data: read the words inside the field's box. `whole` when the text is
 * read there; `part` when what is read is only a fair part of it, as when the field keeps part of
 * its text highlighted after typing (a date field's last segment) and OCR cannot read the
 * highlighted part.
 */
async function readInside(context: CheckContext, fieldBox: Box, text: string): Promise<OcrReading> {
  // A secret (`{{token}}`) that showed in the field was covered before anyone could read it: the
  // run says where it covered which secret.
  const covered = context.input.after.capture.covered ?? [];
  if (covered.some((place) => place.placeholder === text.trim() && contains(fieldBox, place.box))) {
    return { fit: 'whole', read: text };
  }
  const lines = await context.reader.ocrLines(context.handle, context.input.after);
  if (lines === undefined) return { fit: 'none', read: '' };
  if (findTextMatches(lines, text, { minScore: OCR_VALUE_SCORE }).some((match) => contains(fieldBox, match.box))) {
    return { fit: 'whole', read: text };
  }
  const read = lines
    .flatMap((line) => line.words)
    .filter((word) => contains(fieldBox, word.box, 0))
    .map((word) => word.text)
    .join(' ');
  const wanted = normalizeForMatch(text);
  const seen = normalizeForMatch(read);
  const part = seen !== '' && (wanted.startsWith(seen) || similarity(seen, wanted) >= OCR_PARTIAL_SCORE);
  return { fit: part ? 'part' : 'none', read };
}

async function ocrShowsInside(context: CheckContext, fieldBox: Box, text: string): Promise<boolean> {
  return (await readInside(context, fieldBox, text)).fit === 'whole';
}

/** Typed text this long found inside the focused element's longer value counts as typed there. */
const MIN_CONTAINED_TEXT = 4;

/** The typed text is the field's value (accessibility) or is read inside the field (OCR). */
export async function checkTyped(context: CheckContext, directive: TypeDirective | ClearDirective): Promise<StepCheck> {
  const text = directive.kind === 'type' ? directive.text : '';
  const after = context.input.after;
  if (directive.field === undefined) {
    // The element with the keyboard holding the text is the state typing leaves; the text seen
    // just anywhere is only a change (it may have been there all along).
    // A paragraph being written holds the new text among the old: long enough, it is no accident.
    const holds = (value: string) =>
      fieldShows(value, text) || (text.trim().length >= MIN_CONTAINED_TEXT && value.includes(text.trim()));
    const focused = (context.reader.tree(after) ?? []).find(
      (node) => node.focused === true && node.value !== undefined && holds(node.value),
    );
    if (focused !== undefined) return pass(`The focused ${focused.role} ${quote(focused.name)} holds ${quote(text)}.`);
    const seen = await findVisibleText(context.handle, context.reader, after, text, { ocrFallback: true });
    if (seen?.place === 'on-screen') return { ...pass(`${quote(text)} is now visible on screen.`), basis: 'change' };
    const change = await measureChange(context.reader, context.input.before, after);
    return change.total >= NEAR_THRESHOLD
      ? { ...pass(`The screen changed where the text was typed (${change.total} pixels).`), basis: 'change' }
      : reject(`Nothing on screen shows the typed ${quote(text)}.`);
  }
  const field = await locateTarget(context.handle, context.reader, after, queryFor(directive.field, 'field'));
  const name = describeField(directive.field, 'field');
  if (field.best === undefined) return reject(`Could not find ${name} after typing to confirm its value.`);
  const node = field.best.node;
  if (node !== undefined) {
    if (text === '') {
      if (node.value !== '') return reject(`${capital(name)} still holds ${quote(node.value ?? '')}.`);
      if (node.role === 'combobox') return comboboxCleared(context, node, name);
      return pass(`${capital(name)} is empty.`);
    }
    return fieldShows(node.value, text)
      ? pass(`${capital(name)} holds ${quote(node.value ?? '')}.`)
      : reject(`${capital(name)} holds ${quote(node.value ?? '')}, not ${quote(text)}.`);
  }
  if (text === '') {
    const change = await measureChange(context.reader, context.input.before, after, lastPointerPoint(context));
    return change.near >= NEAR_THRESHOLD
      ? pass(`${capital(name)} changed (${change.near} pixels around it); no text is read there.`)
      : reject(`${capital(name)} did not visibly change.`);
  }
  const reading = await readInside(context, ocrFieldArea(field.best), text);
  if (reading.fit === 'whole') return pass(`OCR reads ${quote(text)} inside ${name}.`);
  if (reading.fit === 'part') {
    const box = field.best.box;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const change = await measureChange(context.reader, context.input.before, after, centre);
    if (change.near >= NEAR_THRESHOLD) {
      return pass(
        `${capital(name)} changed and OCR reads ${quote(reading.read)} in it, part of ${quote(text)} (the rest is likely highlighted).`,
      );
    }
  }
  return reject(
    `OCR does not read ${quote(text)} inside ${name}${reading.read === '' ? '' : ` (it reads ${quote(reading.read)})`}.`,
  );
}

/**
 * A combobox's text box is empty whether or not a choice still shows beside it (a searchable
 * select): it is cleared when nothing shows there as chosen. Its placeholder showing there says
 * so; with neither, the empty text box is all there is to read.
 */
function comboboxCleared(context: CheckContext, node: AccessibilityNode, name: string): StepCheck {
  const beside = besideComboBox(context.reader.nodes(context.input.after) ?? [], node);
  if (beside.chosen.length > 0) {
    return reject(`${capital(name)} still shows ${quote(beside.chosen.join(', '))} beside its empty text box.`);
  }
  return pass(
    beside.placeholder ? `${capital(name)} is empty and shows its placeholder.` : `${capital(name)} is empty.`,
  );
}

/** The dropdown's value is the option (accessibility), or the option's text shows in it (OCR). */
export async function checkSelected(context: CheckContext, directive: SelectDirective): Promise<StepCheck> {
  const after = context.input.after;
  const name = describeField(directive.field, 'dropdown');
  const field = await locateTarget(context.handle, context.reader, after, queryFor(directive.field, 'dropdown'));
  if (field.best === undefined) return reject(`Could not find ${name} after selecting to confirm its value.`);
  const node = field.best.node;
  if (node !== undefined && node.value !== undefined) {
    if (optionShows(node.value, directive.option)) return pass(`${capital(name)} shows ${quote(node.value)}.`);
    // A searchable select keeps its text box empty and shows the choice beside it.
    const beside = choiceShownBeside(context.reader.nodes(after) ?? [], node, directive.option);
    if (beside !== undefined) return pass(`${capital(name)} shows ${quote(beside)} beside its text box.`);
    return reject(`${capital(name)} shows ${quote(node.value)}, not ${quote(directive.option)}.`);
  }
  if (node === undefined && (await ocrShowsInside(context, field.best.box, directive.option))) {
    return pass(`OCR reads ${quote(directive.option)} inside ${name}.`);
  }
  const seen = await findVisibleText(context.handle, context.reader, after, directive.option, { ocrFallback: true });
  return seen?.place === 'on-screen' && contains(field.best.box, seen.box)
    ? pass(`${quote(directive.option)} shows in ${name}.`)
    : reject(`${capital(name)} does not show ${quote(directive.option)}.`);
}

/** The checkbox or radio is in the wanted state (accessibility), or the pixels at the click changed (OCR only). */
export async function checkToggled(
  context: CheckContext,
  directive: SetCheckedDirective | ChooseDirective,
): Promise<StepCheck> {
  const wanted = directive.kind !== 'uncheck';
  const query =
    directive.kind === 'choose' ? { text: directive.option, role: 'radio' } : queryFor(directive.target, 'checkbox');
  const name =
    directive.kind === 'choose' ? `the ${quote(directive.option)} option` : describeField(directive.target, 'checkbox');
  const state = wanted ? (directive.kind === 'choose' ? 'selected' : 'checked') : 'not checked';
  const found = await locateTarget(context.handle, context.reader, context.input.after, query);
  const node = found.best?.node;
  const checked = node?.checked ?? (typeof node?.pressed === 'boolean' ? node.pressed : undefined);
  if (checked !== undefined) {
    return (checked === true) === wanted
      ? pass(`${capital(name)} is ${state}.`)
      : reject(
          `${capital(name)} is ${checked === 'mixed' ? 'partly checked' : checked ? 'checked' : 'not checked'}, not ${state}.`,
        );
  }
  const change = await measureChange(
    context.reader,
    context.input.before,
    context.input.after,
    lastPointerPoint(context),
  );
  if (change.near >= NEAR_THRESHOLD) {
    return pass(`The screen changed around the click on ${name} (${change.near} pixels); its state cannot be read.`);
  }
  return change.total >= ANYWHERE_THRESHOLD
    ? {
        ...pass(`The screen changed after clicking ${name} (${change.total} pixels); its state cannot be read.`),
        basis: 'change',
      }
    : reject(`Nothing changed on screen after clicking ${name}.`);
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
