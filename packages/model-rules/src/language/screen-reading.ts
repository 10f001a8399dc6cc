/**
 * Reading a clause the grammar could not read against the screen the run starts from: the names
 * of its controls, the options they offer and the tabs that show them. "kitchen lights off",
 * "Notification volume 35", "start at 10:15 am", "make it a phone appointment": the words that
 * name a control on screen say which one, the rest must be a value that control takes, and every
 * other word may only be politeness or a linking word. A clause with a word left over, two
 * controls, or a value its control cannot take is not read (the person is asked): nothing is
 * guessed. Pure: the screen enters as a list of {@link ScreenControl}.
 */
import type { StepIntent, TargetRef } from '@sandpiper/protocol';
import { verbAt } from './lexicon.js';
import { isWord, spanText, type Token } from './tokens.js';
import { parseDate, parseNumber, parseTime, relativeMinutes } from './values.js';

/** A control on the screen a run starts from, as the planner reads it. */
export interface ScreenControl {
  /** ARIA role: textbox, combobox, switch, slider, tab, radio, button... */
  readonly role: string;
  readonly name: string;
  /** The options a dropdown or list box offers. */
  readonly options?: readonly string[];
  /** The name of the radio group a radio belongs to. */
  readonly group?: string;
  readonly valueMin?: number;
  readonly valueMax?: number;
  /** A field's input type when it says more than its role (date, time, email, number...). */
  readonly inputType?: string;
}

/** Roles that hold a value a clause can give. */
export const valueRoles: ReadonlySet<string> = new Set([
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'spinbutton',
  'slider',
  'switch',
  'checkbox',
]);

/** Words that carry no request of their own around a control and its value. */
const linkingWords = new Set([
  'the',
  'a',
  'an',
  'my',
  'our',
  'your',
  'its',
  'this',
  'that',
  'these',
  'those',
  'it',
  'them',
  'to',
  'at',
  'in',
  'on',
  'into',
  'for',
  'of',
  'from',
  'by',
  'with',
  'as',
  'under',
  'inside',
  'is',
  'are',
  'be',
  'should',
  'must',
  'will',
  'would',
  'could',
  'can',
  'please',
  'pls',
  'plz',
  'i',
  'we',
  'me',
  'us',
  'want',
  'wants',
  'need',
  'needs',
  'like',
  "i'd",
  "i'm",
  'so',
  'and',
  'then',
  'just',
  'set',
  'make',
  'change',
  'put',
  'turn',
  'switch',
  'adjust',
  'update',
  'modify',
  'give',
  'bring',
  'move',
  'keep',
  'value',
  'field',
  'box',
  'setting',
  'settings',
  'slider',
  'toggle',
  'option',
  'tab',
  'section',
  'panel',
]);

/** Words that put a switch on or off. */
const onWords = new Set([
  'on',
  'enable',
  'enabled',
  'activate',
  'active',
  'yes',
  'true',
  'check',
  'checked',
  'tick',
  'ticked',
]);
const offWords = new Set([
  'off',
  'disable',
  'disabled',
  'deactivate',
  'inactive',
  'false',
  'uncheck',
  'unchecked',
  'untick',
  'unticked',
]);
/** Words that negate what follows ("I do not want push notifications"). */
const negations = new Set(['not', "don't", 'dont', 'no', 'never', 'longer', 'without']);

/** Words that name the top or the bottom of a range. */
const maxWords = new Set(['max', 'maximum', 'full', 'highest', 'top']);
const minWords = new Set(['min', 'minimum', 'lowest', 'bottom']);

/** Words of a name too common to say which control is meant on their own. */
const genericWords = new Set([
  'time',
  'date',
  'name',
  'number',
  'level',
  'mode',
  'type',
  'new',
  'my',
  'the',
  'of',
  'and',
]);

/** A word as compared: lower case, outer punctuation off, a plural's "s" dropped. */
function norm(word: string): string {
  const bare = word
    .toLowerCase()
    .replace(/\u2019/g, "'")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}%]+$/gu, '');
  return bare.length > 3 && bare.endsWith('s') && !bare.endsWith('ss') ? bare.slice(0, -1) : bare;
}

