/**
 * Reading an instruction into steps: sentences and clauses, the verb of each (with its particles
 * and the politeness around it), the verb's frame (what is typed where, what is set to what,
 * which element is acted on), noun phrases for targets, and values as written. Pure: the only
 * knowledge of the screen is the optional {@link ScreenHints} (labels of fields on the screen the
 * run starts from), which split verbless "field value" clauses ("Country: New Zealand", "from
 * Porto"). Clauses it cannot read are returned as such, never guessed at.
 */
import { isBareOpenTarget, type StepIntent, type TargetRef } from '@sandpiper/protocol';
import { modifierKeys, parseKeys } from '../grammar/keys.js';
import { normalizeText, onlyItemNouns, reaches, scoreText } from '../grounding/text-score.js';
import {
  constraintOpeners,
  determiners,
  leadingFiller,
  numberOf,
  ordinalAt,
  roleNounAt,
  secretLabel,
  trailingFiller,
  undoCommandOf,
  verbAt,
  type VerbMatch,
} from './lexicon.js';
import { withLetterCaseApplied } from './letter-case.js';
import {
  LASTING_WORDS,
  NAMING_WORDS,
  STATE_VERBS,
  verbOfGerund,
  verbOfParticiple,
  withGoalsAsRequests,
  withSearchesFirst,
} from './goals.js';
import { parsePhrase, trimPunctuation, type Phrase, type PhraseOptions } from './phrases.js';
import { isWord, spanText, tokenize, words, type Token } from './tokens.js';
import {
  addMinutes,
  applyCase,
  caseTransformIn,
  emailAddress,
  formatTime,
  numberMeant,
  parseDate,
  parseDateRange,
  parseNumber,
  parseTime,
  relativeMinutes,
  type CaseTransform,
  type ClockTime,
} from './values.js';
import {
  chooseInGroup,
  clickableNamed,
  namedWithoutItsTab,
  pickIntoField,
  readAgainstScreen,
  readWithStatement,
  type ScreenClickable,
  type ScreenControl,
} from './screen-reading.js';
import { readEditCommand, readFormCommand, withoutArticle } from './form-commands.js';
import { boxNamed, choiceNamed, readFormOnScreen } from './form-on-screen.js';
import { isMotive, motiveAdds } from './motives.js';

/** What the screen the run starts from offers, for clauses that name a field without a verb. */
export interface ScreenHints {
  /** Labels of the fields (text boxes, dropdowns, sliders, date and time inputs...) on screen. */
  readonly fieldLabels: readonly string[];
  /** The controls on screen, for clauses read against it (see screen-reading.ts). */
  readonly controls?: readonly ScreenControl[];
  /** The buttons, links, menu items and tabs on screen, for clauses that name one to press. */
  readonly clickables?: readonly ScreenClickable[];
  /**
   * Those shown but not enabled yet ("Delete selected (0)" before anything is ticked): named only
   * as the means of a step that follows the steps enabling them ("remove them with Delete selected").
   */
  readonly disabledClickables?: readonly ScreenClickable[];
}

/** One step read from the instruction. */
export interface ReadStep {
  /** The clause as written. */
  readonly source: string;
  readonly intent: StepIntent;
}

export interface Interpretation {
  readonly steps: readonly ReadStep[];
  /** Clauses not understood, as written. */
  readonly unparsed: readonly string[];
  /** Clauses that restrict rather than ask ("do not submit yet"), as written. */
  readonly constraints: readonly string[];
}

/** A clause: its tokens (fillers removed) and the text it was written as. */
interface Clause {
  readonly tokens: readonly Token[];
  readonly verbatim: string;
  /** It came after an arrow ("Account → Sign out"): a verbless one names a place to go. */
  readonly afterArrow: boolean;
}

type ClauseResult =
  | { readonly type: 'steps'; readonly intents: readonly StepIntent[]; readonly mentioned?: TargetRef }
  | { readonly type: 'constraint' }
  /** `group`: the things a plural subject named ("Mixer-04 and Saw-06 were sold"), as written. */
  | { readonly type: 'context'; readonly mentioned?: TargetRef; readonly group?: readonly string[] }
  | { readonly type: 'unparsed' }
  /** A verb whose object is in the next clause ("find and click X"). */
  | { readonly type: 'bare-verb'; readonly verb: VerbMatch };

function startsWith(tokens: readonly Token[], sequence: readonly string[]): boolean {
  return sequence.every((word, index) => tokens[index]?.kind === 'word' && tokens[index]?.lower === word);
}

/** "it's on page 3", "its on page 2 of the list", "it is on the third page": the pager's button for that page. */
function pageOfIt(tokens: readonly Token[], source: string): TargetRef | undefined {
  const said = words(tokens);
  const lead = said[0] === 'it' && said[1] === 'is' ? 2 : said[0] === "it's" || said[0] === 'its' ? 1 : 0;
  if (lead === 0 || !['on', 'in', 'at'].includes(said[lead] ?? '') || tokens.length !== said.length) return undefined;
  const place = parsePhrase(source, tokens.slice(lead + 1), { contentKinds: true });
  if (place?.type !== 'target' || place.target.role !== 'page' || place.target.ordinal === undefined) return undefined;
  return place.target;
}

/** Whether a step acts on something named by a name of its own ("Delete Pump-07"), not by a kind or a common word. */
function namesItsTarget(intent: StepIntent | undefined): boolean {
  return namedByName(intent?.kind === 'command' ? intent.object : intent?.kind === 'click' ? intent.target : undefined);
}

/** Whether a target is named by a name of its own: "Pump-07", "Harbor Redesign". */
function namedByName(target: TargetRef | undefined): boolean {
  const name = target?.name;
  if (name === undefined || name.split(/\s+/).length > 4) return false;
  // "Pump-07", "boiler b-02", "Harbor Redesign": an identifier, or a name of several capitalised words.
  return /\d|\w-\w/.test(name) || (name.match(/(?:^|\s)\p{Lu}/gu) ?? []).length >= 2;
}

/** Whether the tokens are nothing but politeness ("go ahead", "thanks"): a clause that asks for nothing. */
function onlyFiller(tokens: readonly Token[]): boolean {
  const said = words(trimPunctuation(tokens));
  return (
    said.length > 0 &&
    [...leadingFiller, ...trailingFiller].some(
      (filler) => filler.length === said.length && filler.every((word, index) => word === said[index]),
    )
  );
}

