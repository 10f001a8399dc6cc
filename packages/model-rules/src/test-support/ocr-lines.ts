import { makeLine } from '../ocr/layout.js';
import type { OcrLine, OcrWord } from '../ocr/types.js';

/** A line of OCR words 10 px high, each word 10 px per character wide, 6 px apart, at height y. */
export function ocrLine(text: string, y = 0): OcrLine {
  let x = 0;
  const words: OcrWord[] = text.split(' ').map((word) => {
    const box = { x, y, width: word.length * 10, height: 10 };
    x += box.width + 6;
    return { text: word, confidence: 90, box };
  });
  return makeLine(words);
}
