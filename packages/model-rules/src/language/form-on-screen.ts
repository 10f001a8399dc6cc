/**
 * A request that lists the values of a form on screen after its verb: "Sign up Lin Okafor,
 * lin@example.org, Kenya, Pro plan, password okafor2024x", "book a video call for Noor Haddad at
 * Northgate", "create a free account for Tomás Rivera, no newsletter". The parts are split at
 * commas and "and" (and, when a part holds several values, at the prepositions between them), and
 * each goes where the screen says it fits:
 *   - a part that names a control and its value, an option or a box ("password X", "Kenya",
 *     "Pro plan", "no newsletter") is read against the screen's controls;
 *   - an address goes into the one email field, a date into the one date field, a time into the
 *     one time field;
 *   - a person's name into the one name field.
 * Every part must find exactly one place, no field takes two values, and a password is typed into
 * its confirmation field too. Then the verb's own control sends the form. Anything less reads as
 * nothing (the person is asked): a value is never put where the screen does not say it goes.
 */
import type { StepIntent, TargetRef } from '@sandpiper/protocol';
import { determiners, secretLabel, verbAt } from './lexicon.js';
import { readAgainstScreen, runIn, type ScreenControl } from './screen-reading.js';
import { isWord, messageText, spanText, type Token } from './tokens.js';
import { emailAddress, parseDate, parseTime } from './values.js';

/** Verbs that send a form they are given values for. */
const sendingVerbs = new Set(['sign up', 'register', 'book', 'submit', 'create', 'request', 'apply', 'send']);

/** Words that join one value of a part to the next ("Tomás Rivera with tomas@… in Mexico on the Free plan"). */
const joints = new Set(['with', 'in', 'on', 'at', 'for', 'from', 'as', 'using', 'under', 'via']);

