import { itemNouns } from '../language/lexicon.js';

/** How a name matched the query, strongest first. */
export type MatchTier = 'exact' | 'same-words' | 'prefix' | 'contains' | 'contained' | 'fuzzy';

/** The tiers from strongest to weakest, as {@link MatchTier} lists them. */
const TIER_ORDER: readonly MatchTier[] = ['exact', 'same-words', 'prefix', 'contains', 'contained', 'fuzzy'];

/** Whether a match is at least as strong as `tier` ("prefix" or better: exact, same-words, prefix). */
export function reaches(score: TextScore | undefined, tier: MatchTier): boolean {
  return score !== undefined && TIER_ORDER.indexOf(score.tier) <= TIER_ORDER.indexOf(tier);
}

/** A scored text match. */
export interface TextScore {
  /** 0 to 1; every exact match outranks every prefix match, and so on down the tiers. */
  readonly score: number;
  /** Which kind of match it was. */
  readonly tier: MatchTier;
}

/** Case-folded words only: punctuation and marks such as a required-field asterisk do not count. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Minimum number of single-character edits turning `a` into `b`. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function editSimilarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - editDistance(a, b) / longer;
}

/** Share of words the two texts have in common, relative to the longer word list. */
function tokenOverlap(a: string, b: string): number {
  const left = a.split(' ');
  const right = new Set(b.split(' '));
  const shared = left.filter((word) => right.has(word)).length;
  return shared / Math.max(left.length, right.size);
}

/** Below this similarity a fuzzy match is no match at all. */
const FUZZY_FLOOR = 0.6;

/**
 * Score how well an on-screen name matches the query text. Tiers: exact (1), the same words in the
 * same order once joining words are left out ("harbour view inn in oslo" and "Harbour View Inn,
 * Oslo": 0.96), the name starts with the query (0.85–0.95), the name contains it as whole words
 * (0.7–0.8; its words in another order 0.7–0.75), the query contains the
 * name (0.55–0.65), and fuzzy (token overlap or edit similarity, at most 0.5). Within a tier a
 * tighter fit scores higher. Undefined when the texts are unrelated.
 */
export function scoreText(query: string, name: string): TextScore | undefined {
  const wanted = normalizeText(query);
  const seen = normalizeText(name);
  // A name of marks alone ("×", "⋮", "+") matches only itself.
  if (wanted === '' || seen === '')
    return query.trim() !== '' && query.trim() === name.trim() ? { score: 1, tier: 'exact' } : undefined;
  if (wanted === seen) return { score: 1, tier: 'exact' };
  const wantedWords = contentWords(wanted);
  if (wantedWords.length >= 2 && wantedWords.join(' ') === contentWords(seen).join(' '))
    return { score: 0.96, tier: 'same-words' };
  if (seen.startsWith(`${wanted} `)) return { score: 0.85 + 0.1 * (wanted.length / seen.length), tier: 'prefix' };
  if (` ${seen} `.includes(` ${wanted} `))
    return { score: 0.7 + 0.1 * (wanted.length / seen.length), tier: 'contains' };
  // "the March 2024 invoice" for "Invoice March 2024": every word, in another order, as English
  // puts a noun's modifiers before it and labels often after. Just below the same words in order.
  const seenWords = new Set(contentWords(seen));
  if (wantedWords.length >= 2 && wantedWords.every((word) => seenWords.has(word)))
    return { score: 0.7 + 0.05 * (wanted.length / seen.length), tier: 'contains' };
  // A plural name of a kind of item ("Messages", "Projects") names the collection: a query that
  // holds it ("the parking permits message") means one of its items, never the collection.
  const collection = seen !== singular(seen) && onlyItemNouns(seen) !== undefined;
  // A name inside the query that leaves out the query's code ("guides" inside "deploy.md in the
  // guides folder") names the place the thing is in, not the thing.
  const codeLeftOut = codeWords(query).some((code) => !` ${seen} `.includes(` ${code} `));
  if (` ${wanted} `.includes(` ${seen} `) && !collection && !codeLeftOut)
    return { score: 0.55 + 0.1 * (seen.length / wanted.length), tier: 'contained' };
  // "labels" for "Shipping label errors", "invoice" for "Invoices": the same words but for a plural.
  const one = singular(wanted);
  const other = singular(seen);
  if (one !== wanted || other !== seen) {
    const matched = scoreText(one, other);
    // Only a name that holds the query counts so: "modal component" does not hold "Components".
    if (matched !== undefined && matched.tier !== 'fuzzy' && matched.tier !== 'contained')
      return { score: matched.score - PLURAL_PENALTY, tier: matched.tier === 'exact' ? 'same-words' : matched.tier };
  }
  // Numbers name things exactly: "D41" is not a misspelt "D4", nor "Invoice 2025" one of "Invoice 2024".
  const digits = (text: string) => text.match(/\d+/g)?.join(' ') ?? '';
  if (digits(wanted) !== '' && digits(seen) !== '' && digits(wanted) !== digits(seen)) return undefined;
  const similarity = Math.max(editSimilarity(wanted, seen), tokenOverlap(wanted, seen));
  return similarity >= FUZZY_FLOOR ? { score: 0.5 * similarity, tier: 'fuzzy' } : undefined;
}