function wordsOf(text: string): string[] {
  return text
    .split(/[\s·|/,:;()–—-]+/)
    .map(norm)
    .filter((word) => word !== '');
}

/** One place in the clause that names something on screen. */
interface Mention {
  readonly start: number;
  readonly end: number;
  readonly control: ScreenControl;
  /** For an option of a dropdown: which option. */
  readonly option?: string;
}

interface Named {
  readonly words: readonly string[];
  readonly control: ScreenControl;
  readonly option?: string;
}

function namedThings(controls: readonly ScreenControl[]): Named[] {
  const named: Named[] = [];
  for (const control of controls) {
    if (control.name.trim() !== '') named.push({ words: wordsOf(control.name), control });
    for (const option of control.options ?? []) named.push({ words: wordsOf(option), control, option });
  }
  return named.filter((entry) => entry.words.length > 0);
}

/** Whether `run` stands, word for word, somewhere in `haystack`. */
export function runIn(haystack: readonly string[], run: readonly string[]): boolean {
  for (let start = 0; start + run.length <= haystack.length; start += 1) {
    if (run.every((word, index) => haystack[start + index] === word)) return true;
  }
  return false;
}

/** The mention starting at `index`: a whole name first (longest), else part of exactly one name. */
function mentionAt(words: readonly string[], index: number, named: readonly Named[]): Mention | undefined {
  let whole: { entry: Named; length: number } | undefined;
  for (const entry of named) {
    const length = entry.words.length;
    if (length <= words.length - index && entry.words.every((word, offset) => words[index + offset] === word)) {
      if (whole === undefined || length > whole.length) whole = { entry, length };
    }
  }
  if (whole !== undefined) return mention(index, whole.length, whole.entry);
  for (let length = Math.min(3, words.length - index); length >= 1; length -= 1) {
    const run = words.slice(index, index + length);
    if (!run.some((word) => !genericWords.has(word) && !linkingWords.has(word) && !/^\d/.test(word))) continue;
    const fits = named.filter(
      (entry) => (valueRoles.has(entry.control.role) || entry.option !== undefined) && runIn(entry.words, run),
    );
    const distinct = new Set(fits.map((entry) => `${entry.control.name}\u0000${entry.option ?? ''}`));
    if (distinct.size === 1) return mention(index, length, fits[0]!);
  }
  return undefined;
}

function mention(start: number, length: number, entry: Named): Mention {
  return {
    start,
    end: start + length,
    control: entry.control,
    ...(entry.option === undefined ? {} : { option: entry.option }),
  };
}

/** The role hint a step gives a control of this ARIA role. */
function hintFor(role: string): string {
  if (role === 'switch' || role === 'checkbox' || role === 'slider' || role === 'spinbutton') return role;
  return 'field';
}

/**
 * The steps a clause asks for, read against the controls on screen; undefined when the clause
 * is not made only of names on screen, one value they take and linking words.
 */
export function readAgainstScreen(
  tokens: readonly Token[],
  source: string,
  controls: readonly ScreenControl[],
): StepIntent[] | undefined {
  const content = tokens.filter((token) => token.kind !== 'punct');
  if (content.length === 0 || content.length > 14) return undefined;
  const words = content.map((token) => (token.kind === 'quoted' ? norm(token.text) : norm(token.lower)));
  const named = namedThings(controls);
  const mentions: Mention[] = [];
  for (let index = 0; index < words.length;) {
    const found =
      content[index]!.kind === 'quoted' ? quotedMention(content[index]!, index, named) : mentionAt(words, index, named);
    if (found === undefined) {
      index += 1;
      continue;
    }
    mentions.push(found);
    index = found.end;
  }
  const tabs = mentions.filter((found) => found.control.role === 'tab');
  const targets = mentions.filter((found) => found.control.role !== 'tab');
  if (targets.length === 2 && tabs.length === 0) return replaced(content, targets[0]!, targets[1]!);
  if (targets.length !== 1) return undefined;
  // A verb that asks for something else ("delete", "send") is not this clause's to drop.
  const outside = (index: number) => !mentions.some((found) => index >= found.start && index < found.end);
  for (const [index, token] of content.entries()) {
    if (!outside(index) || token.kind !== 'word' || linkingWords.has(token.lower)) continue;
    if (onWords.has(token.lower) || offWords.has(token.lower)) continue;
    if (verbAt([token.lower]) !== undefined) return undefined;
  }
  // The words between mentions, in runs, with linking words off each run's ends.
  const runs: Token[][] = [[]];
  for (const [index, token] of content.entries()) {
    if (outside(index)) runs.at(-1)!.push(token);
    else if (runs.at(-1)!.length > 0) runs.push([]);
  }
  const values = runs.map(trimLinking).filter((run) => run.length > 0);
  const places = tabs.map((found): StepIntent => ({
    kind: 'go-to',
    target: { name: found.control.name, role: 'tab' },
  }));
  const intent = intentFor(targets[0]!, values, source);
  return intent === undefined ? undefined : [...places, intent];
}

