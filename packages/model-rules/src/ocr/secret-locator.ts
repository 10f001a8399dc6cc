import type { ScreenTextLocator } from '@sandpiper/core';
import type { Box } from '@sandpiper/protocol';
import { findTextMatches, normalizeForMatch } from './text-match.js';
import type { OcrEngine, OcrLine } from './types.js';

/**
 * Finding secrets in a screenshot by reading it, for screens no accessibility snapshot describes.
 * A run that knows a secret (a bound `{{token}}`, a value typed into a password field) has every
 * stored screenshot read with the engine the built-in engine reads screens with, and the words
 * showing the secret covered. OCR misreads, so a secret is found:
 * - as a run of words close enough to it (one wrong character in five), as targets are found;
 * - as a word holding it whole (OCR ran it into the label beside it);
 * - as a word that is a long enough piece of it (a field too narrow to show it all).
 */
export function createOcrSecretLocator(ocr: () => Promise<OcrEngine>): ScreenTextLocator {
  return {
    async locate(png, text) {
      if (normalizeForMatch(text).length < SHORTEST) return [];
      // The whole frame at its own scale: the read the engine makes next, so it comes from the cache.
      const { lines } = await (await ocr()).recognize(png);
      return secretWordBoxes(lines, text);
    },
  };
}

/** Secrets shorter than this, folded, would be found in ordinary words. */
const SHORTEST = 3;

/** How close a run of words must read to a secret to be taken for it: one character in five wrong. */
const MIN_SCORE = 0.8;

/** Pixels added around each covered word, so no stroke of a letter shows at its edge. */
const MARGIN = 3;

/** The boxes of the words that show a secret, from the lines of one reading. */
export function secretWordBoxes(lines: readonly OcrLine[], secret: string): Box[] {
  const folded = normalizeForMatch(secret);
  const boxes = findTextMatches(lines, secret, { minScore: MIN_SCORE }).map((match) => match.box);
  for (const word of lines.flatMap((line) => line.words)) {
    const read = normalizeForMatch(word.text);
    if (read.length >= SHORTEST && (read.includes(folded) || showsPiece(read, folded))) boxes.push(word.box);
  }
  // A word found both ways is covered once.
  const distinct = new Map(boxes.map((box) => [`${box.x},${box.y},${box.width},${box.height}`, box]));
  return [...distinct.values()].map((box) => ({
    x: Math.max(0, box.x - MARGIN),
    y: Math.max(0, box.y - MARGIN),
    width: box.width + 2 * MARGIN,
    height: box.height + 2 * MARGIN,
  }));
}

/** Whether a word read is a piece of a secret long enough not to be chance: half of it, 4 at least. */
function showsPiece(read: string, secret: string): boolean {
  return read.length >= Math.min(secret.length, Math.max(4, Math.ceil(secret.length / 2))) && secret.includes(read);
}
