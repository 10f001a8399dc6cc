/**
 * Requests written as the state the person wants rather than the steps: "My interests should be
 * Chess, Hiking and Pottery", "I want the theme to be Dark, with the change saved", "The grid
 * should be sorted by Name, A to Z", "I want the garage door open". Before the instruction is
 * read, each such sentence opening is rewritten as the imperative it stands for ("Set my interests
 * to …", "Sort the grid by Name, …", "Open the garage door"), so the rest of the sentence (a list,
 * a second clause) is read with the verb in force, as if the person had written it that way.
 * Only openings whose meaning is plain are rewritten; anything else is left for the reader, which
 * asks about what it cannot place.
 */
import { reaches, scoreText } from '../grounding/text-score.js';
import { undoCommandOf, verbAt } from './lexicon.js';
import { isWord, tokenize, type Token } from './tokens.js';

/** Participles whose verb is not their stem: "Cargo Tracker should be gone" asks to remove it. */
const IRREGULAR_PARTICIPLES: Readonly<Record<string, string>> = {
  gone: 'remove',
  sent: 'send',
  shown: 'show',
  hidden: 'hide',
  chosen: 'choose',
  written: 'write',
  set: 'set',
  put: 'put',
  opened: 'open',
  closed: 'close',
};

/**
 * The verb a past participle comes from ("archived" archive, "checked" check, "scrapped" scrap),
 * when the lexicon has it; with `particle`, also a verb the lexicon has only with it ("logged"
 * and "in": log).
 */
export function verbOfParticiple(word: string, particle?: string): string | undefined {
  const irregular = IRREGULAR_PARTICIPLES[word];
  if (irregular !== undefined) return irregular;
  if (!word.endsWith('ed') || word.length < 5) return undefined;
  const candidates = [word.slice(0, -1), word.slice(0, -2), word.slice(0, -3), `${word.slice(0, -3)}y`];
  const known = (candidate: string) =>
    verbAt([candidate]) !== undefined || (particle !== undefined && verbAt([candidate, particle])?.length === 2);
  return candidates.find((candidate) => candidate.length >= 2 && known(candidate));
}

/** The verb an "-ing" form comes from ("following" follow, "starring" star, "sharing" share), when the lexicon has it. */
export function verbOfGerund(word: string): string | undefined {
  if (!word.endsWith('ing') || word.length < 6) return undefined;
  const stem = word.slice(0, -3);
  const candidates = [stem, `${stem}e`, /(.)\1$/.test(stem) ? stem.slice(0, -1) : ''];
  return candidates.find((candidate) => candidate.length >= 2 && verbAt([candidate]) !== undefined);
}

/** Participles of a goal that gives a thing a new name: "should be called Berth Scheduling". */
export const NAMING_WORDS: ReadonlySet<string> = new Set(['called', 'named', 'renamed', 'titled']);

/** States a goal may name for a thing that a verb puts it in: "should be open", "should be off". */
export const STATE_VERBS: Readonly<Record<string, string>> = {
  open: 'open',
  closed: 'close',
  on: 'turn on',
  off: 'turn off',
  showing: 'show',
  shown: 'show',
  visible: 'show',
};

/** Whether "instead of …" starts at `at`. */
function insteadAt(tokens: readonly Token[], at: number): boolean {
  return isWord(tokens[at], 'instead') && isWord(tokens[at + 1], 'of');
}

/** Words that only say how long a goal should hold or why: "for good", "from now on", "so I can see it". */
export const LASTING_WORDS =
  /\s*,?\s*\b(?:for good|from now on|permanently|again|anymore|any more|any longer|so(?: that)? (?:i|we|you) (?:can|could|may|will)\b.*)\s*$/i;

/** Verbs a "by" after them gives a key to, not a doer: "sorted by Name", "grouped by team". */
const KEYED_VERBS = new Set(['sort', 'order', 'group', 'filter', 'rank']);

/**
 * First words after "should be" that make the rest no value for a field: places and states
 * ("in the archive", "back among …", "at least 8"), articles ("a member of …"), negations. The
 * reader handles those goals itself, or asks.
 */
const NOT_A_VALUE = new Set([
  'a',
  'an',
  'in',
  'on',
  'at',
  'among',
  'under',
  'inside',
  'from',
  'to',
  'with',
  'by',
  'for',
  'back',
  'out',
  'off',
  'there',
  'here',
  'no',
  'not',
  'able',
  'longer',
  'gone',
  'done',
  'visible',
  'enabled',
  'disabled',
  'open',
  'closed',
  'empty',
  'blank',
  'cleared',
  'more',
  'less',
  'higher',
  'lower',
  'bigger',
  'smaller',
  'the',
  'it',
  'them',
  'that',
  'this',
  'same',
  'like',
  'as',
  // A description of a value, not the value: "should be something shorter".
  'something',
  'anything',
  'whatever',
  'shorter',
  'different',
  'other',
  'better',
  'correct',
  'right',
  'wrong',
  'new',
  'updated',
  'current',
]);