/** Words that say one thing named takes the place of another: "from A to B", "B instead of A". */
const replacingWords = new Set(['instead', 'rather', 'than', 'of', 'not', 'from', 'to', 'gonna', 'wanna']);

/**
 * "Switch from daily digest to weekly report", "the weekly report instead of the daily digest":
 * two things on screen, one to leave and one to take. Two switches or boxes: the one left goes
 * off and the other on. Two choices of one group: the one taken is chosen. Undefined for any
 * other pair, or any word that is not a linking word or one of these.
 */
function replaced(content: readonly Token[], first: Mention, second: Mention): StepIntent[] | undefined {
  const between = content.slice(first.end, second.start).map((token) => token.lower);
  const before = content.slice(0, first.start).map((token) => token.lower);
  const after = content.slice(second.end);
  const outside = [...before, ...between, ...after.map((token) => token.lower)];
  if (outside.some((word) => !linkingWords.has(word) && !replacingWords.has(word))) return undefined;
  const joined = between.join(' ').replace(/ (?:the|a|an|my|our)$/, '');
  let taken: Mention;
  let left: Mention;
  if (before.includes('from') && /\bto$/.test(joined)) [left, taken] = [first, second];
  else if (/^(?:instead of|rather than|and not|not)$/.test(joined)) [taken, left] = [first, second];
  else return undefined;
  const toggles = new Set(['switch', 'checkbox']);
  if (toggles.has(taken.control.role) && toggles.has(left.control.role) && taken.control !== left.control) {
    return [
      { kind: 'toggle', target: { name: left.control.name, role: hintFor(left.control.role) }, on: false },
      { kind: 'toggle', target: { name: taken.control.name, role: hintFor(taken.control.role) }, on: true },
    ];
  }
  const sameGroup =
    taken.option !== undefined
      ? left.control === taken.control && left.option !== undefined
      : taken.control.role === 'radio' &&
        left.control.role === 'radio' &&
        taken.control.group !== undefined &&
        taken.control.group === left.control.group;
  if (!sameGroup) return undefined;
  const intent = intentFor(taken, [], '');
  return intent === undefined ? undefined : [intent];
}

function quotedMention(token: Token, index: number, named: readonly Named[]): Mention | undefined {
  const words = wordsOf(token.text);
  const entry = named.find((candidate) => sameWords(candidate.words, words));
  return entry === undefined ? undefined : mention(index, 1, entry);
}

/** Words that may stand beside a switch's name and its on/off words ("I do not want it any more"). */
const switchCompanions = new Set(['do', 'does', 'any', 'more', 'anymore', 'longer', 'get', 'receive', 'have']);