/** Drop politeness and joiners from both ends ("could you please …, thanks"). */
function stripFiller(tokens: readonly Token[]): Token[] {
  let rest = trimPunctuation(tokens);
  let changed = true;
  while (changed && rest.length > 0) {
    changed = false;
    for (const filler of leadingFiller) {
      // "Next page": a word that orders steps is part of the name of the page after it.
      if (startsWith(rest, filler) && rest.length > filler.length && !isWord(rest[filler.length], 'page')) {
        rest = trimPunctuation(rest.slice(filler.length));
        // "would you mind ticking …": the verb after it is a gerund.
        if (filler.at(-1) === 'mind') rest = [baseVerb(rest[0]!), ...rest.slice(1)];
        changed = true;
        break;
      }
    }
    // "…, so jump to the final page": the request that follows from what was said.
    if (isWord(rest[0], 'so') && !purposeOpens(rest, 0) && verbAt(words(rest.slice(1))) !== undefined) {
      rest = rest.slice(1);
      changed = true;
    }
    // "you will need to confirm", "you'll have to", "don't forget to"
    const modal = /^(?:you(?:'ll| will)? (?:need|have|want) to|you (?:must|should)|don't forget to|do not forget to)$/;
    for (let length = 2; length <= 4 && !changed; length += 1) {
      if (rest.length > length && modal.test(words(rest.slice(0, length)).join(' '))) {
        rest = rest.slice(length);
        changed = true;
      }
    }
    // "tick Remember me first" (not "click the first"): the order is settled apart (signInLast).
    const filling = ['check', 'uncheck', 'type', 'toggle'].includes(verbAt(words(rest))?.verbClass ?? '');
    if (filling && rest.length > 2 && isWord(rest.at(-1), 'first') && !determiners.has(rest.at(-2)!.lower)) {
      rest = trimPunctuation(rest.slice(0, -1));
      changed = true;
    }
    for (const filler of trailingFiller) {
      const tail = rest.slice(rest.length - filler.length);
      if (rest.length > filler.length && startsWith(tail, filler)) {
        rest = trimPunctuation(rest.slice(0, rest.length - filler.length));
        changed = true;
        break;
      }
    }
  }
  return rest;
}

/** The verb a gerund is made from ("ticking" → "tick", "typing" → "type", "setting" → "set"), or the token as it is. */
function baseVerb(token: Token): Token {
  if (token.kind !== 'word' || !token.lower.endsWith('ing') || verbAt([token.lower]) !== undefined) return token;
  const stem = token.lower.slice(0, -3);
  const base = [stem, `${stem}e`, stem.slice(0, -1)].find(
    (candidate) => candidate.length > 1 && verbAt([candidate]) !== undefined,
  );
  return base === undefined ? token : { ...token, text: base, lower: base };
}

/** Where a clause may end inside a sentence: a comma, ";", "and", "then", "and then", "after that", "before". */
function joinerAt(tokens: readonly Token[], index: number): number {
  const token = tokens[index];
  if (token === undefined) return 0;
  if (token.kind === 'punct' && token.text === ',') {
    // "June 22, 1990": a comma between a day and a year is part of the date.
    if (
      /^\d{1,2}(?:st|nd|rd|th)?$/i.test(tokens[index - 1]?.text ?? '') &&
      /^\d{4}$/.test(tokens[index + 1]?.text ?? '')
    )
      return 0;
    const next = joinerAt(tokens, index + 1);
    return 1 + (next > 0 && tokens[index + 1]?.kind === 'word' ? next : 0);
  }
  // "… to Oslo — leave it unsubmitted": a dash between words sets off a clause of its own.
  if (token.kind === 'punct' && (token.text === '—' || token.text === '–') && index > 0) return 1;
  if (isWord(token, 'and') && isWord(tokens[index + 1], 'then')) return 2;
  // "turn on the digest n save", "star it & archive it": chat shorthands for "and"; they end a
  // clause only where a verb follows ("rock n roll" stays a name).
  if ((token.kind === 'word' && token.text === 'n') || (token.kind === 'punct' && token.text === '&'))
    return opensClause(tokens.slice(index + 1)) ? 1 : 0;
  if (isWord(token, 'and', 'then', 'afterwards')) return 1;
  if (isWord(token, 'after') && isWord(tokens[index + 1], 'that')) return 2;
  // "put contoso in the third field but don't submit": a restriction after the request.
  if (
    isWord(token, 'but') &&
    isWord(tokens[index + 1], "don't", 'dont', 'never', 'not', 'do', 'keep', 'leave', 'leaving')
  )
    return 1;
  return 0;
}

/** Words after "so" that open a clause of purpose: "so only audiobooks show up", "so it sticks". */
const purposeStarts = new Set(['only', 'just', 'that', 'it', 'they', 'i', 'we', 'you', 'nothing', 'everything']);

/** Whether a clause of purpose starts at `index` ("… to Audiobook so only audiobooks show up"). */
function purposeAt(tokens: readonly Token[], index: number): boolean {
  return index > 0 && purposeOpens(tokens, index);
}

/** Whether a clause of purpose opens at `index`: "so only …", "so it …", "so Sofia knows …". */
function purposeOpens(tokens: readonly Token[], index: number): boolean {
  if (!isWord(tokens[index], 'so')) return false;
  if (purposeStarts.has(tokens[index + 1]?.lower ?? '')) return true;
  // "… so Sofia knows I saw it": someone named, and what they will know or can do.
  const person = tokens[index + 1];
  return (
    person?.kind === 'word' &&
    /^\p{Lu}\p{Ll}/u.test(person.text) &&
    isWord(tokens[index + 2], 'knows', 'can', 'will', 'sees', 'gets', 'has', 'does', "doesn't", "won't", 'is')
  );
}

/**
 * "with Push notifications still on", "with the other rows unchanged": a "with" phrase saying
 * what stays as it is, which asks for nothing (a plan only ever does what it asks).
 */
function keptAsIs(tokens: readonly Token[]): boolean {
  const said = words(trimPunctuation(tokens));
  // "with nothing sent", "nothing submitted yet": nothing done is a restriction too.
  const none = said[0] === 'with' ? said.slice(1) : said;
  const done = none.at(-1) === 'yet' ? none.at(-2) : none.at(-1);
  if (
    ['nothing', 'none', 'no'].includes(none[0] ?? '') &&
    none.length <= 4 &&
    verbOfParticiple(done ?? '') !== undefined
  )
    return true;
  if (said[0] !== 'with' || said.length < 3 || said.length > 12) return false;
  if (said.includes('still')) return true;
  const tail = said.slice(-3).join(' ');
  return /(?:^| )(?:as it is|as they are|as is|unchanged|untouched|intact|alone)$/.test(tail);
}

/** Whether the tokens open a clause of their own: a verb (after fillers), a constraint, or "to" + verb. */
function opensClause(tokens: readonly Token[]): boolean {
  const rest = stripFiller(tokens);
  if (rest.length === 0) return onlyFiller(tokens);
  if (keptAsIs(rest)) return true;
  // "just that one": a constraint whose first word is also a filler ("just click …").
  if (constraintOpeners.some((opener) => startsWith(trimPunctuation(tokens), opener))) return true;
  // ", it's on page 3", ", its under Billing": a statement of where, after the request.
  if (isWord(rest[0], "it's", 'its') && rest.length > 1) return true;
  if (constraintOpeners.some((opener) => startsWith(rest, opener))) return true;
  if (isWord(rest[0], 'name', 'call', 'title') && isWord(rest[1], 'it', 'this', 'that')) return true;
  const lower = words(rest);
  if (lower[0] === 'to' && verbAt(lower.slice(1)) !== undefined) return true;
  const verb = verbAt(lower);
  if (verb === undefined) return false;
  // A word that is a verb but reads as a name here ("Set From to Lisbon and To to Oslo"): "to"
  // is never a verb, and a capitalised command word right after a comma list stays a name only
  // when the clause so far is a list of names (decided by the caller). A capitalised one-word
  // verb followed by "and" or a comma is an item of a list ("Add TypeScript, Go and SQL").
  const next = rest[verb.length];
  if (verb.length === 1 && /^\p{Lu}/u.test(rest[0]!.text) && (isWord(next, 'and', 'or') || isComma(next))) return false;
  return true;
}

/** Words that open a noun phrase right after a verb: "reserve the e-book", "narrow it down". */
const objectOpeners = new Set([
  'the',
  'a',
  'an',
  'it',
  'them',
  'this',
  'that',
  'these',
  'those',
  'all',
  'every',
  'each',
  'my',
  'your',
  'our',
  'its',
  'their',
]);

/**
 * "… and reserve the e-book": after "and", a plain lower-case word and then an article or a
 * pronoun reads as a verb and its object, even a verb the lexicon does not know. The clause then
 * stands on its own (and is asked about if not understood) instead of running into the text of
 * the clause before ("search for coral and reserve the e-book …").
 */
function unknownVerbPhrase(tokens: readonly Token[]): boolean {
  const [first, second] = tokens;
  return (
    first?.kind === 'word' &&
    /^\p{Ll}+$/u.test(first.text) &&
    !objectOpeners.has(first.lower) &&
    second?.kind === 'word' &&
    objectOpeners.has(second.lower)
  );
}

/** Split one sentence into clauses at joiners that start a new clause; others continue a list. */
function clausesOf(tokens: readonly Token[], source: string, afterArrow: boolean): Clause[] {
  const clauses: Clause[] = [];
  let start = 0;
  let current: Token[] = [];
  const verbless = (): boolean => {
    const rest = joinSeparatedParticle(stripFiller(current));
    return (
      rest.length > 0 &&
      verbAt(words(rest)) === undefined &&
      !constraintOpeners.some((opener) => startsWith(rest, opener))
    );
  };
  // Only verbs that take several objects continue across a comma ("select A, B and C").
  const takesLists = (): boolean => {
    const verb = verbAt(words(joinSeparatedParticle(stripFiller(current))));
    return (
      verb === undefined || !['open', 'type', 'search', 'scroll', 'wait', 'confirm', 'find'].includes(verb.verbClass)
    );
  };
  const push = (end: number): void => {
    const part = tokens.slice(start, end);
    if (part.length > 0) {
      clauses.push({ tokens: part, verbatim: spanText(source, part), afterArrow: afterArrow && clauses.length === 0 });
    }
  };
  // "Reply to the last message: Sounds good, see you then.": after the colon of a message, the
  // rest of the sentence is its text, whatever joiners it holds.
  const message = (): boolean => {
    const colon = current.findIndex((token) => token.kind === 'punct' && token.text === ':');
    if (colon < 0) return false;
    if (isWord(current[colon - 1], 'saying', 'message', 'body', 'comment', 'note', 'reply')) return true;
    const verb = verbAt(words(stripFiller(current)));
    return verb?.command !== undefined && ['reply', 'reply to', 'forward', 'comment'].includes(verb.command);
  };
  for (let index = 0; index < tokens.length; index += 1) {
    if (message()) {
      current.push(tokens[index]!);
      continue;
    }
    // "set the format to Audiobook so only audiobooks show up": the purpose is a clause of its own.
    if (purposeAt(tokens, index) && current.length > 0 && !verbless()) {
      push(index);
      start = index;
      current = [tokens[index]!];
      continue;
    }
    const length = joinerAt(tokens, index);
    if (length === 0) {
      current.push(tokens[index]!);
      continue;
    }
    const following = tokens.slice(index + length);
    // A verbless clause ("From Porto", "Country: New Zealand") ends at every joiner; a clause
    // with a verb ends where the next verb starts, so "select A, B and C" stays one list.
    const sequenced = tokens.slice(index, index + length).some((token) => isWord(token, 'then', 'afterwards', 'after'));
    const comma = isComma(tokens[index]);
    if (comma && length === 1 && (caseCoda(untilJoiner(following)) || apposedValue(current, following))) {
      current.push(tokens[index]!);
      continue;
    }
    if (
      opensClause(following) ||
      sequenced ||
      (statesGoal(untilJoiner(following)) && !verbless()) ||
      (isWord(tokens[index], 'and') && unknownVerbPhrase(following)) ||
      (comma && following.length > 0 && (verbless() || !takesLists()))
    ) {
      push(index);
      start = index + length;
      current = [];
      index += length - 1;
    } else {
      current.push(tokens[index]!);
    }
  }
  push(tokens.length);
  return clauses;
}

/**
 * "…, and the filters should be applied": a thing and what it should be is a request of its own
 * (read as a goal), never more objects of the clause before it.
 */
function statesGoal(tokens: readonly Token[]): boolean {
  const said = words(tokens);
  const modal = said.findIndex((word) => GOAL_MODALS.has(word));
  return modal > 0 && verbAt(said) === undefined;
}

const GOAL_MODALS = new Set(['should', "shouldn't", 'shouldnt', 'must', "mustn't", 'needs', 'ought']);

/** The tokens up to the next joiner. */
function untilJoiner(tokens: readonly Token[]): readonly Token[] {
  const end = tokens.findIndex((_, index) => joinerAt(tokens, index) > 0);
  return end < 0 ? tokens : tokens.slice(0, end);
}

/** ", all in capital letters", ", in lower case": a request for the case of the text just given. */
function caseCoda(tokens: readonly Token[]): boolean {
  const { tokens: left, transform } = withoutCasePhrase(tokens);
  return transform !== undefined && left.every((token) => isWord(token, 'all', 'please', 'written', 'typed'));
}

/**
 * "enter the date of birth, the seventh of August 1988": a typing verb with only its field, and
 * after the comma nothing but a value (no verb, nothing said after it).
 */
function apposedValue(current: readonly Token[], following: readonly Token[]): boolean {
  const clause = stripFiller(current);
  const verb = verbAt(words(clause));
  if (verb?.verbClass !== 'type' || clause.length <= verb.length) return false;
  const object = clause.slice(verb.length);
  if (object.some((token) => token.kind === 'quoted' || isWord(token, ...intoWords, 'with', 'to', 'as'))) return false;
  const value = trimPunctuation(following);
  return (
    value.length > 0 &&
    untilJoiner(following).length === following.length &&
    verbAt(words(value)) === undefined &&
    looksLikeValue(value)
  );
}

/** A run of tokens that reads as a value to type: quoted, a date, digits, an address. */
function looksLikeValue(tokens: readonly Token[]): boolean {
  if (tokens.length === 1 && tokens[0]!.kind === 'quoted') return true;
  const text = tokens.map((token) => token.text).join(' ');
  return parseDate(text) !== undefined || /^[\d+(][\d\s.,:/()+-]*$/.test(text) || emailAddress.test(text);
}

function isComma(token: Token | undefined): boolean {
  return token?.kind === 'punct' && token.text === ',';
}

/**
 * Sentences: split at . ; ! ? line breaks and arrows (outside quotes; dots inside words stay).
 * The number of a numbered step ("1." or "2)" opening a line) is no part of it, and the dot of an
 * initial ("J. Kowalski") ends no sentence.
 */
function sentencesOf(text: string): { tokens: Token[]; afterArrow: boolean }[] {
  const sentences: { tokens: Token[]; afterArrow: boolean }[] = [];
  const tokens = tokenize(text);
  let current: Token[] = [];
  let afterArrow = false;
  let lastEnd = 0;
  let lineStart = true;
  let depth = 0;
  const flush = (nextAfterArrow: boolean): void => {
    if (current.length > 0) sentences.push({ tokens: current, afterArrow });
    current = [];
    afterArrow = nextAfterArrow;
  };
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (text.slice(lastEnd, token.start).includes('\n')) {
      flush(false);
      lineStart = true;
      depth = 0;
    }
    lastEnd = token.end;
    if (lineStart && stepNumberAt(tokens, index)) {
      index += 1;
      lastEnd = tokens[index]!.end;
      continue;
    }
    lineStart = false;
    if (token.kind === 'punct' && token.text === '.' && initialBefore(tokens, index)) {
      current.push(token);
      continue;
    }
    if (token.kind === 'punct' && token.text === '(' && closedLater(tokens, index, text)) depth += 1;
    if (token.kind === 'punct' && token.text === ')' && depth > 0) depth -= 1;
    // "(not New Caledonia!)": a mark inside brackets ends no sentence; it belongs to the aside.
    if (token.kind === 'punct' && /^[.;!?]$/.test(token.text) && depth === 0) {
      flush(false);
      continue;
    }
    if (token.kind === 'punct' && token.text === '\u2192') {
      flush(true);
      continue;
    }
    current.push(token);
  }
  flush(false);
  return sentences;
}

/** Whether the bracket opened at `index` closes later on the same line. */
function closedLater(tokens: readonly Token[], index: number, text: string): boolean {
  for (let at = index + 1; at < tokens.length; at += 1) {
    const token = tokens[at]!;
    if (text.slice(tokens[at - 1]!.end, token.start).includes('\n')) return false;
    if (token.kind === 'punct' && token.text === ')') return true;
  }
  return false;
}

/** "1." or "12)" written right after the number: a list marker, when a step follows it. */
function stepNumberAt(tokens: readonly Token[], index: number): boolean {
  const number = tokens[index];
  const mark = tokens[index + 1];
  return (
    number?.kind === 'word' &&
    /^\d{1,2}$/.test(number.text) &&
    mark?.kind === 'punct' &&
    (mark.text === '.' || mark.text === ')') &&
    mark.start === number.end &&
    tokens[index + 2] !== undefined
  );
}

/** A dot right after one capital letter, before a capitalised word that is not a verb: "J. Kowalski", "S. Ito". */
function initialBefore(tokens: readonly Token[], index: number): boolean {
  const letter = tokens[index - 1];
  const next = tokens[index + 1];
  return (
    letter?.kind === 'word' &&
    /^\p{Lu}$/u.test(letter.text) &&
    letter.end === tokens[index]!.start &&
    next?.kind === 'word' &&
    /^\p{Lu}/u.test(next.text) &&
    next.start > tokens[index]!.end &&
    verbAt([next.lower]) === undefined &&
    !opensClause([next])
  );
}

/** Words that open a value only the person can fill in ("my usual details", "the right one", "something nice"). */
const vagueOpeners = new Set([
  'my',
  'our',
  'your',
  'his',
  'her',
  'their',
  'the',
  'some',
  'any',
  'anything',
  'something',
  'whatever',
  'whichever',
  'usual',
  'appropriate',
  'correct',
  'right',
  'relevant',
  'proper',
  'suitable',
  'nice',
  'good',
  'better',
  'best',
]);

/** Whether an unquoted value is a description of a value rather than the value itself. */
function vague(tokens: readonly Token[]): boolean {
  const trimmed = trimPunctuation(tokens);
  if (trimmed.length === 0 || trimmed.some((token) => token.kind === 'quoted')) return false;
  if (!vagueOpeners.has(trimmed[0]!.lower)) return false;
  // "the 22nd of June 1990", "the seventh of August 1988": a date, written out.
  const written = trimmed.map((token) => token.text).join(' ');
  return !(/^the \S+ of /i.test(written) && parseDate(written) !== undefined);
}

/** Words that make a clause about a condition, not a control: "check that the total is right". */
const conditionOpeners = new Set(['that', 'if', 'whether', 'how', 'what', 'when', 'why', 'which', 'whatever']);

/** The value of a run of tokens: a single quoted token as written, otherwise the words as typed. */
function valueOf(source: string, tokens: readonly Token[]): { text: string; quoted: boolean } | undefined {
  const trimmed = trimPunctuation(tokens);
  if (trimmed.length === 0) return undefined;
  if (trimmed.length === 1 && trimmed[0]!.kind === 'quoted') return { text: trimmed[0]!.text, quoted: true };
  const text = spanText(source, trimmed);
  return text === '' ? undefined : { text, quoted: false };
}

/** Index of the first token that is one of the words (outside quotes), from `from`; -1 if none. */
function indexOfWord(tokens: readonly Token[], list: readonly string[], from = 0): number {
  for (let index = from; index < tokens.length; index += 1) if (isWord(tokens[index], ...list)) return index;
  return -1;
}

function lastIndexOfWord(tokens: readonly Token[], list: readonly string[]): number {
  for (let index = tokens.length - 1; index >= 0; index -= 1) if (isWord(tokens[index], ...list)) return index;
  return -1;
}

/** Split a list of names: "A, B and C", "'A', 'B' or 'C'"; a single name stays whole. */
function listItems(tokens: readonly Token[]): Token[][] {
  const items: Token[][] = [];
  let current: Token[] = [];
  for (const token of tokens) {
    // "Mei Lin plus Ana Souza": "plus" in lower case joins a list ("Disney Plus" is a name).
    if (
      isComma(token) ||
      isWord(token, 'and', 'or', '&') ||
      (token.kind !== 'quoted' && (token.text === '+' || token.text === 'plus'))
    ) {
      if (current.length > 0) items.push(current);
      current = [];
      continue;
    }
    current.push(token);
  }
  if (current.length > 0) items.push(current);
  return items;
}

/**
 * Targets of a clause: one phrase, or a list of them ("Weekly report and Daily digest"). A list
 * splits only when every part reads as a phrase; "Terms and Conditions" quoted or not stays
 * whole when its parts are single words and unquoted (a name with "and" in it).
 */
function targetsOf(source: string, tokens: readonly Token[], options: PhraseOptions = {}): Phrase[] | undefined {
  const whole = parsePhrase(source, tokens, options);
  const items = withSharedNoun(withHeadForOne(listItems(tokens)), source);
  if (items.length > 1) {
    const quotedList = items.every((item) => item.some((token) => token.kind === 'quoted'));
    const hasComma = tokens.some(isComma);
    if (
      quotedList ||
      hasComma ||
      items.every((item) => item.length >= 2 || item[0]?.kind === 'quoted') ||
      items.every(namesAnIdentifier)
    ) {
      const phrases = items.map((item) => parsePhrase(source, item, options));
      // "the second email in the list, 'Q3 budget draft'": a name after a comma names the one the
      // position picked out.
      const [first, second] = phrases;
      if (
        items.length === 2 &&
        isComma(tokens[items[0]!.length]) &&
        items[1]!.length === 1 &&
        items[1]![0]!.kind === 'quoted' &&
        first?.type === 'target' &&
        first.target.name === undefined &&
        first.target.ordinal !== undefined &&
        second?.type === 'target'
      ) {
        const role = first.target.role === undefined ? {} : { role: first.target.role };
        return [{ ...second, target: { name: items[1]![0]!.text, ...role } }];
      }
      if (phrases.every((phrase) => phrase !== undefined)) return shareRole(shareAnchor(items, phrases as Phrase[]));
    }
  }
  return whole === undefined ? undefined : [whole];
}

/** "Dana's": one word that is a name with a possessive "'s". */
function ownerWord(token: Token | undefined): boolean {
  return token?.kind === 'word' && /^[^'’]{2,}['’]s$/.test(token.text) && possessor(token) !== undefined;
}

/** A bare name in a list: capitalised words (any words, where nothing is capitalised) or a handle, at most three. */
function bareName(item: readonly Token[], cased: boolean): boolean {
  return (
    item.length > 0 &&
    item.length <= 3 &&
    item.every(
      (token) =>
        token.kind === 'word' &&
        (/^\p{Lu}/u.test(token.text) || token.text.startsWith('@') || (!cased && !isWord(token, 'the', 'a', 'an'))),
    )
  );
}

/**
 * Items that share the noun said once: "Dana's and Mei's posts" is Dana's posts and Mei's posts;
 * "the posts by Dana and Mei" the posts by Dana and the posts by Mei. Other lists stay as they are.
 */
function withSharedNoun(items: readonly Token[][], source: string): Token[][] {
  if (items.length < 2) return [...items];
  const last = items.at(-1)!;
  const owners = items.slice(0, -1);
  if (ownerWord(last[0]) && last.length > 1 && owners.every((item) => item.length === 1 && ownerWord(item[0]))) {
    const noun = last.slice(1);
    return [...owners.map((item) => [...item, ...noun]), last];
  }
  const first = items[0]!;
  const relation = first.findIndex((token) => isWord(token, 'by', 'from'));
  const cased = /\p{Lu}/u.test(source);
  if (relation > 0 && relation < first.length - 1 && items.slice(1).every((item) => bareName(item, cased))) {
    const head = first.slice(0, relation + 1);
    return [first, ...items.slice(1).map((item) => [...head, ...item])];
  }
  return [...items];
}

/** Words that relate a noun to what names it: "the message from Owen", "the post by Dana". */
const relatingWords = ['from', 'by', 'of', 'in', 'on', 'with', 'about', 'for'];

/**
 * "the message from Owen Blake and the one from Sofia Marin": "one" stands for the first item's
 * noun, which takes its place.
 */
function withHeadForOne(items: readonly Token[][]): Token[][] {
  const [first, ...rest] = items;
  if (first === undefined) return [];
  const relation = first.findIndex((token) => isWord(token, ...relatingWords));
  const start = isWord(first[0], 'both', 'all', 'each') ? 1 : 0;
  const head = relation > start ? first.slice(start, relation) : undefined;
  if (head === undefined || head.some((token) => token.kind !== 'word')) return [...items];
  return [
    first,
    ...rest.map((item) => {
      const one = isWord(item[0], 'the', 'that') && isWord(item[1], 'one') ? 1 : isWord(item[0], 'one') ? 0 : -1;
      return one < 0 ? item : [...head, ...item.slice(one + 1)];
    }),
  ];
}

/**
 * "Like on the posts by 'Dana' and 'Mei'": names alone after a target placed by its holder's name
 * are more holders for the same target, so each gets the first one's target and relation.
 */
function shareAnchor(items: readonly Token[][], phrases: Phrase[]): Phrase[] {
  const [first, ...rest] = phrases;
  const anchor = first?.type === 'target' ? first.target.within : undefined;
  const last = items[0]?.at(-1);
  if (first?.type !== 'target' || anchor?.name === undefined || last === undefined) return phrases;
  // The holder's name ends the first item, so the names after it continue that name's list.
  if (normalizeText(last.text) !== normalizeText(anchor.name) || rest.length === 0) return phrases;
  const bare = rest.every(
    (phrase, index) =>
      phrase.type === 'target' &&
      phrase.target.role === undefined &&
      phrase.target.within === undefined &&
      phrase.target.name !== undefined &&
      items[index + 1]!.length === 1,
  );
  if (!bare) return phrases;
  return [
    first,
    ...rest.map((phrase) => {
      const name = (phrase as Extract<Phrase, { type: 'target' }>).target.name!;
      return { ...first, target: { ...first.target, within: { ...anchor, name } } };
    }),
  ];
}

/** "AST-1004", "row 12", "@dana": a list of such names is a list, even joined by a bare "and". */
function namesAnIdentifier(item: readonly Token[]): boolean {
  return item.some((token) => token.kind === 'word' && (/\d/.test(token.text) || token.text.startsWith('@')));
}

/** "rows AST-1004 and AST-1007": the kind named once applies to every item that names none. */
function shareRole(phrases: Phrase[]): Phrase[] {
  const roles = [
    ...new Set(
      phrases.flatMap((phrase) => (phrase.type === 'target' && phrase.target.role ? [phrase.target.role] : [])),
    ),
  ];
  if (roles.length !== 1) return phrases;
  return phrases.map((phrase) =>
    phrase.type === 'target' && phrase.target.role === undefined && phrase.target.name !== undefined
      ? { ...phrase, target: { ...phrase.target, role: roles[0] } }
      : phrase,
  );
}

/** Openings of what the person says they will do themselves: "I need to", "I want to". */
const ownIntentOpeners = [
  ['i', 'need', 'to'],
  ['i', 'want', 'to'],
  ['i', 'have', 'to'],
  ['i', 'will'],
  ["i'll"],
  ["i'm", 'going', 'to'],
];

/** "I need to check something in it": the person's own plan, whose object is nothing in particular. */
function ownVagueIntent(tokens: readonly Token[]): boolean {
  const opener = ownIntentOpeners.find((words) => startsWith(tokens, words));
  if (opener === undefined) return false;
  const rest = tokens.slice(opener.length);
  const verb = verbAt(words(rest));
  if (verb === undefined) return false;
  const object = rest[verb.length];
  return object?.kind === 'word' && /^(?:something|anything|stuff|things)$/.test(object.lower);
}

/**
 * "leave a comment on Lee's post saying X", "add a comment: X": the noun said as the verb it names
 * ("comment on Lee's post saying X", "comment X"), which reads as a form command.
 */
function commentAsVerb(tokens: readonly Token[]): readonly Token[] {
  if (!isWord(tokens[0], 'leave', 'add', 'write', 'post', 'drop', 'make')) return tokens;
  const noun = isWord(tokens[1], 'a', 'an', 'the') ? 2 : 1;
  if (!isWord(tokens[noun], 'comment')) return tokens;
  const rest = tokens.slice(noun + 1);
  const colon = rest[0]?.kind === 'punct' && rest[0].text === ':';
  return [tokens[noun]!, ...(colon ? rest.slice(1) : rest)];
}

/**
 * "give her post a like", "give Lee's photo a star": the noun at the end said as the verb it names
 * ("like her post"). The tokens unchanged for any other clause.
 */
function givenAsVerb(tokens: readonly Token[]): readonly Token[] {
  const clause = trimPunctuation(tokens);
  if (!isWord(clause[0], 'give') || clause.length < 4) return tokens;
  const noun = clause.at(-1)!;
  if (!isWord(noun, 'like', 'star', 'upvote', 'downvote') || !isWord(clause.at(-2), 'a', 'an')) return tokens;
  return [noun, ...clause.slice(1, -2)];
}

/** What a clause reads as, given the last target mentioned (for pronouns). */
function readClause(
  clause: Clause,
  source: string,
  hints: ScreenHints | undefined,
  last: TargetRef | undefined,
): ClauseResult {
  // "I need to check something in it": what the person means to do, about nothing named.
  if (ownVagueIntent(clause.tokens)) return { type: 'context' };
  const raw = trimPunctuation(clause.tokens);
  // "just that one": a constraint whose first word is also a filler ("just click …").
  let tokens: readonly Token[] = constraintOpeners.some((words) => startsWith(raw, words))
    ? raw
    : withoutAside(stripFiller(clause.tokens));
  if (tokens.length === 0) return { type: 'unparsed' };
  tokens = givenAsVerb(commentAsVerb(tokens));
  // "so Sofia knows I saw it": why, which asks for nothing more.
  if (purposeOpens(tokens, 0) || keptAsIs(tokens)) return { type: 'constraint' };
  const opener = constraintOpeners.find((words) => startsWith(tokens, words));
  if (opener !== undefined) {
    const kept = boxKept(tokens, opener.length, source, hints);
    return kept === undefined ? { type: 'constraint' } : steps([kept]);
  }
  if (isWord(tokens[0], 'to') && verbAt(words(tokens.slice(1))) !== undefined) tokens = tokens.slice(1);
  tokens = joinSeparatedParticle(tokens);
  const naming = namedIt(tokens, source);
  if (naming !== undefined) return steps([naming]);
  const lower = words(tokens);
  const verb = verbAt(lower);
  if (verb === undefined) return readVerbless(clause, tokens, source, hints);
  const labelled = labelBeforeColon(tokens, source, hints);
  if (labelled !== undefined) return steps([setIntent(labelled.field, labelled.value)], labelled.field);
  const assigned = assignedAs(tokens.slice(verb.length), source, hints);
  if (assigned !== undefined) return steps([assigned], assigned.within);
  const made = verb.words === 'make' ? madeValue(tokens.slice(verb.length), source, hints) : undefined;
  if (made !== undefined) return steps([made]);
  const madeInto = verb.words === 'make' ? valueMadeInto(tokens.slice(verb.length), source) : undefined;
  if (madeInto !== undefined) {
    const read = madeInto.map((said) => readRephrased(rewritten(said, clause), hints, last));
    if (read.every((result) => result.type === 'steps'))
      return { type: 'steps', intents: read.flatMap((result) => (result.type === 'steps' ? result.intents : [])) };
  }
  // Keys are read from the clause as written: "Press -" or "Press ." end in what looks like punctuation.
  const start = clause.tokens.indexOf(tokens[0]!);
  const written = start >= 0 ? clause.tokens.slice(start + verb.length) : tokens.slice(verb.length);
  // "Press Control+B again": the key is pressed once more, as any step is carried out once.
  const pressed = isWord(trimPunctuation(written).at(-1), 'again') ? trimPunctuation(written).slice(0, -1) : written;
  const keyed = /^(?:press|hit|tap|push)$/.test(verb.words) ? keysOf(pressed) : undefined;
  if (keyed !== undefined) return { type: 'steps', intents: [{ kind: 'press', keys: keyed }] };
  const shortcut = verb.verbClass === 'type' || verb.verbClass === 'set' ? undefined : shortcutNamed(written);
  if (shortcut !== undefined) return { type: 'steps', intents: [{ kind: 'press', keys: shortcut }] };
  const rest = trimPunctuation(tokens.slice(verb.length));
  const used = verb.words === 'use' ? valueUsedAs(rest, source) : undefined;
  if (used !== undefined) return steps([used.intent], used.field);
  if (rest.length === 0) {
    const alone = verbAlone(verb);
    return alone === undefined ? { type: 'bare-verb', verb } : { type: 'steps', intents: [alone] };
  }
  return readFrame(verb, rest, source, hints, last);
}

/**
 * "name it 'Pilot Boarding'", "call it Berth Scheduling", "title it Q3 plan": the name of what is
 * being made, typed where the form asks for it (the field with the focus, or its one empty field).
 */
function namedIt(tokens: readonly Token[], source: string): StepIntent | undefined {
  if (!isWord(tokens[0], 'name', 'call', 'title') || !isWord(tokens[1], 'it', 'this', 'that')) return undefined;
  const value = valueOf(source, tokens.slice(2));
  return value === undefined ? undefined : { kind: 'type', text: value.text };
}

/** "next page", "the last page of the grid": the pager's button, named by its first word. */
function pagerTarget(tokens: readonly Token[]): TargetRef | undefined {
  const text = words(trimPunctuation(tokens)).join(' ');
  const turn =
    /^(?:the )?(?:very )?(next|previous|prev|first|last|final) page(?: of (?:the )?(?:results|grid|table|list))?$/.exec(
      text,
    );
  const names: Readonly<Record<string, string>> = {
    next: 'Next',
    previous: 'Previous',
    prev: 'Previous',
    first: 'First',
    last: 'Last',
    final: 'Last',
  };
  return turn === null ? undefined : { name: `${names[turn[1]!]!} page` };
}

/** "use Harbor2026! as the password": one value typed into the field named after "as". */
function valueUsedAs(rest: readonly Token[], source: string): { intent: StepIntent; field: TargetRef } | undefined {
  if (!isWord(rest[1], 'as') || rest.length < 3) return undefined;
  const value = valueOf(source, rest.slice(0, 1));
  const phrase = parsePhrase(source, rest.slice(2));
  if (value === undefined || phrase?.type !== 'target' || phrase.target.name === undefined) return undefined;
  const field = fieldRef(phrase.target);
  return { intent: typeInto(value.text, field), field };
}

/** Verbs whose "up" or "down" goes with them, not with the name after them: "bring the volume down to 35". */
const particleVerbs = new Set([
  'turn',
  'bring',
  'knock',
  'dial',
  'crank',
  'slide',
  'drag',
  'move',
  'push',
  'raise',
  'lower',
]);

/** Particles of verbs people split around their object: "sign me out", "turn SMS alerts on", "fill it in". */
const separableParticles = new Set(['out', 'in', 'on', 'off', 'up', 'down']);

/**
 * "sign me out" → "sign out me", "turn SMS alerts on" → "turn on SMS alerts": when the first word
 * and the clause's last word make a known two-word verb, the particle moves next to the verb.
 */
function joinSeparatedParticle(tokens: readonly Token[]): readonly Token[] {
  // "log me in as …", "sign us out": the person between verb and particle is no object.
  if (isWord(tokens[1], 'me', 'us') && tokens[2]?.kind === 'word' && separableParticles.has(tokens[2].lower)) {
    const joined = [tokens[0]!, tokens[2], ...tokens.slice(3)];
    if (verbAt(words(joined))?.length === 2) return joined;
  }
  const last = tokens.at(-1);
  if (tokens.length < 3 || last?.kind !== 'word' || !separableParticles.has(last.lower)) return tokens;
  const joined = [tokens[0]!, last, ...tokens.slice(1, -1)];
  const verb = verbAt(words(joined));
  const plain = verbAt(words(tokens));
  if (verb === undefined || verb.length !== 2 || (plain !== undefined && plain.length >= 2)) return tokens;
  return joined;
}

/** Words for the view being narrowed rather than a control in it: "the results", "the list". */
const viewWords = [
  'the',
  'my',
  'our',
  'this',
  'these',
  'it',
  'them',
  'results',
  'result',
  'list',
  'items',
  'search',
  'view',
  'entries',
  'rows',
  'records',
  'everything',
  'all',
  'page',
];

/** Verbs that narrow what is shown to one kind: "narrow the results down to audiobooks only". */
const narrowingVerbs = new Set(['narrow', 'filter', 'limit', 'restrict']);

/**
 * The question an answer is given to, with where it is asked: "Was this helpful? under 'How long
 * does a refund take?'" is the question inside that article, not one near it.
 */
function askedQuestion(source: string, tokens: readonly Token[]): TargetRef | undefined {
  const phrase = parsePhrase(source, tokens);
  if (phrase?.type !== 'target' || phrase.target.name === undefined) {
    const whole = valueOf(source, tokens);
    return whole === undefined ? undefined : { name: whole.text };
  }
  const { relation: _relation, ordinal: _ordinal, role: _role, ...question } = phrase.target;
  return question;
}

/** How a narrowing verb reads: an option picked in the view, a control given a value, or neither. */
type Narrowing =
  { readonly type: 'pick'; readonly option: readonly Token[] } | { readonly type: 'set' } | { readonly type: 'unread' };

/**
 * "narrow the results down to audiobooks only": what is narrowed (the results, the list, them) is
 * the view itself, and the option is what follows "to". "Filter Site to Riverside": what is
 * narrowed is a control on the screen, given that value. Anything else ("filter jobs to Paris",
 * "filter the site column so only …") says neither which control nor which option, and is not read.
 */
function narrowedTo(rest: readonly Token[], source: string, hints: ScreenHints | undefined): Narrowing {
  const to = indexOfWord(rest, ['to']);
  if (to < 1 || to === rest.length - 1) return { type: 'unread' };
  const narrowed = rest.slice(0, isWord(rest[to - 1], 'down') ? to - 1 : to);
  if (narrowed.every((token) => isWord(token, ...viewWords))) {
    const option = rest.slice(to + 1);
    return { type: 'pick', option: isWord(option.at(-1), 'only') && option.length > 1 ? option.slice(0, -1) : option };
  }
  const name = spanText(source, withoutArticle(narrowed));
  const controls = [...(hints?.controls ?? []).map((control) => control.name), ...(hints?.fieldLabels ?? [])];
  // "Site" names the grid's "Site Filter Input": a control's name may go on after the words.
  return controls.some((control) => reaches(scoreText(name, control), 'prefix')) ? { type: 'set' } : { type: 'unread' };
}

/** Verbs that mean something with nothing after them. */
function verbAlone(verb: VerbMatch): StepIntent | undefined {
  switch (verb.verbClass) {
    case 'confirm':
      return { kind: 'confirm' };
    case 'dismiss':
      return { kind: 'dismiss' };
    case 'command':
      return { kind: 'command', verb: verb.command ?? verb.words };
    case 'scroll':
      return verb.words === 'page up' ? { kind: 'scroll', direction: 'up' } : { kind: 'scroll', direction: 'down' };
    case 'wait':
      return { kind: 'wait', ms: 1000 };
    default:
      return undefined;
  }
}

function resolvePronoun(phrase: Phrase, last: TargetRef | undefined): TargetRef | undefined {
  return phrase.type === 'pronoun' ? last : phrase.target;
}

function targetList(
  source: string,
  tokens: readonly Token[],
  last: TargetRef | undefined,
  options: PhraseOptions = {},
): TargetRef[] | undefined {
  const phrases = targetsOf(source, tokens, options);
  if (phrases === undefined) return undefined;
  // "delete that row": the thing named before; with none named, which one was never said ("this
  // dialog" is the one in view, and stays so).
  if (phrases.length === 1 && phrases[0]!.type === 'target' && isWord(tokens[0], 'that')) {
    const { target } = phrases[0]!;
    if (target.name === undefined && target.ordinal === undefined)
      return last === undefined ? undefined : [{ ...last, role: last.role ?? target.role }];
  }
  // "like her post", "open his row": the thing of the one named before ("Dana's post").
  if (phrases.length === 1 && phrases[0]!.type === 'target' && isWord(tokens[0], 'her', 'his', 'their')) {
    const { target } = phrases[0]!;
    if (target.name !== undefined || target.ordinal !== undefined) return [target];
    return last?.name === undefined ? undefined : [{ ...target, name: last.name }];
  }
  const targets = phrases.map((phrase) => resolvePronoun(phrase, last));
  return targets.every((target) => target !== undefined) ? (targets as TargetRef[]) : undefined;
}

function steps(intents: readonly StepIntent[], mentioned?: TargetRef): ClauseResult {
  return intents.length === 0 ? { type: 'unparsed' } : { type: 'steps', intents, ...(mentioned ? { mentioned } : {}) };
}

/**
 * Words that mark a value the clause does not say where to put ("as Editor", an email, a date). A
 * handle ("@priya.n") names someone on screen; it is not an address.
 */
function carriesValues(tokens: readonly Token[]): boolean {
  return tokens.some(
    (token) =>
      (token.kind === 'word' && (/[^\s@]@[^\s@]+\.\S/.test(token.text) || /^\d+(?:[.,:/]\d+)+$/.test(token.text))) ||
      isWord(token, 'as', 'to', 'into', 'with'),
  );
}

function readFrame(
  verb: VerbMatch,
  rest: readonly Token[],
  source: string,
  hints: ScreenHints | undefined,
  last: TargetRef | undefined,
): ClauseResult {
  // "check that the total is right" opens a condition; "delete that row" points at a thing.
  const pointed = trimPunctuation(rest.slice(1));
  const pointsAtKind = isWord(rest[0], 'that') && roleNounAt(words(pointed))?.length === pointed.length;
  if (rest[0]?.kind === 'word' && conditionOpeners.has(rest[0].lower) && rest.length > 1 && !pointsAtKind)
    return { type: 'unparsed' };
  switch (verb.verbClass) {
    case 'click':
    case 'double-click':
    case 'hover':
      return readPointer(verb, rest, source, last);
    case 'open': {
      // "Use the Dark theme", "switch to the yearly plan": an option of a choice on screen is
      // chosen, not gone to.
      const chosen =
        verb.words === 'use' || verb.words.startsWith('switch')
          ? choiceNamed(trimPunctuation(rest), source, hints?.controls ?? [])
          : undefined;
      if (chosen !== undefined) return steps(chosen);
      const means = verb.words === 'use' ? controlUsedFor(rest, source) : undefined;
      if (means !== undefined) return steps([{ kind: 'click', target: means }], means);
      // "use 'Delete selected'": a button on screen is used by pressing it.
      const pressed =
        verb.words === 'use' && hints !== undefined ? wholePress(trimPunctuation(rest), hints) : undefined;
      if (pressed !== undefined) return steps([pressed]);
      return readOpen(verb, rest, source, last);
    }
    case 'type': {
      const typed = readType(verb, rest, source, last);
      // "put the salary at 90,000": a value given to a control, not text typed somewhere.
      return typed.type === 'unparsed' && verb.words === 'put' ? readSet(verb, rest, source, last) : typed;
    }
    case 'set': {
      // "Edit Generator G-1: status Retired": the item's edit form, its fields, then Save.
      const edited = readEditCommand(verb.words, rest, source);
      if (edited !== undefined) return steps(edited);
      const set = readSet(verb, rest, source, last);
      // "Edit it", "edit Generator G-1": its edit form opened, the fields said next filled in it.
      const saysMore = carriesValues(rest) || rest.some((token) => token.kind === 'punct' && token.text === ':');
      if (set.type === 'unparsed' && verb.words === 'edit' && !saysMore) {
        const targets = targetList(source, rest, last);
        if (targets?.length === 1) return steps([{ kind: 'command', verb: 'edit', object: targets[0]! }], targets[0]);
      }
      return set;
    }
    case 'pick': {
      // "Filter the Site column to Riverside": the column's filter set to the value.
      if (verb.words === 'filter') {
        const at = indexOfWord(rest, ['to', 'by', 'on', 'for']);
        const column = at > 0 ? withoutArticle(rest.slice(0, at)) : [];
        if (isWord(column.at(-1), 'column', 'field')) column.pop();
        const said = trimPunctuation(rest.slice(at + 1));
        const value = at > 0 && verbAt(words(said)) === undefined ? valueOf(source, said) : undefined;
        // "the list", "the results": what is filtered, not a column with a filter of its own.
        const whole =
          column.length === 1 && isWord(column[0], 'list', 'results', 'table', 'grid', 'items', 'rows', 'page');
        // Only where the screen has a filter field for that column ("Site Filter Input").
        const filterField = (hints?.fieldLabels ?? []).find(
          (label) =>
            normalizeText(label).split(' ').includes('filter') &&
            reaches(scoreText(spanText(source, column), label), 'contains'),
        );
        if (
          !whole &&
          filterField !== undefined &&
          column.length > 0 &&
          column.length <= 3 &&
          value !== undefined &&
          column.every((token) => token.kind === 'word')
        )
          return steps([{ kind: 'set', target: { name: filterField, role: 'field' }, value: value.text }]);
      }
      // "answer Yes to Was this helpful?": the option, in the question that offers it.
      if (verb.words === 'answer') {
        const to = indexOfWord(rest, ['to']);
        const option = to > 0 ? valueOf(source, rest.slice(0, to)) : undefined;
        const question = to > 0 ? askedQuestion(source, rest.slice(to + 1)) : undefined;
        if (option === undefined || question === undefined) return { type: 'unparsed' };
        return steps([{ kind: 'pick', option: option.text, within: question }]);
      }
      if (!narrowingVerbs.has(verb.words)) return readPick(rest, source, last);
      const narrowed = narrowedTo(rest, source, hints);
      if (narrowed.type === 'unread') return { type: 'unparsed' };
      return narrowed.type === 'set' ? readSet(verb, rest, source, last) : readPick(narrowed.option, source, last);
    }
    case 'check':
    case 'uncheck':
      return readCheck(verb, rest, source, last);
    case 'toggle': {
      const targets = targetList(source, rest, last);
      return targets === undefined
        ? { type: 'unparsed' }
        : steps(
            targets.map((target) => ({ kind: 'click', target })),
            targets.at(-1),
          );
    }
    case 'expand':
    case 'collapse': {
      const targets = targetList(source, rest, last, { contentKinds: true });
      if (targets === undefined) return { type: 'unparsed' };
      return steps(
        targets.map((target) => ({ kind: verb.verbClass as 'expand' | 'collapse', target })),
        targets.at(-1),
      );
    }
    case 'dismiss': {
      const phrase = parsePhrase(source, rest, { contentKinds: true });
      if (phrase === undefined) return { type: 'unparsed' };
      // "There's a reminder popup at the bottom. Close it.": the overlay said before; else whatever is open.
      if (phrase.type === 'pronoun')
        return steps([
          last !== undefined && overlayRoles.has(last.role ?? '')
            ? { kind: 'dismiss', target: last }
            : { kind: 'dismiss' },
        ]);
      return steps([{ kind: 'dismiss', target: phrase.target }], phrase.target);
    }
    case 'confirm':
      return readConfirm(rest, source, hints);
    case 'search':
      return readSearch(rest, source);
    case 'find':
      return readFind(verb, rest, source, last);
    case 'clear': {
      const targets = targetList(source, rest, last);
      if (targets === undefined) return { type: 'unparsed' };
      return steps(
        targets.map((field) => ({ kind: 'clear', field: fieldRef(field) })),
        targets.at(-1),
      );
    }
    case 'scroll':
      return readScroll(verb, rest);
    case 'wait':
      return readWait(verb, rest, source);
    case 'command':
      return readCommand(verb, rest, source, last, hints);
  }
}

/** A field reference with the field role when the phrase named no kind. */
function fieldRef(target: TargetRef): TargetRef {
  return target.role === undefined ? { ...target, role: 'field' } : target;
}

function readPointer(
  verb: VerbMatch,
  rest: readonly Token[],
  source: string,
  last: TargetRef | undefined,
): ClauseResult {
  if (verb.words.startsWith('press') || verb.words === 'hit' || verb.words.startsWith('tap') || verb.words === 'push') {
    const keys = keysOf(rest);
    if (keys !== undefined) return steps([{ kind: 'press', keys }]);
  }
  const targets = targetList(source, rest, last);
  if (targets === undefined) return { type: 'unparsed' };
  const kind = verb.verbClass as 'click' | 'double-click' | 'hover';
  return steps(
    targets.map((target) => ({ kind, target })),
    targets.at(-1),
  );
}

/** A key or chord, with "the" and "key" around it allowed: "the Enter key", "ctrl+a", "Escape". */
/**
 * "save with Control+S", "undo it using Ctrl+Z", "copy by pressing Ctrl+C": the clause names the
 * shortcut that does what its verb says, so pressing it is the step. Only a chord with a modifier
 * counts (a lone word after "with" is far more often a value or a name).
 */
function shortcutNamed(tokens: readonly Token[]): string[] | undefined {
  const rest = trimPunctuation(tokens);
  const at = rest.findLastIndex((token) => isWord(token, 'with', 'using', 'via', 'pressing', 'hitting'));
  if (at < 0) return undefined;
  let after = rest.slice(at + 1);
  if (isWord(after[0], 'the') && isWord(after[1], 'shortcut', 'keys', 'key')) after = after.slice(2);
  else if (isWord(after[0], 'pressing', 'hitting')) after = after.slice(1);
  const keys = keysOf(after);
  return keys !== undefined && keys.length > 1 && keys.some((key) => modifierKeys.has(key)) ? keys : undefined;
}

function keysOf(tokens: readonly Token[]): string[] | undefined {
  let rest = [...tokens];
  if (isWord(rest[0], 'the')) rest = rest.slice(1);
  if (isWord(rest.at(-1), 'key', 'button', 'keys')) rest = rest.slice(0, -1);
  if (rest.length === 0) return undefined;
  const text =
    rest.length === 1 && rest[0]!.kind === 'quoted' ? rest[0]!.text : rest.map((token) => token.text).join(' ');
  const chord = text.replace(/\s*\+\s*/g, '+');
  const keys = parseKeys(chord) ?? parseKeys(chord.replace(/\s+/g, ''));
  if (keys !== undefined) return keys;
  // "up arrow", "arrow down", "page down"
  const spaced = parseKeys(text.replace(/\s+/g, ' '));
  return spaced;
}

/** File extensions that make "package.json" or "Modal.tsx" a file on screen, not a host name. */
const fileExtensions = new Set(
  'json ts tsx js jsx mjs cjs md txt csv tsv pdf doc docx xls xlsx ppt pptx odt ods png jpg jpeg gif svg webp mp3 mp4 wav zip tar gz yml yaml xml toml ini log py rb go rs java c h cpp sh css scss html htm lock env'.split(
    ' ',
  ),
);

/** A bare word with a file extension and nothing that only an address has (a path, a port, "www."). */
function looksLikeFileName(text: string): boolean {
  if (/[/:]/.test(text) || /^www\./i.test(text)) return false;
  const extension = /\.([a-z0-9]+)$/i.exec(text)?.[1]?.toLowerCase();
  return extension !== undefined && fileExtensions.has(extension);
}

function readOpen(verb: VerbMatch, rest: readonly Token[], source: string, last: TargetRef | undefined): ClauseResult {
  // "show me only the assets at Riverside": a filter over what is shown, not a place to go.
  if (isWord(rest[0], 'only')) return { type: 'unparsed' };
  const pager = pagerTarget(isWord(rest[0], 'on') ? rest.slice(1) : rest);
  if (pager !== undefined) return steps([{ kind: 'click', target: pager }], pager);
  const value = valueOf(source, rest);
  // "open the address 'X'", "go to the website example.org": an address, whatever it looks like.
  // The noun must lead: "the FAQ about changing the delivery address" names an article.
  const lead = isWord(rest[0], 'the') ? 1 : 0;
  const named = rest.length > lead + 1 && isWord(rest[lead], 'url', 'address', 'website', 'site');
  const page = rest.filter((token) => !isWord(token, 'the', 'page', 'url', 'address', 'site', 'website'));
  const address = valueOf(source, page);
  if (
    address !== undefined &&
    (named ||
      (!address.quoted &&
        ((isBareOpenTarget(address.text) && !looksLikeFileName(address.text)) ||
          /^[a-z][a-z0-9+.-]*:\/\//i.test(address.text))))
  )
    return steps([{ kind: 'open', target: address.text }]);
  if (value === undefined) return { type: 'unparsed' };
  if (isWord(rest[0], 'back') && rest.length === 1) return steps([{ kind: 'command', verb: 'go back' }]);
  // "show me the results", "open the cards": things of a kind, none picked out, are no one
  // place to go. Asked to be shown, they are what the request around it brings up (context);
  // asked to be opened, which one is asked about.
  const phrases = targetsOf(source, rest, { contentKinds: true });
  const kindOnly = (phrase: Phrase) =>
    phrase.type === 'target' && phrase.all && phrase.target.name === undefined && phrase.target.ordinal === undefined;
  if (phrases?.some(kindOnly))
    return verb.words.startsWith('show') || verb.words === 'display' ? { type: 'context' } : { type: 'unparsed' };
  const targets = targetList(source, rest, last, { contentKinds: true });
  if (targets === undefined) return { type: 'unparsed' };
  return steps(
    targets.map((target) =>
      target.role === 'section' || target.role === 'treeitem' ? { kind: 'expand', target } : { kind: 'go-to', target },
    ),
    targets.at(-1),
  );
}

/** The typed value with any case request applied ("'ada' in upper case"), and the tokens left. */
function casedValue(source: string, tokens: readonly Token[]): { text: string; rest: Token[] } | undefined {
  if (vague(tokens)) return undefined;
  // Only the words around the value can ask for a case; a quoted value is never read for one.
  const text = tokens
    .filter((token) => token.kind === 'word')
    .map((token) => token.text)
    .join(' ');
  const transform = caseTransformIn(text);
  let kept = [...tokens];
  if (transform !== undefined) {
    const at = kept.findIndex(
      (token, index) =>
        index > 0 &&
        (isWord(token, 'in', 'all', 'using', 'as') || /case$|caps$|capitals$/.test(token.lower)) &&
        caseTransformIn(
          kept
            .slice(index)
            .filter((item) => item.kind === 'word')
            .map((item) => item.text)
            .join(' '),
        ) !== undefined,
    );
    if (at > 0) kept = kept.slice(0, at);
    // "'MARA JENSEN' (all capitals)": the bracket that opened the request goes with it.
    while (kept.length > 1 && kept.at(-1)?.kind === 'punct' && /^[([{,–—-]$/.test(kept.at(-1)!.text)) kept.pop();
  }
  const value = valueOf(source, kept);
  if (value === undefined) return undefined;
  return { text: applyCase(value.text, transform), rest: kept };
}

const intoWords = ['into', 'inside', 'in', 'on', 'onto', 'under', 'at'];

/** Remove a request for a case ("in upper case", "in capitals", "all caps") from a clause; what is asked. */
function withoutCasePhrase(tokens: readonly Token[]): { tokens: Token[]; transform: CaseTransform | undefined } {
  for (let start = 0; start < tokens.length; start += 1) {
    for (let length = Math.min(4, tokens.length - start); length >= 1; length -= 1) {
      const span = tokens.slice(start, start + length);
      if (span.some((token) => token.kind !== 'word')) continue;
      const text = span.map((token) => token.lower).join(' ');
      if (
        !/^(?:(?:all |written |typed )?(?:in|using|with|as) )?(?:all )?(?:upper[- ]?case|uppercase|lower[- ]?case|lowercase|title[- ]?case|capitals|caps|capital letters|all caps|block letters|small letters)(?: letters)?$/.test(
          text,
        )
      )
        continue;
      const transform = caseTransformIn(text) ?? (/caps|capital/.test(text) ? 'upper' : undefined);
      // ", all in capitals" at the end: the comma before it goes too; "(all capitals)": its brackets.
      const bracketed = tokens[start - 1]?.text === '(' && tokens[start + length]?.text === ')';
      const from = (isComma(tokens[start - 1]) && start + length === tokens.length) || bracketed ? start - 1 : start;
      const to = bracketed ? start + length + 1 : start + length;
      return { tokens: [...tokens.slice(0, from), ...tokens.slice(to)], transform };
    }
  }
  return { tokens: [...tokens], transform: undefined };
}

function readType(verb: VerbMatch, written: readonly Token[], source: string, last?: TargetRef): ClauseResult {
  const { tokens: spoken, transform } = withoutCasePhrase(written);
  const rest = withoutRemark(spoken);
  const read = readTypeFrame(verb, rest, source, last);
  // "write it in F2": the text is whatever "it" stands for, which only the person knows.
  const referring = (intent: StepIntent) => intent.kind === 'type' && REFERRING_WORDS.has(intent.text.toLowerCase());
  const quoted = rest.some((token) => token.kind === 'quoted');
  if (read.type === 'steps' && !quoted && read.intents.some(referring)) return { type: 'unparsed' };
  if (transform === undefined || read.type !== 'steps') return read;
  return {
    ...read,
    intents: read.intents.map((intent) =>
      intent.kind === 'type' ? { ...intent, text: applyCase(intent.text, transform) } : intent,
    ),
  };
}

/**
 * Openings of a statement in brackets: "(it is on page 3)", "(probably under Archived)", and of
 * a contrast with a look-alike ("New Zealand (not New Caledonia!)").
 */
const asideOpeners =
  /^(?:it(?:'s| is| was| may| might| should)|they(?:'re| are)|this is|that is|probably|maybe|perhaps|i think|i believe|should be|might be|may be|not)\b/;

/**
 * "Delete 'Boiler B-02' (it is on page 3)": a statement in brackets at the end of a clause says
 * where or why, not what; it is left out of the request (exploring finds the place anyway).
 */
function withoutAside(tokens: readonly Token[]): readonly Token[] {
  // "reserve the e-book edition rather than the printed book": the contrast names what is not meant.
  const rather = tokens.findIndex(
    (token, index) => index > 1 && isWord(token, 'rather') && isWord(tokens[index + 1], 'than'),
  );
  if (rather > 1 && !tokens.slice(rather).some((token) => token.kind === 'punct' && token.text === ')'))
    return trimPunctuation(tokens.slice(0, rather));
  if (tokens.at(-1)?.text !== ')') return tokens;
  const open = tokens.findLastIndex((token) => token.kind === 'punct' && token.text === '(');
  if (open <= 0) return tokens;
  const inside = words(tokens.slice(open + 1, -1)).join(' ');
  return asideOpeners.test(inside) ? trimPunctuation(tokens.slice(0, open)) : tokens;
}

/**
 * A closing remark in brackets after a quoted value ("type ' Revised.' (with the leading space)")
 * says how to type it, not what: it is dropped. Brackets anywhere else are kept.
 */
function withoutRemark(tokens: readonly Token[]): readonly Token[] {
  if (tokens.at(-1)?.text !== ')') return tokens;
  const open = tokens.findLastIndex((token) => token.kind === 'punct' && token.text === '(');
  if (open <= 0 || !tokens.slice(0, open).some((token) => token.kind === 'quoted')) return tokens;
  return tokens.slice(0, open);
}

/** Words that stand for something said elsewhere; typed as they are, they would be typed literally. */
const REFERRING_WORDS = new Set([
  'it',
  'them',
  'this',
  'that',
  'these',
  'those',
  'one',
  'result',
  'the result',
  'the answer',
  'answer',
]);

function readTypeFrame(verb: VerbMatch, rest: readonly Token[], source: string, last?: TargetRef): ClauseResult {
  // "enter the date of birth, the seventh of August 1988": the field, then the value apposed.
  const apposed = rest.findIndex(isComma);
  if (
    apposed > 0 &&
    looksLikeValue(trimPunctuation(rest.slice(apposed + 1))) &&
    !looksLikeValue(trimPunctuation(rest.slice(0, apposed)))
  ) {
    const field = parsePhrase(source, rest.slice(0, apposed));
    const value = casedValue(source, rest.slice(apposed + 1));
    if (field?.type === 'target' && value !== undefined) {
      // A date written out is given in the form the field takes, as "set" does.
      const given =
        parseDate(value.text) !== undefined
          ? setIntent(fieldRef(field.target), value.text)
          : typeInto(value.text, field.target);
      return steps([given], field.target);
    }
  }
  // "fill in the Name field with 'Ada'", "fill Name with Ada"
  if (verb.words.startsWith('fill') || verb.words === 'provide') {
    const withAt = indexOfWord(rest, ['with', 'using']);
    // "fill in Email with X and Password with Y": one frame per field.
    const nextWith = rest.findIndex((token, index) => index > withAt + 1 && isWord(token, 'with', 'using'));
    if (withAt > 0 && nextWith > 0) {
      const joint = rest.findIndex(
        (token, index) => index > withAt + 1 && index < nextWith && (isWord(token, 'and') || isComma(token)),
      );
      if (joint > 0) {
        const tail = isWord(rest[joint + 1], 'and') ? rest.slice(joint + 2) : rest.slice(joint + 1);
        const first = readTypeFrame(verb, rest.slice(0, joint), source);
        const second = readTypeFrame(verb, tail, source);
        if (first.type === 'steps' && second.type === 'steps')
          return { ...second, intents: [...first.intents, ...second.intents] };
        return { type: 'unparsed' };
      }
    }
    if (withAt > 0) {
      const field = parsePhrase(source, rest.slice(0, withAt));
      const value = casedValue(source, rest.slice(withAt + 1));
      if (field?.type === 'target' && value !== undefined)
        return steps([typeInto(value.text, field.target)], field.target);
      return { type: 'unparsed' };
    }
  }
  // "type 'Ada' into Name and 'ada@example.com' into Email": the verb is said once and each side
  // names its own field. Taken only when both sides read as typing into a field.
  const gap = rest.findIndex(
    (token, index) =>
      index > 0 &&
      (isWord(token, 'and') || isComma(token)) &&
      rest.slice(0, index).some((word) => isWord(word, ...intoWords)) &&
      rest.slice(index + 1).some((word) => isWord(word, ...intoWords)),
  );
  if (gap > 0) {
    const tail = isWord(rest[gap + 1], 'and') ? rest.slice(gap + 2) : rest.slice(gap + 1);
    const first = readTypeFrame(verb, rest.slice(0, gap), source);
    const second = readTypeFrame(verb, tail, source);
    const intoField = (result: ClauseResult) =>
      result.type === 'steps' && result.intents.every((intent) => intent.kind === 'type' && intent.field !== undefined);
    if (first.type === 'steps' && second.type === 'steps' && intoField(first) && intoField(second)) {
      return { ...second, intents: [...first.intents, ...second.intents] };
    }
  }
  // "type 'x' into the 'Name' field", "enter ada@example.com in email", "put 'x' in Notes"
  const firstQuoted = rest[0]?.kind === 'quoted';
  const boundary = firstQuoted
    ? isWord(rest[1], ...intoWords)
      ? 1
      : isWord(rest[1], 'in') && isWord(rest[2], 'to')
        ? 1
        : -1
    : indexOfWord(rest, ['into', 'inside', 'onto']);
  const split = boundary >= 0 ? boundary : lastIndexOfWord(rest, ['in', 'on', 'under', 'as', 'for']);
  if (split > 0) {
    let after = rest.slice(split + 1);
    if (isWord(rest[split], 'in') && isWord(after[0], 'to')) after = after.slice(1);
    // "into the third one": text goes into a field, so "one" is the third field.
    const nth = nthOne(after);
    const phrase = nth === undefined ? parsePhrase(source, after) : undefined;
    // "type Quay-Side-9 into it": the field named before.
    const pointed = phrase?.type === 'pronoun' && last !== undefined ? last : undefined;
    const field: Phrase | undefined =
      nth !== undefined
        ? { type: 'target', target: { role: 'field', ordinal: nth }, all: false }
        : pointed !== undefined
          ? { type: 'target', target: pointed, all: false }
          : phrase;
    const value = casedValue(source, withoutValueNoun(rest.slice(0, split)));
    if (field?.type === 'target' && value !== undefined && !isCaseWord(after)) {
      const values = listItems(rest.slice(0, split));
      if (field.all || (field.target.role === 'field' && field.target.name === undefined && values.length > 1)) {
        return { type: 'unparsed' };
      }
      return steps([givenInto(value.text, field.target)], field.target);
    }
    // "type contoso into the third one": "into" says where, so the words after it are no part of
    // the text, even when they name nothing that can be read.
    if (boundary >= 0 && !firstQuoted) return { type: 'unparsed' };
  }
  // "enter username 'ada' and password 'secret'": field words, then a quoted value, repeated.
  const pairs = fieldValuePairs(source, rest);
  if (pairs !== undefined) return steps(pairs.map(([field, value]) => typeInto(value, field)));
  // "type 'hello'" into whatever has focus. Several quoted texts with nothing saying where each
  // goes ("type “Berth Scheduling” and “Save”") may be one text, two, or a text and a button: ask.
  const quotedValues = rest.filter((token) => token.kind === 'quoted');
  if (quotedValues.length > 1) return { type: 'unparsed' };
  // Words beside a quoted value are not part of it ("type ' Revised.' with the leading space"):
  // typed as they stand, the quotes and the remark would land in the document.
  if (quotedValues.length === 1 && rest.length > 1) {
    if (rest.some((token) => token.kind === 'word')) return { type: 'unparsed' };
    return steps([{ kind: 'type', text: quotedValues[0]!.text }]);
  }
  // "Fill in From and To": what is filled in is fields; the words are not the text.
  if (verb.words.startsWith('fill') && !rest.some((token) => token.kind === 'quoted')) return { type: 'unparsed' };
  const value = casedValue(source, rest);
  if (value === undefined) return { type: 'unparsed' };
  if (
    rest.some((token) => token.kind === 'quoted') ||
    value.rest.length === rest.length ||
    caseTransformIn(spanText(source, rest)) !== undefined
  ) {
    return steps([{ kind: 'type', text: value.text }]);
  }
  return { type: 'unparsed' };
}

/** "the third one", "the last one": the position of a thing its kind is not said with. */
function nthOne(tokens: readonly Token[]): number | undefined {
  const said = words(trimPunctuation(tokens)).filter((word) => !determiners.has(word));
  const ordinal = ordinalAt(said);
  return ordinal !== undefined && said.length === ordinal.length + 1 && said.at(-1) === 'one'
    ? ordinal.ordinal
    : undefined;
}

/** Nouns that say what kind of text follows: "type the name Mara Jensen", "enter the code 4417". */
const valueNouns = new Set(['name', 'word', 'words', 'text', 'phrase', 'code', 'number', 'value', 'title', 'message']);

/** The value without a leading "the name" when a name, a number or a quoted text follows it. */
function withoutValueNoun(tokens: readonly Token[]): readonly Token[] {
  const at = isWord(tokens[0], 'the') ? 1 : 0;
  const noun = tokens[at];
  const next = tokens[at + 1];
  if (noun?.kind !== 'word' || !valueNouns.has(noun.lower) || next === undefined) return tokens;
  return next.kind === 'quoted' || /^[\p{Lu}\d]/u.test(next.text) ? tokens.slice(at + 1) : tokens;
}

function isCaseWord(tokens: readonly Token[]): boolean {
  return caseTransformIn(tokens.map((token) => token.text).join(' ')) !== undefined;
}

function typeInto(text: string, field: TargetRef): StepIntent {
  return { kind: 'type', text, field: fieldRef(field) };
}

/**
 * A value put into a field: a span of dates ("May 4 through May 8, 2026") or a date written in
 * words is set, so it reaches a date picker in the form it takes; any other text, digits written
 * as a date included ("12/03/2026"), is typed as written.
 */
function givenInto(text: string, field: TargetRef): StepIntent {
  const inWords = /\p{L}/u.test(text) && parseDate(text) !== undefined;
  return parseDateRange(text) !== undefined || inWords ? setIntent(fieldRef(field), text) : typeInto(text, field);
}

/** "username 'ada' and password 'secret'" → [[username, ada], [password, secret]]. */
function fieldValuePairs(source: string, tokens: readonly Token[]): [TargetRef, string][] | undefined {
  const pairs: [TargetRef, string][] = [];
  let fieldTokens: Token[] = [];
  for (const token of tokens) {
    if (token.kind === 'quoted') {
      const field = parsePhrase(
        source,
        fieldTokens.filter((item) => !isWord(item, 'and', 'as', 'for', 'the', 'in', 'into') && !isComma(item)),
      );
      if (field?.type !== 'target') return undefined;
      pairs.push([field.target, token.text]);
      fieldTokens = [];
    } else {
      fieldTokens.push(token);
    }
  }
  return pairs.length >= 1 &&
    trimPunctuation(fieldTokens).length === 0 &&
    pairs.every(([field]) => field.name !== undefined || field.role !== undefined) &&
    pairs.length > 0 &&
    tokens[0]?.kind !== 'quoted'
    ? pairs
    : undefined;
}

function readSet(verb: VerbMatch, rest: readonly Token[], source: string, last: TargetRef | undefined): ClauseResult {
  // Several "X to Y" pairs: "Set From to Lisbon and To to Oslo".
  const parts = splitPairs(rest);
  const intents: StepIntent[] = [];
  let mentioned: TargetRef | undefined;
  for (const said of parts) {
    // "set remote days to at least 2": the bound itself meets it.
    const bound = said.findIndex(
      (token, index) =>
        isWord(token, 'at') && isWord(said[index - 1], 'to') && isWord(said[index + 1], 'least', 'most'),
    );
    const part = bound > 0 ? [...said.slice(0, bound), ...said.slice(bound + 2)] : said;
    // A whole value with a "to" in it, after its field: a span of dates from one to the other
    // ("the offsite dates from may 4 to may 8 2026", "… to 4 to 8 May 2026") or a time ("make the
    // start time a quarter to five").
    const whole =
      spanOfDates(source, part, ['from', 'between']) ??
      timeWithTo(source, part, verb.words === 'make') ??
      spanOfDates(source, part, ['to']);
    if (whole !== undefined) {
      const target = possessedField(source, whole.field);
      const resolved = target === undefined ? undefined : resolvePronoun(target, last);
      if (resolved === undefined) return { type: 'unparsed' };
      intents.push(setIntent(resolved, whole.value));
      mentioned = resolved;
      continue;
    }
    const at = lastIndexOfWord(part, ['to', 'as', 'at']);
    // "switch me to the paid plan": the person moves to an option.
    if (at === 1 && isWord(part[0], 'me', 'us') && at < part.length - 1) {
      const option = valueOf(source, stripOptionNoun(part.slice(at + 1)));
      if (option === undefined) return { type: 'unparsed' };
      intents.push({ kind: 'pick', option: option.text });
      continue;
    }
    if (at > 0 && at < part.length - 1) {
      // "turn the volume up to 40", "knock the thermostat down 2 degrees to 18", "all the way up
      // to 100": the particle (and by how much) belongs to the verb; the value after "to" is what counts.
      let named = part.slice(0, at);
      const particle = particleVerbs.has(verb.words) ? named.findLastIndex((token) => isWord(token, 'up', 'down')) : -1;
      const amount = particle > 0 ? named.slice(particle + 1) : [];
      if (particle > 0 && amount.length <= 2 && amount.every((token) => /^[\d.,]+%?$|^\p{Ll}+$/u.test(token.text))) {
        named = named.slice(0, particle);
        const wayAt = named.length - 3;
        if (wayAt > 0 && words(named.slice(wayAt)).join(' ') === 'all the way') named = named.slice(0, wayAt);
      }
      // "change the plan from Basic to Pro": what it is now only says which value is replaced.
      // "Switch from daily digest to weekly report" names no field: two things on screen may be
      // meant (one off, the other on), which the screen reading decides.
      const was = verb.words === 'set' ? -1 : named.findLastIndex((token) => isWord(token, 'from'));
      if (was === 0) return { type: 'unparsed' };
      if (was > 0) named = named.slice(0, was);
      // "Set Role to 'Editor' on the Members tab": where the field is, said after its value.
      const placed = placeAfterValue(source, part.slice(at + 1));
      const target = possessedField(source, placed === undefined ? named : [...named, ...placed.place]);
      const value = casedValue(source, placed?.value ?? part.slice(at + 1));
      const resolved = target === undefined ? undefined : resolvePronoun(target, last);
      if (resolved === undefined || value === undefined) return { type: 'unparsed' };
      // "Set interests to Chess, Hiking and Pottery": a field that takes several values, each given.
      const several = valueList(source, placed?.value ?? part.slice(at + 1));
      if (several !== undefined) {
        intents.push(...several.map((item) => setIntent(resolved, item)));
        mentioned = resolved;
        continue;
      }
      intents.push(setIntent(resolved, value.text));
      mentioned = resolved;
      continue;
    }
    // "make Chidi Obi an Editor": the one field of what is named gets the value.
    const article = indexOfWord(part, ['a', 'an']);
    if (verb.words === 'make' && article > 0 && article < part.length - 1) {
      const holder = parsePhrase(source, part.slice(0, article));
      const value = valueOf(source, part.slice(article + 1));
      if (holder?.type === 'target' && value !== undefined) {
        intents.push({ kind: 'set', target: { role: 'field', within: holder.target }, value: value.text });
        mentioned = holder.target;
        continue;
      }
    }
    return { type: 'unparsed' };
  }
  return steps(intents, mentioned);
}

/** The field and a span of dates after the first of `words` in `part`; undefined when what follows is no span. */
function spanOfDates(
  source: string,
  part: readonly Token[],
  words: readonly string[],
): { field: Token[]; value: string } | undefined {
  const at = part.findIndex((token, index) => index > 0 && isWord(token, ...words));
  const value = at > 0 ? spanText(source, part.slice(at + 1)) : '';
  return value !== '' && parseDateRange(value) !== undefined ? { field: part.slice(0, at), value } : undefined;
}

function setIntent(target: TargetRef, value: string): StepIntent {
  if (target.role === 'switch' || target.role === 'checkbox') {
    const on = /^(?:on|yes|true|enabled?|checked|ticked)$/i.test(value);
    const off = /^(?:off|no|false|disabled?|unchecked|unticked)$/i.test(value);
    if (on || off) return { kind: 'toggle', target, on };
  }
  return { kind: 'set', target, value };
}

/**
 * "Chess, Hiking and Pottery": a list of at least three short values, written with commas and a
 * last "and"; undefined for one value, which may hold a comma ("12 Main St, Springfield") or an
 * "and" ("Pride and Prejudice").
 */
function valueList(source: string, tokens: readonly Token[]): string[] | undefined {
  const trimmed = trimPunctuation(tokens);
  if (!trimmed.some(isComma) || !trimmed.some((token) => isWord(token, 'and'))) return undefined;
  const items = listItems(trimmed);
  if (items.length < 3 || items.some((item) => item.length > 3)) return undefined;
  const values = items.map((item) => valueOf(source, item)?.text);
  return values.every((value): value is string => value !== undefined) ? values : undefined;
}

/** Kinds of holder a place named after a value can be: "on the Members tab", "in the dialog". */
const placeRoles = new Set(['tab', 'section', 'page', 'dialog', 'card', 'row', 'list', 'menu', 'item']);

/**
 * "35 on the Notifications tab", "'Editor' in the Members section": the value, and the words
 * naming where the field is; undefined when the words after the value name no kind of holder
 * ("Friday in the evening").
 */
function placeAfterValue(
  source: string,
  tokens: readonly Token[],
): { value: readonly Token[]; place: readonly Token[] } | undefined {
  for (let at = 1; at < tokens.length - 1; at += 1) {
    if (!isWord(tokens[at], 'on', 'in', 'under', 'within', 'inside')) continue;
    const phrase = parsePhrase(source, tokens.slice(at + 1));
    if (phrase?.type === 'target' && placeRoles.has(phrase.target.role ?? '') && phrase.target.name !== undefined)
      return { value: tokens.slice(0, at), place: tokens.slice(at) };
  }
  return undefined;
}

/** A possessive word ("Obi's", "Pump-03’s"), without its ending; undefined for any other word. */
function possessor(token: Token | undefined): string | undefined {
  if (token?.kind !== 'word' || !/['’]s$/i.test(token.text) || token.text.length < 4) return undefined;
  // "it's", "that's", "what's": a pronoun and "is", never an owner.
  if (contractedIs.has(token.lower.replace(/’/g, "'"))) return undefined;
  return token.text.slice(0, -2);
}

/** Pronouns and question words that take "'s" for "is" or "has". */
const contractedIs = new Set([
  "it's",
  "that's",
  "what's",
  "there's",
  "here's",
  "who's",
  "where's",
  "he's",
  "she's",
  "let's",
  "this's",
]);

/**
 * The field a set names: "Chidi Obi's Role" is the Role of what is named Chidi Obi, "Pump-03's
 * next service" the next service of Pump-03; any other phrase as it reads.
 */
function possessedField(source: string, tokens: readonly Token[]): Phrase | undefined {
  const at = tokens.findIndex((token, index) => index < tokens.length - 1 && possessor(token) !== undefined);
  if (at < 0 || tokens[at + 1]?.kind === 'punct') return parsePhrase(source, tokens);
  const field = parsePhrase(source, tokens.slice(at + 1));
  const owner = `${spanText(source, tokens.slice(isWord(tokens[0], 'the') ? 1 : 0, at + 1)).slice(0, -2)}`.trim();
  if (field?.type !== 'target' || owner === '' || field.target.within?.within !== undefined)
    return parsePhrase(source, tokens);
  // "Chidi Obi's Role on the Members tab": the owner is in the place named after the field.
  const place = field.target.within;
  return {
    ...field,
    target: { ...field.target, within: { name: owner, ...(place === undefined ? {} : { within: place }) } },
  };
}

/** How a time said as minutes to the hour starts: "a quarter to five", "ten to six", "20 to 7". */
const toTheHour =
  /^(?:a )?(?:quarter|\d{1,2}|one|two|three|four|five|ten|twenty|twenty-five|twenty five)(?: minutes)? to \S+/;

/**
 * "the start time to a quarter to five", "the start time a quarter to five" (after "make"): a
 * time said with a "to" of its own, which the "to" before the value must not be taken for. The
 * field's words and the time as written; undefined when the words end in no such time.
 */
function timeWithTo(
  source: string,
  part: readonly Token[],
  bare: boolean,
): { field: readonly Token[]; value: string } | undefined {
  for (let start = 1; start < part.length - 2; start += 1) {
    const said = part.slice(start);
    if (!said.some((token) => isWord(token, 'to'))) return undefined;
    if (!toTheHour.test(words(said).join(' ')) || parseTime(spanText(source, said)) === undefined) continue;
    const joined = isWord(part[start - 1], 'to', 'at');
    if (!joined && !bare) return undefined;
    const field = part.slice(0, joined ? start - 1 : start);
    return field.length === 0 ? undefined : { field, value: spanText(source, said) };
  }
  return undefined;
}

/** "A to X and B to Y" → [[A to X], [B to Y]]; one pair stays whole. */
function splitPairs(tokens: readonly Token[]): Token[][] {
  const parts: Token[][] = [];
  let current: Token[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if ((isComma(token) || isWord(token, 'and')) && indexOfWord(current, ['to']) > 0) {
      const following = tokens.slice(index + 1);
      if (indexOfWord(following, ['to'], 1) > 0) {
        parts.push(current);
        current = [];
        continue;
      }
    }
    current.push(token);
  }
  parts.push(current);
  return parts;
}

/**
 * "the one with 12 seats", "the option that says Express": the words an option is known by,
 * after a noun that only says it is one; undefined for any other phrase.
 */
function describedOption(tokens: readonly Token[]): Token[] | undefined {
  const lead = isWord(tokens[0], 'the') ? 1 : 0;
  if (!isWord(tokens[lead], 'one', 'option', 'choice', 'entry')) return undefined;
  const at = lead + 1;
  const length = isWord(tokens[at], 'with', 'showing', 'saying', 'labelled', 'labeled', 'reading')
    ? 1
    : isWord(tokens[at], 'that', 'which') && isWord(tokens[at + 1], 'has', 'says', 'shows', 'reads')
      ? 2
      : 0;
  return length === 0 || tokens.length <= at + length ? undefined : tokens.slice(at + length);
}

const dropdownRoles = new Set(['dropdown', 'listbox', 'list', 'menu']);

const holderWords = ['from', 'in', 'on', 'under', 'for', 'as', 'within', 'inside'];

function readPick(rest: readonly Token[], source: string, last: TargetRef | undefined): ClauseResult {
  if (rest.length === 1 && isWord(rest[0], 'nothing', 'none')) return { type: 'unparsed' };
  // "In Room, pick the one with 12 seats": an option named by part of what it shows, in what
  // was named before unless the clause names where.
  const shown = describedOption(rest);
  if (shown !== undefined) {
    const read = readPick(shown, source, last);
    if (read.type !== 'steps' || read.intents.length !== 1 || read.intents[0]!.kind !== 'pick') return read;
    const intent = read.intents[0]!;
    if (intent.within !== undefined || last === undefined) return read;
    return steps([{ ...intent, within: last }], last);
  }
  // "choose Lisbon under From and Oslo under To": each side names its own holder.
  const joint = rest.findIndex(
    (token, index) =>
      index > 0 &&
      (isWord(token, 'and') || isComma(token)) &&
      rest.slice(0, index).some((word) => isWord(word, ...holderWords)) &&
      rest.slice(index + 1).some((word) => isWord(word, ...holderWords)),
  );
  if (joint > 0) {
    const tail = isWord(rest[joint + 1], 'and') ? rest.slice(joint + 2) : rest.slice(joint + 1);
    const first = readPick(rest.slice(0, joint), source, last);
    const second = readPick(tail, source, last);
    if (first.type === 'steps' && second.type === 'steps') {
      return { ...second, intents: [...first.intents, ...second.intents] };
    }
    return { type: 'unparsed' };
  }
  // "select 'X' from the 'Y' dropdown", "choose Card for Payment", "pick Deutsch in Language",
  // "Choose “Lisbon” under “From”", "pick 'March 14, 2026' as the 'Meeting date'".
  const firstQuoted = rest[0]?.kind === 'quoted';
  let split = -1;
  if (firstQuoted) {
    const after = rest.slice(1);
    const listEnd = after.findIndex(
      (token) => !(token.kind === 'quoted' || isComma(token) || isWord(token, 'and', 'or')),
    );
    const index = listEnd === -1 ? -1 : listEnd + 1;
    if (index > 0 && isWord(rest[index], 'from', 'in', 'on', 'under', 'for', 'as', 'within', 'inside')) split = index;
  } else {
    split = lastIndexOfWord(rest, ['from', 'under', 'for', 'as', 'within']);
    // "Lisbon for From": a holder word right before is the preposition, and the later one the name.
    if (split > 1 && isWord(rest[split - 1], 'from', 'under', 'for', 'as', 'within', 'in', 'on')) split -= 1;
    if (split < 0) {
      const inAt = lastIndexOfWord(rest, ['in', 'on']);
      const after = inAt > 0 ? parsePhrase(source, rest.slice(inAt + 1)) : undefined;
      if (after?.type === 'target' && after.target.role !== undefined) split = inAt;
    } else {
      // "deploy.md in the guides folder under docs": the first holder of a kind is where the
      // option is; the rest is where that holder is.
      const inAt = rest.slice(0, split).findIndex((token, index) => index > 0 && isWord(token, 'in', 'on'));
      const inner = inAt > 0 ? parsePhrase(source, rest.slice(inAt + 1, split)) : undefined;
      if (inner?.type === 'target' && inner.target.role !== undefined) split = inAt;
    }
  }
  const optionTokens = split > 0 ? rest.slice(0, split) : rest;
  const holderTokens = split > 0 ? rest.slice(split + 1) : [];
  const holder = holderTokens.length > 0 ? parsePhrase(source, holderTokens) : undefined;
  if (holderTokens.length > 0 && holder === undefined) return { type: 'unparsed' };
  const holderRef = holder === undefined ? undefined : resolvePronoun(holder, last);
  if (holder !== undefined && holderRef === undefined) return { type: 'unparsed' };
  const options = listItems(optionTokens).map((item) => valueOf(source, stripOptionNoun(item)));
  if (options.length === 0 || options.some((option) => option === undefined)) return { type: 'unparsed' };
  // "A and B" unquoted may be one name ("Terms and Conditions"), unless both name identifiers.
  // "Harbour View Inn, Oslo": two unquoted parts split by a comma alone, with no "and" closing a
  // list, are one name with a place in it.
  const commaOnly =
    listItems(optionTokens).length === 2 &&
    optionTokens.filter(isComma).length === 1 &&
    !optionTokens.some((token) => isWord(token, 'and', 'or', '&'));
  const joinedName =
    listItems(optionTokens).length > 1 &&
    (!optionTokens.some(isComma) || commaOnly) &&
    !optionTokens.some((token) => token.kind === 'quoted') &&
    !listItems(optionTokens).every(namesAnIdentifier);
  const texts = (joinedName ? [valueOf(source, optionTokens)!] : options).map((option) => option!.text);
  // "Choose the 'Card' radio button (for 'Payment')": a radio by name, in the group named.
  const radioNoun =
    optionTokens.length >= 2 &&
    isWord(optionTokens.at(-1), 'radio', 'button') &&
    optionTokens.some((token) => isWord(token, 'radio'));
  if (
    radioNoun &&
    texts.length === 1 &&
    (holderRef === undefined || (holderRef.name !== undefined && Object.keys(holderRef).length === 1))
  ) {
    const option = valueOf(source, stripOptionNoun(optionTokens))?.text;
    if (option !== undefined)
      return steps(
        [
          holderRef?.name === undefined
            ? { kind: 'choose', option }
            : { kind: 'choose', option, group: holderRef.name },
        ],
        holderRef,
      );
  }
  // A single unquoted option phrase that is really a target ("the second option", "the Members tab").
  if (texts.length === 1 && holderRef === undefined) {
    const phrase = parsePhrase(source, optionTokens);
    if (phrase?.type === 'pronoun' && last !== undefined) return steps([{ kind: 'click', target: last }], last);
    if (
      phrase?.type === 'target' &&
      (phrase.target.ordinal !== undefined ||
        phrase.target.within !== undefined ||
        (phrase.target.role !== undefined && phrase.target.role !== 'option'))
    ) {
      return steps([pickTarget(phrase.target)], phrase.target);
    }
    // "the suggestion 'Ursula K. Le Guin'", "the option 'Blue'": the kind word is not part of the name.
    if (phrase?.type === 'target' && phrase.target.role === 'option' && phrase.target.name !== undefined) {
      texts.splice(0, 1, phrase.target.name);
    }
  }
  // "Choose it as the clinic": the option is the thing a statement named before. (Right after a
  // search, "pick it" is the suggestion the search brings up, which the pick finds on screen.)
  if (texts.length === 1 && /^(?:it|that|this)$/i.test(texts[0]!.trim()) && last?.name !== undefined)
    texts.splice(0, 1, last.name);
  const intents: StepIntent[] = texts.map((option) => {
    if (holderRef !== undefined && dropdownRoles.has(holderRef.role ?? '')) {
      return { kind: 'select', option, field: { ...holderRef, role: 'dropdown' } };
    }
    return holderRef === undefined ? { kind: 'pick', option } : { kind: 'pick', option, within: holderRef };
  });
  return steps(intents, holderRef);
}

/** A picked target named by kind or position: a checkbox is checked, anything else clicked. */
function pickTarget(target: TargetRef): StepIntent {
  if (target.role === 'checkbox') return { kind: 'check', target };
  if (target.role === 'switch') return { kind: 'toggle', target, on: true };
  return { kind: 'click', target };
}

function stripOptionNoun(tokens: readonly Token[]): Token[] {
  let rest = [...tokens];
  if (isWord(rest[0], 'the')) rest = rest.slice(1);
  // "rows AST-1004 and AST-1007": the plural kind before a list names no option.
  if (rest.length > 1 && isWord(rest[0], 'rows', 'items', 'options', 'entries', 'files', 'cards', 'records', 'lines'))
    rest = rest.slice(1);
  if (isWord(rest.at(-1), 'option', 'choice', 'item', 'entry', 'radio') && rest.length > 1) rest = rest.slice(0, -1);
  if (isWord(rest.at(-1), 'button') && isWord(rest.at(-2), 'radio') && rest.length > 2) rest = rest.slice(0, -2);
  return rest;
}

function readCheck(verb: VerbMatch, rest: readonly Token[], source: string, last: TargetRef | undefined): ClauseResult {
  // "mark the email as read": a command named by the verb phrase.
  const asAt = indexOfWord(rest, ['as']);
  if (verb.words === 'mark' && asAt > 0) {
    const object = parsePhrase(source, rest.slice(0, asAt));
    const state = valueOf(source, rest.slice(asAt + 1));
    const target = object === undefined ? undefined : resolvePronoun(object, last);
    if (target === undefined || state === undefined) return { type: 'unparsed' };
    return steps([{ kind: 'command', verb: `mark as ${state.text.toLowerCase()}`, object: target }], target);
  }
  const targets = targetList(source, rest, last);
  if (targets === undefined) return { type: 'unparsed' };
  const on = verb.verbClass === 'check';
  return steps(
    targets
      .map((target) => (target.role === 'field' ? { ...target, role: 'checkbox' } : target))
      .map((target) =>
        target.role === 'switch' || (target.role === undefined && /^(?:turn|switch|enable|disable)/.test(verb.words))
          ? { kind: 'toggle', target, on }
          : { kind: on ? 'check' : 'uncheck', target },
      ),
    targets.at(-1),
  );
}

function readConfirm(rest: readonly Token[], source: string, hints: ScreenHints | undefined): ClauseResult {
  // "agree to the terms", "accept the terms and conditions": a box on screen says so; it is ticked.
  const said = trimPunctuation(rest);
  const box = said.length === 0 ? undefined : boxNamed(said, source, hints?.controls ?? []);
  if (box !== undefined) return steps(box);
  const withAt = indexOfWord(rest, ['with', 'using', 'by']);
  if (withAt >= 0) {
    let after = rest.slice(withAt + 1);
    // "confirm by typing 'Tidewater' in the dialog": the text the dialog asks for, then its yes.
    if (isWord(after[0], 'typing', 'entering', 'writing', 'putting')) {
      const into = indexOfWord(after, ['in', 'into']);
      const typed = casedValue(source, trimPunctuation(after.slice(1, into > 1 ? into : undefined)));
      if (typed !== undefined) return steps([{ kind: 'type', text: typed.text }, { kind: 'confirm' }]);
      return { type: 'unparsed' };
    }
    if (isWord(after[0], 'clicking', 'pressing', 'choosing', 'selecting', 'hitting')) after = after.slice(1);
    const phrase = parsePhrase(source, after);
    if (phrase?.type === 'target') return steps([{ kind: 'confirm', target: phrase.target }]);
  }
  // "confirm it", "confirm the deletion", "confirm in the dialog": the open dialog's yes.
  return steps([{ kind: 'confirm' }]);
}

function readSearch(rest: readonly Token[], source: string): ClauseResult {
  let tokens = [...rest];
  if (isWord(tokens[0], 'for')) tokens = tokens.slice(1);
  else {
    // "search assets for crane", "search the inventory for cranes": what is searched comes first.
    const forAt = tokens.findIndex((token, index) => index > 0 && isWord(token, 'for'));
    if (forAt > 0 && forAt < tokens.length - 1 && !tokens.slice(0, forAt).some((token) => token.kind === 'quoted'))
      tokens = tokens.slice(forAt + 1);
  }
  const inAt =
    tokens[0]?.kind === 'quoted'
      ? isWord(tokens[1], 'in', 'on', 'using')
        ? 1
        : -1
      : lastIndexOfWord(tokens, ['in', 'using']);
  let field: TargetRef | undefined;
  if (inAt > 0) {
    const phrase = parsePhrase(source, tokens.slice(inAt + 1));
    if (phrase?.type === 'target') {
      field = phrase.target;
      tokens = tokens.slice(0, inAt);
    }
  }
  const value = valueOf(source, tokens);
  if (value === undefined) return { type: 'unparsed' };
  return steps([
    field === undefined ? { kind: 'search', text: value.text } : { kind: 'search', text: value.text, field },
  ]);
}

function readFind(verb: VerbMatch, rest: readonly Token[], source: string, last: TargetRef | undefined): ClauseResult {
  const lower = words(rest).filter((word) => word !== 'the' && word !== 'of' && word !== 'page' && word !== 'very');
  if (verb.words.startsWith('scroll') && lower.length === 1 && /^(?:top|bottom|end|start|beginning)$/.test(lower[0]!)) {
    return steps([
      {
        kind: 'scroll-to',
        edge: lower[0] === 'top' || lower[0] === 'start' || lower[0] === 'beginning' ? 'top' : 'bottom',
      },
    ]);
  }
  const purpose = controlForPurpose(rest, source);
  if (purpose !== undefined)
    return steps(
      [
        { kind: 'find', target: purpose },
        { kind: 'click', target: purpose },
      ],
      purpose,
    );
  // "show me the results", "open the cards": things of a kind, none picked out, are no one
  // place to go. Asked to be shown, they are what the request around it brings up (context);
  // asked to be opened, which one is asked about.
  const phrases = targetsOf(source, rest, { contentKinds: true });
  const kindOnly = (phrase: Phrase) =>
    phrase.type === 'target' && phrase.all && phrase.target.name === undefined && phrase.target.ordinal === undefined;
  if (phrases?.some(kindOnly))
    return verb.words.startsWith('show') || verb.words === 'display' ? { type: 'context' } : { type: 'unparsed' };
  const targets = targetList(source, rest, last, { contentKinds: true });
  if (targets === undefined) return { type: 'unparsed' };
  return steps(
    targets.map((target) => ({ kind: 'find', target })),
    targets.at(-1),
  );
}

/**
 * "Use the Archive project button to archive this project": a control used for what its own name
 * says is clicked; the purpose adds nothing but words of its name and determiners ("this").
 * Undefined unless the purpose is that: "use the search box to find crane" has a value to search.
 */
function controlUsedFor(rest: readonly Token[], source: string): TargetRef | undefined {
  const at = rest.findIndex((token, index) => index > 0 && isWord(token, 'to') && verbAt(words(rest.slice(index + 1))));
  if (at === -1) return undefined;
  const phrase = parsePhrase(source, rest.slice(0, at));
  if (phrase?.type !== 'target' || phrase.all || phrase.target.name === undefined) return undefined;
  const named = new Set(words(tokenize(phrase.target.name)).map(stem));
  const purpose = trimPunctuation(rest.slice(at + 1));
  const extra = words(purpose).filter((word) => !determiners.has(word) && !named.has(stem(word)));
  return extra.length === 0 && named.has(stem(words(purpose)[0] ?? '')) ? phrase.target : undefined;
}

/** A word without the endings that inflect it ("archiving", "archived" → "archiv"). */
function stem(word: string): string {
  return word.replace(/(?:ing|ed|es|e|s)$/, '');
}

/**
 * "the link to download the user guide", "a button to reset my password": a control named by
 * what it is for. Looking for it is asking to use it, so it is found and then clicked; its name
 * is the purpose ("download the user guide"). Undefined for any other phrase.
 */
function controlForPurpose(rest: readonly Token[], source: string): TargetRef | undefined {
  const start = determiners.has(rest[0]?.lower ?? '') ? 1 : 0;
  const noun = roleNounAt(words(rest.slice(start)));
  if (noun === undefined || noun.plural) return undefined;
  const after = start + noun.length;
  if (!isWord(rest[after], 'to') || verbAt(words(rest.slice(after + 1))) === undefined) return undefined;
  const purpose = trimPunctuation(rest.slice(after + 1));
  if (purpose.length < 2) return undefined;
  return { name: spanText(source, purpose), role: noun.role };
}

function readScroll(verb: VerbMatch, rest: readonly Token[]): ClauseResult {
  const lower = words(rest).filter((word) => word !== 'the' && word !== 'page');
  const direction =
    lower.includes('up') || verb.words === 'page up'
      ? 'up'
      : lower.includes('down') || verb.words === 'page down'
        ? 'down'
        : undefined;
  if (direction === undefined) {
    if (lower.includes('top')) return steps([{ kind: 'scroll-to', edge: 'top' }]);
    if (lower.includes('bottom') || lower.includes('end')) return steps([{ kind: 'scroll-to', edge: 'bottom' }]);
    return { type: 'unparsed' };
  }
  if (lower.includes('top')) return steps([{ kind: 'scroll-to', edge: 'top' }]);
  if (lower.includes('bottom')) return steps([{ kind: 'scroll-to', edge: 'bottom' }]);
  const text = lower.join(' ');
  const pixels = /(\d[\d,]*)\s*(?:pixels?|px)/.exec(text);
  if (pixels) {
    const value = Number(pixels[1]!.replace(/,/g, ''));
    return value > 0 && Number.isSafeInteger(value)
      ? steps([{ kind: 'scroll', direction, pixels: value }])
      : { type: 'unparsed' };
  }
  const times = /(\d+)\s*times?/.exec(text);
  const count = times ? Number(times[1]) : lower.includes('twice') ? 2 : lower.includes('thrice') ? 3 : 1;
  if (!(count > 0 && count <= 100)) return { type: 'unparsed' };
  const leftover = lower.filter(
    (word) =>
      ![
        'up',
        'down',
        'once',
        'twice',
        'thrice',
        'times',
        'time',
        'a',
        'bit',
        'little',
        'by',
        'more',
        'further',
        'again',
        String(count),
      ].includes(word),
  );
  if (leftover.length > 0) return { type: 'unparsed' };
  return steps([count === 1 ? { kind: 'scroll', direction } : { kind: 'scroll', direction, times: count }]);
}

function readWait(verb: VerbMatch, rest: readonly Token[], source: string): ClauseResult {
  let tokens = [...rest];
  if (verb.words === 'wait' && isWord(tokens[0], 'for', 'until')) tokens = tokens.slice(1);
  const text = tokens
    .map((token) => token.text)
    .join(' ')
    .toLowerCase();
  const duration =
    /^(?:about\s+|around\s+)?(\d+(?:\.\d+)?|a|one|two|three|five|ten)\s*(ms|milliseconds?|s|secs?|seconds?|minutes?|mins?)$/.exec(
      text,
    );
  if (duration) {
    const amount = { a: 1, one: 1, two: 2, three: 3, five: 5, ten: 10 }[duration[1]!] ?? Number(duration[1]);
    const unit = duration[2]!;
    const ms = Math.round(
      unit.startsWith('ms') || unit.startsWith('milli')
        ? amount
        : unit.startsWith('m')
          ? amount * 60_000
          : amount * 1000,
    );
    return ms > 0 && ms <= 600_000 ? steps([{ kind: 'wait', ms }]) : { type: 'unparsed' };
  }
  // "wait for 'Saved' to appear", "wait until Export complete shows up"
  const appear =
    /\s+(?:to\s+appear|appears|is\s+visible|to\s+be\s+visible|is\s+shown|to\s+be\s+shown|shows\s+up|to\s+show(?:\s+up)?|comes\s+up|to\s+load|loads)$/i;
  const stripped = spanText(source, tokens).replace(appear, '');
  const quoted = tokens.find((token) => token.kind === 'quoted');
  const wanted = quoted?.text ?? stripped.replace(/^the\s+(?:text\s+)?/i, '').trim();
  if (quoted === undefined && (wanted === '' || /^(?:it|the page|page|a bit|a moment|a second|a while)$/i.test(wanted)))
    return steps([{ kind: 'wait', ms: 1000 }]);
  return steps([{ kind: 'wait-for', text: wanted }]);
}

function readCommand(
  verb: VerbMatch,
  rest: readonly Token[],
  source: string,
  last: TargetRef | undefined,
  hints: ScreenHints | undefined,
): ClauseResult {
  const name = verb.command ?? verb.words;
  if (name === 'add') {
    const added = readAdd(rest, source, hints);
    if (added !== undefined) return added;
  }
  if (name === 'sort') return readSort(rest, source, hints) ?? { type: 'unparsed' };
  // "move the Brightness slider to 30", "move the next service of Pump-03 to May 4th, 2026": a
  // control moved to a number, a date or a time is given that value.
  if (name === 'move') {
    const to = lastIndexOfWord(rest, ['to']);
    const value = to > 0 ? spanText(source, rest.slice(to + 1)) : '';
    if (value !== '' && (parseNumber(value) ?? parseDate(value) ?? parseTime(value)) !== undefined) {
      const moved = readSet({ verbClass: 'set', length: 1, words: 'set' }, rest, source, last);
      if (moved.type === 'steps') return moved;
    }
  }
  // "Replace the Workspace name with Harbor Ops": the field is given the new value.
  if (name === 'replace') {
    const withAt = indexOfWord(rest, ['with']);
    if (withAt > 0 && withAt < rest.length - 1) {
      const field = parsePhrase(source, rest.slice(0, withAt));
      const value = casedValue(source, rest.slice(withAt + 1));
      if (field?.type === 'target' && value !== undefined)
        return steps([setIntent(fieldRef(field.target), value.text)], field.target);
    }
  }
  const credentials = signInWith(name, rest, source, hints);
  if (credentials !== undefined) return steps([...credentials, { kind: 'command', verb: name }]);
  const filled = hints?.controls === undefined ? undefined : readFormOnScreen(name, rest, source, hints.controls);
  if (filled !== undefined) return steps(filled);
  // "sign out via the Account menu", "archive it using the archive icon": the way it is done.
  const means = meansOf(rest, source);
  if (means !== undefined) {
    const target = means.target;
    if (target !== undefined && clickedMeans.has(target.role!)) {
      // "send a reset link to ada@… through the Forgot password link": the click only opens the
      // way; what carries values is done after it, or the clause is not read.
      if (!carriesValues(means.before)) return steps([{ kind: 'click', target }], target);
      const rest = readCommand(verb, means.before, source, last, hints);
      return rest.type === 'steps'
        ? steps([{ kind: 'click', target }, ...rest.intents], rest.mentioned)
        : { type: 'unparsed' };
    }
    const done =
      means.before.length === 0
        ? steps([{ kind: 'command', verb: name }])
        : readCommand(verb, means.before, source, last, hints);
    // "using the row menu": a menu named only by its kind is found beside the object, unopened.
    if (done.type === 'steps' && target === undefined) return done;
    if (done.type === 'steps') return steps([{ kind: 'go-to', target: target! }, ...done.intents], done.mentioned);
  }
  // "invite noor@example.com as Editor": a form opened by the verb, filled, and sent.
  const form = readFormCommand(name, rest, source, last);
  if (form !== undefined) return steps(form);
  if (carriesValues(rest)) return { type: 'unparsed' };
  // "sign out of the workspace", "log out from the app": where one leaves is the page itself.
  if (/^(?:sign|log) out$/.test(name) && isWord(rest[0], 'of', 'from') && !carriesValues(rest.slice(1)))
    return steps([{ kind: 'command', verb: name }]);
  // "book me a nice hotel": an object described, not named, is the person's to choose.
  let object = [...rest];
  if (isWord(object[0], 'me', 'us') && object.length > 1) object = object.slice(1);
  const described =
    isWord(object[0], 'a', 'an', 'some', 'any', 'another') &&
    !object.some((token) => token.kind === 'quoted') &&
    !object.some((token) => isWord(token, 'called', 'named', 'titled', 'labelled', 'labeled'));
  if (described) return { type: 'unparsed' };
  // "save them", "sign me out": the object is the person or what was just set, not a control.
  if (object.length === 1 && isWord(object[0], 'it', 'them', 'this', 'that', 'him', 'her') && last !== undefined)
    return steps([followedLink(name, last) ?? { kind: 'command', verb: name, object: last }], last);
  // "Delete it" with nothing named before: what would be lost was never said ("star it" or "save
  // it" acts on what is open).
  const losesIt = isWord(object[0], 'it', 'them', 'this', 'that') && ERASING_VERBS.has(name);
  if (
    object.length === 1 &&
    isWord(object[0], 'it', 'them', 'me', 'us', 'this', 'that', 'everything', 'changes', 'all') &&
    !losesIt
  )
    return steps([{ kind: 'command', verb: name }]);
  // "save the settings", "submit my changes": what a form holds is sent by its button, wherever it is.
  if (formSendingVerbs.has(name) && namesFormContent(object)) return steps([{ kind: 'command', verb: name }]);
  const targets = targetList(source, object, last);
  if (targets === undefined) return { type: 'unparsed' };
  return steps(
    targets.map((object) => followedLink(name, object) ?? { kind: 'command', verb: name, object }),
    targets.at(-1),
  );
}

/** "Follow the download link": a link is followed by clicking it ("follow Dana" is a command). */
function followedLink(verb: string, object: TargetRef): StepIntent | undefined {
  return verb === 'follow' && object.role === 'link' ? { kind: 'click', target: object } : undefined;
}

/** Kinds of control that, named as the way to do something, are what to press. */
const clickedMeans = new Set(['button', 'icon', 'link']);

/** Kinds of thing that, after "from", are a way in rather than a place things leave. */
const menuKinds = ['menu', 'dropdown', 'toolbar'];

/**
 * "via the Account menu", "using the archive icon", "through the Settings tab", "from the
 * account dropdown": a trailing phrase naming a kind of control or holder the command is done
 * through, and the words before it. Undefined when there is none, or it names no kind of thing
 * ("using my work address").
 */
function meansOf(rest: readonly Token[], source: string): { before: Token[]; target?: TargetRef } | undefined {
  for (let at = rest.length - 2; at >= 0; at -= 1) {
    const byUsing = isWord(rest[at], 'by') && isWord(rest[at + 1], 'using');
    const via = byUsing || isWord(rest[at], 'via', 'using', 'through');
    const from = isWord(rest[at], 'from') && isWord(trimPunctuation(rest).at(-1), ...menuKinds);
    if (!via && !from) continue;
    const phrase = parsePhrase(source, rest.slice(at + (byUsing ? 2 : 1)));
    if (phrase?.type !== 'target') return undefined;
    const target = phrase.target;
    // "the Account menu": a capitalised name takes the kind word in; it names the kind.
    const words = target.name?.split(/\s+/) ?? [];
    const kind = words.length > 1 ? words.at(-1)!.toLowerCase() : undefined;
    const named: TargetRef =
      target.role === undefined && kind !== undefined && menuKinds.includes(kind)
        ? { ...target, name: words.slice(0, -1).join(' '), role: 'menu' }
        : menuKinds.includes(target.role ?? '')
          ? { ...target, role: 'menu' }
          : target;
    if (named.role === undefined || named.name === undefined) return undefined;
    const before = rest.slice(0, at);
    return onlyItemNouns(named.name) === undefined ? { before, target: named } : { before };
  }
  return undefined;
}

/** Verbs whose object is gone afterwards: said of "it", the thing must have been named. */
const ERASING_VERBS: ReadonlySet<string> = new Set([
  'delete',
  'remove',
  'erase',
  'discard',
  'trash',
  'destroy',
  'purge',
]);

/** Verbs that send what a form holds: their object is the form's content, not a control to look in. */
const formSendingVerbs = new Set(['save', 'submit', 'apply', 'update', 'confirm']);

/** "the settings", "my changes", "these preferences", "the form": a form's content, named whole. */
function namesFormContent(object: readonly Token[]): boolean {
  const bare = object.filter((token) => !isWord(token, 'the', 'my', 'our', 'your', 'these', 'those', 'all', 'of'));
  return bare.length === 1 && isWord(bare[0], 'settings', 'changes', 'preferences', 'form', 'edits', 'details');
}

/** Words that say an order: most-first ones are descending. */
const descendingOrder =
  '(?:descending|desc|z\\s*(?:to|-)\\s*a|reverse|(?:newest|latest|most recent|highest|largest|biggest)(?: \\w+)?(?: (?:come|comes|go|goes|are|is|shown|show|showing))?(?: first| on top| at the top))';
const ascendingOrder =
  '(?:ascending|asc|alphabetical(?:ly)?|a\\s*(?:to|-)\\s*z|(?:oldest|earliest|lowest|smallest)(?: \\w+)?(?: (?:come|comes|go|goes|are|is|shown|show|showing))?(?: first| on top| at the top))';
const descendingAnywhere = new RegExp(`\\b${descendingOrder}\\b`, 'i');
const orderAtStart = new RegExp(`^(?:${descendingOrder}|${ascendingOrder})\\b`, 'i');

/**
 * "sort by Name ascending", "sort the assets alphabetically by name", "sort last service newest
 * first", "sort by next service with the latest date on top": a "Sort by" field on screen gets
 * the option named; otherwise the column header named gets the order (read from its `aria-sort`).
 * Undefined when no column is named.
 */
function readSort(rest: readonly Token[], source: string, hints: ScreenHints | undefined): ClauseResult | undefined {
  const sortField = hints?.fieldLabels.find((label) => /^sort\b/i.test(label.trim()));
  const by = rest.findIndex((token) => isWord(token, 'by', 'on'));
  const afterBy = trimPunctuation(by >= 0 ? rest.slice(by + 1) : rest);
  if (sortField !== undefined) {
    const option = valueOf(source, afterBy);
    return option === undefined
      ? undefined
      : steps([{ kind: 'pick', option: option.text, within: { name: sortField } }]);
  }
  const order = descendingAnywhere.test(spanText(source, rest)) ? 'descending' : 'ascending';
  // The column: the words after "by" (or, without it, before the order) up to the order's words.
  const end = afterBy.findIndex(
    (token, index) =>
      isComma(token) ||
      isWord(token, 'with', 'so', 'in', 'from') ||
      orderAtStart.test(spanText(source, afterBy.slice(index))),
  );
  const column = afterBy.slice(0, end < 0 ? undefined : end);
  // Without "by", only words the order follows name a column ("sort last service newest first").
  const named = by >= 0 || (end > 0 && orderAtStart.test(spanText(source, afterBy.slice(end))));
  const name = spanText(source, column);
  // "sort by newest" names an order, not a column: which column is newest is the page's to say.
  if (column.length === 0 || !named || /^(?:newest|latest|oldest|earliest|(?:most )?recent)$/i.test(name))
    return undefined;
  return steps([{ kind: 'set', target: { name, role: 'column header' }, value: order }]);
}

/** Commands that take who signs in: "sign in as ada@example.com", "log in with email X and password Y". */
const signInVerbs = new Set(['sign in', 'log in', 'login', 'sign on', 'sign up', 'register']);

/** Labels of a sign-in form's account field. */
const accountLabel = /\b(?:e-?mail|user(?:name)?|login|account)\b/i;

/** Labels of the fields text is typed into ("Password", not the "Show password" box), when the screen says which. */
function textLabels(hints: ScreenHints | undefined): readonly string[] {
  if (hints?.controls === undefined) return hints?.fieldLabels ?? [];
  return hints.controls
    .filter((control) => control.role === 'textbox' || control.role === 'searchbox' || control.role === 'combobox')
    .map((control) => control.name);
}

/**
 * The typing a sign-in command asks for first: "as X" types X into the screen's one account field
 * (email, username); "with the email X and the password Y" types each value into the field named
 * before it; after "as X", the same parts may follow ("as X with password Y", "as X, password Y,
 * remember me"), and a part may name a box on screen to tick or, negated, to leave unticked.
 * Undefined when the clause is not that.
 */
function signInWith(
  name: string,
  rest: readonly Token[],
  source: string,
  hints: ScreenHints | undefined,
): StepIntent[] | undefined {
  if (!signInVerbs.has(name)) return undefined;
  // "as ada@example.com, password Y": the account comes first, without its label.
  const accountFirst = (): StepIntent[] | undefined => {
    const accounts = textLabels(hints).filter((label) => accountLabel.test(label));
    const value = valueOf(source, rest.slice(1, 2));
    if (accounts.length !== 1 || value === undefined) return undefined;
    const account = typeInto(value.text, { name: accounts[0]!, role: 'field' });
    if (rest.length === 2) return [account];
    // "as ada@example.com / Sunflower!42, remember me": the password after a slash, unlabelled.
    if (rest[2] !== undefined && rest[2].kind !== 'quoted' && rest[2].text === '/') {
      const secrets = textLabels(hints).filter((label) => secretLabel.test(label));
      const secret = valueOf(source, rest.slice(3, 4));
      if (secrets.length !== 1 || secret === undefined) return undefined;
      const typed = [account, typeInto(secret.text, { name: secrets[0]!, role: 'field' })];
      if (rest.length === 4) return typed;
      if (!isWord(rest[4], 'and') && !isComma(rest[4])) return undefined;
      const parts = credentialParts(source, rest.slice(5), hints);
      return parts === undefined ? undefined : [...typed, ...parts];
    }
    const more = rest.slice(isWord(rest[2], 'with', 'using', 'and') || isComma(rest[2]) ? 3 : 2);
    if (more.length === 0) return [account];
    const parts = credentialParts(source, more, hints);
    return parts === undefined ? undefined : [account, ...parts];
  };
  if (isWord(rest[0], 'as') && rest.length >= 2) return accountFirst();
  if (!isWord(rest[0], 'with', 'using')) return undefined;
  const labelled = unnamedCredentials(source, rest.slice(1), hints) ?? credentialParts(source, rest.slice(1), hints);
  if (labelled !== undefined) return labelled;
  // "with ada@example.com, password Y": the same, after "with".
  // A capitalised name alone is a provider to sign in with ("with Google and remember me").
  const account = rest[1];
  const looksLikeAccount =
    account?.kind === 'quoted' || (account?.kind === 'word' && /[\p{N}@._]|^[\p{Ll}]+$/u.test(account.text));
  const apart = rest.length > 3 && (isWord(rest[2], 'and') || isComma(rest[2]));
  return apart && looksLikeAccount ? accountFirst() : undefined;
}

/**
 * "with ada@example.com / 'harbor-lights-7'": an account and a password without their labels,
 * split by a slash, each into the screen's one field of its kind.
 */
function unnamedCredentials(
  source: string,
  tokens: readonly Token[],
  hints: ScreenHints | undefined,
): StepIntent[] | undefined {
  const slash = tokens.findIndex((token) => token.kind !== 'quoted' && token.text === '/');
  if (slash !== 1 || tokens.length !== 3) return undefined;
  const labels = textLabels(hints);
  const accounts = labels.filter((label) => accountLabel.test(label));
  const secrets = labels.filter((label) => secretLabel.test(label));
  const account = valueOf(source, tokens.slice(0, 1));
  const secret = valueOf(source, tokens.slice(2));
  if (accounts.length !== 1 || secrets.length !== 1 || account === undefined || secret === undefined) return undefined;
  return [
    typeInto(account.text, { name: accounts[0]!, role: 'field' }),
    typeInto(secret.text, { name: secrets[0]!, role: 'field' }),
  ];
}

/**
 * The parts of a sign-in after its verb, split at "and" and commas: each a field's name and its
 * value ("the password Y"), or a box on screen to tick ("remember me") or not ("don't remember
 * me"). Undefined unless every part is one of those.
 */
function credentialParts(
  source: string,
  tokens: readonly Token[],
  hints: ScreenHints | undefined,
): StepIntent[] | undefined {
  // "(password Y) without this device remembering me": brackets set a part apart, and a
  // negated part starts where its negation does.
  const parts: Token[][] = [[]];
  for (const token of tokens) {
    const bracket = token.kind === 'punct' && /^[()[\]]$/.test(token.text);
    if (isWord(token, 'and') || isComma(token) || bracket) {
      if (parts.at(-1)!.length > 0) parts.push([]);
    } else if (isWord(token, 'without') && parts.at(-1)!.length > 0) parts.push([token]);
    else parts.at(-1)!.push(token);
  }
  if (parts.at(-1)!.length === 0) parts.pop();
  if (parts.length === 0 || parts.some((part) => part.length === 0)) return undefined;
  // With the screen known, a field named must be one of its fields.
  const labels = hints?.fieldLabels ?? [];
  const onScreen = (name: string | undefined) =>
    labels.length === 0 || labels.some((label) => (scoreText(name ?? '', label)?.score ?? 0) >= 0.9);
  const read: StepIntent[] = [];
  for (const part of parts) {
    const box = boxOnScreen(part, source, hints);
    const pair = box === undefined ? namedValues(source, part)?.[0] : undefined;
    if (box === undefined && (pair === undefined || !onScreen(pair[0].name))) return undefined;
    read.push(box ?? typeInto(pair![1], fieldRef(pair![0])));
  }
  return read.length > 0 ? read : undefined;
}

/**
 * A constraint that names one box on screen and its state ("don't tick Remember me", "leave the
 * newsletter on", "no newsletter"): the box is set so, since it may not start that way. Undefined
 * for any other constraint ("don't submit yet", "leave the rest").
 */
function boxKept(
  tokens: readonly Token[],
  openerLength: number,
  source: string,
  hints: ScreenHints | undefined,
): StepIntent | undefined {
  const negated = !isWord(tokens[0], 'leave', 'leaving', 'keep', 'keeping');
  const box = boxOnScreen(trimPunctuation(tokens.slice(openerLength)), source, hints);
  if (box === undefined || !negated) return box;
  if (box.kind === 'check') return { kind: 'uncheck', target: box.target };
  return box.kind === 'toggle' ? { ...box, on: !box.on } : undefined;
}

/** A part that names only a checkbox or switch on screen, with its state: ticked, or off when negated. */
function boxOnScreen(part: readonly Token[], source: string, hints: ScreenHints | undefined): StepIntent | undefined {
  const named = boxNamed(part, source, hints?.controls ?? []);
  return named?.length === 1 ? named[0] : undefined;
}

/**
 * "the email ada@example.com and the password Sunflower!42": each part a field's name and one
 * value after it (a word or a quote). Undefined unless every part is that.
 */
function namedValues(source: string, tokens: readonly Token[]): [TargetRef, string][] | undefined {
  const parts: Token[][] = [[]];
  for (const token of tokens) {
    if (isWord(token, 'and') || isComma(token)) parts.push([]);
    else parts.at(-1)!.push(token);
  }
  const pairs: [TargetRef, string][] = [];
  for (const part of parts) {
    const value = part.at(-1);
    const label = part.slice(0, -1).filter((token) => !determiners.has(token.lower));
    if (value === undefined || label.length === 0 || label.some((token) => token.kind !== 'word')) return undefined;
    // "pw Sunflower!42": the short forms people type for a password.
    if (label.length === 1 && isWord(label[0], 'pw', 'pwd', 'passwd', 'pass')) {
      pairs.push([{ name: 'password' }, value.text]);
      continue;
    }
    const field = parsePhrase(source, label);
    if (field?.type !== 'target' || field.target.name === undefined) return undefined;
    pairs.push([field.target, value.text]);
  }
  return pairs.length > 0 ? pairs : undefined;
}

/**
 * "add hiking, chess and pottery to my interests", "add travellers Ana Souza and Ben Carter",
 * "add A as travellers": options picked in a multi-choice field. Undefined when it is not that.
 */
function readAdd(rest: readonly Token[], source: string, hints: ScreenHints | undefined): ClauseResult | undefined {
  const at = lastIndexOfWord(rest, ['to', 'as', 'under', 'into', 'in']);
  let items: Token[] | undefined;
  let holder: TargetRef | undefined;
  if (at > 0 && at < rest.length - 1) {
    const phrase = parsePhrase(source, rest.slice(at + 1));
    if (phrase?.type === 'target') {
      items = rest.slice(0, at);
      holder = phrase.target;
    }
  } else {
    const labelled = labelledValue(rest, source, hints);
    if (labelled !== undefined) {
      items = rest.slice(labelled.labelLength);
      holder = { name: labelled.field.name! };
    }
  }
  if (items === undefined || holder === undefined) return undefined;
  const options = listItems(items).map((item) => valueOf(source, item));
  if (options.length === 0 || options.some((option) => option === undefined)) return undefined;
  const within = holder;
  return steps(
    options.map((option) => ({ kind: 'pick', option: option!.text, within })),
    within,
  );
}

/**
 * A clause without a verb: "Country: New Zealand", "Billing: expand 2024", "Account menu" after
 * an arrow, "from Porto" when "From" labels a field, or a statement that only sets context
 * ("Harbor Redesign is finished", "It is under Privacy").
 */
function readVerbless(
  clause: Clause,
  tokens: readonly Token[],
  source: string,
  hints: ScreenHints | undefined,
): ClauseResult {
  const colon = tokens.findIndex((token) => token.kind === 'punct' && (token.text === ':' || token.text === '='));
  if (colon > 0 && colon < tokens.length - 1) {
    const head = parsePhrase(source, tokens.slice(0, colon));
    const after = tokens.slice(colon + 1);
    if (head?.type !== 'target') return { type: 'unparsed' };
    if (verbAt(words(stripFiller(after))) !== undefined) {
      const inner = readClause(
        { tokens: after, verbatim: spanText(source, after), afterArrow: false },
        source,
        hints,
        head.target,
      );
      if (inner.type !== 'steps') return inner.type === 'bare-verb' ? { type: 'unparsed' } : inner;
      return steps([{ kind: 'go-to', target: head.target }, ...inner.intents], inner.mentioned ?? head.target);
    }
    const value = casedValue(source, after);
    if (value === undefined) return { type: 'unparsed' };
    return steps([setIntent(head.target, value.text)], head.target);
  }
  // "On 'Members'", "Under Billing", "From the More menu": the place the next steps happen in
  // ("from" only before a menu, a dropdown or a tab: "from Porto" may be a value).
  const from = isWord(tokens[0], 'from') ? parsePhrase(source, tokens.slice(1), { contentKinds: true }) : undefined;
  const fromPlace = from?.type === 'target' && ['menu', 'dropdown', 'tab'].includes(from.target.role ?? '');
  if ((fromPlace || isWord(tokens[0], 'on', 'under', 'in', 'within', 'at', 'inside')) && tokens.length > 1) {
    // "Under 'Refunds', answer Yes to …": the place, then a clause of its own, which must be read
    // (or the whole is not understood): a request is never dropped behind a place.
    const comma = tokens.findIndex((token, index) => index > 1 && token.kind === 'punct' && token.text === ',');
    if (comma > 1 && comma < tokens.length - 1) {
      const place = parsePhrase(source, tokens.slice(1, comma), { contentKinds: true });
      const after = tokens.slice(comma + 1);
      if (place?.type !== 'target' || place.target.name === undefined) return { type: 'unparsed' };
      const inner = readClause(
        { tokens: after, verbatim: spanText(source, after), afterArrow: false },
        source,
        hints,
        place.target,
      );
      if (inner.type !== 'steps') return { type: 'unparsed' };
      return steps([{ kind: 'go-to', target: place.target }, ...inner.intents], inner.mentioned ?? place.target);
    }
    const place = parsePhrase(source, tokens.slice(1), { contentKinds: true });
    const named = tokens[1]?.kind === 'quoted' || /^\p{Lu}/u.test(tokens[1]?.text ?? '') || isWord(tokens[1], 'the');
    if (
      place?.type === 'target' &&
      place.target.name !== undefined &&
      named &&
      labelledValue(tokens, source, hints) === undefined
    )
      return steps([{ kind: 'go-to', target: place.target }], place.target);
  }
  // "Birthday June 22, 1990", "from Porto", "Notification volume 35": a field label on screen, then its value.
  const labelled = labelledValue(tokens, source, hints);
  if (labelled !== undefined) return steps([setIntent(labelled.field, labelled.value)], labelled.field);
  // "Account menu", "More" after or before an arrow: a place to go.
  if (clause.afterArrow || endsBeforeArrow(clause, source)) {
    const phrase = parsePhrase(source, tokens, { contentKinds: true });
    if (phrase?.type === 'target') return steps([{ kind: 'go-to', target: phrase.target }], phrase.target);
  }
  // "Next page", "the previous page": the pager's button.
  const pager = pagerTarget(tokens);
  if (pager !== undefined) return steps([{ kind: 'click', target: pager }], pager);
  const stated = fieldIsValue(tokens, source, hints);
  if (stated !== undefined) return steps([setIntent(stated.field, stated.value)], stated.field);
  // "Our domain is northwind" with no such field on screen: a value that could not be placed.
  if (possessiveValue(tokens)) return { type: 'unparsed' };
  const statement = statementSubject(tokens, source);
  if (statement !== undefined)
    return {
      type: 'context',
      ...(statement.subject ? { mentioned: statement.subject } : {}),
      ...(statement.group ? { group: statement.group } : {}),
    };
  // "It may be further down", "Typing harbour finds it": where or how to find what a request named.
  if (findingHint(tokens)) return { type: 'context' };
  return { type: 'unparsed' };
}

/** Roles of what a "close it" can mean: something laid over the page. */
const overlayRoles: ReadonlySet<string> = new Set([
  'dialog',
  'alertdialog',
  'notice',
  'alert',
  'status',
  'menu',
  'banner',
]);

/** Roles of a control that takes one of several values by name. */
const choosingRoles: ReadonlySet<string> = new Set(['combobox', 'listbox', 'radiogroup', 'textbox', 'searchbox']);

/**
 * "Book the Harbour View Inn as the hotel", "add Rosa as the reviewer": whatever the verb, what
 * comes before "as" goes into the control on screen named after it. Undefined unless that name
 * is a control which takes a value, so "mark it as read" and "save as draft" keep their meaning.
 */
function assignedAs(
  rest: readonly Token[],
  source: string,
  hints: ScreenHints | undefined,
): (StepIntent & { kind: 'pick'; within: TargetRef }) | undefined {
  const at = lastIndexOfWord(rest, ['as']);
  if (at < 1 || at === rest.length - 1 || hints?.controls === undefined) return undefined;
  let field = rest.slice(at + 1);
  while (isWord(field[0], 'the', 'my', 'our', 'your', 'their', 'his', 'her')) field = field.slice(1);
  let option = rest.slice(0, at);
  if (isWord(option[0], 'the')) option = option.slice(1);
  if (field.length === 0 || option.length === 0 || option.some((token) => isComma(token))) return undefined;
  // "submit a request from Ana for Porto to Toronto with Lakeshore Suites as the hotel": a
  // clause of its own before the choice, not the name of one option.
  const unquoted = option.filter((token) => token.kind === 'word');
  if (unquoted.length > 3 && unquoted.some((token) => clauseJoints.has(token.lower))) return undefined;
  const name = normalizeText(spanText(source, field));
  const control = hints.controls.find(
    (candidate) => choosingRoles.has(candidate.role) && normalizeText(candidate.name) === name,
  );
  if (control === undefined) return undefined;
  const value = option.length === 1 && option[0]!.kind === 'quoted' ? option[0]!.text : spanText(source, option);
  return { kind: 'pick', option: value, within: { name: control.name } };
}

/**
 * "Make the visit type Phone", "make my volume 35": a control on screen named right after the
 * verb, and the value it is to take after the name. Undefined unless the name is a control's
 * whole name and a value follows.
 */
function madeValue(rest: readonly Token[], source: string, hints: ScreenHints | undefined): StepIntent | undefined {
  for (let end = rest.length - 1; end > 0; end -= 1) {
    const given = valueFor(rest.slice(0, end), trimPunctuation(rest.slice(end)), source, hints);
    if (given !== undefined) return given;
  }
  return undefined;
}

/**
 * "Make Rosa Diaz the technician for Chiller-01": the value first, then a property of the thing it
 * is for, said as "set the technician for Chiller-01 to Rosa Diaz"; "make TypeScript the only
 * skill": the field cleared, then given that value alone. Undefined for any other shape ("make it
 * the default" points back at something).
 */
function valueMadeInto(rest: readonly Token[], source: string): string[] | undefined {
  const the = rest.findIndex((token, index) => index > 0 && isWord(token, 'the'));
  if (the < 0 || the > 4) return undefined;
  const value = writtenBetween(source, rest, 0, the);
  if (isWord(rest[0], 'it', 'this', 'that', 'them', 'these', 'those', 'him', 'her', 'me', 'us', 'my', 'our'))
    return undefined;
  const property = trimPunctuation(rest.slice(the + 1));
  if (isWord(property[0], 'only', 'sole') && property.length >= 2 && property.length <= 4) {
    const field = spanText(source, property.slice(1));
    return [`clear the ${field} field`, `set the ${field} to ${value}`];
  }
  const of = property.findIndex((token, index) => index > 0 && isWord(token, 'for', 'of', 'on'));
  if (of < 1 || of >= property.length - 1) return undefined;
  return [`set the ${spanText(source, property)} to ${value}`];
}

/**
 * The value `said` given to the control on screen whose whole name is `named` (an article or a
 * possessive aside; a unit in brackets after the name may be left out: "Session timeout" for
 * "Session timeout (minutes)"). Undefined when no control is so named or no value is said.
 */
function valueFor(
  named: readonly Token[],
  said: readonly Token[],
  source: string,
  hints: ScreenHints | undefined,
): StepIntent | undefined {
  const controls = hints?.controls ?? [];
  const from = named.findIndex((token) => !isWord(token, 'the', 'my', 'our', 'your'));
  const value = valueOf(source, said);
  if (from < 0 || value === undefined || said.some((token) => isComma(token) || isWord(token, 'and'))) return undefined;
  const name = normalizeText(spanText(source, named.slice(from)));
  const same = (label: string) =>
    normalizeText(label) === name || normalizeText(label.replace(/\s*\([^)]*\)\s*$/, '')) === name;
  const group = controls.find((control) => control.role === 'radio' && same(control.group ?? ''));
  if (group !== undefined) return { kind: 'choose', option: value.text, group: group.group! };
  const control = controls.find(
    (candidate) =>
      (choosingRoles.has(candidate.role) || candidate.role === 'slider' || candidate.role === 'spinbutton') &&
      same(candidate.name),
  );
  if (control === undefined || !takesValue(control, value.text)) return undefined;
  return { kind: 'set', target: { name: control.name, role: 'field' }, value: value.text };
}

/** Whether a control can take the value: a number in a slider's range, one of a dropdown's options. */
function takesValue(control: ScreenControl, value: string): boolean {
  if (control.role === 'slider' || control.role === 'spinbutton') {
    const number = numberMeant(value);
    return (
      number !== undefined &&
      (control.valueMin === undefined || number >= control.valueMin) &&
      (control.valueMax === undefined || number <= control.valueMax)
    );
  }
  const options = control.options ?? [];
  const wanted = normalizeText(value);
  return options.length === 0 || options.some((option) => normalizeText(option).startsWith(wanted));
}

/** Words that join the parts of a clause: an option's name is rarely more than one such part. */
const clauseJoints = new Set(['from', 'for', 'to', 'with', 'and', 'by', 'via', 'into']);

/** Pronouns that open a sentence about something already named; an order never starts with one. */
const hintSubjects: ReadonlySet<string> = new Set(['it', 'they', 'this', 'that', 'these', 'those', "it's", "they're"]);
/** Ordinal words that pick one of several out ("the second", "the last one"). */
const pickingOrdinals: ReadonlySet<string> = new Set([
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'last',
  'latest',
  'newest',
  'oldest',
  'other',
]);

/** "It's the second one", "that one": a sentence that picks one thing out ("one of the icons" does not). */
function picksOneOut(tokens: readonly Token[]): boolean {
  return tokens.some(
    (token, index) =>
      // "last week", "first time": a time, not a place in a list.
      (pickingOrdinals.has(token.lower) && !isWord(tokens[index + 1], ...timeNouns)) ||
      (isWord(token, 'one') && !isWord(tokens[index + 1], 'of')),
  );
}

/** Nouns of time an ordinal may go with ("last week", "the first time") without picking a thing out. */
const timeNouns = ['week', 'month', 'year', 'night', 'time', 'weekend', 'day', 'summer', 'winter', 'spring', 'autumn'];

/** Words of where something is or how it shows up: a sentence without one is no finding hint. */
const findingWords: ReadonlySet<string> = new Set([
  'further',
  'down',
  'below',
  'above',
  'page',
  'menu',
  'tab',
  'list',
  'section',
  'scroll',
  'scrolling',
  'search',
  'searching',
  'finds',
  'find',
  'shows',
  'show',
  'appears',
  'appear',
  'hidden',
  'collapsed',
  'under',
  'inside',
  'confirmation',
  'confirm',
  'asks',
  'ask',
  'prompt',
  'dialog',
  'typing',
  'filtering',
]);
/** Words that make a sentence ask for something, however it opens ("It has to be red", "It should say 5"). */
const demands: ReadonlySet<string> = new Set([
  'should',
  'must',
  'need',
  'needs',
  'ought',
  'has',
  'have',
  'want',
  'wants',
  'shall',
  'please',
]);

/**
 * A sentence that only says where or how to find a thing the request names: it opens with a
 * pronoun ("It may be further down", "They show up after a search") or with a gerund and ends
 * with one ("Typing harbour finds it"). It carries no quoted text, number or address (those are
 * values the plan must use) and no word that demands anything, so leaving it out asks nothing less.
 */
function findingHint(tokens: readonly Token[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word');
  if (words.length < 2 || tokens.some((token) => token.kind === 'quoted')) return false;
  if (tokens.some((token) => token.kind !== 'punct' && /[@\d]/.test(token.text))) return false;
  if (words.some((word) => demands.has(word.lower))) return false;
  // Only where or how it is found: a sentence picking one out ("It's the second one", "That one
  // is Ana's") or saying anything else about it may be part of what is asked.
  if (!words.some((word) => findingWords.has(word.lower))) return false;
  if (picksOneOut(tokens)) return false;
  const first = words[0]!.lower;
  if (hintSubjects.has(first) && !/^\p{Lu}/u.test(words[1]!.text)) return verbAt([words[1]!.lower]) === undefined;
  if (!/^\p{L}{3,}ing$/u.test(first) || !isWord(words.at(-1), 'it', 'them')) return false;
  const stem = first.slice(0, -3);
  return verbAt([stem]) !== undefined || verbAt([`${stem}e`]) !== undefined;
}

function endsBeforeArrow(clause: Clause, source: string): boolean {
  const last = clause.tokens.at(-1);
  return last !== undefined && /^\s*(?:\u2192|->|=>|>|\u00bb|\u203a)/.test(source.slice(last.end));
}

/**
 * "Visit type: Phone", "Search scope: titles": what comes before the colon is a label on screen,
 * even when its first word is also a verb, so the clause gives that field a value.
 */
function labelBeforeColon(
  tokens: readonly Token[],
  source: string,
  hints: ScreenHints | undefined,
): { field: TargetRef; value: string } | undefined {
  if (hints === undefined || hints.fieldLabels.length === 0) return undefined;
  const colon = tokens.findIndex((token) => token.kind === 'punct' && token.text === ':');
  if (colon < 1 || colon === tokens.length - 1) return undefined;
  const label = spanText(source, tokens.slice(0, colon));
  if (!hints.fieldLabels.some((candidate) => (scoreText(label, candidate)?.score ?? 0) >= 0.9)) return undefined;
  const value = casedValue(source, trimPunctuation(tokens.slice(colon + 1)));
  return value === undefined ? undefined : { field: { name: label, role: 'field' }, value: value.text };
}

/** The longest prefix of the clause that is a field label on screen, and the value after it. */
function labelledValue(
  tokens: readonly Token[],
  source: string,
  hints: ScreenHints | undefined,
): { field: TargetRef; value: string; labelLength: number } | undefined {
  if (hints === undefined || hints.fieldLabels.length === 0) return undefined;
  for (let length = Math.min(tokens.length - 1, 6); length >= 1; length -= 1) {
    const head = tokens.slice(0, length);
    if (head.some((token) => token.kind !== 'word' && token.kind !== 'quoted')) continue;
    // "I moved to New Zealand": a pronoun or a determiner alone names no field ("I agree to …").
    if (head.every((token) => isWord(token, ...personalPronouns) || determiners.has(token.lower))) continue;
    // "The full name …": the article is no part of the label, and says the words are the whole
    // name of one thing ("The meeting starts at …" is about no "Meeting date" field).
    const article = head.length > 1 && determiners.has(head[0]!.lower);
    const label = spanText(source, article ? head.slice(1) : head);
    const match = hints.fieldLabels
      .map((candidate) => ({ candidate, score: scoreText(label, candidate) }))
      .filter((entry) => (entry.score?.score ?? 0) >= 0.8 && (!article || reaches(entry.score, 'same-words')))
      .sort((first, second) => second.score!.score - first.score!.score)[0];
    if (match === undefined) continue;
    // "Page through the grid to find it": a preposition after the label starts no value.
    if (isWord(tokens[length], 'through', 'to', 'for', 'with', 'into', 'of', 'by', 'until', 'till', 'so')) continue;
    // "The full name should read MARA JENSEN": what follows the verb is the value; any other verb
    // after the label makes the words a statement, not a value.
    const said = valueAfterVerb(tokens.slice(length));
    if (said === undefined) continue;
    const value = casedValue(source, said);
    // "… from now on" asks for the value to be kept (saved), which the words do not say how.
    if (value === undefined || LASTING_WORDS.test(value.text)) continue;
    // "The workspace should be deleted": an action done to the thing, unless the field offers
    // that word ("The status should be closed" with Closed among its options).
    if (said.length === 1 && said[0]!.kind === 'word' && verbOfParticiple(said[0]!.lower) !== undefined) {
      const offered = (hints.controls ?? []).some(
        (control) =>
          (scoreText(label, control.name)?.score ?? 0) >= 0.8 &&
          (control.options ?? []).some((option) => normalizeText(option) === normalizeText(value.text)),
      );
      if (!offered) continue;
    }
    const text = value.text;
    return { field: { name: label, role: 'field' }, value: text, labelLength: length };
  }
  return undefined;
}

/** Verbs that, after a modal, say what a field shows: "should read", "must say". */
const showingVerbs = ['read', 'say', 'show', 'be', 'become', 'contain'];

/**
 * The value words after a label: all of them when no verb opens them, the words after "should
 * read" / "must say" / "reads" / "says"; undefined when another verb opens them.
 */
function valueAfterVerb(tokens: readonly Token[]): readonly Token[] | undefined {
  const [first, second] = tokens;
  // "should be called Harbor Ops", "must be set to 45": the naming words go with the verb.
  const named = (from: number) =>
    isWord(tokens[from - 1], 'be', 'become') && isWord(tokens[from], 'called', 'named', 'titled')
      ? tokens.slice(from + 1)
      : isWord(tokens[from - 1], 'be') && isWord(tokens[from], 'set') && isWord(tokens[from + 1], 'to')
        ? tokens.slice(from + 2)
        : tokens.slice(from);
  if (isWord(first, 'should', 'must', 'shall', 'will', 'needs', 'need') && isWord(second, 'to'))
    return isWord(tokens[2], ...showingVerbs) ? named(3) : undefined;
  if (isWord(first, 'should', 'must', 'shall', 'will', 'would', 'can', 'could'))
    return isWord(second, ...showingVerbs) ? named(2) : undefined;
  if (isWord(first, 'reads', 'says', 'shows', 'contains')) return tokens.slice(1);
  // "name was entered wrongly": unquoted words with a verb of their own are a statement.
  if (tokens.every((token) => token.kind === 'word') && statementVerbAt(tokens) >= 0) return undefined;
  return tokens;
}

/**
 * "the password is Compiler#1952", "my email is ada@example.com": a field on screen and the one
 * word or quote it should hold. Longer complements ("the room is needed from 9:30") are not values.
 */
function fieldIsValue(
  tokens: readonly Token[],
  source: string,
  hints: ScreenHints | undefined,
): { field: TargetRef; value: string } | undefined {
  const at = tokens.findIndex((token) => isWord(token, 'is', 'are'));
  if (at < 1 || at !== tokens.length - 2) return undefined;
  const label = tokens.slice(0, at).filter((token, index) => index > 0 || !determiners.has(token.lower));
  const value = tokens[at + 1]!;
  if (label.length === 0 || value.kind === 'punct') return undefined;
  return labelledValue([...label, value], source, hints);
}

/** "my password is X", "our domain is northwind": a value of the person's, in one word or quote. */
function possessiveValue(tokens: readonly Token[]): boolean {
  const value = tokens.at(-1);
  if (!isWord(tokens[0], 'my', 'our', 'your') || tokens.length < 3 || !isWord(tokens.at(-2), 'is')) return false;
  if (value === undefined || value.kind === 'punct') return false;
  // The value is one ("ada@example.com", "Compiler#1952", a quote), or the noun names one ("our domain is northwind"),
  // unlike a state ("my tracker is stuck").
  return value.kind === 'quoted' || /[\d@#.]/.test(value.text) || identityNoun.test(tokens.at(-3)?.lower ?? '');
}

/** Nouns for things that are a value: a name, an address, a code. */
const identityNoun =
  /^(?:name|username|email|e-mail|address|password|passcode|pin|code|domain|id|number|phone|account|login|handle|nickname|company|city|country)$/;

/** A pronoun and a form of be, run together: "It's under Privacy", "We're tidying up the list". */
const pronounAndBe = ["it's", "i'm", "we're", "they're", "you're", "he's", "she's", "that's"];

/**
 * Closed-class verbs after which a clause states something rather than asks for it: forms of be,
 * have and do, modals, and a few verbs of where or whose a thing is.
 */
const copulas: ReadonlySet<string> = new Set([
  'am',
  'is',
  'are',
  'was',
  'were',
  ...pronounAndBe,
  "there's",
  "isn't",
  "aren't",
  "wasn't",
  "weren't",
  'has',
  'have',
  'had',
  "hasn't",
  "haven't",
  'does',
  'did',
  "doesn't",
  "didn't",
  "don't",
  'should',
  'will',
  "won't",
  'can',
  "can't",
  'needs',
  'need',
  'got',
  'lives',
  'works',
  'belongs',
]);

/** Pronouns for people, which name no field. */
const personalPronouns = ['i', 'we', 'you', 'he', 'she', 'they', 'me', 'us', 'him', 'her', 'them', 'it'];

/** Common irregular past forms: "Compressor-B broke down", "Ana went home". */
const irregularPast: ReadonlySet<string> = new Set([
  'became',
  'began',
  'bought',
  'brought',
  'broke',
  'built',
  'came',
  'caught',
  'chose',
  'drove',
  'fell',
  'flew',
  'forgot',
  'found',
  'gave',
  'grew',
  'held',
  'kept',
  'knew',
  'led',
  'left',
  'lost',
  'made',
  'met',
  'paid',
  'ran',
  'said',
  'sent',
  'sold',
  'spent',
  'stole',
  'stood',
  'took',
  'told',
  'thought',
  'went',
  'won',
  'wrote',
]);

/**
 * Where a statement's verb is: a closed-class verb, or a verb in the past ("finished", "broke")
 * right after a noun (never after a determiner: "the archived project" is a noun phrase).
 */
function statementVerbAt(tokens: readonly Token[]): number {
  return tokens.findIndex((token, index) => {
    if (token.kind !== 'word') return false;
    if (copulas.has(token.lower)) return true;
    // "We write dates day first here", "I read everything on my tablet": a person and what they
    // do (not a wish or a demand, which "want", "need", "would" open).
    if (
      index === 1 &&
      isWord(tokens[0], 'i', 'we', 'they') &&
      /^\p{Ll}{3,}$/u.test(token.text) &&
      !demands.has(token.lower) &&
      !['would', 'will', 'can', 'could', 'may', 'might', 'do', "don't", 'also', 'just'].includes(token.lower) &&
      // "I accept the terms", "I prefer Dark": a choice said as a statement is part of the request.
      !choiceVerbs.has(token.lower)
    )
      return true;
    // "The dock project now covers berths too": a present tense after an adverb of time.
    if (
      index >= 2 &&
      determiners.has(tokens[0]!.lower) &&
      isWord(tokens[index - 1], 'now', 'already', 'still', 'also', 'usually', 'always', 'finally') &&
      /^\p{Ll}{3,}s$/u.test(token.text)
    )
      return true;
    // "Priya Nair shows up in the list", "Sofia works on the dock plan": a present tense after a
    // name, followed by a particle, a preposition or an article (never a value: "status Retired").
    if (
      index >= 1 &&
      /^[\p{Lu}\d]/u.test(tokens[0]!.text) &&
      /^[\p{Lu}\d]/u.test(tokens[index - 1]!.text) &&
      /^\p{Ll}{3,}s$/u.test(token.text) &&
      !/(?:ss|us|is)$/.test(token.lower) &&
      (isWord(tokens[index + 1], 'up', 'down', 'in', 'on', 'at', 'under', 'near', 'out', 'about', 'with') ||
        determiners.has(tokens[index + 1]?.lower ?? ''))
    )
      return true;
    // "its on page 3": "it's" written without its apostrophe, only where a clause starts.
    if (index === 0 && token.lower === 'its' && tokens.length > 1) return true;
    if (index === 0 || tokens[index - 1]?.kind !== 'word' || determiners.has(tokens[index - 1]!.lower)) return false;
    return irregularPast.has(token.lower) || (/^\p{Ll}{2,}ed$/u.test(token.text) && !token.lower.endsWith('eed'));
  });
}

/** Verbs of a person's own choice ("I accept the terms", "we prefer Dark"): said of oneself, still a request. */
const choiceVerbs: ReadonlySet<string> = new Set([
  'accept',
  'agree',
  'consent',
  'prefer',
  'choose',
  'pick',
  'select',
  'like',
  'confirm',
  'opt',
  'subscribe',
  'approve',
  'allow',
  'authorize',
  'authorise',
  'decline',
  'reject',
]);

/** Adverbs said between a subject and its verb ("Dana finally finished", "Ana just left"). */
const ADVERBS_BEFORE_VERB = ['finally', 'just', 'already', 'still', 'now', 'recently', 'also', 'actually', 'only'];

/** Verbs of a statement that says what ought to be: a request in the form of a statement. */
const obligations: ReadonlySet<string> = new Set(['should', 'must', 'needs', 'need']);

/** "Harbor Redesign is finished", "Jonas Berg left the team", "It is under Privacy": the subject it names. */
function statementSubject(
  tokens: readonly Token[],
  source: string,
): { subject?: TargetRef; group?: readonly string[] } | undefined {
  const at = statementVerbAt(tokens);
  if (at < 0 || tokens.some((token) => token.kind === 'quoted')) return undefined;
  // "We're going to archive the old ones": a plan to act is a request, not a statement.
  const plans = tokens.some(
    (token, index) =>
      isWord(token, 'going', 'about') && isWord(tokens[index + 1], 'to') && verbAt(words(tokens.slice(index + 2))),
  );
  if (plans) return undefined;
  // "Tomás should have an account under tomas@example.net": what should be is a request, and a
  // statement carrying a value (an address, a number) gives the plan something it must use. A
  // subject may carry digits: "Boiler-02 was scrapped" names the thing.
  if (
    obligations.has(tokens[at]!.lower) ||
    tokens.slice(at).some((token) => token.kind !== 'punct' && /[@\d]/.test(token.text))
  )
    return undefined;
  // "It has to stay private": an obligation too.
  if (isWord(tokens[at], 'has', 'have', 'had') && isWord(tokens[at + 1], 'to')) return undefined;
  // "Dana finally finished the mural": an adverb before the verb is no part of the subject.
  let subjectEnd = at;
  // "Owen Blake and Sofia Marin both sent …": nor is a quantifier floated after it.
  while (subjectEnd > 1 && isWord(tokens[subjectEnd - 1], ...ADVERBS_BEFORE_VERB, 'both', 'all', 'each'))
    subjectEnd -= 1;
  const subjectTokens = tokens.slice(0, subjectEnd);
  // "It's the second one", "That one is Ana's": a statement picking one out is part of the request.
  const picksOne = picksOneOut(tokens);
  // "There's a trial reminder popup in the bottom right": what is there, for an "it" that follows.
  const existential = isWord(tokens[0], "there's")
    ? 1
    : isWord(tokens[0], 'there') && isWord(tokens[1], 'is', 'are')
      ? 2
      : 0;
  if (existential > 0 && at === existential - 1) {
    const rest = trimPunctuation(tokens.slice(existential));
    const end = rest.findIndex(
      (token) => isWord(token, 'in', 'at', 'on', 'under', 'near', 'above', 'below') || token.kind === 'punct',
    );
    const head = end < 0 ? rest : rest.slice(0, end);
    // "There's a link in the footer to download the user guide": the link is named by what it is
    // for, wherever the place comes in between.
    const purposeAt = rest.findIndex((token, index) => index >= end && end >= 0 && isWord(token, 'to'));
    const purposed = purposeAt > 0 ? controlForPurpose([...head, ...rest.slice(purposeAt)], source) : undefined;
    if (purposed !== undefined) return { subject: purposed };
    // "There's a button at the top that says Export": so is one named after the place.
    const namedAt = rest.findIndex(
      (token, index) =>
        index > end && end >= 0 && isWord(token, 'that', 'which', 'labelled', 'labeled', 'called', 'named', 'saying'),
    );
    const named =
      namedAt > 0 ? parsePhrase(source, [...head, ...rest.slice(namedAt)], { contentKinds: true }) : undefined;
    if (named?.type === 'target' && named.target.name !== undefined) return { subject: named.target };
    const phrase = parsePhrase(source, head, { contentKinds: true });
    // A kind alone ("a link") with more said after the place that was not read names nothing yet.
    const unread =
      end >= 0 && rest.slice(end).some((token, index) => index > 0 && isWord(token, 'to', 'that', 'which', 'for'));
    return phrase?.type === 'target' && !(phrase.target.name === undefined && unread) ? { subject: phrase.target } : {};
  }
  if (subjectTokens.length === 0) return isWord(tokens[0], 'its', ...pronounAndBe) && !picksOne ? {} : undefined;
  // "answer Yes to Was this helpful": a capitalised "Was" after a preposition starts a name, and
  // a subject ending in a preposition is no noun phrase; the clause is a request, not a statement.
  if (/^\p{Lu}/u.test(tokens[at]!.text)) return undefined;
  if (isWord(subjectTokens.at(-1), 'to', 'of', 'in', 'on', 'for', 'with', 'from', 'by', 'at', 'under', 'into'))
    return undefined;
  if (
    subjectTokens.length === 1 &&
    isWord(subjectTokens[0], 'it', 'this', 'that', 'there', 'they', 'he', 'she', 'i', 'we', 'you')
  ) {
    if (picksOne) return undefined;
    // "I've answered Lena Fischer": what a person did names the thing talked about after it.
    const talkedOf = isWord(subjectTokens[0], 'i', 'we', 'you', 'they') ? nameAfter(tokens.slice(at + 1)) : undefined;
    return talkedOf === undefined ? {} : { subject: { name: talkedOf } };
  }
  // "I've already answered Lena Fischer", "Nobody's worked on Crew Portal in months": a person
  // (or no one) did something; the thing talked about is the name said after the verb.
  if (subjectTokens.length === 1 && PEOPLE_SUBJECTS.test(subjectTokens[0]!.lower)) {
    const talkedOf = nameAfter(tokens.slice(at + 1));
    return talkedOf === undefined ? {} : { subject: { name: talkedOf } };
  }
  // "Both Mixer-04 and Saw-06 were sold": each one named, for a "them" that follows.
  const items = listItems(isWord(subjectTokens[0], 'both', 'all') ? subjectTokens.slice(1) : subjectTokens);
  if (items.length >= 2 && items.length <= 5) {
    const named = items.map((item) => parsePhrase(source, item));
    if (named.every((phrase) => phrase?.type === 'target'))
      return { group: items.map((item) => spanText(source, item)) };
  }
  if (subjectTokens.length > 5) return undefined;
  const phrase = parsePhrase(source, subjectTokens);
  return phrase?.type === 'target' ? { subject: phrase.target } : undefined;
}

/** Subjects that are people rather than things on screen, contracted or not ("I've", "nobody's"). */
const PEOPLE_SUBJECTS =
  /^(?:i|we|you|they|he|she)(?:['’](?:ve|m|re|d|ll|s))?$|^(?:nobody|no-one|someone|somebody|everyone|everybody)(?:['’]s)?$/;

/** The first name in the words: a quoted text, or a run of capitalised words ("Lena Fischer", "Crew Portal"). */
function nameAfter(tokens: readonly Token[]): string | undefined {
  const quoted = tokens.find((token) => token.kind === 'quoted');
  if (quoted !== undefined) return quoted.text;
  const named = (token: Token | undefined) =>
    token?.kind === 'word' && /^[\p{Lu}\d]/u.test(token.text) && token.lower !== 'i' && !/^i['’]/.test(token.lower);
  const start = tokens.findIndex(named);
  if (start < 0) return undefined;
  let end = start;
  while (named(tokens[end]) || (tokens[end]?.kind === 'punct' && tokens[end]!.text === '-' && named(tokens[end + 1])))
    end += 1;
  return tokens
    .slice(start, end)
    .map((token) => token.text)
    .join(' ')
    .replace(/ - /g, '-');
}

/** Whether the intents type text without naming where (into whatever has focus). */
function typesNowhere(intents: readonly StepIntent[]): boolean {
  return intents.some((intent) => intent.kind === 'type' && intent.field === undefined);
}

/**
 * "Start at 10:15, end an hour later": a time given relative to the one set before it becomes the
 * time it names ("11:15"), written the way the earlier one was (with AM/PM when it had it).
 */
function absoluteTimes(read: readonly ReadStep[]): ReadStep[] {
  let last: { readonly time: ClockTime; readonly written: string } | undefined;
  return read.map((step) => {
    const intent = step.intent;
    if (intent.kind !== 'set') return step;
    // "start at 9:30 and end at 11", "from 2pm to 3": a bare hour after a time is a time too, the
    // first one after the earlier time ("3" after 14:00 is 15:00).
    const hour = timeField.test(intent.target.name ?? '') ? bareHour(intent.value) : undefined;
    if (hour !== undefined && last !== undefined) {
      const time = {
        hour: hour < 12 && hour + 12 > last.time.hour && last.time.hour >= 12 ? hour + 12 : hour,
        minute: 0,
      };
      const value = formatTime(time, last.written);
      last = { time, written: value };
      return { ...step, intent: { ...intent, value } };
    }
    const minutes = relativeMinutes(intent.value);
    if (minutes === undefined || last === undefined) {
      const time = parseTime(intent.value);
      if (time !== undefined) last = { time, written: intent.value };
      return step;
    }
    const time = addMinutes(last.time, minutes);
    const value = formatTime(time, last.written);
    last = { time, written: value };
    return { ...step, intent: { ...intent, value } };
  });
}

/** Names of a field that holds a time of day ("End time", "Until", "Start"). */
const timeField = /\b(?:time|start|end|from|to|until|till|finish|arrival|departure)\b/i;

/** The hour a value names alone ("11", "eleven"), or undefined. */
function bareHour(value: string): number | undefined {
  const text = value.trim().toLowerCase();
  const hour = /^\d{1,2}$/.test(text) ? Number(text) : numberOf(text);
  return hour !== undefined && Number.isInteger(hour) && hour >= 1 && hour <= 23 ? hour : undefined;
}

/** A clause split at its commas and "and"s, each part read against the screen; undefined unless every part is. */
function readPartsAgainstScreen(
  tokens: readonly Token[],
  source: string,
  controls: readonly ScreenControl[],
): StepIntent[] | undefined {
  const parts: Token[][] = [[]];
  for (const token of tokens) {
    if (isComma(token) || isWord(token, 'and')) parts.push([]);
    else parts.at(-1)!.push(token);
  }
  const filled = parts.filter((part) => part.length > 0);
  if (filled.length < 2) return undefined;
  const read = filled.map((part) => readAgainstScreen(part, source, controls));
  return read.every((intents) => intents !== undefined) ? (read.flat() as StepIntent[]) : undefined;
}

/**
 * A clause read as the name of a button, link, menu item or tab on screen (see
 * {@link clickableNamed}); a name in the verb's place is read as "click 'Name' on …" by the grammar.
 */
function pressedByName(
  tokens: readonly Token[],
  hints: ScreenHints,
  read: (tokens: readonly Token[]) => ClauseResult,
): ClauseResult | undefined {
  const named = clickableNamed(tokens, hints.controls ?? [], hints.clickables ?? []);
  if (named === undefined) return undefined;
  if (named.type === 'whole')
    return steps([named.intent], named.intent.kind === 'click' ? named.intent.target : undefined);
  const at = tokens[0]!;
  const name: Token = { kind: 'quoted', text: named.clickable.name, lower: '', start: at.start, end: at.end };
  const on: Token = { kind: 'word', text: 'on', lower: 'on', start: at.end, end: at.end };
  const result = read([clickWord(at), name, on, ...named.rest]);
  return result.type === 'steps' ? result : undefined;
}

/**
 * "remove them with Delete selected", "save it using the Save draft button": a verb on something
 * already picked or open (a pronoun, or nothing), and the one button on screen that does it, named
 * whole after "with", "using" or "via". Undefined for anything else: a clause with an object of
 * its own ("request a reset for ada@example.com through the Forgot password link") says more than
 * a press does.
 */
function pressedAsMeans(tokens: readonly Token[], hints: ScreenHints): StepIntent | undefined {
  const verb = verbAt(words(tokens));
  if (verb === undefined) return undefined;
  const by = tokens.findIndex((token, index) => index >= verb.length && isWord(token, 'with', 'using', 'via'));
  if (by < 0) return undefined;
  const object = tokens.slice(verb.length, by);
  const pointed = object.every((token) => isWord(token, 'it', 'them', 'this', 'that', 'these', 'those', 'both', 'all'));
  if (!pointed) return undefined;
  return wholePress(trimPunctuation(tokens.slice(by + 1)), hints);
}

/**
 * A click on the button, link or tab on screen that `tokens` name whole, enabled or not yet
 * ("Delete selected (0)" before anything is ticked); a count the button shows is no part of its
 * name as said. Undefined when they name no such control.
 */
function wholePress(tokens: readonly Token[], hints: ScreenHints): StepIntent | undefined {
  const clickables = [...(hints.clickables ?? []), ...(hints.disabledClickables ?? [])].map((clickable) => ({
    ...clickable,
    name: clickable.name.replace(/\s*\(\d+\)$/, ''),
  }));
  const named = clickableNamed(tokens, hints.controls ?? [], clickables);
  return named?.type === 'whole' && named.intent.kind === 'click' ? named.intent : undefined;
}

/** The verb "click", placed just before `next`, to read a verbless name as a press on it. */
function clickWord(next: Token): Token {
  return { kind: 'word', text: 'click', lower: 'click', start: next.start, end: next.start };
}

/** A file's path: folders and a file name with an extension, slash-separated, no spaces. */
const FILE_PATH = /^(?:[\w.@-]+\/)+[\w@-][\w.@-]*\.[A-Za-z0-9]{1,8}$/u;

/**
 * "Delete tests/button.test.tsx": a file named by its path is the file, inside its folders (a
 * tree shows the name alone, nested in each folder), not something named by the whole path.
 */
function byPath(target: TargetRef): TargetRef {
  if (target.name === undefined || target.within !== undefined || !FILE_PATH.test(target.name)) return target;
  const [file, ...folders] = target.name.split('/').reverse();
  const within = folders.reduceRight<TargetRef | undefined>(
    (outer, folder) => ({ name: folder, ...(outer === undefined ? {} : { within: outer }) }),
    undefined,
  );
  return { ...target, name: file!, ...(within === undefined ? {} : { within }) };
}

/** The names of what is on the screen: fields, controls and what can be pressed. */
function namesOnScreen(hints: ScreenHints): string[] {
  return [
    ...hints.fieldLabels,
    ...(hints.controls ?? []).map((control) => control.name),
    ...(hints.clickables ?? []).map((clickable) => clickable.name),
  ];
}

/**
 * "the date of birth", "the terms of service": a name with "of" inside it reads first as a
 * target in a holder ("the Delete button of the Jonas row", "the details of alice"). Where the
 * screen shows a control named by the whole phrase, and the instruction wrote it so, it is that
 * control. Each target in the intent is looked at, holders included.
 */
function namedWithOf(intent: StepIntent, source: string, hints: ScreenHints): StepIntent {
  const names = namesOnScreen(hints);
  const written = normalizeText(source);
  const join = (target: TargetRef): TargetRef => {
    const holder = target.within === undefined ? undefined : join(target.within);
    // "the date of birth" reads as a date (a kind) in "birth": the kind's word starts the name.
    const first = target.name ?? target.role;
    const joined =
      first !== undefined && holder?.name !== undefined && target.relation === undefined
        ? `${first} of ${holder.name}`
        : undefined;
    if (
      joined !== undefined &&
      written.includes(normalizeText(joined)) &&
      names.some((name) => (scoreText(joined, name)?.score ?? 0) >= 0.8)
    ) {
      const { within: _holder, role, ...alone } = target;
      return {
        ...alone,
        name: joined,
        ...(target.name === undefined || role === undefined ? {} : { role }),
        ...(holder!.within === undefined ? {} : { within: holder!.within }),
      };
    }
    return holder === target.within ? target : { ...target, ...(holder === undefined ? {} : { within: holder }) };
  };
  const mapped = Object.entries(intent).map(([key, value]) => [key, isTargetRef(value) ? join(value) : value]);
  return Object.fromEntries(mapped) as StepIntent;
}

/** Whether a value of an intent is a target (a name or a role, maybe placed in a holder). */
function isTargetRef(value: unknown): value is TargetRef {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return typeof record['name'] === 'string' || typeof record['role'] === 'string';
}

/** The intent with a file named by its path put inside its folders (see {@link byPath}). */
function withPaths(intent: StepIntent): StepIntent {
  switch (intent.kind) {
    case 'click':
    case 'go-to':
      return { ...intent, target: byPath(intent.target) };
    case 'command':
      return intent.object === undefined ? intent : { ...intent, object: byPath(intent.object) };
    case 'pick': {
      // "Select docs/guides/deploy.md": the file, in the folders the path names.
      if (intent.within !== undefined) return intent;
      const path = byPath({ name: intent.option });
      return path.within === undefined ? intent : { ...intent, option: path.name!, within: path.within };
    }
    default:
      return intent;
  }
}

/** Verbs that take back something given ("remove my like from the post"). */
const takingBackVerbs = new Set(['remove', 'undo', 'delete', 'clear', 'withdraw', 'retract']);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * "Pick the Team plan only": a choice of a radio group is the only one by itself, so "only" is no
 * part of its name. Kept for anything else ("Weekly report only" may ask for other boxes to be
 * cleared, which is not for this reading to decide).
 */
function onlyChoice(intent: StepIntent, hints: ScreenHints): StepIntent {
  if (intent.kind !== 'pick' || !/\s+only$/i.test(intent.option)) return intent;
  const name = intent.option.replace(/\s+only$/i, '');
  const radios = (hints.controls ?? []).filter((control) => {
    if (control.role !== 'radio') return false;
    // "the Team plan" for the radio "Team — $30/month" in the group "Plan".
    const group = control.group === undefined ? undefined : new RegExp(`\\s+${escapeRegExp(control.group)}$`, 'i');
    const bare = group === undefined ? name : name.replace(group, '');
    return reaches(scoreText(bare, control.name), 'prefix');
  });
  return radios.length === 1 ? { ...intent, option: name } : intent;
}

/**
 * "remove my like from the morning swim post": taking back a like, a star or a follow given to
 * something is the command that undoes it ("unlike") on that thing, when the language has one.
 */
function takenBackMark(intent: StepIntent): StepIntent {
  if (intent.kind !== 'command' || !takingBackVerbs.has(intent.verb)) return intent;
  const mark = intent.object?.name?.toLowerCase().replace(/s$/u, '');
  const on = intent.object?.within;
  if (mark === undefined || on === undefined || intent.object?.ordinal !== undefined || /\s/u.test(mark)) return intent;
  const undo = undoCommandOf(mark);
  return undo === undefined ? intent : { kind: 'command', verb: undo, object: on };
}

/** Two commands of one verb on no object in a row: the second asks for nothing the first did not. */
function sameBareCommand(intent: StepIntent, previous: StepIntent | undefined): boolean {
  return (
    intent.kind === 'command' &&
    previous?.kind === 'command' &&
    intent.object === undefined &&
    previous.object === undefined &&
    (intent.verb === previous.verb || (intent.verb === 'send' && sendingVerbs.has(previous.verb)))
  );
}

/** Commands that send what they make: "invite noor@… as an editor and send it" sends it by inviting. */
const sendingVerbs = new Set(['invite', 'share', 'reply', 'forward', 'post', 'submit', 'publish', 'email']);

/**
 * "Shipping tab, open the 3rd article": a target counted by its kind alone, right after a step that
 * shows a tab, is counted in that tab's panel, not over the whole page.
 */
function inShownTab(intent: StepIntent, previous: StepIntent | undefined): StepIntent {
  if (previous?.kind !== 'go-to' || previous.target.role !== 'tab' || previous.target.name === undefined) return intent;
  const panel: TargetRef = { name: previous.target.name, role: 'section' };
  const scoped = (target: TargetRef): TargetRef =>
    target.name === undefined && target.ordinal !== undefined && target.within === undefined
      ? { ...target, within: panel }
      : target;
  switch (intent.kind) {
    case 'go-to':
    case 'click':
      return { ...intent, target: scoped(intent.target) };
    case 'command':
      return intent.object === undefined ? intent : { ...intent, object: scoped(intent.object) };
    default:
      return intent;
  }
}

/** The text of tokens `from` to `to` (exclusive) as written in the source, quotes kept; '' when none. */
function writtenBetween(source: string, tokens: readonly Token[], from: number, to: number): string {
  return from >= to ? '' : source.slice(tokens[from]!.start, tokens[to - 1]!.end).trim();
}

/** A clause made of new words, read like one the person wrote. */
function rewritten(verbatim: string, like: Clause): Clause {
  return { tokens: tokenize(verbatim), verbatim, afterArrow: like.afterArrow };
}

/**
 * "take her off the travellers", "take them out of the inventory", "take the like back": the verb
 * "take" with a particle that removes, read as "remove <thing> [from <place>]"; undefined otherwise.
 */
function takenAway(clause: Clause, source: string): Clause | undefined {
  const tokens = stripFiller(clause.tokens);
  if (!isWord(tokens[0], 'take') || tokens.length < 3) return undefined;
  const textOf = (from: number, to: number) => writtenBetween(source, tokens, from, to);
  for (let at = 2; at < tokens.length; at += 1) {
    const out = isWord(tokens[at], 'out') && isWord(tokens[at + 1], 'of') ? 2 : 0;
    const away = isWord(tokens[at], 'away') && isWord(tokens[at + 1], 'from') ? 2 : 0;
    const length = out || away || (isWord(tokens[at], 'off', 'back', 'out', 'away') ? 1 : 0);
    if (length === 0) continue;
    const place = textOf(at + length, tokens.length);
    // Only "off"/"out of" take a place; "back" ends the clause.
    if (place !== '' && length === 1 && !isWord(tokens[at], 'off')) return undefined;
    return rewritten(`remove ${textOf(1, at)}${place === '' ? '' : ` from ${place}`}`, clause);
  }
  return undefined;
}

/**
 * The clause read as the imperative it stands for: a goal ("Cargo Tracker should be archived")
 * or a phrasal verb ("take her off the list"); undefined when it is neither.
 */
function readAsCommand(
  clause: Clause,
  source: string,
  hints: ScreenHints | undefined,
  last: TargetRef | undefined,
): ClauseResult | undefined {
  const command = goalAsCommand(clause, source, hints) ?? takenAway(clause, source);
  return command && readClause(command, command.verbatim, hints, last);
}

/** A clause read as written, else as the imperative its goal or phrasal verb stands for. */
function readRephrased(clause: Clause, hints: ScreenHints | undefined, last: TargetRef | undefined): ClauseResult {
  const result = readClause(clause, clause.verbatim, hints, last);
  if (result.type === 'steps') return result;
  return readAsCommand(clause, clause.verbatim, hints, last) ?? result;
}

/**
 * "Jonas Berg shouldn't be a member of this project anymore", "Ana should no longer be on the
 * team": taking the named person or thing out, as "remove X (from the place)". A place said as
 * "this …" is where the page already is, and is left out. Undefined for any other clause.
 */
function noLongerMember(
  tokens: readonly Token[],
  lower: readonly string[],
  textOf: (from: number, to: number) => string,
): string | undefined {
  const at = lower.findIndex((word, index) => index > 0 && /^(?:shouldn't|mustn't|should|must)$/.test(word));
  if (at < 0) return undefined;
  let be = at + 1;
  if (lower[at] === 'should' || lower[at] === 'must') {
    if (lower[be] === 'not') be += 1;
    else if (lower[be] === 'no' && lower[be + 1] === 'longer') be += 2;
    else return undefined;
  }
  if (lower[be] !== 'be') return undefined;
  let place = be + 1;
  if (lower[place] === 'a' && /^(?:member|part)$/.test(lower[place + 1] ?? '') && lower[place + 2] === 'of') place += 3;
  else if (lower[place] === 'part' && lower[place + 1] === 'of') place += 2;
  else if (lower[place] === 'in' || lower[place] === 'on' || lower[place] === 'among') place += 1;
  else return undefined;
  let end = tokens.length;
  while (end > place && /^(?:anymore|any|more|longer|[.!])$/.test(lower[end - 1] || tokens[end - 1]!.text)) end -= 1;
  const where = lower[place] === 'this' ? '' : textOf(place, end);
  return `remove ${textOf(0, at)}${where === '' ? '' : ` from ${where}`}`;
}

/**
 * A request in the form of a goal, as the imperative it asks for: "Cargo Tracker should be
 * archived" reads as "archive Cargo Tracker", "The garage door should be open" as "open the garage
 * door", "I want the deploy guide selected in the tree" as "select the deploy guide in the tree".
 * Only where the participle or state comes from a verb the grammar knows; undefined otherwise.
 */
function goalAsCommand(clause: Clause, source: string, hints: ScreenHints | undefined): Clause | undefined {
  const tokens = stripFiller(clause.tokens);
  const lower = tokens.map((token) => (token.kind === 'word' ? token.lower : ''));
  // "No folder should be expanded", "None of the rows should be selected": a state said of none
  // of them asks for its opposite on every one, which no one imperative says.
  if (['no', 'none', 'nothing', 'neither', 'nobody'].includes(lower[0] ?? '')) return undefined;
  const textOf = (from: number, to: number) => writtenBetween(source, tokens, from, to);
  const build = (verb: string, object: string, rest: string): Clause =>
    rewritten(`${verb} ${object}${rest === '' ? '' : ` ${rest}`}`.replace(LASTING_WORDS, ''), clause);
  // "(I want to) be following Priya Nair": the verb of the "-ing", done.
  const gerund = lower[0] === 'be' && tokens.length > 2 ? verbOfGerund(lower[1]!) : undefined;
  if (gerund !== undefined) return build(gerund, textOf(2, tokens.length), '');
  // "Only A and B should be starred": the others must be undone too, which no imperative here says.
  if (isWord(tokens[0], 'only', 'just')) return undefined;
  // "<thing> should/must/needs to be <participle or state> <rest>"
  for (let at = 1; at < tokens.length - 2; at += 1) {
    const modal = lower[at]!;
    const to = (modal === 'needs' || modal === 'need' || modal === 'has' || modal === 'have') && lower[at + 1] === 'to';
    if (!['should', 'must'].includes(modal) && !to) continue;
    const be = at + (to ? 2 : 1);
    if (lower[be] !== 'be' || tokens[be + 1]?.kind !== 'word') continue;
    const word = lower[be + 1]!;
    const rest = textOf(be + 2, tokens.length).replace(LASTING_WORDS, '');
    // A state ("open", "off") only as the last word: "on its way to …" is no switch.
    // "The Dock Scheduling project should be called Berth Scheduling": a new name.
    // (Not "the workspace name should be called …": a name is a field's value, not a thing to rename.)
    // Nor where the screen has a field for the thing's name: that field is set, or the person asked.
    const subjectIsName = () =>
      /^(?:name|title|label)$/.test(lower[at - 1] ?? '') ||
      [...(hints?.fieldLabels ?? []), ...(hints?.controls ?? []).map((control) => control.name)].some(
        (label) => (scoreText(`${textOf(0, at)} name`.replace(/^the\s+/i, ''), label)?.score ?? 0) >= 0.9,
      );
    if (NAMING_WORDS.has(word) && rest !== '' && !['i', 'we', 'you'].includes(lower[at - 1] ?? '') && !subjectIsName())
      return build('rename', textOf(0, at), `to ${rest.replace(/^to\s+/i, '')}`);
    const verb = verbOfParticiple(word) ?? (rest === '' ? STATE_VERBS[word] : undefined);
    if (verb === undefined || ['i', 'we', 'you'].includes(lower[at - 1] ?? '')) return undefined;
    // "should be paid by research": who does it is named, not what to do.
    if (lower[be + 2] === 'by') return undefined;
    return build(verb, textOf(0, at), rest);
  }
  const left = noLongerMember(tokens, lower, textOf);
  if (left !== undefined) return rewritten(left, clause);
  // "I want / we need / I'd like <thing> <participle> <rest>"
  const wants =
    startsWith(tokens, ['i', 'want']) || startsWith(tokens, ['we', 'want']) || startsWith(tokens, ["i'd", 'like']);
  if (!wants) return undefined;
  for (let at = 3; at < tokens.length; at += 1) {
    if (tokens[at]?.kind !== 'word') continue;
    const verb = verbOfParticiple(lower[at]!);
    if (verb === undefined) continue;
    return build(verb, textOf(2, at), textOf(at + 1, tokens.length));
  }
  return undefined;
}

/** Words that stand for several things named before: "the two of them", "both of them", "them all". */
function pluralReferenceAt(tokens: readonly Token[], index: number): number {
  const at = (offset: number, ...options: string[]) => isWord(tokens[index + offset], ...options);
  const counted = ['two', 'three', 'four', 'five', 'both', 'all', 'each'];
  if (at(0, 'the') && at(1, ...counted) && at(2, 'of') && at(3, 'them')) return 4;
  if (at(0, ...counted) && at(1, 'of') && at(2, 'them')) return 3;
  if (at(0, 'them')) return at(1, 'both', 'all') ? 2 : 1;
  // "Select both": the two named before ("select all" is the select-all control's).
  if (index > 0 && at(0, 'both') && (tokens[index + 1] === undefined || tokens[index + 1]!.kind === 'punct')) return 1;
  return 0;
}

/**
 * The clause with its plural reference replaced by the things a statement before it named, as
 * they were written ("delete the two of them" after "Mixer-04 and Saw-06 were sold" reads as
 * "delete Mixer-04 and Saw-06"); undefined when it has none.
 */
function withGroupNamed(clause: Clause, source: string, group: readonly string[]): Clause | undefined {
  const first = clause.tokens[0]!;
  const end = clause.tokens.at(-1)!;
  // "Star their messages": each one's messages ("Owen Blake's messages and Sofia Marin's messages").
  const their = clause.tokens.findIndex((token, index) => index > 0 && isWord(token, 'their'));
  const noun = clause.tokens[their + 1];
  if (their > 0 && noun?.kind === 'word' && /^\p{Ll}+$/u.test(noun.text) && roleNounAt([noun.lower]) !== undefined) {
    const owned = group.map((name) => `${name}'s ${noun.text}`).join(' and ');
    return rewritten(
      `${source.slice(first.start, clause.tokens[their]!.start)}${owned}${source.slice(noun.end, end.end)}`,
      clause,
    );
  }
  for (let index = 0; index < clause.tokens.length; index += 1) {
    const length = pluralReferenceAt(clause.tokens, index);
    if (length === 0) continue;
    const from = clause.tokens[index]!;
    const to = clause.tokens[index + length - 1]!;
    const names = group.length === 2 ? group.join(' and ') : `${group.slice(0, -1).join(', ')} and ${group.at(-1)}`;
    return rewritten(`${source.slice(first.start, from.start)}${names}${source.slice(to.end, end.end)}`, clause);
  }
  return undefined;
}

/** Read an instruction into steps; clauses it cannot read are reported, never guessed at. */
export function interpretInstruction(instruction: string, hints?: ScreenHints): Interpretation {
  // "Sign in as Ada@Example.com (type it lowercase)": the case is applied to the value it names.
  // "My interests should be Chess and Go": a goal's opening is read as the imperative it stands for.
  const goals = withGoalsAsRequests(withLetterCaseApplied(instruction), hints?.fieldLabels ?? []);
  // "Open the third result for gardening": on a screen with a search box, the search comes first.
  const canSearch =
    hints?.controls?.some(
      (control) =>
        control.role === 'searchbox' ||
        ((control.role === 'textbox' || control.role === 'combobox') && /\bsearch/i.test(control.name)),
    ) ?? false;
  const text = canSearch ? withSearchesFirst(goals) : goals;
  const readSteps: ReadStep[] = [];
  const unparsed: string[] = [];
  const constraints: string[] = [];
  let last: TargetRef | undefined;
  const clauses = sentencesOf(text).flatMap((sentence) => clausesOf(sentence.tokens, text, sentence.afterArrow));
  let pendingVerb: { verb: VerbMatch; clause: Clause } | undefined;
  let contextOnly: string[] = [];
  const statements: { readonly tokens: readonly Token[]; readonly verbatim: string }[] = [];
  const unread: { readonly tokens: readonly Token[]; readonly verbatim: string; readonly at: number }[] = [];
  const motives: Clause[] = [];
  /** Statements that gave a request its value ("I moved to New Zealand; update my country"). */
  const givingValues = new Set<string>();
  let lastVerb: Token[] | undefined;
  let lastGroup: readonly string[] | undefined;
  for (const written of clauses) {
    // "…, go ahead and confirm it": a clause of politeness alone asks for nothing.
    if (onlyFiller(written.tokens)) continue;
    // "Delete Pump-07. It's on page 3.": where a thing named by its name is; looking for it by
    // that name pages there. Said of something named only by its kind ("Click Archive. It is on
    // page 3."), the page is part of the request and is asked about.
    // So is it said after a statement naming the thing, before the request ("Boiler B-02 was
    // scrapped. It's on page 3; delete that row.").
    const named = readSteps.length === 0 ? namedByName(last) : namesItsTarget(readSteps.at(-1)?.intent);
    if (pageOfIt(stripFiller(written.tokens), text) !== undefined && named) continue;
    // "Both Mixer-04 and Saw-06 were sold; delete the two of them": "them" is the list named.
    const regrouped = lastGroup && withGroupNamed(written, text, lastGroup);
    const groupResult = regrouped && readRephrased(regrouped, hints, last);
    const clause = groupResult?.type === 'steps' ? regrouped! : written;
    let result = groupResult?.type === 'steps' ? groupResult : readClause(clause, text, hints, last);
    const stripped = stripFiller(clause.tokens);
    const verb = verbAt(words(stripped));
    if (verb !== undefined) lastVerb = stripped.slice(0, verb.length);
    else if (result.type === 'unparsed' && lastVerb !== undefined && stripped[0]?.kind === 'quoted') {
      // "Click 'Remove' in the row, then 'Remove' in the dialog": the verb carries over.
      const gapped = readClause({ ...clause, tokens: [...lastVerb, ...stripped] }, text, hints, last);
      const previous = readSteps.at(-1)?.intent;
      const typedNowhere = previous !== undefined && typesNowhere([previous]);
      if (gapped.type === 'steps' && (typedNowhere || !typesNowhere(gapped.intents))) result = gapped;
      else if (gapped.type === 'steps') {
        // "Fill 'Name' with 'Ada', then 'Save'": the typing verb would type the name into nothing
        // in particular; a name alone after values typed into fields is what to press. After
        // text typed where the cursor is ("Type 'Dear Ada,', then 'Thanks'") it is more text.
        const pressed = readClause({ ...clause, tokens: [clickWord(stripped[0]!), ...stripped] }, text, hints, last);
        if (pressed.type === 'steps') result = pressed;
      }
    }
    if ((result.type === 'unparsed' || result.type === 'context') && hints?.controls !== undefined) {
      // "kitchen lights off", "Notification volume 35", "the meeting is on 1 July": names on
      // screen and a value they take; a list of such ("start 9:30, end 11:00") part by part.
      const read =
        readAgainstScreen(stripped, text, hints.controls) ?? readPartsAgainstScreen(stripped, text, hints.controls);
      if (read !== undefined) result = steps(read, undefined);
    }
    if (verb === undefined && hints?.controls !== undefined) {
      // "Session timeout to 45 minutes": a control's whole name, "to", and a value it takes,
      // which outranks any reading of part of the name as a label.
      const to = stripped.findIndex((token) => isWord(token, 'to'));
      const given =
        to > 0 ? valueFor(stripped.slice(0, to), trimPunctuation(stripped.slice(to + 1)), text, hints) : undefined;
      if (given !== undefined) result = steps([given], undefined);
    }
    if (result.type === 'unparsed' || result.type === 'context') {
      // "Cargo Tracker should be archived", "take her off the list": the imperative it stands for.
      const read = readAsCommand(clause, text, hints, last);
      if (read?.type === 'steps') result = read;
    }
    if (result.type === 'unparsed' && hints?.clickables !== undefined) {
      // "remove them with Delete selected": what was picked before, done by the button named.
      const means = pressedAsMeans(stripped, hints);
      if (means !== undefined) result = steps([means]);
    }
    if (result.type === 'unparsed' && hints?.clickables !== undefined) {
      // "Continue with SSO", "the Shipping tab", "Follow @priya.n": the name of what to press.
      const pressed = pressedByName(stripped, hints, (tokens) => readClause({ ...clause, tokens }, text, hints, last));
      if (pressed !== undefined) result = pressed;
    }
    // "Set the salary range to that": a value said by pointing back at words before it is no
    // value to set (a statement may still give it; see readWithStatement below).
    const quoted = (value: string) => stripped.some((token) => token.kind === 'quoted' && token.text === value);
    if (result.type === 'steps' && result.intents.some((intent) => pointsBack(intent) && !quoted(intent.value)))
      result = { type: 'unparsed' };
    if (pendingVerb !== undefined) {
      // "find and click X": the object of the second verb is the object of the first.
      if (result.type === 'steps' && result.mentioned !== undefined) {
        const first = sharedObject(pendingVerb.verb, result.mentioned);
        if (first !== undefined) readSteps.push({ source: pendingVerb.clause.verbatim, intent: first });
        else unparsed.push(pendingVerb.clause.verbatim);
      } else {
        unparsed.push(pendingVerb.clause.verbatim);
      }
      pendingVerb = undefined;
    }
    switch (result.type) {
      case 'steps':
        for (const intent of hints === undefined ? result.intents : renamedInPlace(result.intents, hints)) {
          // "Edit Chiller-01: technician 'Rosa Diaz'. Save.": the edit already ends with its Save.
          if (sameBareCommand(intent, readSteps.at(-1)?.intent)) continue;
          const read = withPaths(
            takenBackMark(hints === undefined ? intent : onlyChoice(namedWithOf(intent, text, hints), hints)),
          );
          const placed =
            hints?.controls === undefined
              ? read
              : namedWithoutItsTab(
                  pickIntoField(chooseInGroup(read, hints.controls), hints.controls),
                  hints.controls,
                  hints.clickables ?? [],
                );
          readSteps.push({ source: clause.verbatim, intent: inShownTab(placed, readSteps.at(-1)?.intent) });
        }
        if (result.mentioned !== undefined) [last, lastGroup] = [result.mentioned, undefined];
        break;
      case 'constraint':
        constraints.push(clause.verbatim);
        break;
      case 'context':
        contextOnly.push(clause.verbatim);
        statements.push({ tokens: stripped, verbatim: clause.verbatim });
        if (result.mentioned !== undefined) last = result.mentioned;
        if (result.group !== undefined) lastGroup = result.group;
        break;
      case 'bare-verb':
        pendingVerb = { verb: result.verb, clause };
        break;
      case 'unparsed':
        // "I'd like the app in German. Set the language to Deutsch.": the reason for a request.
        if (isMotive(clause.tokens, clause.verbatim)) motives.push(clause);
        else unparsed.push(clause.verbatim);
        unread.push({ tokens: stripped, verbatim: clause.verbatim, at: readSteps.length });
        break;
    }
  }
  if (hints?.controls !== undefined) {
    // "I moved to New Zealand; could you update my country?": the statement gives the request its value.
    const controls = hints.controls;
    let inserted = 0;
    for (const request of unread) {
      for (const statement of [...statements, ...unread]) {
        if (statement === request || !unparsed.includes(request.verbatim)) continue;
        const intent = readWithStatement(request.tokens, statement.tokens, text, controls);
        if (intent === undefined) continue;
        readSteps.splice(request.at + inserted, 0, { source: request.verbatim, intent });
        inserted += 1;
        givingValues.add(statement.verbatim);
        for (const used of [request.verbatim, statement.verbatim]) {
          const at = unparsed.indexOf(used);
          if (at !== -1) unparsed.splice(at, 1);
          const said = contextOnly.indexOf(used);
          if (said !== -1) contextOnly.splice(said, 1);
        }
        break;
      }
    }
  }
  if (pendingVerb !== undefined) unparsed.push(pendingVerb.clause.verbatim);
  // A reason beside a request asks for nothing more, unless it says more than the request does.
  for (const motive of motives) {
    if (givingValues.has(motive.verbatim)) continue;
    if (readSteps.length === 0) {
      unparsed.push(motive.verbatim);
      continue;
    }
    const rest = clauses.filter((other) => other !== motive && !motives.includes(other)).map((other) => other.verbatim);
    if (motiveAdds(trimPunctuation(motive.tokens), rest.join(' '), hints) !== undefined) unparsed.push(motive.verbatim);
  }
  // Statements and constraints are context only beside a request; alone, nothing is asked we can do.
  if (readSteps.length === 0 && contextOnly.length > 0) unparsed.push(...contextOnly);
  if (readSteps.length === 0 && constraints.length > 0) unparsed.push(...constraints.splice(0));
  contextOnly = [];
  if (readSteps.length === 0 && unparsed.length === 0 && constraints.length === 0 && text.trim() !== '')
    unparsed.push(text.trim());
  const ordered = savedAfterEdit(signInLast(absoluteTimes(readSteps)));
  unparsed.push(...withoutPassword(ordered, hints));
  unparsed.push(...againstConstraints(ordered, constraints));
  return { steps: ordered, unparsed, constraints };
}

/** Whether a step's value is only a word pointing back ("set it to that", "make the total the same"). */
function pointsBack(intent: StepIntent): intent is StepIntent & { readonly kind: 'set' } {
  return intent.kind === 'set' && /^(?:that|this|it|those|these|them|the same|same)$/i.test(intent.value.trim());
}

/**
 * "rename the workspace to Harbor Ops" on a page with a "Workspace name" field and nothing to
 * press that renames: the new name goes into that field (a rename dialog is for things listed
 * with a Rename control of their own). The steps as read otherwise.
 */
function renamedInPlace(intents: readonly StepIntent[], hints: ScreenHints): readonly StepIntent[] {
  const [open, typed, ...rest] = intents;
  if (open?.kind !== 'command' || open.verb !== 'rename' || open.object?.name === undefined) return intents;
  if (typed?.kind !== 'type' || typed.field?.within?.role !== 'dialog') return intents;
  const renames = [...(hints.clickables ?? []), ...(hints.controls ?? [])].some((item) =>
    /\brename\b/i.test(item.name),
  );
  if (renames) return intents;
  const wanted = `${open.object.name} name`;
  const labels = hints.fieldLabels.filter((label) => reaches(scoreText(wanted, label), 'same-words'));
  if (labels.length !== 1) return intents;
  return [{ kind: 'set', target: { name: labels[0]!, role: 'field' }, value: typed.text }, ...rest];
}

/** Openers of a constraint that forbids the verbs after it: "don't", "do not", "never", "avoid", "without". */
const forbidding: readonly (readonly string[])[] = [
  ['do', 'not'],
  ["don't"],
  ['dont'],
  ['never'],
  ['avoid'],
  ['without'],
];

/** The verbs a constraint forbids: "Don't reserve or open anything" forbids reserve and open. */
function forbiddenVerbs(constraint: string): VerbMatch[] {
  const tokens = stripFiller(tokenize(constraint));
  const opener = forbidding.find((candidate) => startsWith(tokens, candidate));
  if (opener === undefined) return [];
  const rest = tokens.slice(opener.length);
  // "without opening anything": the verb in its "-ing" form.
  const segments: Token[][] = [[]];
  for (const token of rest) {
    if (isComma(token) || isWord(token, 'or', 'and', 'nor')) segments.push([]);
    else segments.at(-1)!.push(token);
  }
  return segments.flatMap((segment) => {
    const said = words(segment);
    const gerund = said[0] === undefined ? undefined : verbOfGerund(said[0]);
    const verb = verbAt(gerund === undefined ? said : [gerund, ...said.slice(1)]);
    // Only a verb with no object of its own or a general one ("anything", "it"): "don't delete
    // Pump-08" beside "delete Pump-07" forbids nothing the request asks.
    const object = said.slice(verb?.length ?? 0);
    // "don't delete anything else": else than what is asked, which it leaves alone.
    const general =
      !object.some((word) => word === 'else' || word === 'other' || word === 'others') &&
      object.every((word) => ['anything', 'any', 'it', 'them', 'yet', 'something', 'one', 'of'].includes(word));
    return verb === undefined || !general ? [] : [verb];
  });
}

/**
 * Clauses whose step does what a constraint of the same request forbids ("… and just show me the
 * results? Don't open anything." beside a step that opens one): the two cannot both hold, so the
 * request is asked about rather than either being dropped.
 */
function againstConstraints(read: readonly ReadStep[], constraints: readonly string[]): string[] {
  const forbidden = constraints.flatMap(forbiddenVerbs);
  if (forbidden.length === 0) return [];
  const breaks = (intent: StepIntent): boolean =>
    forbidden.some((verb) => {
      if (verb.verbClass === 'open') return intent.kind === 'go-to' || intent.kind === 'open';
      if (verb.verbClass === 'type') return intent.kind === 'type';
      if (verb.verbClass === 'search') return intent.kind === 'search';
      if (verb.verbClass === 'command') return intent.kind === 'command' && intent.verb === verb.command;
      return false;
    });
  return [...new Set(read.filter((step) => breaks(step.intent)).map((step) => step.source))];
}

/**
 * "Log in as ada@example.com" on a form that also asks for a password: the clause of a sign-in
 * that fills the account field but no password field, when the screen has one. The password
 * is the person's to give; signing in without it would only be refused.
 */
function withoutPassword(read: readonly ReadStep[], hints: ScreenHints | undefined): string[] {
  const asksPassword = (hints?.fieldLabels ?? []).some((label) => secretLabel.test(label));
  if (!asksPassword) return [];
  const filled = (intent: StepIntent): string | undefined =>
    intent.kind === 'type' ? intent.field?.name : intent.kind === 'set' ? intent.target.name : undefined;
  return read.flatMap((step, index) => {
    if (step.intent.kind !== 'command' || !signInVerbs.has(step.intent.verb)) return [];
    const before = read.slice(0, index).map((earlier) => filled(earlier.intent) ?? '');
    const typedHere = read.some((other) => other.source === step.source && other.intent.kind === 'type');
    return typedHere && !before.some((name) => secretLabel.test(name)) ? [step.source] : [];
  });
}

/**
 * A sign-in, or a command that sends a form its own clause filled ("sign up Lin, lin@…, Kenya"),
 * submits what was typed: the fields filled and boxes ticked right after it in the instruction
 * ("log me in as X; the password is Y", "sign in …, and tick Remember me first", "…, and accept
 * the terms") belong before it.
 */
/**
 * "Edit Generator G-1 and change its status to Retired": an edit form opened and filled by the
 * request, and nothing asked after it, is saved; an edit left open changes nothing.
 */
function savedAfterEdit(read: readonly ReadStep[]): ReadStep[] {
  const opened = read.findLastIndex((step) => step.intent.kind === 'command' && step.intent.verb === 'edit');
  if (opened < 0) return [...read];
  const after = read.slice(opened + 1);
  const filled =
    after.length > 0 &&
    after.every((step) => ['set', 'type', 'select', 'pick', 'toggle', 'check', 'uncheck'].includes(step.intent.kind));
  return filled ? [...read, { source: read.at(-1)!.source, intent: { kind: 'command', verb: 'save' } }] : [...read];
}

function signInLast(read: readonly ReadStep[]): ReadStep[] {
  const result = [...read];
  for (let index = 0; index < result.length; index += 1) {
    const step = result[index]!;
    if (step.intent.kind !== 'command') continue;
    const signIn = step.intent.object === undefined && signInVerbs.has(step.intent.verb);
    const sendsItsForm = result
      .slice(0, index)
      .some((earlier) => earlier.source === step.source && fillsForm(earlier.intent));
    if (!signIn && !sendsItsForm) continue;
    let end = index + 1;
    while (end < result.length && fillsForm(result[end]!.intent)) end += 1;
    if (end === index + 1) continue;
    result.splice(index, 1);
    result.splice(end - 1, 0, step);
    index = end - 1;
  }
  return result;
}

/** Whether a step only fills in a form: types, sets, ticks or unticks. */
function fillsForm(intent: StepIntent): boolean {
  return (
    (intent.kind === 'type' && intent.field !== undefined) ||
    intent.kind === 'set' ||
    intent.kind === 'check' ||
    intent.kind === 'uncheck' ||
    intent.kind === 'toggle'
  );
}

/** The step of a verb that shares the next clause's object ("find and click X" → find X). */
function sharedObject(verb: VerbMatch, object: TargetRef): StepIntent | undefined {
  switch (verb.verbClass) {
    case 'find':
      return { kind: 'find', target: object };
    case 'open':
      return { kind: 'go-to', target: object };
    case 'expand':
    case 'collapse':
      return { kind: verb.verbClass, target: object };
    case 'click':
    case 'double-click':
    case 'hover':
      return { kind: verb.verbClass, target: object };
    case 'pick':
    case 'check':
      return { kind: 'check', target: object };
    case 'command':
      return { kind: 'command', verb: verb.command ?? verb.words, object };
    default:
      return undefined;
  }
}