/** Subjects that name no thing on screen: the person ("I should be …") or a pronoun. */
const PERSONAL = new Set(['i', 'we', 'you', 'he', 'she', 'they', 'it', 'this', 'that', 'there', 'everything']);

/** Modals that make a statement a demand: "should be", "must read", "needs to contain". */
const MODALS = new Set(['should', 'must', 'shall']);
/** The same, negated in one word: "shouldn't be liked". */
const NEGATED_MODALS = new Set(["shouldn't", 'shouldnt', "mustn't", 'mustnt']);
/** States that are each other's undoing, for a goal said in the negative ("shouldn't be on"). */
const OPPOSITE_STATES: Readonly<Record<string, string>> = {
  on: 'off',
  off: 'on',
  enabled: 'off',
  disabled: 'on',
  open: 'closed',
  closed: 'open',
};
/** Switch states a goal may ask a thing to be in: "Push notifications should be off". */
const SWITCH_STATES: Readonly<Record<string, string>> = {
  on: STATE_VERBS.on!,
  off: STATE_VERBS.off!,
  enabled: STATE_VERBS.on!,
  disabled: STATE_VERBS.off!,
};
/** Verbs whose undoing is another verb, not "un…": "shouldn't be expanded" is collapsing it. */
const OPPOSITE_VERBS: Readonly<Record<string, string>> = {
  expand: 'collapse',
  collapse: 'expand',
  show: 'hide',
  hide: 'show',
  select: 'deselect',
  open: 'close',
  close: 'open',
};
const MODALS_WITH_TO = new Set(['needs', 'need', 'has', 'have', 'ought']);
/** Verbs after the modal that say what a field holds. */
const HOLDING = new Set(['be', 'become', 'contain', 'read', 'say', 'show', 'hold']);

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const isEnd = (token: Token | undefined): boolean =>
  token === undefined || (token.kind === 'punct' && /^[.!?;]$/.test(token.text));
const isBreak = (token: Token | undefined): boolean =>
  token === undefined || (token.kind === 'punct' && /^[.!?;,]$/.test(token.text));

/** The subject written as the object of a verb: a sentence's capital on an article is dropped ("The grid" → "the grid"). */
function asObject(text: string): string {
  return text.replace(/^(The|A|An|My|Our|Your|This|That|These|Those)\b/, (word) => word.toLowerCase());
}

/**
 * "I want", "we need", "I'd like", "I would like", "can we have": the person's wish opens the
 * sentence; its length, else 0.
 */
function wishAt(tokens: readonly Token[], at: number): number {
  const word = (offset: number) => (tokens[at + offset]?.kind === 'word' ? tokens[at + offset]!.lower : '');
  if (['i', 'we'].includes(word(0)) && ['want', 'need'].includes(word(1))) return 2;
  if (["i'd", "we'd"].includes(word(0)) && word(1) === 'like') return 2;
  if (['i', 'we'].includes(word(0)) && word(1) === 'would' && word(2) === 'like') return 3;
  // "Can we have the Members tab showing", "could I get the assets sorted by name": asked as a question.
  if (['can', 'could'].includes(word(0)) && ['i', 'we'].includes(word(1)) && ['have', 'get'].includes(word(2)))
    return 3;
  return 0;
}

/** Whether the words after "be" can be a value a field takes ("Dark", "Chess, Hiking and Pottery", "Quay-Side-9"). */
function valueStarts(tokens: readonly Token[], at: number): boolean {
  const first = tokens[at];
  if (first === undefined || first.kind === 'punct') return false;
  if (first.kind === 'quoted') return true;
  if (NOT_A_VALUE.has(first.lower) || verbOfParticiple(first.lower) !== undefined) return false;
  // "paid by research", "finished", "frozen": a participle the lexicon does not know is a state,
  // which the reader weighs against the field's options; a value is written as one.
  if (/^\p{Ll}{3,}ed$/u.test(first.text) || (/^\p{Ll}/u.test(first.text) && isWord(tokens[at + 1], 'by'))) return false;
  if (
    /^(?:paid|made|taken|given|kept|left|sold|bought|held|lost|won|done|built|shut|broken|frozen|stolen)$/.test(
      first.text,
    )
  )
    return false;
  return verbOfGerund(first.lower) === undefined;
}

