/**
 * Noun phrases: how a person points at an element ("the second text box", "the Delete button in
 * the row of 'Boiler-02'", "the Like button on the post by @dana", "button ONE", "link number 3")
 * read into a {@link TargetRef}. Pure; the screen is consulted later, by the grounder.
 */
import type { TargetRef, TargetRelation } from '@sandpiper/protocol';
import { determiners, holderRoles, ordinalAt, pronouns, roleNounAt } from './lexicon.js';
import { isWord, spanText, type Token } from './tokens.js';

/** A phrase read as a target, or a pronoun standing for the last one. */
export type Phrase =
  { readonly type: 'target'; readonly target: TargetRef; readonly all: boolean } | { readonly type: 'pronoun' };

/** How a verb reads its object. */
export interface PhraseOptions {
  /**
   * Content nouns (notice, section, card, post, message...) after other words name the kind of
   * the target ("close the trial toast", "expand the Billing section"); otherwise they are part
   * of its name ("Save notifications", "the billing email").
   */
  readonly contentKinds?: boolean;
}

/** Nouns for things that hold content rather than for widgets; see {@link PhraseOptions}. */
const contentRoles = new Set(['card', 'notice', 'section', 'page', 'item', 'list', 'image', 'date', 'time', 'menu']);

/** Relation words between a target and what holds it or what names it, longest first. */
const relations: readonly {
  readonly words: readonly string[];
  readonly kind: 'within' | 'named' | 'contains';
  /** Words that place the target by the other element ("after", "below") rather than in it. */
  readonly placed?: TargetRelation;
}[] = [
  { words: ['that', 'comes', 'right', 'after'], kind: 'within', placed: 'after' },
  { words: ['that', 'comes', 'just', 'after'], kind: 'within', placed: 'after' },
  { words: ['that', 'comes', 'after'], kind: 'within', placed: 'after' },
  { words: ['that', 'follows'], kind: 'within', placed: 'after' },
  { words: ['right', 'after'], kind: 'within', placed: 'after' },
  { words: ['just', 'after'], kind: 'within', placed: 'after' },
  { words: ['directly', 'after'], kind: 'within', placed: 'after' },
  { words: ['straight', 'after'], kind: 'within', placed: 'after' },
  { words: ['immediately', 'after'], kind: 'within', placed: 'after' },
  { words: ['after'], kind: 'within', placed: 'after' },
  { words: ['that', 'comes', 'right', 'before'], kind: 'within', placed: 'before' },
  { words: ['that', 'comes', 'before'], kind: 'within', placed: 'before' },
  { words: ['right', 'before'], kind: 'within', placed: 'before' },
  { words: ['just', 'before'], kind: 'within', placed: 'before' },
  { words: ['directly', 'before'], kind: 'within', placed: 'before' },
  { words: ['straight', 'before'], kind: 'within', placed: 'before' },
  { words: ['before'], kind: 'within', placed: 'before' },
  { words: ['right', 'below'], kind: 'within', placed: 'below' },
  { words: ['just', 'below'], kind: 'within', placed: 'below' },
  { words: ['directly', 'below'], kind: 'within', placed: 'below' },
  { words: ['right', 'under'], kind: 'within', placed: 'below' },
  { words: ['just', 'under'], kind: 'within', placed: 'below' },
  { words: ['directly', 'under'], kind: 'within', placed: 'below' },
  { words: ['underneath'], kind: 'within', placed: 'below' },
  { words: ['beneath'], kind: 'within', placed: 'below' },
  { words: ['right', 'above'], kind: 'within', placed: 'above' },
  { words: ['just', 'above'], kind: 'within', placed: 'above' },
  { words: ['directly', 'above'], kind: 'within', placed: 'above' },
  { words: ['above'], kind: 'within', placed: 'above' },
  { words: ['to', 'the', 'right', 'of'], kind: 'within', placed: 'beside' },
  { words: ['to', 'the', 'left', 'of'], kind: 'within', placed: 'beside' },
  { words: ['that', 'says'], kind: 'named' },
  { words: ['which', 'says'], kind: 'named' },
  { words: ['that', 'reads'], kind: 'named' },
  { words: ['which', 'reads'], kind: 'named' },
  // "the icon whose tooltip says Archive project": any of the texts a control is named by.
  ...['tooltip', 'label', 'text', 'title', 'name', 'caption'].flatMap((source) =>
    ['says', 'reads', 'is'].map((verb) => ({ words: ['whose', source, verb], kind: 'named' as const })),
  ),
  { words: ['with', 'the', 'text'], kind: 'named' },
  { words: ['with', 'the', 'label'], kind: 'named' },
  { words: ['with', 'the', 'tooltip'], kind: 'named' },
  { words: ['with', 'tooltip'], kind: 'named' },
  { words: ['with', 'label'], kind: 'named' },
  { words: ['with', 'text'], kind: 'named' },
  { words: ['labelled'], kind: 'named' },
  { words: ['labeled'], kind: 'named' },
  { words: ['named'], kind: 'named' },
  { words: ['called'], kind: 'named' },
  { words: ['titled'], kind: 'named' },
  { words: ['entitled'], kind: 'named' },
  { words: ['saying'], kind: 'named' },
  { words: ['reading'], kind: 'named' },
  { words: ['marked'], kind: 'named' },
  { words: ['that', 'contains'], kind: 'contains' },
  { words: ['that', 'has'], kind: 'contains' },
  { words: ['which', 'contains'], kind: 'contains' },
  { words: ['containing'], kind: 'contains' },
  { words: ['showing'], kind: 'contains' },
  { words: ['mentioning'], kind: 'contains' },
  { words: ['about'], kind: 'contains' },
  { words: ['with'], kind: 'contains' },
  { words: ['right', 'next', 'to'], kind: 'within', placed: 'beside' },
  { words: ['next', 'to'], kind: 'within', placed: 'beside' },
  { words: ['beside'], kind: 'within', placed: 'beside' },
  { words: ['near'], kind: 'within' },
  { words: ['inside', 'of'], kind: 'within' },
  { words: ['inside'], kind: 'within' },
  { words: ['within'], kind: 'within' },
  { words: ['in'], kind: 'within' },
  { words: ['on'], kind: 'within' },
  { words: ['under'], kind: 'within', placed: 'below' },
  { words: ['below'], kind: 'within', placed: 'below' },
  { words: ['of'], kind: 'within' },
  { words: ['for'], kind: 'within' },
  { words: ['from'], kind: 'within' },
  { words: ['by'], kind: 'within' },
  { words: ['at'], kind: 'within' },
];

