/**
 * Requests for a value's letter case that stand apart from the clause typing it: "sign in as
 * Ada@Example.com (type it lowercase)", "log in with ADA@example.com typed all in lowercase",
 * "…, password P. Please type the email in lower case." A clause that types a value reads its own
 * case words ("type 'ada' in upper case", see interpret.ts); these others are applied to the value
 * they point at before the instruction is read, and the request itself is taken out.
 */
import { emailAddress, applyCase, caseTransformIn, type CaseTransform } from './values.js';
import { tokenize, type Token } from './tokens.js';

/** Words of a case request: "(type it all in lower case letters)", "written in capitals". */
const CASE_WORDS = /^(?:upper|lower|title|case|uppercase|lowercase|capitals|caps|capital|small|block|letters|all)$/;
/** Words around the case words of a request that ask for nothing else: "(type it all in …)". */
const LEAD_WORDS = new Set([
  'type',
  'write',
  'enter',
  'put',
  'use',
  'it',
  'in',
  'all',
  'please',
  'typed',
  'written',
  'entered',
]);
/** Participles of typing after a value: "ada@example.com typed all in lowercase". */
const PARTICIPLES = new Set(['typed', 'written', 'entered', 'spelled', 'spelt']);
/** Verbs of a request of its own for a value's case: "Please type the email in lower case." */
const CLAUSE_VERBS = new Set(['type', 'write', 'enter', 'put', 'use', 'spell', 'keep']);
/** Words before the noun naming the value: "the email", "my username". */
const OWNERS = new Set(['the', 'my', 'your', 'that', 'this']);
/** Nouns for an email address when a case request names the value by its kind. */
const EMAIL_NOUNS = new Set(['email', 'e-mail', 'address', 'login', 'username', 'user']);

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** The case a run of words asks for when they are all case words ("all in lower case"), else undefined. */
function caseOf(words: readonly Token[]): CaseTransform | undefined {
  if (words.length === 0 || words.some((token) => token.kind !== 'word')) return undefined;
  const caseWords = words.filter((token) => !LEAD_WORDS.has(token.lower));
  if (caseWords.length === 0 || !caseWords.every((token) => CASE_WORDS.test(token.lower))) return undefined;
  const text = words.map((token) => token.lower).join(' ');
  return caseTransformIn(text) ?? (/\b(?:caps|capitals)\b/.test(text) ? 'upper' : undefined);
}

/** The value that ends at `end` (exclusive): a quoted text, or a word with its capitalised name before it. */
function valueBefore(tokens: readonly Token[], end: number): { from: number; to: number } | undefined {
  const last = tokens[end - 1];
  if (last === undefined || last.kind === 'punct') return undefined;
  if (last.kind === 'quoted') return { from: end - 1, to: end };
  // A word that could be a value: an address, a code, a name ("it's typed in lowercase" is not one).
  if (!/[\p{N}@]|^\p{Lu}/u.test(last.text)) return undefined;
  let from = end - 1;
  // "as Ada Lovelace (all capitals)": a name's capitalised words go together.
  // The first word of a sentence is capitalised for the sentence ("Add Ada Lovelace (all caps)").
  const opensSentence = (at: number) => at === 0 || /^[.;!?]$/.test(tokens[at - 1]!.text);
  if (/^\p{Lu}/u.test(last.text))
    while (
      from > 0 &&
      !opensSentence(from - 1) &&
      tokens[from - 1]!.kind === 'word' &&
      /^\p{Lu}\p{Ll}/u.test(tokens[from - 1]!.text)
    )
      from -= 1;
  return { from, to: end };
}

/** Where a clause ends: at a sentence mark, a comma or the end. */
function clauseEnd(tokens: readonly Token[], from: number): number {
  let at = from;
  while (at < tokens.length && !(tokens[at]!.kind === 'punct' && /^[.,;!?)]$/.test(tokens[at]!.text))) at += 1;
  return at;
}