/**
 * The imperative for a goal opening the sentence at `start`; a subject said to be saved ("My
 * saved interests should be …") asks for the save too, unless the sentence says how to save.
 */
function goalOpening(
  source: string,
  tokens: readonly Token[],
  start: number,
  fieldLabels: readonly string[],
): Edit | undefined {
  const edit = openingEdit(source, tokens, start, fieldLabels);
  if (edit === undefined || !/\bsaved\s+\p{L}/iu.test(source.slice(edit.start, edit.end))) return edit;
  const end = sentenceEnd(tokens, start);
  const rest = source.slice(edit.end, end);
  const text = edit.text.replace(/\bsaved\s+/giu, '');
  if (/\bsav(?:e|ed|ing)\b/i.test(rest)) return { ...edit, text };
  return { start: edit.start, end, text: `${text}${rest}, then save` };
}

/**
 * The imperative for a goal opening the sentence at `start`: the edit replacing its opening, or
 * undefined when the sentence is not such a goal.
 */
function openingEdit(
  source: string,
  tokens: readonly Token[],
  start: number,
  fieldLabels: readonly string[],
): Edit | undefined {
  const text = (from: number, to: number) => source.slice(tokens[from]!.start, tokens[to - 1]!.end);
  const wish = wishAt(tokens, start);
  const subjectFrom = start + wish;
  // "No folder should be expanded", "None of the rows should be selected": a state said of none
  // of them asks for its opposite on every one, which no one imperative says.
  if (isWord(tokens[subjectFrom], 'no', 'none', 'nothing', 'neither', 'nobody')) return undefined;
  // "I'd like to see only audiobooks": what the person wants shown.
  if (wish > 0 && isWord(tokens[subjectFrom], 'to') && isWord(tokens[subjectFrom + 1], 'see'))
    return { start: tokens[start]!.start, end: tokens[subjectFrom + 1]!.end, text: 'Show' };
  // "I want to be signed in as …", "I'd like to be following Priya": the person's own state.
  if (wish > 0 && isWord(tokens[subjectFrom], 'to') && isWord(tokens[subjectFrom + 1], 'be'))
    return personalGoal(source, tokens, start, subjectFrom + 1);
  // The subject runs to the modal ("… should be"), or for a wish to "to be" or a final state.
  for (let at = subjectFrom + 1; at < tokens.length && !isEnd(tokens[at]); at += 1) {
    const token = tokens[at]!;
    if (token.kind === 'punct' && token.text !== "'") return undefined;
    if (at - subjectFrom > 10) return undefined;
    const word = token.kind === 'word' ? token.lower : '';
    let after: number;
    let negated = false;
    if (wish > 0) {
      // "I want the theme to be Dark"; "I want the garage door open".
      if (word === 'to' && tokens[at + 1]?.kind === 'word' && tokens[at + 1]!.lower === 'be') after = at + 2;
      else if (
        STATE_VERBS[word] !== undefined &&
        at > subjectFrom &&
        (isBreak(tokens[at + 1]) || insteadAt(tokens, at + 1))
      ) {
        // "… showing instead of the Overview": what it replaces only says what goes away.
        const end = isBreak(tokens[at + 1]) ? token.end : sentenceEnd(tokens, at);
        return {
          start: tokens[start]!.start,
          end,
          text: `${capitalised(STATE_VERBS[word]!)} ${asObject(text(subjectFrom, at))}`,
        };
      } else if (at > subjectFrom && !NAMING_WORDS.has(word) && participleEnds(tokens, at)) {
        // "I need the invoice for March downloaded", "I want the list sorted by date": the
        // participle's verb, done to what the person wants so.
        const end = sentenceEnd(tokens, at);
        const rest = source.slice(token.end, end).replace(LASTING_WORDS, '');
        const verb = verbOfParticiple(word)!;
        return {
          start: tokens[start]!.start,
          end,
          text: `${capitalised(verb)} ${asObject(text(subjectFrom, at))}${rest}`,
        };
      } else continue;
    } else if (MODALS.has(word) || NEGATED_MODALS.has(word)) {
      after = at + 1;
      negated = NEGATED_MODALS.has(word);
      // "should not be liked", "should no longer be pinned".
      if (!negated && isWord(tokens[after], 'not')) [negated, after] = [true, after + 1];
      else if (!negated && isWord(tokens[after], 'no') && isWord(tokens[after + 1], 'longer'))
        [negated, after] = [true, after + 2];
    } else if (MODALS_WITH_TO.has(word) && tokens[at + 1]?.kind === 'word' && tokens[at + 1]!.lower === 'to')
      after = at + 2;
    else continue;
    // "Email digests and Mention alerts should both be off".
    if (wish === 0 && isWord(tokens[after], 'both', 'all')) after += 1;
    const first = tokens[subjectFrom]!;
    if (first.kind === 'word' && PERSONAL.has(first.lower)) {
      return wish === 0 && !negated && at === subjectFrom + 1 && isWord(first, 'i', 'we')
        ? personalGoal(source, tokens, start, after)
        : undefined;
    }
    // "Only A and B should be starred": the others must be undone too, which no imperative here
    // says; the reader asks rather than leave the others as they are.
    if (isWord(first, 'only', 'just')) return undefined;
    const verbWord = tokens[after]?.kind === 'word' ? tokens[after]!.lower : '';
    // "Chidi Obi should have the Editor role": that property of the thing set to the value.
    if (!negated && wish === 0 && verbWord === 'have' && isWord(tokens[after + 1], 'the')) {
      let end = after + 2;
      while (tokens[end]?.kind === 'word' || tokens[end]?.kind === 'quoted') end += 1;
      if (!isEnd(tokens[end]) || end - (after + 2) < 2 || end - (after + 2) > 4) return undefined;
      const property = tokens[end - 1]!;
      if (property.kind !== 'word' || !/^\p{Ll}+$/u.test(property.text)) return undefined;
      return {
        start: tokens[start]!.start,
        end: tokens[end - 1]!.end,
        text: `Set the ${property.text} for ${asObject(text(subjectFrom, at))} to ${text(after + 2, end - 1)}`,
      };
    }
    // "The workspace should use the Dark theme": the whole page's setting, chosen ("use the Dark
    // theme"). Only for a subject that is the page's own thing, not a person or an item named.
    if (
      !negated &&
      wish === 0 &&
      verbWord === 'use' &&
      at - subjectFrom === 2 &&
      isWord(first, 'the', 'my', 'our', 'this')
    )
      return { start: tokens[start]!.start, end: tokens[after]!.end, text: 'Use' };
    if (!HOLDING.has(verbWord) && !(wish > 0 && at + 2 === after)) return undefined;
    const subject = asObject(text(subjectFrom, at));
    const valueAt = wish > 0 ? after : after + 1;
    const next = tokens[valueAt];
    if (next === undefined) return undefined;
    // "My profile shouldn't be public anymore" with a "Public profile" switch on screen: that switch.
    const labelled = verbWord === 'be' ? stateLabel(text(subjectFrom, at), tokens, valueAt, fieldLabels) : undefined;
    if (labelled !== undefined) {
      const last = isWord(tokens[valueAt + 1], 'anymore') ? tokens[valueAt + 1]! : tokens[valueAt]!;
      return { start: tokens[start]!.start, end: last.end, text: `Turn ${negated ? 'off' : 'on'} ${labelled}` };
    }
    if (negated) return verbWord === 'be' ? undoneGoal(source, tokens, start, valueAt, subject) : undefined;
    // "Push notifications should be off (and saved)": the switch turned so.
    const turn = next.kind === 'word' ? SWITCH_STATES[next.lower] : undefined;
    if (verbWord === 'be' && turn !== undefined && (isBreak(tokens[valueAt + 1]) || isWord(tokens[valueAt + 1], 'and')))
      return { start: tokens[start]!.start, end: next.end, text: `${capitalised(turn)} ${subject}` };
    if (verbWord === 'be' || verbWord === 'become') {
      // "The grid should be sorted by Name": the verb of the participle, done to the subject.
      const participle = next.kind === 'word' ? verbOfParticiple(next.lower) : undefined;
      if (participle !== undefined && !NAMING_WORDS.has(next.lower)) {
        const by = tokens[valueAt + 1]?.kind === 'word' && tokens[valueAt + 1]!.lower === 'by';
        if (by && !KEYED_VERBS.has(participle)) return undefined;
        // A participle that is also an option ("should be closed") stays for the reader, which knows the screen.
        if (isBreak(tokens[valueAt + 1]) && STATE_VERBS[next.lower] !== undefined) return undefined;
        const end = sentenceEnd(tokens, valueAt);
        const rest = source.slice(next.end, end).replace(LASTING_WORDS, '');
        return { start: tokens[start]!.start, end, text: `${capitalised(participle)} ${subject}${rest}` };
      }
    }
    // "Legacy Intranet should be back among the active projects": what was taken away, restored.
    if (isWord(next, 'back') && (isBreak(tokens[valueAt + 1]) || isWord(tokens[valueAt + 1], ...PLACE_WORDS)))
      return { start: tokens[start]!.start, end: sentenceEnd(tokens, valueAt), text: `Restore ${subject}` };
    // "The cost center should be left empty".
    const emptied = isWord(next, 'left') ? tokens[valueAt + 1] : next;
    if (verbWord === 'be' && isWord(emptied, 'empty', 'blank') && isBreak(tokens[tokens.indexOf(emptied!) + 1]))
      return { start: tokens[start]!.start, end: emptied!.end, text: `Clear ${subject}` };
    // "The list should be in alphabetical order by name": sorted so.
    const order = verbWord === 'be' && isWord(next, 'in') ? sortOrder(source, tokens, valueAt + 1) : undefined;
    if (order !== undefined) {
      const after = source.slice(order.end, sentenceEnd(tokens, valueAt));
      const said = /\b[AZ] to [AZ]\b|\b(?:a|de)scending\b/i.test(after);
      const text = `Sort ${subject} by ${order.key}${said ? '' : `, ${order.direction}`}`;
      return { start: tokens[start]!.start, end: order.end, text };
    }
    // "The living room should be at 21.5": the value it is set to ("at least 8" is no value).
    if (verbWord === 'be' && isWord(next, 'at') && !isWord(tokens[valueAt + 1], 'least', 'most'))
      return valueStarts(tokens, valueAt + 1)
        ? { start: tokens[start]!.start, end: next.end, text: `Set ${subject} to` }
        : undefined;
    // "My interests should be exactly Chess, Hiking and Pottery": those and no others.
    if (isWord(next, 'exactly') && valueStarts(tokens, valueAt + 1)) {
      const field = isFieldLabel(text(subjectFrom, at), fieldLabels) ? `${subject} field` : subject;
      return { start: tokens[start]!.start, end: next.end, text: `Clear ${field}, then set ${field} to` };
    }
    if (NAMING_WORDS.has(next.kind === 'word' ? next.lower : '') || !valueStarts(tokens, valueAt)) return undefined;
    // "… should be X from now on" asks for the value to be kept, which the words do not say how.
    if (LASTING_WORDS.test(source.slice(next.start, sentenceEnd(tokens, valueAt)))) return undefined;
    // "The full name should read …" with a Full name field on screen: that field.
    const field = isFieldLabel(text(subjectFrom, at), fieldLabels) ? `${subject} field` : subject;
    // "My interests should be Chess and Go, nothing else": the field holds those and no others,
    // so whatever it holds now is cleared first.
    const exclusive = exclusiveEnd(tokens, valueAt);
    if (exclusive !== undefined) {
      const list = source.slice(tokens[valueAt]!.start, tokens[exclusive.end - 1]!.end);
      return {
        start: tokens[start]!.start,
        end: tokens[exclusive.through - 1]!.end,
        text: `Clear ${field}, then set ${field} to ${list}`,
      };
    }
    return { start: tokens[start]!.start, end: tokens[valueAt - 1]!.end, text: `Set ${field} to` };
  }
  return undefined;
}