/** Words that open a clause rather than a noun phrase: "after you type", "before it loads", "after saving". */
const clauseStarts = new Set([
  'you',
  'we',
  'i',
  'they',
  'he',
  'she',
  'it',
  'that',
  'this',
  'doing',
  'typing',
  'saving',
  'clicking',
  'filling',
  'entering',
  'selecting',
  'which',
  'when',
]);

/** Words that describe a place, not a name: "in the corner", "at the top right". */
const placeWords = new Set([
  'corner',
  'top',
  'bottom',
  'left',
  'right',
  'side',
  'middle',
  'centre',
  'center',
  'header',
  'footer',
  'sidebar',
  'page',
  'screen',
  'toolbar',
  // The container a row or item is in, named by kind: "the last row of the table", "the second
  // project on the board", "the top post in my feed".
  'table',
  'list',
  'grid',
  'board',
  'feed',
  'timeline',
]);

/** Position words a place may carry without naming anything: "of the first page". */
const placePositions = new Set(['first', 'second', 'third', 'last', 'next', 'previous', 'current']);

/** Adjectives and filler that do not belong to a name: "the little notice", "the blue button". */
const fillerAdjectives = new Set([
  'little',
  'small',
  'big',
  'large',
  'tiny',
  'blue',
  'red',
  'green',
  'grey',
  'gray',
  'white',
  'black',
  'main',
  'primary',
  'round',
  'new',
  'only',
  'same',
  'whole',
  'entire',
  'current',
  'relevant',
  'corresponding',
  'appropriate',
  'respective',
  'visible',
  'open',
  'opened',
  'above',
  'following',
  'available',
]);