/** The intent for the one control named, given the runs of words that are not linking words. */
function intentFor(target: Mention, values: readonly Token[][], source: string): StepIntent | undefined {
  const control = target.control;
  const ref: TargetRef = { name: control.name, role: hintFor(control.role) };
  // An option of a dropdown or a radio, named: that choice, and nothing else may be left.
  if (target.option !== undefined)
    return values.length === 0
      ? { kind: 'set', target: { name: control.name, role: 'field' }, value: target.option }
      : undefined;
  if (control.role === 'radio')
    return values.length === 0
      ? { kind: 'choose', option: control.name, ...(control.group ? { group: control.group } : {}) }
      : undefined;
  if (control.role === 'switch' || control.role === 'checkbox') {
    let on: boolean | undefined;
    let negated = false;
    for (const token of values.flat()) {
      if (token.kind !== 'word') return undefined;
      if (onWords.has(token.lower)) on = on === false ? undefined : true;
      else if (offWords.has(token.lower)) on = on === true ? undefined : false;
      else if (negations.has(token.lower)) negated = true;
      else if (!switchCompanions.has(token.lower) && !linkingWords.has(token.lower)) return undefined;
    }
    // "not … any more" with no on/off word is off; a negated on/off word is too tangled to read.
    if (negated) on = on === undefined ? false : undefined;
    return on === undefined ? undefined : { kind: 'toggle', target: ref, on };
  }
  if (values.length !== 1) return undefined;
  const value = values[0]!;
  if (value.some((token) => token.kind === 'word' && negations.has(token.lower))) return undefined;
  const text = spanText(source, value);
  if (control.role === 'slider' || control.role === 'spinbutton') {
    const lower = text.toLowerCase();
    if (
      (maxWords.has(lower) || /^all the way up$|^as (?:high|loud|bright) as (?:it goes|possible)$/.test(lower)) &&
      control.valueMax !== undefined
    )
      return { kind: 'set', target: ref, value: String(control.valueMax) };
    if (
      (minWords.has(lower) || /^all the way down$|^as (?:low|quiet|dim) as (?:it goes|possible)$/.test(lower)) &&
      control.valueMin !== undefined
    )
      return { kind: 'set', target: ref, value: String(control.valueMin) };
    const number = parseNumber(lower.replace(/\s*(?:percent|per cent)$/, '%'));
    if (number === undefined) return undefined;
    if (control.valueMin !== undefined && number < control.valueMin) return undefined;
    if (control.valueMax !== undefined && number > control.valueMax) return undefined;
    return { kind: 'set', target: ref, value: String(number) };
  }
  // A dropdown takes one of its options, which would have been named as one.
  if (control.options !== undefined && control.options.length > 0) return undefined;
  return fitsField(control, text, value) ? { kind: 'set', target: ref, value: text } : undefined;
}

/**
 * Whether free words read as a value by themselves: a quote, a date or time, or words that are
 * names or codes (capitalised, or holding a digit, "@" or a dot). "called Harbor Ops from now on"
 * is not one: lower-case words around a value say something about it the reading cannot place.
 */
function valueLike(tokens: readonly Token[], text: string): boolean {
  if (tokens.length === 1 && tokens[0]!.kind === 'quoted') return true;
  if (parseDate(text) !== undefined || parseTime(text) !== undefined || parseNumber(text) !== undefined) return true;
  return tokens.every(
    (token) => token.kind === 'quoted' || /^[\p{Lu}\p{N}]/u.test(token.text) || /[\d@.]/.test(token.text),
  );
}

/** A run of tokens with linking words taken off both ends. */
function trimLinking(run: readonly Token[]): Token[] {
  let start = 0;
  let end = run.length;
  const linking = (token: Token | undefined) => token?.kind === 'word' && linkingWords.has(token.lower);
  while (start < end && linking(run[start])) start += 1;
  while (end > start && linking(run[end - 1])) end -= 1;
  return run.slice(start, end);
}

/** Whether a value written so can go into the field: a date into a date field, a time into a time field... */
function fitsField(control: ScreenControl, text: string, tokens: readonly Token[]): boolean {
  const type = control.inputType;
  const name = control.name.toLowerCase();
  if (type === 'date' || /\b(?:date|birthday)\b/.test(name)) return parseDate(text) !== undefined;
  if (type === 'time' || /\btime\b/.test(name))
    return parseTime(text) !== undefined || relativeMinutes(text) !== undefined;
  if (type === 'number') return parseNumber(text) !== undefined;
  if (type === 'email') return /^\S+@\S+\.\S+$/.test(text);
  return valueLike(tokens, text);
}

