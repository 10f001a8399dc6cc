/** Opening and closing characters of the quotes rendering uses, in the order it tries them. */
const quotePairs: readonly (readonly [string, string])[] = [
  ["'", "'"],
  ['"', '"'],
  ['\u201c', '\u201d'],
  ['\u2018', '\u2019'],
];

/** Further quotes people type that are read but never written: «…», „…“, `…`, 「…」, ‹…›. */
const readOnlyPairs: readonly (readonly [string, string])[] = [
  ['\u00ab', '\u00bb'],
  ['\u201e', '\u201c'],
  ['`', '`'],
  ['\u300c', '\u300d'],
  ['\u2039', '\u203a'],
];

const closerOf = new Map<string, string>([...quotePairs, ...readOnlyPairs].map(([open, close]) => [open, close]));

const wordCharacter = /[\p{L}\p{N}]/u;

function isWordCharacter(character: string | undefined): boolean {
  return character !== undefined && wordCharacter.test(character);
}

/** A quoted span of an instruction: `start` and `end` index the quote characters themselves (end exclusive). */
export interface LiteralSpan {
  /** Index of the opening quote in the scanned text. */
  readonly start: number;
  /** Index just past the closing quote. */
  readonly end: number;
  /** The text between the quotes, untouched. */
  readonly text: string;
}

/**
 * Find the quoted spans of `text`. A quote opens only at the start of a word (so apostrophes in
 * "user's" do not open one) and closes at the first matching closer that is not followed by a
 * letter or digit (so "it's" inside a quoted value does not close it). An unmatched opener is
 * left as ordinary text.
 */
export function scanLiterals(text: string): LiteralSpan[] {
  const spans: LiteralSpan[] = [];
  let index = 0;
  while (index < text.length) {
    const character = text[index] ?? '';
    const closer = closerOf.get(character);
    if (closer !== undefined && !isWordCharacter(text[index - 1])) {
      const end = findCloser(text, index + 1, closer);
      if (end !== undefined) {
        spans.push({ start: index, end: end + 1, text: text.slice(index + 1, end) });
        index = end + 1;
        continue;
      }
    }
    index += 1;
  }
  return spans;
}

function findCloser(text: string, from: number, closer: string): number | undefined {
  for (let index = text.indexOf(closer, from); index !== -1; index = text.indexOf(closer, index + 1)) {
    if (!isWordCharacter(text[index + 1])) return index;
  }
  return undefined;
}

/**
 * Quote `value` so that {@link scanLiterals} reads it back unchanged: single quotes when they
 * are safe, otherwise the first pair whose closer never appears in `value` at a place where it
 * would end the quote early. A value that defeats all four pairs (see {@link isQuotable}) gets
 * typographic double quotes and will not read back whole.
 */
export function quote(value: string): string {
  for (const [open, close] of quotePairs) {
    if (canQuoteWith(value, close)) return `${open}${value}${close}`;
  }
  return `\u201c${value}\u201d`;
}

function canQuoteWith(value: string, closer: string): boolean {
  for (let index = value.indexOf(closer); index !== -1; index = value.indexOf(closer, index + 1)) {
    if (!isWordCharacter(value[index + 1])) return false;
  }
  return true;
}

/** Whether some quote pair can hold `value` and read back unchanged. */
export function isQuotable(value: string): boolean {
  return quotePairs.some(([, close]) => canQuoteWith(value, close));
}

/**
 * Longest text a plan may carry in one place (a step, a criterion, a quoted value): room for
 * anything quoted from the longest instruction a task takes (10,000 characters) and the words
 * around it, so a long value typed from the instruction never makes a plan invalid.
 */
export const QUOTED_TEXT_MAX = 12_000;