/**
 * "alphabetical order by name", "reverse alphabetical order by title": the key and direction of a
 * sort said as an order, starting at token `at`, and the offset where it ends. Undefined for
 * anything else.
 */
function sortOrder(
  source: string,
  tokens: readonly Token[],
  at: number,
): { key: string; direction: string; end: number } | undefined {
  let from = at;
  const reverse = isWord(tokens[from], 'reverse');
  if (reverse) from += 1;
  if (!isWord(tokens[from], 'alphabetical') || !isWord(tokens[from + 1], 'order') || !isWord(tokens[from + 2], 'by'))
    return undefined;
  let end = from + 3;
  while (end < tokens.length && !isBreak(tokens[end])) end += 1;
  if (end === from + 3 || end - from > 7) return undefined;
  const key = source.slice(tokens[from + 3]!.start, tokens[end - 1]!.end);
  return { key, direction: reverse ? 'Z to A' : 'A to Z', end: tokens[end - 1]!.end };
}

/** Whether token `at` is a participle the lexicon knows the verb of, ending its clause or followed by what the verb takes ("sorted by date"). */
function participleEnds(tokens: readonly Token[], at: number): boolean {
  const token = tokens[at]!;
  if (token.kind !== 'word' || verbOfParticiple(token.lower) === undefined) return false;
  return isBreak(tokens[at + 1]) || isWord(tokens[at + 1], 'by', 'to', 'into', 'as', 'with');
}