/** Words a request beside a statement may use around a control it names: "could you choose that visit type". */
const choosingVerbs = new Set([
  'you',
  'choose',
  'pick',
  'select',
  'enter',
  'fill',
  'tick',
  'check',
  'uncheck',
  'untick',
]);

/**
 * A statement beside a request that names a control but not its value, or says only "that box":
 *   - "I moved to New Zealand; could you update my country?": a dropdown or radio group named,
 *     and exactly one of its options named in the statement, with no negation there;
 *   - "Three of us will come; could you change the number of people attending?": a number field
 *     or slider named, and exactly one number in the statement;
 *   - "I'd rather not get the newsletter; could you uncheck that box?": a verb that ticks or
 *     unticks and no name, and exactly one check box or switch the statement names.
 * Undefined unless the request is only that control (or verb) and linking words.
 */
export function readWithStatement(
  request: readonly Token[],
  statement: readonly Token[],
  source: string,
  controls: readonly ScreenControl[],
): StepIntent | undefined {
  // Radio groups are named as wholes, their radios being the options.
  const groups = new Map<string, string[]>();
  for (const control of controls) {
    if (control.role === 'radio' && control.group !== undefined)
      groups.set(control.group, [...(groups.get(control.group) ?? []), control.name]);
  }
  const choices: ScreenControl[] = [
    ...controls.filter((control) => control.role !== 'radio'),
    ...[...groups].map(([name, options]) => ({ role: 'radiogroup', name, options })),
  ];
  const named = namedThings(choices);
  const asked = request.filter((token) => token.kind !== 'punct');
  const words = asked.map((token) => (token.kind === 'quoted' ? norm(token.text) : norm(token.lower)));
  const mentions: Mention[] = [];
  let toggle: 'on' | 'off' | undefined;
  for (let index = 0; index < words.length;) {
    // "choose" is the request's verb even where an option reads "Choose a clinic".
    const found = isWord(asked[index], ...choosingVerbs) ? undefined : mentionAt(words, index, named);
    if (found === undefined) {
      const token = asked[index]!;
      if (token.kind !== 'word') return undefined;
      if (onWords.has(token.lower) || offWords.has(token.lower)) toggle = onWords.has(token.lower) ? 'on' : 'off';
      else if (!linkingWords.has(token.lower) && !choosingVerbs.has(token.lower)) return undefined;
      index += 1;
      continue;
    }
    mentions.push(found);
    index = found.end;
  }
  const said = statement.filter((token) => token.kind !== 'punct');
  const saidWords = said.map((token) => (token.kind === 'quoted' ? norm(token.text) : norm(token.lower)));
  const negated = said.some((token) => token.kind === 'word' && negations.has(token.lower));
  if (mentions.length === 0) {
    if (toggle === undefined) return undefined;
    const boxes = namedThings(controls.filter((control) => control.role === 'checkbox' || control.role === 'switch'));
    const found = new Set<ScreenControl>();
    for (let index = 0; index < saidWords.length; index += 1) {
      const box = mentionAt(saidWords, index, boxes);
      if (box !== undefined) found.add(box.control);
    }
    if (found.size !== 1) return undefined;
    const box = [...found][0]!;
    return { kind: toggle === 'on' ? 'check' : 'uncheck', target: { name: box.name, role: box.role } };
  }
  const control = mentions.length === 1 && mentions[0]!.option === undefined ? mentions[0]!.control : undefined;
  if (control === undefined || toggle !== undefined) return undefined;
  if (control.role === 'spinbutton' || control.role === 'slider') {
    const numbers = said.flatMap((token) => {
      const value = token.kind === 'word' ? parseNumber(token.text) : undefined;
      return value === undefined ? [] : [value];
    });
    if (numbers.length !== 1 || negated) return undefined;
    return { kind: 'set', target: { name: control.name, role: hintFor(control.role) }, value: String(numbers[0]) };
  }
  if (control.options === undefined || control.options.length === 0 || negated) return undefined;
  const own = namedThings([control]).filter((entry) => entry.option !== undefined);
  const options = new Set<string>();
  for (let index = 0; index < saidWords.length; index += 1) {
    const found = mentionAt(saidWords, index, own);
    if (found?.option !== undefined) options.add(found.option);
  }
  if (options.size !== 1) return undefined;
  const option = [...options][0]!;
  if (control.role === 'radiogroup') return { kind: 'choose', option, group: control.name };
  return { kind: 'set', target: { name: control.name, role: 'field' }, value: option };
}

