import { unionBox } from './layout.js';
import type { OcrLine, OcrMatch, OcrWord } from './types.js';

/** Options of {@link findTextMatches}. */
export interface TextMatchOptions {
  /** Matches scoring below this (0 to 1) are dropped; absent means {@link DEFAULT_MIN_SCORE}. */
  readonly minScore?: number;
}

/**
 * Default acceptance threshold. One wrong character in a five-letter word still passes (0.8);
 * a query with a whole extra word ("employee name field" against "Employee name") does not.
 */
export const DEFAULT_MIN_SCORE = 0.75;

/**
 * Find where `query` appears in OCR lines, best first.
 *
 * Contract: `query` is the target text only, as it appears on screen ("Employee name", "Submit"),
 * never a description of the target ("the employee name field"); callers strip role words first.
 * Matching ignores case, punctuation and spacing, folds characters OCR commonly confuses
 * (0/O, 1/l/I/|, rn/m, vv/w, 5/S) and tolerates a word split or merged by OCR. It compares the
 * query with runs of consecutive words of one line, so it matches a label inside a longer line too;
 * `coverage` tells a whole-line match from one inside running text.
 *
 * Sorted by score, then coverage, then top-to-bottom and left-to-right. Within one line, matches
 * never share a word.
 */
export function findTextMatches(lines: readonly OcrLine[], query: string, options: TextMatchOptions = {}): OcrMatch[] {
  const minScore = options.minScore ?? DEFAULT_MIN_SCORE;
  const queryTokens = query.split(/\s+/u).map(cleanText).filter(Boolean);
  if (queryTokens.length === 0) return [];
  const target = foldConfusions(queryTokens.join(''));
  const matches: OcrMatch[] = [];
  for (const line of lines) matches.push(...matchLine(line, target, queryTokens.length, minScore));
  return matches.sort((a, b) => b.score - a.score || b.coverage - a.coverage || a.box.y - b.box.y || a.box.x - b.box.x);
}

/**
 * Reduce text to the form matching compares: lower case, letters and digits only, with commonly
 * confused characters folded to one representative. Applied to both sides, so folding never
 * prevents an exact match.
 */
export function normalizeForMatch(text: string): string {
  return foldConfusions(cleanText(text));
}

/** Lower case, letters and digits only; a vertical bar counts as the letter l it usually is. */
function cleanText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replaceAll('|', 'l')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

// Folding runs on joined words so that an "r" ending one word and an "n" starting the next fold
// the same way whether or not OCR saw the space between them.
function foldConfusions(clean: string): string {
  return clean
    .replaceAll('rn', 'm')
    .replaceAll('vv', 'w')
    .replace(/[01i5]/gu, (character) => confusionFold[character] ?? character);
}

const confusionFold: Readonly<Record<string, string>> = { '0': 'o', '1': 'l', i: 'l', '5': 's' };

/** 1 minus the edit distance divided by the longer length; 1 for two empty strings. */
export function similarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  return 1 - levenshtein(a, b) / longer;
}

/** Minimum number of single-character insertions, deletions and substitutions turning `a` into `b`. */
export function levenshtein(a: string, b: string): number {
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

interface Candidate {
  readonly start: number;
  readonly end: number;
  readonly score: number;
  readonly characters: number;
}

function matchLine(line: OcrLine, target: string, queryWordCount: number, minScore: number): OcrMatch[] {
  const tokens = line.words
    .map((word) => ({ word, clean: cleanText(word.text) }))
    .filter((token) => token.clean !== '');
  const lineCharacters = foldConfusions(tokens.map((token) => token.clean).join('')).length;
  const candidates: Candidate[] = [];
  // One word fewer or more than the query covers OCR merging two words or splitting one.
  const shortest = Math.max(1, queryWordCount - 1);
  const longest = queryWordCount + 1;
  for (let start = 0; start < tokens.length; start += 1) {
    let joined = '';
    for (let end = start; end < Math.min(tokens.length, start + longest); end += 1) {
      joined += tokens[end]?.clean ?? '';
      if (end - start + 1 < shortest) continue;
      const folded = foldConfusions(joined);
      const score = similarity(folded, target);
      if (score >= minScore) candidates.push({ start, end, score, characters: folded.length });
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.end - a.start - (b.end - b.start));
  const taken: Candidate[] = [];
  for (const candidate of candidates) {
    if (taken.every((other) => candidate.end < other.start || candidate.start > other.end)) taken.push(candidate);
  }
  return taken.map((candidate) => {
    const words: OcrWord[] = tokens.slice(candidate.start, candidate.end + 1).map((token) => token.word);
    return {
      text: words.map((word) => word.text).join(' '),
      score: candidate.score,
      coverage: lineCharacters === 0 ? 0 : Math.min(1, candidate.characters / lineCharacters),
      box: unionBox(words.map((word) => word.box)),
      line,
      words,
    };
  });
}