/**
 * "I should be following Priya", "I should be logged in as grace@example.com": the person's own
 * state, which the verb of the gerund or participle after "be" brings about. `after` is the
 * token after the modal. Undefined for anything else ("I should get a reminder").
 */
function personalGoal(source: string, tokens: readonly Token[], start: number, after: number): Edit | undefined {
  const form = tokens[after + 1];
  if (!isWord(tokens[after], 'be') || form?.kind !== 'word') return undefined;
  const particle = tokens[after + 2]?.kind === 'word' ? tokens[after + 2]!.lower : undefined;
  const verb = verbOfGerund(form.lower) ?? verbOfParticiple(form.lower, particle);
  if (verb === undefined || NAMING_WORDS.has(form.lower) || tokens[after + 2] === undefined) return undefined;
  return { start: tokens[start]!.start, end: form.end, text: capitalised(verb) };
}

/** Whether the state at `at` ends what is said of the subject ("… public.", "… open and saved", "… liked anymore"). */
function stateCloses(tokens: readonly Token[], at: number): boolean {
  return isBreak(tokens[at + 1]) || isWord(tokens[at + 1], 'and', 'anymore');
}

/**
 * The label on screen made of the subject's last word and the state said of it, in either order:
 * "Public profile" for "my profile … be public", when the state ends its clause. Undefined when no
 * label is just those two words.
 */