/** A button, link, menu item or tab on the screen a run starts from. */
export interface ScreenClickable {
  readonly role: string;
  readonly name: string;
}

/** What a clause that names something to press reads as; see {@link clickableNamed}. */
export type ClickableReading =
  /** "Continue with SSO", "the Shipping tab": the clause is the name, so it is pressed (or shown). */
  | { readonly type: 'whole'; readonly intent: StepIntent }
  /**
   * "Follow @priya.n": the clause opens with a word the grammar has no verb for that is a button's
   * whole name; the rest says which one ("on @priya.n"), read by the grammar as a holder.
   */
  | { readonly type: 'verb'; readonly clickable: ScreenClickable; readonly rest: readonly Token[] };

/** Kind nouns a clause may put after a name, and the roles each allows. */
const clickableKinds: Readonly<Record<string, readonly string[]>> = {
  button: ['button'],
  link: ['link'],
  tab: ['tab'],
  item: ['menuitem'],
};

/** What tells two clickables apart: their kind and their name as written. */
function clickableKey(clickable: ScreenClickable): string {
  return `${clickable.role}\u0000${clickable.name}`;
}

/** The role a step gives a clickable of this ARIA role. */
function clickRole(role: string): string {
  return role === 'menuitem' ? 'menu item' : role;
}

/**
 * A clause that is the name of one button, link, menu item or tab on screen, or that opens with
 * one such name (a word the grammar has no verb for). Undefined when the name also names a field,
 * an option or a control of another kind (the clause is then not this reading's to settle), when
 * two differently written names fit, or when the clause names nothing pressable.
 */
export function clickableNamed(
  tokens: readonly Token[],
  controls: readonly ScreenControl[],
  clickables: readonly ScreenClickable[],
): ClickableReading | undefined {
  const content = tokens.filter((token) => token.kind !== 'punct');
  if (content.length === 0) return undefined;
  const words = content.flatMap((token) => (token.kind === 'quoted' ? wordsOf(token.text) : [norm(token.lower)]));
  const listed = clickables
    .map((clickable) => ({ clickable, words: wordsOf(clickable.name) }))
    .filter((entry) => entry.words.length > 0);
  // The whole clause: "the" before, a kind noun after.
  let named = words[0] === 'the' ? words.slice(1) : words;
  let kinds: readonly string[] | undefined;
  const last = named.at(-1) ?? '';
  if (clickableKinds[last] !== undefined && (last !== 'item' || named.at(-2) === 'menu')) {
    kinds = clickableKinds[last];
    named = named.slice(0, last === 'item' ? -2 : -1);
  }
  if (named.length > 0) {
    const fits = listed.filter(
      (entry) => sameWords(entry.words, named) && (kinds === undefined || kinds.includes(entry.clickable.role)),
    );
    const valueNamed = namedThings(controls.filter((control) => control.role !== 'tab')).some((entry) =>
      sameWords(entry.words, named),
    );
    const distinct = new Set(fits.map((entry) => clickableKey(entry.clickable)));
    if (fits.length > 0) {
      if (distinct.size !== 1 || (valueNamed && kinds === undefined)) return undefined;
      const { role, name } = fits[0]!.clickable;
      return {
        type: 'whole',
        intent:
          role === 'tab'
            ? { kind: 'go-to', target: { name, role: 'tab' } }
            : { kind: 'click', target: { name, role: clickRole(role) } },
      };
    }
  }

  // A name in the verb's place: the first word is not a verb the grammar knows, and a button
  // (not a link or tab: those name places, not acts) is called by it alone.
  const first = content[0]!;
  if (first.kind !== 'word' || verbAt([first.lower]) !== undefined || content.length < 2) return undefined;
  const called = listed.filter(
    (entry) =>
      (entry.clickable.role === 'button' || entry.clickable.role === 'menuitem') &&
      sameWords(entry.words, [norm(first.lower)]),
  );
  const names = new Set(called.map((entry) => clickableKey(entry.clickable)));
  if (names.size !== 1) return undefined;
  return { type: 'verb', clickable: called[0]!.clickable, rest: tokens.slice(tokens.indexOf(first) + 1) };
}

