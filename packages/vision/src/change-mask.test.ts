import { describe, expect, it } from 'vitest';
import { changeMask, changedPixelsWithin } from './diff-mask.js';
import { grayImage, paint, withRect } from './test-support/synthetic.js';

describe('change mask', () => {
  const before = grayImage(100, 80);
  const after = paint(
    withRect(before, { x: 10, y: 10, width: 10, height: 10 }, [0, 0, 0]),
    { x: 70, y: 50, width: 5, height: 2 },
    [0, 0, 0],
  );

  it('marks exactly the changed pixels of the post-action image', () => {
    const mask = changeMask(before, after);
    expect(mask.count).toBe(110);
    expect(mask.changed[10 * 100 + 10]).toBe(1);
    expect(mask.changed[9 * 100 + 10]).toBe(0);
    expect(mask.sizeMismatch).toBe(false);
  });

  it('counts changed pixels inside a box, clipping it to the image and rounding outwards', () => {
    const mask = changeMask(before, after);
    expect(changedPixelsWithin(mask, { x: 0, y: 0, width: 15, height: 15 })).toBe(25);
    expect(changedPixelsWithin(mask, { x: 14.5, y: 14.5, width: 0.2, height: 0.2 })).toBe(1);
    expect(changedPixelsWithin(mask, { x: 60, y: 40, width: 500, height: 500 })).toBe(10);
    expect(changedPixelsWithin(mask, { x: -50, y: -50, width: 20, height: 20 })).toBe(0);
    expect(changedPixelsWithin(mask, { x: 30, y: 30, width: 20, height: 20 })).toBe(0);
  });
});