function stateLabel(
  subject: string,
  tokens: readonly Token[],
  valueAt: number,
  fieldLabels: readonly string[],
): string | undefined {
  const state = tokens[valueAt];
  if (state?.kind !== 'word' || !stateCloses(tokens, valueAt)) return undefined;
  const noun = subject.trim().split(/\s+/).at(-1)?.toLowerCase();
  if (noun === undefined) return undefined;
  const wanted = [state.lower, noun].sort().join(' ');
  return fieldLabels.find((label) => label.toLowerCase().split(/\s+/).sort().join(' ') === wanted);
}

/**
 * A goal said in the negative ("Sam's post should no longer be liked", "The garage door
 * shouldn't be open"): the verb that undoes the participle ("unlike", "collapse"), or the
 * opposite state. Undefined when the lexicon knows no such verb.
 */
function undoneGoal(
  source: string,
  tokens: readonly Token[],
  start: number,
  valueAt: number,
  subject: string,
): Edit | undefined {
  const state = tokens[valueAt]!;
  if (state.kind !== 'word' || !stateCloses(tokens, valueAt)) return undefined;
  const end = sentenceEnd(tokens, valueAt);
  const rest = source.slice(state.end, end).replace(LASTING_WORDS, '');
  const opposite = OPPOSITE_STATES[state.lower];
  const done = opposite === undefined ? verbOfParticiple(state.lower) : undefined;
  const undo =
    opposite !== undefined
      ? (SWITCH_STATES[opposite] ?? STATE_VERBS[opposite])
      : done === undefined
        ? undefined
        : (undoCommandOf(done) ?? OPPOSITE_VERBS[done]);
  return undo === undefined
    ? undefined
    : { start: tokens[start]!.start, end, text: `${capitalised(undo)} ${subject}${rest}` };
}

/**
 * "…, with the change saved", "…, and the profile saved", "…, terms accepted": a thing and a
 * participle at the end of a clause, after a joiner, ask for the participle's verb to be done to
 * it ("then save the change"). Undefined unless the words between the joiner and the clause's end
 * are an optional article, one to four plain words and a participle the lexicon knows.
 */
function participleClause(source: string, tokens: readonly Token[], at: number): Edit | undefined {
  const joiner = tokens[at]!;
  // The edit starts where the word before ends, so "off and saved" reads "off, then save".
  const start = joiner.kind === 'word' && at > 0 ? tokens[at - 1]!.end : joiner.start;
  let from = at + 1;
  if (joiner.kind === 'punct' && joiner.text === ',') {
    if (tokens[from]?.kind === 'word' && ['and', 'with'].includes(tokens[from]!.lower)) from += 1;
  } else if (!(joiner.kind === 'word' && ['and', 'with'].includes(joiner.lower))) return undefined;
  let end = from;
  while (end < tokens.length && tokens[end]!.kind === 'word' && !isBreak(tokens[end])) end += 1;
  if (!isBreak(tokens[end]) || end - from < 1 || end - from > 6) return undefined;
  const last = tokens[end - 1]!.lower;
  const verb = verbOfParticiple(last);
  if (verb === undefined || NAMING_WORDS.has(last)) return undefined;
  // "…, and saved": a verb that needs no object on a form (save, apply, submit), done last.
  if (end - from === 1)
    return COMMIT_VERBS.has(verb) ? { start, end: tokens[from]!.end, text: `, then ${verb}` } : undefined;
  const object = tokens.slice(from, end - 1);
  // "…, with nothing sent": no object is a restriction, not a thing to send.
  if (object.some((token) => isWord(token, 'nothing', 'none', 'no', 'nobody', 'neither', 'never'))) return undefined;
  // Plain words only: a capitalised name or a number is a value, which this reading would lose.
  if (object.some((token, index) => /[\p{N}@]/u.test(token.text) || (index > 0 && /^\p{Lu}/u.test(token.text))))
    return undefined;
  if (
    object.some((token) => verbAt([token.lower]) !== undefined && !['filter', 'change', 'search'].includes(token.lower))
  )
    return undefined;
  const written = source.slice(object[0]!.start, object.at(-1)!.end);
  return { start, end: tokens[end - 1]!.end, text: `, then ${verb} ${written}` };
}