/** The value an earlier part of the instruction gave for `noun` ("email", "username", "code"). */
function valueNamed(tokens: readonly Token[], noun: string, before: number): { from: number; to: number } | undefined {
  // The value written right after the noun ("username AdaL", "code: 'ab12'").
  const said: { from: number; to: number }[] = [];
  for (let index = 0; index + 1 < before; index += 1) {
    if (tokens[index]!.lower !== noun) continue;
    let next = index + 1;
    while (next < before && (tokens[next]!.lower === 'is' || tokens[next]!.text === ':')) next += 1;
    const value = tokens[next];
    if (value?.kind === 'quoted' || (value?.kind === 'word' && /[\p{N}@]|^\p{Lu}/u.test(value.text)))
      said.push({ from: next, to: next + 1 });
  }
  // Else, for "the email", the address written anywhere before.
  const addresses = tokens
    .slice(0, before)
    .flatMap((token, index) =>
      token.kind !== 'punct' && emailAddress.test(token.text) ? [{ from: index, to: index + 1 }] : [],
    );
  const values = said.length > 0 || !EMAIL_NOUNS.has(noun) ? said : addresses;
  // Two values the noun could mean: which one is not for this rewrite to guess.
  return values.length === 1 ? values[0] : undefined;
}

function recase(source: string, tokens: readonly Token[], span: { from: number; to: number }, to: CaseTransform): Edit {
  const first = tokens[span.from]!;
  const last = tokens[span.to - 1]!;
  if (first.kind === 'quoted' && span.to - span.from === 1) {
    // Keep the quotes: only the text between them changes.
    const inner = source.slice(first.start, first.end);
    const at = inner.indexOf(first.text);
    return { start: first.start + at, end: first.start + at + first.text.length, text: applyCase(first.text, to) };
  }
  return { start: first.start, end: last.end, text: applyCase(source.slice(first.start, last.end), to) };
}

/**
 * The instruction with every case request that stands apart from its value applied to the value
 * and taken out. Requests inside a clause that types the value are left for that clause to read.
 */
export function withLetterCaseApplied(source: string): string {
  const tokens = tokenize(source);
  const edits: Edit[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    // "Ada@Example.com (type it lowercase)": a bracket of case words after a value.
    if (token.kind === 'punct' && token.text === '(') {
      const close = tokens.findIndex((item, at) => at > index && item.kind === 'punct' && item.text === ')');
      const transform = close > index ? caseOf(tokens.slice(index + 1, close)) : undefined;
      const value = transform && valueBefore(tokens, index);
      if (transform !== undefined && value !== undefined) {
        edits.push(recase(source, tokens, value, transform), {
          start: tokens[index - 1]!.end,
          end: tokens[close]!.end,
          text: '',
        });
        index = close;
      }
      continue;
    }
    // "ada@example.com typed all in lowercase, password …": a participle of typing after a value.
    if (token.kind === 'word' && PARTICIPLES.has(token.lower) && index > 0) {
      const end = clauseEnd(tokens, index + 1);
      const transform = caseOf(tokens.slice(index + 1, end));
      const value = transform && valueBefore(tokens, index);
      if (transform !== undefined && value !== undefined) {
        edits.push(recase(source, tokens, value, transform), {
          start: tokens[index - 1]!.end,
          end: tokens[end - 1]!.end,
          text: '',
        });
        index = end - 1;
      }
      continue;
    }
    // "Please type the email in lower case.": a clause of its own naming the value by its kind.
    const opensClause =
      index === 0 || (tokens[index - 1]!.kind === 'punct' && /^[.;!?,]$/.test(tokens[index - 1]!.text));
    if (!opensClause || token.kind !== 'word') continue;
    let at = index;
    if (tokens[at]?.lower === 'and' || tokens[at]?.lower === 'but') at += 1;
    if (tokens[at]?.lower === 'please') at += 1;
    if (!CLAUSE_VERBS.has(tokens[at]?.lower ?? '')) continue;
    at += 1;
    if (OWNERS.has(tokens[at]?.lower ?? '')) at += 1;
    const noun = tokens[at];
    if (noun?.kind !== 'word') continue;
    let nounEnd = at + 1;
    if (tokens[nounEnd]?.lower === 'address' && noun.lower !== 'address') nounEnd += 1;
    const end = clauseEnd(tokens, nounEnd);
    const transform = caseOf(tokens.slice(nounEnd, end));
    const value = transform && valueNamed(tokens, noun.lower, index);
    if (transform === undefined || value === undefined) continue;
    // ", and type the email in lower case": the comma goes; ". Please type …." : the full stop.
    const before = tokens[index - 1];
    const stop = tokens[end];
    const afterComma = before?.kind === 'punct' && before.text === ',';
    const sentence = stop?.kind === 'punct' && /^[.;!?]$/.test(stop.text);
    edits.push(recase(source, tokens, value, transform), {
      start: afterComma ? before.start : token.start,
      end: sentence && !afterComma ? stop.end : tokens[end - 1]!.end,
      text: '',
    });
    index = end - 1;
  }
  if (edits.length === 0) return source;
  let result = source;
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result.trim();
}
