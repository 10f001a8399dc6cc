import type { Box } from '@sandpiper/protocol';
import type { OcrLine, OcrWord } from './types.js';

/** A word as Tesseract reports it, in the coordinates of the image it was given. */
export interface RawWord {
  /** Characters read, possibly with surrounding whitespace. */
  readonly text: string;
  /** 0 to 100. */
  readonly confidence: number;
  /** Corners of the word: (x0, y0) top-left inclusive, (x1, y1) bottom-right exclusive. */
  readonly bbox: { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number };
}

/** One of Tesseract's text lines. */
export interface RawLine {
  /** Its words, in Tesseract's order. */
  readonly words: readonly RawWord[];
}

/** How the image Tesseract read relates to the screenshot. */
export interface ImageTransform {
  /** The image was this many times larger than the screenshot. */
  readonly scale: number;
  /** Screenshot x of the image's left edge. */
  readonly offsetX: number;
  /** Screenshot y of the image's top edge. */
  readonly offsetY: number;
}

/** A gap wider than this many times the line's tallest word separates two visual lines. */
const LINE_GAP_FACTOR = 2;

/**
 * Convert Tesseract's lines into screenshot-space words and visual lines. Tesseract's automatic
 * layout joins text that merely shares a baseline (two columns, a row of buttons) into one line;
 * such lines are split at wide gaps so that each line is one label, phrase or sentence.
 */
export function buildLines(
  rawLines: readonly RawLine[],
  transform: ImageTransform,
): { words: OcrWord[]; lines: OcrLine[] } {
  const lines: OcrLine[] = [];
  for (const rawLine of rawLines) {
    const words = rawLine.words
      .map((word) => toScreenWord(word, transform))
      .filter((word): word is OcrWord => word !== undefined)
      .sort((a, b) => a.box.x - b.box.x);
    for (const group of splitAtGaps(words)) lines.push(makeLine(group));
  }
  lines.sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  return { words: lines.flatMap((line) => line.words), lines };
}

/** The smallest box containing every given box; the boxes must not be empty. */
export function unionBox(boxes: readonly Box[]): Box {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const box of boxes) {
    left = Math.min(left, box.x);
    top = Math.min(top, box.y);
    right = Math.max(right, box.x + box.width);
    bottom = Math.max(bottom, box.y + box.height);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** Build a line from words already in left-to-right order. */
export function makeLine(words: readonly OcrWord[]): OcrLine {
  const confidence = words.reduce((sum, word) => sum + word.confidence, 0) / Math.max(1, words.length);
  return {
    text: words.map((word) => word.text).join(' '),
    confidence,
    box: unionBox(words.map((word) => word.box)),
    words,
  };
}

function toScreenWord(word: RawWord, transform: ImageTransform): OcrWord | undefined {
  const text = word.text.trim();
  if (text === '') return undefined;
  const { x0, y0, x1, y1 } = word.bbox;
  const { scale, offsetX, offsetY } = transform;
  return {
    text,
    confidence: Math.max(0, Math.min(100, word.confidence)),
    box: {
      x: offsetX + x0 / scale,
      y: offsetY + y0 / scale,
      width: Math.max(0, x1 - x0) / scale,
      height: Math.max(0, y1 - y0) / scale,
    },
  };
}

function splitAtGaps(words: readonly OcrWord[]): OcrWord[][] {
  if (words.length === 0) return [];
  const tallest = Math.max(...words.map((word) => word.box.height));
  const groups: OcrWord[][] = [];
  let current: OcrWord[] = [];
  let previousRight = -Infinity;
  for (const word of words) {
    if (current.length > 0 && word.box.x - previousRight > LINE_GAP_FACTOR * tallest) {
      groups.push(current);
      current = [];
    }
    current.push(word);
    previousRight = Math.max(previousRight, word.box.x + word.box.width);
  }
  groups.push(current);
  return groups;
}