/** Verbs a form's own button carries out, which a bare participle asks for: "…, and saved". */
const COMMIT_VERBS = new Set(['save', 'apply', 'submit', 'confirm']);

/** Words after "back" that place the thing: "back among the active projects", "back in the list". */
const PLACE_WORDS = ['among', 'in', 'on', 'with', 'to', 'into', 'onto'];

/** The end of the sentence holding token `at`: the offset after its last word. */
function sentenceEnd(tokens: readonly Token[], at: number): number {
  let end = at;
  while (end + 1 < tokens.length && !isEnd(tokens[end + 1])) end += 1;
  return tokens[end]!.end;
}

/**
 * A value list marked as the whole set: "Chess, Hiking and Pottery, nothing else", "A and B only",
 * "only A and B". `end`: where the list's own words end; `through`: where the marker ends.
 * Undefined when the list has no such marker.
 */
function exclusiveEnd(tokens: readonly Token[], from: number): { end: number; through: number } | undefined {
  let end = from;
  while (end < tokens.length && !isEnd(tokens[end])) end += 1;
  const said = tokens.slice(from, end).map((token) => (token.kind === 'word' ? token.lower : token.text));
  const tail = [
    [',', 'nothing', 'else'],
    [',', 'and', 'nothing', 'else'],
    ['and', 'nothing', 'else'],
    [',', 'no', 'others'],
    ['and', 'no', 'others'],
    [',', 'and', 'that', 'is', 'it'],
    [',', "that's", 'it'],
    [',', 'and', "that's", 'it'],
    ['only'],
  ].find(
    (marker) =>
      marker.length < said.length && marker.every((word, index) => said[said.length - marker.length + index] === word),
  );
  if (tail !== undefined) return { end: end - tail.length, through: end };
  // "…, nothing else, and the profile saved": the marker before a clause of its own.
  const inner = said.findIndex(
    (word, index) => word === ',' && said[index + 1] === 'nothing' && said[index + 2] === 'else',
  );
  if (inner > 0) return { end: from + inner, through: from + inner + 3 };
  return undefined;
}

