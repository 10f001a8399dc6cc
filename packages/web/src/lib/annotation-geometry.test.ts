import { annotationSchema, marksBoundingBox, type AnnotationMark } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import {
  boxFromCorners,
  containRect,
  extendStroke,
  isMeaningfulMark,
  toDisplayPoint,
  toScreenPoint,
} from './annotation-geometry.js';

const screen = { width: 1280, height: 800 };
const shownAtHalf = { width: 640, height: 400 };

describe('annotation geometry', () => {
  it('scales a pointer position on the shown image to screenshot pixels, and back', () => {
    expect(toScreenPoint({ x: 100, y: 50 }, shownAtHalf, screen)).toEqual({ x: 200, y: 100 });
    expect(toDisplayPoint({ x: 200, y: 100 }, shownAtHalf, screen)).toEqual({ x: 100, y: 50 });
  });

  it('clamps positions outside the image to its edge', () => {
    expect(toScreenPoint({ x: -5, y: 900 }, shownAtHalf, screen)).toEqual({ x: 0, y: 800 });
  });

  it('builds a box from corners dragged in any direction', () => {
    expect(boxFromCorners({ x: 300, y: 200 }, { x: 100, y: 260 })).toEqual({ x: 100, y: 200, width: 200, height: 60 });
  });

  it('drops stroke points closer than the minimum distance', () => {
    expect(extendStroke([{ x: 10, y: 10 }], { x: 11, y: 10 })).toHaveLength(1);
    expect(extendStroke([{ x: 10, y: 10 }], { x: 14, y: 10 })).toHaveLength(2);
  });

  it('ignores a click that did not drag a rectangle or an arrow', () => {
    expect(isMeaningfulMark({ kind: 'rect', box: { x: 5, y: 5, width: 1, height: 0 } })).toBe(false);
    expect(
      isMeaningfulMark({
        kind: 'arrow',
        points: [
          { x: 5, y: 5 },
          { x: 6, y: 5 },
        ],
      }),
    ).toBe(false);
    expect(isMeaningfulMark({ kind: 'rect', box: { x: 5, y: 5, width: 40, height: 20 } })).toBe(true);
  });

  it('produces marks drawn at half size that the annotation contract accepts, boxed in screen pixels', () => {
    const corner = toScreenPoint({ x: 100, y: 80 }, shownAtHalf, screen);
    const opposite = toScreenPoint({ x: 250, y: 140 }, shownAtHalf, screen);
    const marks: AnnotationMark[] = [
      { kind: 'rect', box: boxFromCorners(corner, opposite) },
      { kind: 'arrow', points: [toScreenPoint({ x: 350, y: 250 }, shownAtHalf, screen), opposite] },
    ];
    const box = marksBoundingBox(marks);
    expect(box).toEqual({ x: 200, y: 160, width: 500, height: 340 });
    expect(annotationSchema.safeParse({ screenshotHash: 'a'.repeat(64), marks, box }).success).toBe(true);
  });
});

describe('a letterboxed image', () => {
  it('sits centred in its box at the largest size that fits', () => {
    expect(containRect({ width: 800, height: 400 }, screen)).toEqual({ x: 80, y: 0, width: 640, height: 400 });
    expect(containRect({ width: 640, height: 600 }, screen)).toEqual({ x: 0, y: 100, width: 640, height: 400 });
  });
});
