import { describe, expect, it } from 'vitest';
import { eraseRuledLines } from './ruled-lines.js';

const width = 200;
const height = 100;

function blank(): Uint8Array {
  return new Uint8Array(width * height).fill(255);
}

function paint(pixels: Uint8Array, x0: number, y0: number, x1: number, y1: number, value: number): void {
  for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) pixels[y * width + x] = value;
}

describe('eraseRuledLines', () => {
  it('removes a one-pixel box outline, except at most its corner pixels', () => {
    const image = blank();
    paint(image, 20, 20, 180, 21, 100);
    paint(image, 20, 50, 180, 51, 100);
    paint(image, 20, 20, 21, 51, 100);
    paint(image, 179, 20, 180, 51, 100);
    const cleaned = eraseRuledLines(image, width, height);
    expect(cleaned.filter((value) => value < 200).length).toBeLessThanOrEqual(4);
  });

  it('keeps a thin stroke as tall as a heading letter when no rule meets it', () => {
    const image = blank();
    paint(image, 100, 20, 101, 60, 30);
    const cleaned = eraseRuledLines(image, width, height);
    expect(cleaned[40 * width + 100]).toBe(30);
  });

  it('keeps short horizontal strokes and thick bars', () => {
    const image = blank();
    paint(image, 20, 30, 50, 31, 30);
    paint(image, 20, 60, 180, 70, 30);
    const cleaned = eraseRuledLines(image, width, height);
    expect(cleaned[30 * width + 30]).toBe(30);
    expect(cleaned[65 * width + 100]).toBe(30);
    expect(cleaned[60 * width + 100]).toBe(30);
  });

  it('removes a light rule on a dark background, painting it dark', () => {
    const image = new Uint8Array(width * height).fill(20);
    paint(image, 10, 40, 190, 41, 220);
    const cleaned = eraseRuledLines(image, width, height);
    expect(cleaned[40 * width + 100]).toBe(20);
  });
});
