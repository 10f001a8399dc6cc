import pixelmatch from 'pixelmatch';
import { describe, expect, it } from 'vitest';
import { changedPixelCount, diffImages } from './regions.js';
import { grayImage, paint } from './test-support/synthetic.js';

/** A black box with a one-pixel gray border, as a rasteriser draws a shape at a sub-pixel position. */
function boxWithSoftEdge(edgeLevel: number) {
  const image = grayImage(120, 80);
  paint(image, { x: 29, y: 19, width: 42, height: 32 }, [edgeLevel, edgeLevel, edgeLevel]);
  paint(image, { x: 30, y: 20, width: 40, height: 30 }, [0, 0, 0]);
  return image;
}

describe('anti-aliasing tolerance', () => {
  it('finds no region when only the soft edge of a shape re-renders lighter', () => {
    const diff = diffImages(boxWithSoftEdge(110), boxWithSoftEdge(200));
    expect(diff.regions).toEqual([]);
    // The edge's straight runs (about 140 pixels) are recognised as anti-aliasing, not counted.
    expect(diff.changedPixels).toBeLessThan(10);
  });

  it('counts the same colour change when it is not on an edge (the near miss)', () => {
    const before = grayImage(120, 80);
    const after = paint(grayImage(120, 80), { x: 29, y: 60, width: 42, height: 1 }, [110, 110, 110]);
    const diff = diffImages(before, after);
    expect(diff.regions.map((region) => region.box)).toEqual([{ x: 29, y: 60, width: 42, height: 1 }]);
  });

  it('ignores the edge because it is anti-aliasing, not because the change is faint', () => {
    const before = boxWithSoftEdge(110);
    const after = boxWithSoftEdge(200);
    const strict = pixelmatch(before.data, after.data, null, before.width, before.height, { includeAA: true });
    expect(strict).toBeGreaterThan(100);
    expect(changedPixelCount(before, after, { threshold: 0 })).toBeLessThan(10);
  });
});