/**
 * "Pick the Team plan" with radios "Free", "Pro — $12/month", "Team — $30/month" in a group
 * "Plan": an option (to choose, or to pick in no place named) followed by its group's name is that
 * group's one radio whose name begins with the rest. The intent is returned as it is when a radio
 * carries the whole name, when no group's name ends it, or when more than one radio would fit.
 */
export function chooseInGroup(intent: StepIntent, controls: readonly ScreenControl[]): StepIntent {
  const open =
    (intent.kind === 'choose' && intent.group === undefined) || (intent.kind === 'pick' && intent.within === undefined);
  if (!open) return intent;
  const radios = controls.filter((control) => control.role === 'radio');
  const words = wordsOf(intent.option);
  if (radios.some((radio) => sameWords(wordsOf(radio.name), words))) return intent;
  const fits = radios.filter((radio) => {
    const group = radio.group === undefined ? [] : wordsOf(radio.group);
    if (group.length === 0 || words.length <= group.length) return false;
    const head = words.slice(0, words.length - group.length);
    const tail = words.slice(words.length - group.length);
    const name = wordsOf(radio.name);
    return sameWords(tail, group) && head.every((word, index) => name[index] === word);
  });
  if (fits.length !== 1) return intent;
  return { kind: 'choose', option: fits[0]!.name, group: fits[0]!.group! };
}

/** Roles of fields that take typed text rather than offering options to pick. */
const typedRoles: ReadonlySet<string> = new Set(['textbox', 'searchbox', 'spinbutton']);

/**
 * "Pick 'March 14, 2026' as the 'Meeting date'": a pick in a place that is a text field on the
 * start screen (a date, a time, a name) sets that field; there are no options in it to pick from.
 * The intent is returned as it is when the place names no control, or anything else carries its
 * name too (a dropdown, a group, a second field).
 */
export function pickIntoField(intent: StepIntent, controls: readonly ScreenControl[]): StepIntent {
  if (intent.kind !== 'pick' || intent.within?.name === undefined || intent.within.within !== undefined) return intent;
  const place = wordsOf(intent.within.name);
  const named = controls.filter(
    (control) => sameWords(wordsOf(control.name), place) || sameWords(wordsOf(control.group ?? ''), place),
  );
  if (named.length !== 1 || !typedRoles.has(named[0]!.role)) return intent;
  return { kind: 'set', target: { name: named[0]!.name }, value: intent.option };
}

/**
 * "change the profile language to Deutsch" on a Profile tab that shows a Language field: a control
 * named with the tab it is on before its own name. The step names the control alone when nothing
 * on screen has the whole name and exactly one control has the rest of it.
 */
export function namedWithoutItsTab(
  intent: StepIntent,
  controls: readonly ScreenControl[],
  clickables: readonly ScreenClickable[],
): StepIntent {
  if (intent.kind !== 'set' && intent.kind !== 'toggle') return intent;
  const target = intent.target;
  if (target.name === undefined || target.within !== undefined) return intent;
  const words = wordsOf(target.name);
  if (controls.some((control) => sameWords(wordsOf(control.name), words))) return intent;
  const tabs = [...clickables, ...controls].filter((item) => item.role === 'tab');
  for (const tab of tabs) {
    const opening = wordsOf(tab.name);
    if (
      opening.length === 0 ||
      opening.length >= words.length ||
      !opening.every((word, index) => words[index] === word)
    )
      continue;
    const rest = words.slice(opening.length);
    const named = controls.filter((control) => control.role !== 'tab' && sameWords(wordsOf(control.name), rest));
    // The control in that tab: "the kitchen lights" while the Living room tab shows its own Lights.
    if (named.length === 1)
      return { ...intent, target: { ...target, name: named[0]!.name, within: { name: tab.name, role: 'tab' } } };
  }
  return intent;
}

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((word, index) => word === b[index]);
}