/**
 * Words of a text that name one thing exactly, normalized: those with a digit ("B-02", "INV-2291")
 * and those joined inside by a dot, an @ or an underscore ("deploy.md", "ada@example.com").
 */
function codeWords(text: string): string[] {
  return text
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => /\p{N}/u.test(word) || /[\p{L}\p{N}][.@_][\p{L}\p{N}]/u.test(word))
    .map(normalizeText)
    .filter((word) => word !== '');
}

/** How much less a match counts when it needed a plural made singular. */
const PLURAL_PENALTY = 0.02;

/** Every word of a normalized text without a plural "s" ("labels" → "label", not "class" or "bus"). */
function singular(normalized: string): string {
  return normalized
    .split(' ')
    .map((word) => (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word) ? word.slice(0, -1) : word))
    .join(' ');
}

/** Words that join the parts of a spoken name ("the inn in Oslo") and that labels often leave out. */
const joiningWords = new Set(['the', 'a', 'an', 'in', 'at', 'of', 'on', 'by', 'near', 'from', 'and']);

function contentWords(normalized: string): string[] {
  return normalized.split(' ').filter((word) => word !== '' && !joiningWords.has(word));
}

/**
 * Whether text read off the screen by OCR is `name` itself, not only like it. OCR matching folds
 * look-alike characters (0 and o, 1 and l), so "Sensor tog" would pass for "sensor T-09"; the name
 * matcher, which refuses a different number, must agree too.
 */
export function readsAsName(name: string, text: string, minimum: number): boolean {
  return (scoreText(name, text)?.score ?? 0) >= minimum;
}

/** Whether `text` appears in `haystack` as whole words, ignoring case and punctuation. */
export function containsText(haystack: string, text: string): boolean {
  const wanted = normalizeText(text);
  return wanted !== '' && ` ${normalizeText(haystack)} `.includes(` ${wanted} `);
}

/**
 * The name without a trailing noun for a kind of item ("parking permits email" → "parking
 * permits"), plural or not; undefined when it has none or nothing would be left.
 */
export function withoutItemNoun(name: string): string | undefined {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return undefined;
  const last = words
    .at(-1)!
    .toLowerCase()
    .replace(/[.,!?]+$/, '');
  const singular = last.endsWith('s') ? last.slice(0, -1) : last;
  if (!itemNouns.has(last) && !itemNouns.has(singular)) return undefined;
  return words.slice(0, -1).join(' ');
}

/**
 * A name made only of nouns for kinds of item ("project card", "email message"): no name at all,
 * only what kind of thing is meant. The last noun, singular, names the kind.
 */
export function onlyItemNouns(name: string): string | undefined {
  const words = name.trim().toLowerCase().split(/\s+/);
  const noun = (word: string) => (itemNouns.has(word) ? word : word.endsWith('s') ? word.slice(0, -1) : word);
  if (words.length === 0 || !words.every((word) => itemNouns.has(noun(word)))) return undefined;
  return noun(words.at(-1)!);
}