/** Labels of a field that repeats the password to confirm it. */
const confirmLabel = /\b(?:confirm|repeat|again|retype|re-enter|verify)\b/i;
/** Labels of a field for a date of birth. */
const birthLabel = /\b(?:birth|born|birthday|dob)\b/i;
/** Labels of the field for a person's name (not a user name or a company's). */
const personLabel = /^(?:(?:full|your|patient|contact|guest|person'?s?)\s+)?name$/i;

/** A value placed into a control of the screen. */
interface Placed {
  readonly control: string;
  readonly intent: StepIntent;
}

export function readFormOnScreen(
  verb: string,
  rest: readonly Token[],
  source: string,
  controls: readonly ScreenControl[],
): StepIntent[] | undefined {
  if (!sendingVerbs.has(verb)) return undefined;
  const fields = controls.filter((control) => control.role !== 'tab');
  if (fields.length < 2) return undefined;
  // "… saying My invoice shows the wrong VAT number", "…: Friday works": the text of the message,
  // whole, commas and all.
  const sayingAt = rest.findIndex((token) => isWord(token, 'saying') || (token.kind === 'punct' && token.text === ':'));
  // "saying: My invoice …": the colon only introduces the text.
  const opens = sayingAt > 0 && rest[sayingAt + 1]?.kind === 'punct' && rest[sayingAt + 1]!.text === ':' ? 2 : 1;
  const message = sayingAt > 0 ? trimEnd(rest.slice(sayingAt + opens)) : [];
  if (sayingAt > 0 && message.length === 0) return undefined;
  const parts = splitParts(sayingAt > 0 ? rest.slice(0, sayingAt) : rest);
  if (parts.length === 0) return undefined;
  const placed: Placed[] = [];
  const used = new Set<string>();
  let object: TargetRef | undefined;
  for (const [index, part] of parts.entries()) {
    let tokens = part;
    // "an account for Lin Okafor", "a free account for …", "a video call for …": what is made, then whose.
    if (index === 0) {
      const made = madeThing(part, source, fields, used);
      if (made === undefined) return undefined;
      placed.push(...made.placed);
      for (const entry of made.placed) used.add(entry.control);
      object = made.object ?? object;
      tokens = made.rest;
      if (tokens.length === 0) continue;
    }
    const found = placeAll(tokens, source, fields, used);
    if (found === undefined) return undefined;
    for (const entry of found) used.add(entry.control);
    placed.push(...found);
  }
  if (message.length > 0) {
    const field = messageField(fields, used, object);
    if (field === undefined) return undefined;
    used.add(field.name);
    const text =
      message.length === 1 && message[0]!.kind === 'quoted' ? message[0]!.text : messageText(source, message);
    placed.push({
      control: field.name,
      intent: { kind: 'set', target: { name: field.name, role: 'field' }, value: text },
    });
  }
  if (placed.length < 2) return undefined;
  const confirm = confirmation(placed, fields, used);
  const send: StepIntent = { kind: 'command', verb, ...(object === undefined ? {} : { object }) };
  return [...placed.map((entry) => entry.intent), ...confirm, send];
}

/** Labels of the field that takes a message's text. */
const messageLabel = /\b(?:message|body|comment|note|notes|details|description|text|reply)\b/i;

/** The one free text field a message goes into: named like the thing sent, or labelled as a message's. */
function messageField(
  fields: readonly ScreenControl[],
  used: ReadonlySet<string>,
  object: TargetRef | undefined,
): ScreenControl | undefined {
  const free = fields.filter((field) => field.role === 'textbox' && !used.has(field.name));
  const noun = object?.name?.toLowerCase();
  const named = noun === undefined ? [] : free.filter((field) => normalWords(field.name).includes(noun));
  if (named.length === 1) return named[0];
  const labelled = free.filter((field) => messageLabel.test(field.name));
  return labelled.length === 1 ? labelled[0] : undefined;
}

function trimEnd(tokens: readonly Token[]): Token[] {
  let end = tokens.length;
  while (end > 0 && tokens[end - 1]!.kind === 'punct' && /^[.!?,;]$/.test(tokens[end - 1]!.text)) end -= 1;
  return tokens.slice(0, end);
}

/** The parts of the words after the verb: split at commas, semicolons and "and". */
function splitParts(rest: readonly Token[]): Token[][] {
  const parts: Token[][] = [[]];
  for (const token of rest) {
    if ((token.kind === 'punct' && /^[,;]$/.test(token.text)) || isWord(token, 'and')) parts.push([]);
    else if (token.kind !== 'punct' || !/^[.!?]$/.test(token.text)) parts.at(-1)!.push(token);
  }
  return parts.filter((part) => part.length > 0);
}

/**
 * The first part's head: "a free account for Tomás Rivera" is the thing made ("account", which
 * names the sending control with the verb), the words before it that are values ("free"), and the
 * rest after "for". A first part with no such head is all rest.
 */
function madeThing(
  part: readonly Token[],
  source: string,
  fields: readonly ScreenControl[],
  used: ReadonlySet<string>,
): { placed: Placed[]; object?: TargetRef; rest: Token[] } | undefined {
  if (!determiners.has(part[0]?.lower ?? '')) return { placed: [], rest: [...part] };
  // The head ends where a joint starts the values: "a Billing message from kofi@…".
  const jointAt = part.findIndex((token, index) => index > 1 && isWord(token, ...joints));
  const head = part.slice(1, jointAt < 0 ? part.length : jointAt);
  const rest = jointAt < 0 ? [] : part.slice(jointAt);
  if (head.length === 0 || head.some((token) => token.kind !== 'word')) return undefined;
  // "a video call": the head names a value whole; "a free account": values, then the thing made.
  const whole = namedOnScreen(head, source, fields);
  if (whole !== undefined && !used.has(whole.control)) return { placed: [whole], rest };
  const noun = head.at(-1)!;
  const modifiers = head.slice(0, -1);
  const placed: Placed[] = [];
  if (modifiers.length > 0) {
    const value = namedOnScreen(modifiers, source, fields);
    if (value === undefined || used.has(value.control)) return undefined;
    placed.push(value);
  }
  return { placed, object: { name: noun.text }, rest };
}

/** A part read as one value, or else split at its joints with every piece a value. */
function placeAll(
  tokens: readonly Token[],
  source: string,
  fields: readonly ScreenControl[],
  used: ReadonlySet<string>,
): Placed[] | undefined {
  const both = dateAndTime(tokens, source, fields, used) ?? route(tokens, source, fields, used);
  if (both !== undefined) return both;
  const one = placeOne(tokens, source, fields, used);
  if (one !== undefined) return [one];
  const pieces: Token[][] = [[]];
  for (const token of tokens) {
    if (isWord(token, ...joints)) pieces.push([]);
    else pieces.at(-1)!.push(token);
  }
  const filled = pieces.filter((piece) => piece.length > 0);
  if (filled.length < 2) return undefined;
  const taken = new Set(used);
  const placed: Placed[] = [];
  for (const piece of filled) {
    const found = placeOne(piece, source, fields, taken);
    if (found === undefined) return undefined;
    taken.add(found.control);
    placed.push(found);
  }
  return placed;
}

/** Labels of the start and the end of a route. */
const startLabel = /^(?:from|origin|departure|departing|leaving|start)\b/i;
const endLabel = /^(?:to|destination|arrival|arriving|going to|end)\b/i;

/**
 * "Porto to Toronto", "from Lisbon to Oslo": the start of a route in the field labelled for where it
 * starts, the end in the one for where it ends, each by one of that field's options or as typed.
 */
function route(
  tokens: readonly Token[],
  source: string,
  fields: readonly ScreenControl[],
  used: ReadonlySet<string>,
): Placed[] | undefined {
  const words = withoutLeadingJoint(tokens);
  const to = words.findIndex((token) => isWord(token, 'to'));
  if (to <= 0 || to === words.length - 1 || words.slice(to + 1).some((token) => isWord(token, 'to'))) return undefined;
  const free = fields.filter((field) => !used.has(field.name) && field.role !== 'checkbox' && field.role !== 'switch');
  const starts = free.filter((field) => startLabel.test(field.name.trim()));
  const ends = free.filter((field) => endLabel.test(field.name.trim()));
  if (starts.length !== 1 || ends.length !== 1) return undefined;
  const value = (field: ScreenControl, part: readonly Token[]): Placed | undefined => {
    const said = normalWords(spanText(source, part));
    const options = (field.options ?? []).filter((option) => runIn(normalWords(option), said));
    if (field.options !== undefined && field.options.length > 0 && options.length !== 1) return undefined;
    const text = options[0] ?? spanText(source, part);
    return { control: field.name, intent: { kind: 'set', target: { name: field.name, role: 'field' }, value: text } };
  };
  const from = value(starts[0]!, words.slice(0, to));
  const end = value(ends[0]!, words.slice(to + 1));
  return from !== undefined && end !== undefined ? [from, end] : undefined;
}

/** "3/14/2026 9:30": a date and a time written together, each into its own field. */
function dateAndTime(
  tokens: readonly Token[],
  source: string,
  fields: readonly ScreenControl[],
  used: ReadonlySet<string>,
): Placed[] | undefined {
  for (let split = 1; split < tokens.length; split += 1) {
    const date = tokens.slice(0, split);
    const time = tokens.slice(split);
    if (!onlyDate(date, source) || !onlyTime(time, source)) continue;
    const day = placeOne(date, source, fields, used);
    const hour = day === undefined ? undefined : placeOne(time, source, fields, new Set([...used, day.control]));
    return day !== undefined && hour !== undefined ? [day, hour] : undefined;
  }
  return undefined;
}

/** Words a date or a time may be written with, besides numbers. */
const dateWords = new Set([
  ...['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october'],
  ...['november', 'december', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec'],
  ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'today', 'tomorrow'],
  ...['the', 'of', 'on', 'next', 'this'],
]);
const timeWords = new Set([
  ...['am', 'pm', 'a.m.', 'p.m.', "o'clock", 'noon', 'midnight', 'half', 'past', 'quarter', 'to', 'at', 'a'],
  ...['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'],
  ...['fifteen', 'twenty', 'thirty', 'forty', 'forty-five', 'in', 'morning', 'afternoon', 'evening'],
]);

/** Whether the words are a date and nothing else ("March 14th, 2026", "3/14/2026"). */
function onlyDate(words: readonly Token[], source: string): boolean {
  return (
    words.every((token) => token.kind === 'punct' || /\d/.test(token.text) || dateWords.has(token.lower)) &&
    parseDate(spanText(source, words)) !== undefined
  );
}

/** Whether the words are a time and nothing else ("9:30 am", "half past three"). */
function onlyTime(words: readonly Token[], source: string): boolean {
  return (
    words.every((token) => token.kind === 'punct' || /\d/.test(token.text) || timeWords.has(token.lower)) &&
    parseTime(spanText(source, words)) !== undefined
  );
}

/** One value's place, from the screen: named there, or the one field of its kind. */
function placeOne(
  tokens: readonly Token[],
  source: string,
  fields: readonly ScreenControl[],
  used: ReadonlySet<string>,
): Placed | undefined {
  const words = withoutLeadingJoint(tokens);
  if (words.length === 0 || words.length > 8) return undefined;
  // A verb in the part asks for something else ("agree to the terms" is read below as a box).
  const named = namedOnScreen(words, source, fields);
  if (named !== undefined) return used.has(named.control) ? undefined : named;
  if (words.some((token) => token.kind === 'word' && verbAt([token.lower]) !== undefined)) return undefined;
  const text = spanText(source, words);
  let value = text;
  const free = fields.filter(
    (field) => !used.has(field.name) && (field.role === 'textbox' || field.role === 'combobox'),
  );
  const only = (accept: (field: ScreenControl) => boolean): ScreenControl | undefined => {
    const fits = free.filter(accept);
    return fits.length === 1 ? fits[0] : undefined;
  };
  let field: ScreenControl | undefined;
  if (words.length === 1 && emailAddress.test(words[0]!.text))
    field = only((candidate) => candidate.inputType === 'email' || /\be-?mail\b/i.test(candidate.name));
  else if (onlyTime(words, source) && !/^\d+$/.test(text))
    field = only((candidate) => candidate.inputType === 'time' || /\btime\b/i.test(candidate.name));
  else if (onlyDate(words, source))
    // A birth date is always named: a date alone is never one.
    field = only(
      (candidate) =>
        (candidate.inputType === 'date' || /\bdate\b/i.test(candidate.name)) && !birthLabel.test(candidate.name),
    );
  else if (personName(words, source)) {
    field = only((candidate) => personLabel.test(candidate.name.trim()));
    // Written without any capitals, a person's name is typed as names are written.
    if (!/\p{Lu}/u.test(source))
      value = text.replace(
        /(^|[\s'’-])(\p{Ll})/gu,
        (_, before: string, letter: string) => before + letter.toUpperCase(),
      );
  }
  if (field === undefined) return undefined;
  return { control: field.name, intent: { kind: 'set', target: { name: field.name, role: 'field' }, value } };
}

/**
 * Words that may be a person's name: up to four words of letters, each capitalised, or in any case
 * where the writer used no capitals at all ("sign up tomás rivera").
 */
function personName(words: readonly Token[], source: string): boolean {
  if (words.length > 4) return false;
  const cased = /\p{Lu}/u.test(source);
  return words.every(
    (token) =>
      token.kind === 'word' && /^\p{L}[\p{L}'’.-]*$/u.test(token.text) && (!cased || /^\p{Lu}/u.test(token.text)),
  );
}

/** A part that names a control on screen (and its value), an option of one, or a box. */
function namedOnScreen(words: readonly Token[], source: string, fields: readonly ScreenControl[]): Placed | undefined {
  const read =
    readAgainstScreen(words, source, fields) ?? choiceNamed(words, source, fields) ?? boxNamed(words, source, fields);
  if (read?.length !== 1) return undefined;
  let intent = read[0]!;
  if (intent.kind === 'toggle' && intent.target.role === 'checkbox')
    intent = { kind: intent.on ? 'check' : 'uncheck', target: intent.target };
  const control = controlOf(intent);
  return control === undefined ? undefined : { control, intent };
}

/**
 * An option of a dropdown or a radio group, named whole or by part of its words, with or without
 * the choice's own label beside it ("Pro plan", "plan Free", "country Mexico"). Undefined unless
 * exactly one option of one choice fits.
 */
export function choiceNamed(
  words: readonly Token[],
  source: string,
  fields: readonly ScreenControl[],
): StepIntent[] | undefined {
  const said = normalWords(spanText(source, words));
  const fits: StepIntent[] = [];
  for (const choice of choicesOf(fields)) {
    const label = new Set(normalWords(choice.name));
    const rest = said.filter((word) => !label.has(word));
    if (rest.length === 0) continue;
    for (const option of choice.options) {
      if (!runIn(normalWords(option), rest)) continue;
      fits.push(
        choice.radio
          ? { kind: 'choose', option, group: choice.name }
          : { kind: 'set', target: { name: choice.name, role: 'field' }, value: option },
      );
    }
  }
  return fits.length === 1 ? fits : undefined;
}

/** The dropdowns and radio groups of the screen, each with its options. */
function choicesOf(fields: readonly ScreenControl[]): { name: string; options: readonly string[]; radio: boolean }[] {
  const groups = new Map<string, string[]>();
  for (const field of fields) {
    if (field.role === 'radio' && field.group !== undefined)
      groups.set(field.group, [...(groups.get(field.group) ?? []), field.name]);
  }
  return [
    ...fields.flatMap((field) =>
      field.role !== 'radio' && field.options !== undefined && field.options.length > 0
        ? [{ name: field.name, options: field.options, radio: false }]
        : [],
    ),
    ...[...groups].map(([name, options]) => ({ name, options, radio: true })),
  ];
}

/** Words that say a box is ticked, or unticked. */
const onStates = new Set(['on', 'tick', 'ticked', 'check', 'checked', 'enable', 'enabled', 'accept', 'accepted']);
const offStates = new Set(['off', 'untick', 'unticked', 'uncheck', 'unchecked', 'disable', 'disabled', 'deselect']);
const boxNegations = new Set(['no', 'not', "don't", 'dont', 'never', 'without']);
/** Words around a box's name and state that say nothing more ("newsletter left on", "keep it ticked"). */
const boxFillers = new Set([
  'left',
  'leave',
  'keep',
  'kept',
  'stay',
  'stays',
  'remain',
  'turned',
  'turn',
  'be',
  'is',
  'box',
  'checkbox',
  'switch',
  'toggle',
  'option',
  'setting',
]);

/**
 * A part that names one checkbox or switch on screen, by its name or a run of its words, with at
 * most a state, a negation and filler beside it: "remember me", "no newsletter", "newsletter left
 * on", "don't tick Remember me", "agree to the terms" (for "I agree to the Terms of Service"). The
 * box is ticked unless the words say otherwise. Undefined unless exactly one box fits.
 */
export function boxNamed(
  words: readonly Token[],
  source: string,
  fields: readonly ScreenControl[],
): StepIntent[] | undefined {
  const boxes = fields.filter((field) => field.role === 'checkbox' || field.role === 'switch');
  if (boxes.length === 0 || words.some((token) => token.kind === 'punct' && !/^[.!,]$/.test(token.text)))
    return undefined;
  const said = words
    .filter((token) => token.kind !== 'punct')
    .map((token) => (token.kind === 'quoted' ? token.text : token.lower));
  // The name as said first (a box may be named "Accept cookies"), then without state words, then without filler.
  const stages = [
    (word: string) => word !== '',
    (word: string) => !onStates.has(word) && !offStates.has(word) && !boxNegations.has(word),
    (word: string) => !onStates.has(word) && !offStates.has(word) && !boxNegations.has(word) && !boxFillers.has(word),
  ];
  const decided = (box: ScreenControl, dropped: readonly string[]): StepIntent[] => {
    let on = !dropped.some((word) => offStates.has(word));
    if (dropped.some((word) => boxNegations.has(word))) on = !on;
    if (box.role === 'switch') return [{ kind: 'toggle', target: { name: box.name, role: 'switch' }, on }];
    return [{ kind: on ? 'check' : 'uncheck', target: { name: box.name, role: 'checkbox' } }];
  };
  for (const keep of stages) {
    const name = normalWords(said.filter(keep).join(' '));
    if (name.length === 0) continue;
    const fits = boxes.filter((box) => runIn(normalWords(box.name), name));
    if (fits.length === 1)
      return decided(
        fits[0]!,
        said.filter((word) => !keep(word)),
      );
  }
  // "without this device remembering me" for "Remember me": every word of the box's name said, in
  // any form ("remembering"), with at most a few more words around it.
  const stems = said.map((word) => word.replace(/(?:ing|ed)$/, ''));
  const wholly = boxes.filter((box) => {
    const named = normalWords(box.name);
    return (
      named.length >= 2 &&
      said.length - named.length <= 4 &&
      named.every((word) => said.includes(word) || stems.includes(word.replace(/e$/, '')) || stems.includes(word))
    );
  });
  return wholly.length === 1
    ? decided(
        wholly[0]!,
        said.filter((word) => boxNegations.has(word) || offStates.has(word)),
      )
    : undefined;
}

/** The control an intent gives a value to, as the placement counts it (a radio group by its name). */
function controlOf(intent: StepIntent): string | undefined {
  switch (intent.kind) {
    case 'set':
    case 'toggle':
    case 'check':
    case 'uncheck':
      return intent.target.name;
    case 'choose':
      return intent.group ?? intent.option;
    default:
      return undefined;
  }
}

/** The confirmation field of a password set here: the same password typed again. */
function confirmation(
  placed: readonly Placed[],
  fields: readonly ScreenControl[],
  used: ReadonlySet<string>,
): StepIntent[] {
  const secret = placed.find((entry) => secretLabel.test(entry.control) && entry.intent.kind === 'set');
  if (secret === undefined || secret.intent.kind !== 'set') return [];
  const again = fields.filter(
    (field) => !used.has(field.name) && secretLabel.test(field.name) && confirmLabel.test(field.name),
  );
  if (again.length !== 1) return [];
  return [{ kind: 'set', target: { name: again[0]!.name, role: 'field' }, value: secret.intent.value }];
}

function withoutLeadingJoint(tokens: readonly Token[]): Token[] {
  let start = 0;
  while (start < tokens.length - 1 && (isWord(tokens[start], ...joints) || determiners.has(tokens[start]!.lower)))
    start += 1;
  return tokens.slice(start);
}

/** Lower-case words of a label or a span, without the articles and "to" a phrasing adds. */
function normalWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && word !== 'the' && word !== 'a' && word !== 'to');
}