/** Whether the words (an article or possessive aside) are the label of a field on screen. */
function isFieldLabel(words: string, fieldLabels: readonly string[]): boolean {
  const bare = words.replace(/^(?:the|a|an|my|our|your|this|that)\s+/i, '');
  if (/\b(?:field|box|input|dropdown|menu|list|selector|picker)$/i.test(bare)) return false;
  return fieldLabels.some((label) => reaches(scoreText(bare, label), 'same-words'));
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Skip words that only lead into a sentence ("So", "Also", "Basically,"). */
function sentenceBody(tokens: readonly Token[], start: number): number {
  let at = start;
  while (tokens[at]?.kind === 'word' && ['so', 'also', 'ok', 'okay', 'basically', 'now'].includes(tokens[at]!.lower)) {
    at += 1;
    if (tokens[at]?.kind === 'punct' && tokens[at]!.text === ',') at += 1;
  }
  return at;
}

/** Words that end the query of "the results for X": a joiner, a verb of the sentence, a place. */
const QUERY_ENDS = [
  'and',
  'then',
  'but',
  'or',
  'should',
  'must',
  "shouldn't",
  'is',
  'are',
  'be',
  'needs',
  'to',
  'in',
  'on',
  'from',
  'with',
  'so',
  'sorted',
];

/** Verbs that already ask for a search, so "the results for X" needs none added. */
const SEARCHING = new Set(['search', 'find', 'look', 'lookup', 'query']);

/**
 * "Open the third result for gardening", "I'd like only audiobooks in the results for history":
 * results for words come from searching for them, which the sentence takes as done. On a screen
 * with a search box, each sentence naming "the result(s) for X" and asking for no search itself
 * is opened with that search: "Search for gardening, then open the third result".
 */
export function withSearchesFirst(instruction: string): string {
  const tokens = tokenize(instruction);
  const edits: Edit[] = [];
  let sentence = 0;
  for (let index = 0; index <= tokens.length; index += 1) {
    if (index < tokens.length && !isEnd(tokens[index])) continue;
    const words = tokens.slice(sentence, index);
    const at = words.findIndex(
      (token, offset) => isWord(token, 'result', 'results') && isWord(words[offset + 1], 'for'),
    );
    const searches = words.some((token) => token.kind === 'word' && SEARCHING.has(token.lower));
    if (at >= 0 && !searches) {
      let end = at + 2;
      while (end < words.length && !isBreak(words[end]) && !isWord(words[end], ...QUERY_ENDS)) end += 1;
      const body = sentenceBody(tokens, sentence);
      if (end > at + 2 && end - at <= 8 && body < index) {
        const query = instruction.slice(words[at + 2]!.start, words[end - 1]!.end);
        const first = tokens[body]!;
        edits.push({ start: words[at]!.end, end: words[end - 1]!.end, text: '' });
        const opening = /^I\b/.test(first.text) ? first.text : first.text.charAt(0).toLowerCase() + first.text.slice(1);
        edits.push({ start: first.start, end: first.end, text: `Search for ${query}, then ${opening}` });
      }
    }
    sentence = index + 1;
  }
  let result = instruction;
  for (const edit of [...edits].sort((first, second) => second.start - first.start))
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

/**
 * "Make sure the weekly summary email is switched on", "ensure that Cargo Tracker is gone": what
 * should be, said as something to check; rewritten as "… should be …" for the goal reader. A
 * sentence whose first copula is too far off, or that has none, is left as written.
 */
function withEnsureAsGoal(instruction: string): string {
  const tokens = tokenize(instruction);
  const edits: Edit[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    if (index > 0 && !isEnd(tokens[index - 1])) continue;
    const start = sentenceBody(tokens, index);
    let subject = -1;
    if (isWord(tokens[start], 'make') && isWord(tokens[start + 1], 'sure')) subject = start + 2;
    else if (isWord(tokens[start], 'ensure')) subject = start + 1;
    if (subject < 0) continue;
    if (isWord(tokens[subject], 'that')) subject += 1;
    let at = subject + 1;
    while (
      at < tokens.length &&
      at - subject <= 8 &&
      !isEnd(tokens[at]) &&
      !isWord(tokens[at], 'is', 'are', 'gets', 'get')
    )
      at += 1;
    if (!isWord(tokens[at], 'is', 'are', 'gets', 'get') || tokens[subject] === undefined) continue;
    const said = instruction.slice(tokens[subject]!.start, tokens[at - 1]!.end);
    edits.push({ start: tokens[start]!.start, end: tokens[at]!.end, text: `${capitalised(said)} should be` });
  }
  let result = instruction;
  for (const edit of [...edits].sort((first, second) => second.start - first.start))
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

/** The instruction with each goal-shaped sentence opening rewritten as the imperative it stands for. */
export function withGoalsAsRequests(written: string, fieldLabels: readonly string[] = []): string {
  const instruction = withEnsureAsGoal(written);
  const tokens = tokenize(instruction);
  const edits: Edit[] = [];
  let goalSentence = false;
  for (let index = 0; index < tokens.length; index += 1) {
    if (index === 0 || isEnd(tokens[index - 1])) {
      const start = sentenceBody(tokens, index);
      const edit = tokens[start] === undefined ? undefined : goalOpening(instruction, tokens, start, fieldLabels);
      goalSentence = edit !== undefined;
      if (edit !== undefined) edits.push(edit);
    }
    // "My country should read New Zealand, and the profile saved": a sentence saying what should
    // be is a goal, however its opening is read.
    if (isWord(tokens[index], 'should', 'must', 'needs', 'ought')) goalSentence = true;
    // Only inside a goal: "with the change saved" after an imperative the person wrote is theirs to word.
    if (goalSentence && index > 0) {
      const edit = participleClause(instruction, tokens, index);
      if (edit !== undefined && edit.start >= (edits.at(-1)?.end ?? 0)) edits.push(edit);
    }
  }
  let result = instruction;
  for (const edit of [...edits].sort((first, second) => second.start - first.start))
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}
