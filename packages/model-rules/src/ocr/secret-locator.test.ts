import { describe, expect, it } from 'vitest';
import { ocrLine } from '../test-support/ocr-lines.js';
import { secretWordBoxes } from './secret-locator.js';

/** The x of each box's middle. */
const middles = (boxes: readonly { x: number; width: number }[]) => boxes.map((box) => box.x + box.width / 2);

describe('secretWordBoxes', () => {
  it('covers the word showing the secret and leaves its label legible', () => {
    const boxes = secretWordBoxes(
      [ocrLine('API token ZEBRAQUOKKA', 20), ocrLine('Paste the token here', 40)],
      'ZEBRAQUOKKA',
    );
    expect(middles(boxes)).toEqual([92 + 55]);
    expect(boxes.every((box) => box.y === 17 && box.height === 16)).toBe(true);
  });

  it('finds a secret read with the characters OCR confuses', () => {
    expect(secretWordBoxes([ocrLine('Key: 5ecr3t-0n1y')], 'secr3t-only')).toHaveLength(1);
  });

  it('finds a secret run into the word beside it', () => {
    expect(middles(secretWordBoxes([ocrLine('New Token:hunter2hunter2')], 'hunter2hunter2'))).toEqual([36 + 100]);
  });

  it('finds the part of a secret a narrow field shows', () => {
    expect(secretWordBoxes([ocrLine('sk-live-8f2a9c')], 'sk-live-8f2a9c41d7e0b3')).toHaveLength(1);
  });

  it('leaves ordinary words that share a few letters with the secret', () => {
    expect(secretWordBoxes([ocrLine('Save the live settings')], 'sk-live-8f2a9c41d7e0b3')).toEqual([]);
    expect(secretWordBoxes([ocrLine('Zebra crossing')], 'ZEBRAQUOKKA')).toEqual([]);
  });
});