function relationAt(
  tokens: readonly Token[],
  index: number,
): { kind: 'within' | 'named' | 'contains'; length: number; placed?: TargetRelation } | undefined {
  for (const relation of relations) {
    if (
      relation.words.every(
        (word, offset) => tokens[index + offset]?.kind === 'word' && tokens[index + offset]?.lower === word,
      )
    )
      return {
        kind: relation.kind,
        length: relation.words.length,
        ...(relation.placed === undefined ? {} : { placed: relation.placed }),
      };
  }
  return undefined;
}

interface Head {
  name?: string;
  role?: string;
  ordinal?: number;
  all: boolean;
  pronoun: boolean;
}

/** Read the part before any relation: determiners, ordinal, role noun before or after the name. */
/** Words that stand for no thing in particular: "check something", "click anything". */
const vagueWords = new Set(['something', 'anything', 'someone', 'somebody', 'anyone', 'anybody', 'whatever', 'stuff']);

function readHead(source: string, tokens: readonly Token[], options: PhraseOptions): Head | undefined {
  // "something in it" names nothing the screen could show.
  if (tokens[0]?.kind === 'word' && vagueWords.has(tokens[0].lower)) return undefined;
  let rest = [...tokens];
  const hadDeterminer = tokens[0]?.kind === 'word' && determiners.has(tokens[0].lower);
  const head: Head = { all: false, pronoun: false };
  const lower = () => rest.map((token) => (token.kind === 'word' ? token.lower : ''));
  let changed = true;
  while (changed && rest.length > 0) {
    changed = false;
    const first = rest[0]!;
    if (
      first.kind === 'word' &&
      (first.lower === 'all' || first.lower === 'every' || first.lower === 'each' || first.lower === 'both')
    ) {
      head.all = true;
      rest = rest.slice(first.lower === 'all' && rest[1]?.lower === 'the' ? 2 : 1);
      changed = true;
      continue;
    }
    if (first.kind === 'word' && determiners.has(first.lower) && rest.length > 1) {
      rest = rest.slice(1);
      changed = true;
      continue;
    }
    const ordinal = ordinalAt(lower());
    if (ordinal !== undefined && rest.length > ordinal.length) {
      head.ordinal = ordinal.ordinal;
      rest = rest.slice(ordinal.length);
      changed = true;
      continue;
    }
    if (first.kind === 'word' && fillerAdjectives.has(first.lower) && rest.length > 1) {
      rest = rest.slice(1);
      changed = true;
    }
  }
  if (rest.length === 1 && rest[0]?.kind === 'word' && pronouns.has(rest[0].lower)) return { ...head, pronoun: true };
  if (rest.length === 0) return undefined;
  // A role noun first: "button ONE", "the tab 'Members'", "link number 3".
  const leading = roleNounAt(lower());
  const leadingNamed =
    rest[leading?.length ?? 0]?.kind === 'quoted' || numberedPosition(rest.slice(leading?.length ?? 0)) !== undefined;
  // "the Modal component": a capitalised role word before plain lower-case words is a name's first word.
  const nameLike =
    leading !== undefined &&
    /^\p{Lu}/u.test(rest[0]?.text ?? '') &&
    rest
      .slice(leading.length)
      .every((token) => token.kind === 'word' && !/^\p{Lu}/u.test(token.text) && !/\d/.test(token.text));
  if (
    leading !== undefined &&
    !nameLike &&
    rest.length > leading.length &&
    (!contentRoles.has(leading.role) || leadingNamed)
  ) {
    const after = rest.slice(leading.length);
    const numbered = numberedPosition(after);
    if (numbered !== undefined)
      return { ...head, role: leading.role, ordinal: numbered, all: head.all || leading.plural };
    const afterWords = after.map((token) => (token.kind === 'word' ? token.lower : ''));
    if (afterWords[0] !== undefined && !determiners.has(afterWords[0]) && roleNounAt(afterWords) === undefined) {
      const name = nameOf(source, after);
      return { ...head, ...name, role: leading.role, all: head.all || leading.plural };
    }
  }
  // A role noun last: "the Save button", "the 'Email' field", "the second text box".
  for (let length = Math.min(3, rest.length); length >= 1; length -= 1) {
    const tail = rest.slice(rest.length - length);
    const noun = roleNounAt(tail.map((token) => (token.kind === 'word' ? token.lower : '')));
    if (noun === undefined || noun.length !== length) continue;
    const before = rest.slice(0, rest.length - length);
    // "the Search field": a capitalised first word of a longer noun is the name ("search field" is not meant).
    if (before.length === 0 && length > 1 && /^\p{Lu}/u.test(tail[0]!.text)) continue;
    if (contentRoles.has(noun.role)) {
      // "the 'Omar' card": after a quoted name the noun is the kind (as a step's own text writes it).
      const quotedName = before.length === 1 && before[0]!.kind === 'quoted';
      const asKind =
        before.length === 0
          ? hadDeterminer || head.ordinal !== undefined || head.all
          : options.contentKinds === true || quotedName;
      if (!asKind) break;
    }
    if (before.length === 0) return { ...head, role: noun.role, all: head.all || noun.plural };
    return { ...head, ...nameOf(source, before), role: noun.role, all: head.all || noun.plural };
  }
  // "the third book", "the last task": a position names an item; a lowercase common noun after it is the
  // kind of item, not text to match ("book" would match "E-book" and "Audiobook").
  const only = rest[0];
  if (head.ordinal !== undefined && rest.length === 1 && only?.kind === 'word' && /^\p{Ll}+$/u.test(only.text)) {
    return { ...head, role: 'card' };
  }
  return { ...head, ...nameOf(source, rest) };
}

