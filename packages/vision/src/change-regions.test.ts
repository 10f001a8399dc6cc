import { describe, expect, it } from 'vitest';
import { changedPixelCount, diffImages, diffRegions } from './regions.js';
import { grayImage, paint, withRect } from './test-support/synthetic.js';

const black = [0, 0, 0] as const;
const blank = grayImage(400, 300);

describe('change regions', () => {
  it('finds exactly one region, with the exact box, for one drawn rectangle', () => {
    const after = withRect(blank, { x: 40, y: 30, width: 25, height: 10 }, black);
    expect(diffRegions(blank, after)).toEqual([
      { box: { x: 40, y: 30, width: 25, height: 10 }, changedPixels: 250, density: 1 },
    ]);
    expect(changedPixelCount(blank, after)).toBe(250);
  });

  it('merges rectangles a few pixels apart into one region', () => {
    const after = withRect(blank, { x: 40, y: 30, width: 10, height: 10 }, black);
    paint(after, { x: 55, y: 33, width: 10, height: 10 }, black);
    const regions = diffRegions(blank, after);
    expect(regions).toHaveLength(1);
    expect(regions[0]?.box).toEqual({ x: 40, y: 30, width: 25, height: 13 });
    expect(regions[0]?.changedPixels).toBe(200);
    expect(regions[0]?.density).toBeCloseTo(200 / (25 * 13), 12);
  });

  it('keeps far-apart rectangles separate', () => {
    const after = withRect(blank, { x: 40, y: 30, width: 10, height: 10 }, black);
    paint(after, { x: 90, y: 30, width: 10, height: 10 }, black);
    expect(diffRegions(blank, after).map((region) => region.box.x)).toEqual([40, 90]);
  });

  it('merges at exactly mergeDistance empty pixels and not one pixel further', () => {
    const at = (gap: number) => {
      const after = withRect(blank, { x: 40, y: 30, width: 10, height: 10 }, black);
      return paint(after, { x: 50 + gap, y: 30, width: 10, height: 10 }, black);
    };
    expect(diffRegions(blank, at(12))).toHaveLength(1);
    expect(diffRegions(blank, at(13))).toHaveLength(2);
    expect(diffRegions(blank, at(4), { mergeDistance: 3 })).toHaveLength(2);
    expect(diffRegions(blank, at(0), { mergeDistance: 0 })).toHaveLength(1);
  });

  it('merges along diagonals by the larger of the two gaps', () => {
    const after = withRect(blank, { x: 40, y: 30, width: 10, height: 10 }, black);
    paint(after, { x: 60, y: 60, width: 10, height: 10 }, black);
    // 10 empty columns and 20 empty rows apart: the rows decide.
    expect(diffRegions(blank, after)).toHaveLength(2);
    expect(diffRegions(blank, after, { mergeDistance: 20 })).toHaveLength(1);
  });

  it('merges transitively when a merged box reaches a third area', () => {
    const after = withRect(blank, { x: 10, y: 10, width: 5, height: 5 }, black);
    paint(after, { x: 25, y: 10, width: 5, height: 5 }, black);
    paint(after, { x: 40, y: 10, width: 5, height: 60 }, black);
    paint(after, { x: 10, y: 75, width: 5, height: 5 }, black);
    const regions = diffRegions(blank, after, { mergeDistance: 10 });
    expect(regions).toEqual([
      { box: { x: 10, y: 10, width: 35, height: 70 }, changedPixels: 375, density: 375 / 2450 },
    ]);
  });

  it('drops a lone two-pixel speck but keeps a speck next to a real change', () => {
    const speck = withRect(blank, { x: 200, y: 200, width: 2, height: 1 }, black);
    const lone = diffImages(blank, speck);
    expect(lone.regions).toEqual([]);
    expect(lone.changedPixels).toBe(2);
    expect(lone.droppedRegions).toBe(1);
    const near = withRect(speck, { x: 205, y: 200, width: 10, height: 10 }, black);
    expect(diffRegions(blank, near)).toEqual([
      { box: { x: 200, y: 200, width: 15, height: 10 }, changedPixels: 102, density: 102 / 150 },
    ]);
    expect(diffRegions(blank, speck, { minPixels: 2 })).toHaveLength(1);
  });

  it('joins diagonal neighbours into one region even with no merge distance', () => {
    const after = withRect(blank, { x: 100, y: 100, width: 3, height: 3 }, black);
    paint(after, { x: 103, y: 103, width: 3, height: 3 }, black);
    expect(diffRegions(blank, after, { mergeDistance: 0 })).toHaveLength(1);
  });

  it('orders regions top to bottom, then left to right', () => {
    const after = withRect(blank, { x: 300, y: 20, width: 8, height: 8 }, black);
    paint(after, { x: 20, y: 200, width: 8, height: 8 }, black);
    paint(after, { x: 20, y: 20, width: 8, height: 8 }, black);
    paint(after, { x: 150, y: 20, width: 8, height: 8 }, black);
    const boxes = diffRegions(blank, after).map((region) => [region.box.x, region.box.y]);
    expect(boxes).toEqual([
      [20, 20],
      [150, 20],
      [300, 20],
      [20, 200],
    ]);
  });

  it('keeps the regions with the most changed pixels when capped, still in reading order', () => {
    const after = withRect(blank, { x: 300, y: 10, width: 20, height: 20 }, black);
    paint(after, { x: 10, y: 10, width: 8, height: 8 }, black);
    paint(after, { x: 10, y: 200, width: 30, height: 30 }, black);
    const diff = diffImages(blank, after, { maxRegions: 2 });
    expect(diff.regions.map((region) => region.changedPixels)).toEqual([400, 900]);
    expect(diff.droppedRegions).toBe(1);
    expect(diff.changedPixels).toBe(1364);
  });

  it('never counts pixels inside an ignored area', () => {
    const after = withRect(blank, { x: 40, y: 30, width: 25, height: 10 }, black);
    paint(after, { x: 350, y: 5, width: 40, height: 12 }, black);
    const regions = diffRegions(blank, after, { ignore: [{ x: 340, y: 0, width: 60, height: 20 }] });
    expect(regions.map((region) => region.box)).toEqual([{ x: 40, y: 30, width: 25, height: 10 }]);
  });

  it('makes a lower threshold catch a faint recolouring that the default misses', () => {
    const after = withRect(blank, { x: 40, y: 30, width: 50, height: 20 }, [240, 240, 240]);
    expect(diffRegions(blank, after)).toEqual([]);
    expect(diffRegions(blank, after, { threshold: 0.01 })).toHaveLength(1);
  });
});