/** "number 3", "#3", "no. 3", "3" after a role noun. */
function numberedPosition(tokens: readonly Token[]): number | undefined {
  const words = tokens.map((token) => token.text.toLowerCase());
  let index = 0;
  if (words[0] === 'number' || words[0] === 'no' || words[0] === 'nr') index = words[1] === '.' ? 2 : 1;
  if (words[index] === '#') index += 1;
  const value = words[index]?.replace(/^#/, '');
  if (value === undefined || index !== tokens.length - 1 || !/^\d{1,3}$/.test(value)) return undefined;
  const number = Number(value);
  return number > 0 ? number : undefined;
}

function nameOf(source: string, tokens: readonly Token[]): { name?: string } {
  const meaningful = tokens.filter((token) => !(token.kind === 'punct' && /^[,.;:!?]$/.test(token.text)));
  if (meaningful.length === 0) return {};
  if (meaningful.length === 1 && meaningful[0]!.kind === 'quoted') {
    const text = meaningful[0]!.text;
    return text.trim() === '' ? {} : { name: text };
  }
  const text = spanText(source, meaningful).replace(/\s+/g, ' ').trim();
  return text === '' ? {} : { name: text };
}

function toTarget(head: Head): TargetRef | undefined {
  if (head.name === undefined && head.role === undefined) return undefined;
  return {
    ...(head.name === undefined ? {} : { name: head.name }),
    ...(head.role === undefined ? {} : { role: head.role }),
    ...(head.ordinal === undefined ? {} : { ordinal: head.ordinal }),
  };
}

/**
 * Read tokens as one noun phrase. Relations split it from the right place: the first relation
 * word after some head words, when something follows it ("the Cancel button in the dialog").
 * Place phrases ("in the corner") are dropped. Undefined when nothing names or kinds a target.
 */
/**
 * Words that make a target a judgment only the person can make ("whichever ones seem overheated",
 * "the ones that look wrong", "the suspicious ones"): such a phrase names no control. Quoted names
 * are never read for them.
 */
const judgmentWords = new Set([
  'whichever',
  'whatever',
  'seem',
  'seems',
  'looks',
  'appear',
  'appears',
  'suspicious',
  'problematic',
]);

export function parsePhrase(source: string, tokens: readonly Token[], options: PhraseOptions = {}): Phrase | undefined {
  // "the answer to 'Can I change my delivery address?'": a question's answer is shown by the
  // question itself (an FAQ entry opened), so the question is the thing.
  const answerAt = isWord(tokens[0], 'the') ? 1 : 0;
  if (
    isWord(tokens[answerAt], 'answer', 'answers') &&
    isWord(tokens[answerAt + 1], 'to') &&
    tokens.length > answerAt + 2
  )
    return parsePhrase(source, tokens.slice(answerAt + 2), options);
  const ranked = rankedByClause(tokens);
  if (ranked !== undefined) return parsePhrase(source, ranked, options);
  const possessive = possessiveHolder(tokens);
  if (possessive !== undefined) return parsePhrase(source, possessive, options);
  const described = describedByWhatItDoes(source, tokens);
  if (described !== undefined) return { type: 'target', target: described, all: false };
  const trimmed = trimPunctuation(tokens);
  if (trimmed.length === 0) return undefined;
  if (trimmed.some((token) => token.kind === 'word' && judgmentWords.has(token.lower))) return undefined;
  // "what's in docs", "what is inside it": a question about what a place holds is no name ("What's
  // new" and "How do refunds work?" may be).
  const asks = isWord(trimmed[0], 'what', 'whats', "what's") ? (isWord(trimmed[1], 'is') ? 2 : 1) : 0;
  if (asks > 0 && isWord(trimmed[asks], 'in', 'inside', 'on', 'under')) return undefined;
  for (let index = 1; index < trimmed.length; index += 1) {
    const relation = relationAt(trimmed, index);
    if (relation === undefined) continue;
    const after = trimmed.slice(index + relation.length);
    if (after.length === 0) continue;
    // "Save after you type your name": a clause, not an element, follows; the words are no place.
    if (relation.placed !== undefined && after[0]?.kind === 'word' && clauseStarts.has(after[0].lower)) continue;
    const before = trimmed.slice(0, index);
    const head = readHead(source, before, options);
    if (head === undefined) continue;
    // "the one labelled Archive": "one" stands for the thing the name then picks out.
    const standIn = head.pronoun && relation.kind === 'named' && isWord(before.at(-1), 'one');
    // "him from the workspace": the pronoun already says which; the place adds nothing.
    if (head.pronoun && !standIn) return { type: 'pronoun' };
    if (isPlace(after)) {
      const target = toTarget(head);
      return target === undefined ? undefined : { type: 'target', target, all: head.all };
    }
    // "the row of 'Boiler-02'", "the post by @dana": a holder named by what it contains.
    const holderNamedByContent =
      head.name === undefined &&
      holderRoles.has(head.role ?? '') &&
      ['of', 'for', 'by', 'from', 'with'].includes(trimmed[index]!.lower);
    // "the 'Active' badge whose tooltip says 'Archive project'": two names for one thing ("a book
    // called …" names a book: a plain lower-case noun is its kind, not a name).
    const ownName = head.name !== undefined && /^[\p{Lu}\p{N}'"‘“]/u.test(head.name);
    if (relation.kind === 'named' && ownName && !standIn) return undefined;
    if (
      relation.kind === 'named' ||
      holderNamedByContent ||
      (relation.kind === 'contains' && (head.name === undefined || holderRoles.has(head.role ?? '')))
    ) {
      const named = parsePhrase(source, after, options);
      if (named?.type !== 'target' || named.target.name === undefined) continue;
      const target = toTarget({ ...head, name: named.target.name });
      if (target === undefined) continue;
      const within = named.target.within;
      return { type: 'target', target: within === undefined ? target : { ...target, within }, all: head.all };
    }
    // "the icon next to the 'Active' badge whose tooltip says 'Archive project'": a name said
    // after a holder that has its own name is the name of what is looked for, not the holder's.
    const namedAt = after.findIndex((_, at) => at > 0 && relationAt(after, at)?.kind === 'named');
    const holderPhrase = namedAt > 0 ? parsePhrase(source, after.slice(0, namedAt), { contentKinds: true }) : undefined;
    const holderName = holderPhrase?.type === 'target' ? holderPhrase.target.name : undefined;
    if (
      holderPhrase?.type === 'target' &&
      holderName !== undefined &&
      /^[\p{Lu}\p{N}'"‘“]/u.test(holderName) &&
      head.name === undefined
    ) {
      const naming = after.slice(namedAt + relationAt(after, namedAt)!.length);
      const named = parsePhrase(source, naming);
      const target = named?.type === 'target' ? toTarget({ ...head, name: named.target.name }) : undefined;
      if (target === undefined || named?.type !== 'target') return undefined;
      const placed = relation.placed === undefined ? {} : { relation: relation.placed };
      return { type: 'target', target: { ...target, within: holderPhrase.target, ...placed }, all: head.all };
    }
    const holder = parsePhrase(source, after, { contentKinds: true });
    if (holder?.type !== 'target') continue;
    // "the machine in the last row": a plain noun before a holder picked by its position is the
    // kind of thing that holder shows, not a name to look for; the holder is what is meant.
    const plainNoun =
      hadDeterminerAndNoun(before) && head.role === undefined && head.ordinal === undefined && !head.all;
    if (plainNoun && holder.target.ordinal !== undefined && holderRoles.has(holder.target.role ?? ''))
      return { type: 'target', target: holder.target, all: false };
    const target = toTarget(head);
    if (target === undefined) continue;
    const placed = relation.placed === undefined ? {} : { relation: relation.placed };
    return { type: 'target', target: { ...target, within: holder.target, ...placed }, all: head.all };
  }
  const head = readHead(source, trimmed, options);
  if (head === undefined) return undefined;
  if (head.pronoun) return { type: 'pronoun' };
  const target = toTarget(head);
  return target === undefined ? undefined : { type: 'target', target, all: head.all };
}

/** Verbs that place an item in a list: "comes last", "is first", "appears second". */
const rankingVerbs = new Set(['comes', 'is', 'appears', 'sits', 'shows', 'ends']);

/**
 * "whichever book comes last in the list", "the result that is first" → "last book in the list",
 * "first result": a position said in a clause, moved before the noun. Undefined otherwise.
 */
function rankedByClause(tokens: readonly Token[]): Token[] | undefined {
  let at = isWord(tokens[0], 'the', 'whichever', 'whatever') ? 1 : 0;
  const nounStart = at;
  while (tokens[at]?.kind === 'word' && !isWord(tokens[at], 'that', 'which', ...rankingVerbs)) at += 1;
  const noun = tokens.slice(nounStart, at);
  if (noun.length === 0 || noun.length > 3) return undefined;
  if (isWord(tokens[at], 'that', 'which')) at += 1;
  if (!isWord(tokens[at], ...rankingVerbs)) return undefined;
  at += isWord(tokens[at + 1], 'up') ? 2 : 1;
  const words = tokens.slice(at).map((token) => (token.kind === 'word' ? token.lower : ''));
  const rank = ordinalAt(words);
  if (rank === undefined) return undefined;
  return [...tokens.slice(at, at + rank.length), ...noun, ...tokens.slice(at + rank.length)];
}

/** Words that place an element relative to another ("after", "below", "next to"). */
const relationWords = new Set([
  'after',
  'before',
  'below',
  'above',
  'beside',
  'next',
  'under',
  'near',
  'left',
  'right',
  'beneath',
  'inside',
  'within',
]);

/**
 * "the box that shows the password" → a checkbox named "show the password": a kind of element
 * and what it does, which is how controls are named. Undefined when the phrase is not that.
 */
function describedByWhatItDoes(source: string, tokens: readonly Token[]): TargetRef | undefined {
  const trimmed = trimPunctuation(tokens);
  const at = trimmed.findIndex((token) => token.kind === 'word' && (token.lower === 'that' || token.lower === 'which'));
  if (at < 1) return undefined;
  const head = trimmed.slice(0, at).filter((token) => !(token.kind === 'word' && determiners.has(token.lower)));
  const noun = roleNounAt(head.map((token) => (token.kind === 'word' ? token.lower : '')));
  const verb = trimmed[at + 1];
  const rest = trimmed.slice(at + 2);
  if (noun === undefined || noun.length !== head.length || verb?.kind !== 'word' || rest.length === 0) return undefined;
  if (!/[^s]s$/.test(verb.lower) || rest.some((token) => token.kind !== 'word')) return undefined;
  // "the field that comes right after Password" places it; the relation reads that.
  if (rest.some((token) => relationWords.has(token.lower))) return undefined;
  // "the option that says Hello" is named Hello; "the box that shows the password" is named by
  // what it does ("Show password"), the verb as a control's name says it.
  if (/^(?:says|reads)$/.test(verb.lower)) return { name: spanText(source, rest), role: noun.role };
  return { name: `${verb.text.slice(0, -1)} ${spanText(source, rest)}`, role: noun.role };
}

/**
 * "Dana's post about the mural" → "post by Dana about the mural": an owner before a holder's noun
 * names the holder by what it shows, as "by" does. Undefined when the phrase is not that.
 */
function possessiveHolder(tokens: readonly Token[]): Token[] | undefined {
  const at = tokens.findIndex((token) => token.kind === 'word' && /^[^'’]+['’]s$/.test(token.text));
  const owner = tokens[at];
  // "Dana's post", "Sam Ortiz's post": the owner's whole name, written with capitals before "'s".
  const before = tokens.slice(0, Math.max(at, 0));
  if (owner === undefined || at > 3 || (at > 1 && !before.every((token) => /^\p{Lu}/u.test(token.text))))
    return undefined;
  const noun = roleNounAt(tokens.slice(at + 1).map((token) => (token.kind === 'word' ? token.lower : '')));
  if (noun === undefined || !holderRoles.has(noun.role)) return undefined;
  const name: Token = { ...owner, text: owner.text.slice(0, -2), lower: owner.lower.slice(0, -2), end: owner.end - 2 };
  const by: Token = { kind: 'word', text: 'by', lower: 'by', start: owner.end, end: owner.end };
  const nounTokens = tokens.slice(at + 1, at + 1 + noun.length);
  const first = before[0] ?? owner;
  const the: Token = { kind: 'word', text: 'the', lower: 'the', start: first.start, end: first.start };
  // A lone determiner before the owner ("the Harbor team's board") is no part of the name.
  const named = before.length === 1 && determiners.has(before[0]!.lower) ? [] : before;
  return [the, ...nounTokens, by, ...named, name, ...tokens.slice(at + 1 + noun.length)];
}

/** "the machine": a determiner and one lower-case word, nothing quoted. */
function hadDeterminerAndNoun(tokens: readonly Token[]): boolean {
  const [first, second] = tokens;
  return (
    tokens.length === 2 &&
    first?.kind === 'word' &&
    determiners.has(first.lower) &&
    second?.kind === 'word' &&
    /^\p{Ll}+$/u.test(second.text)
  );
}

function isPlace(tokens: readonly Token[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word').map((token) => token.lower);
  const content = words.filter((word) => !determiners.has(word) && word !== 'of' && !placePositions.has(word));
  return content.length > 0 && content.length <= 3 && content.every((word) => placeWords.has(word));
}

export function trimPunctuation(tokens: readonly Token[]): Token[] {
  let start = 0;
  let end = tokens.length;
  while (start < end && tokens[start]!.kind === 'punct') start += 1;
  while (end > start && tokens[end - 1]!.kind === 'punct' && tokens[end - 1]!.text !== ')') end -= 1;
  return tokens.slice(start, end);
}
