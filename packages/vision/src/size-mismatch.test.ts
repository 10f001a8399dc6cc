import { describe, expect, it } from 'vitest';
import { compareImages } from './compare.js';
import { dHash, hammingDistance } from './dhash.js';
import { drawActionMarker } from './action-marker.js';
import { drawChangeMarks } from './change-marks.js';
import { createImage } from './image.js';
import { diffImages } from './regions.js';
import { MAX_MEAN_SQUARED_ERROR, meanSquaredError, structuralSimilarity } from './similarity.js';
import { grayImage, noiseImage, withRect } from './test-support/synthetic.js';

const empty = createImage(0, 0);

describe('images of different sizes', () => {
  const before = noiseImage(200, 100, 3);
  const taller = (() => {
    const image = noiseImage(200, 130, 99);
    image.data.set(before.data, 0);
    return image;
  })();

  it('compares the shared top-left area and says the sizes differed', () => {
    const comparison = compareImages(before, taller);
    expect(comparison.sizeMismatch).toBe(true);
    expect(comparison.comparedSize).toEqual({ width: 200, height: 100 });
    expect(comparison.meanSquaredError).toBe(0);
    expect(comparison.structuralSimilarity).toBe(1);
    expect(compareImages(before, before).sizeMismatch).toBe(false);
  });

  it('reports the rows only the larger post-action image has as one changed region', () => {
    const diff = diffImages(before, taller);
    expect(diff.sizeMismatch).toBe(true);
    expect(diff.regions).toEqual([{ box: { x: 0, y: 100, width: 200, height: 30 }, changedPixels: 6000, density: 1 }]);
  });

  it('finds only real changes when the post-action image is the smaller one', () => {
    const smaller = withRect(grayImage(150, 80), { x: 10, y: 10, width: 20, height: 20 }, [0, 0, 0]);
    const diff = diffImages(grayImage(200, 100), smaller);
    expect(diff.sizeMismatch).toBe(true);
    expect(diff.regions.map((region) => region.box)).toEqual([{ x: 10, y: 10, width: 20, height: 20 }]);
  });

  it('hashes any size, so resized copies of one screen stay close', () => {
    const wide = withRect(grayImage(900, 400), { x: 0, y: 0, width: 450, height: 400 }, [0, 0, 0]);
    const narrow = withRect(grayImage(600, 300), { x: 0, y: 0, width: 300, height: 300 }, [0, 0, 0]);
    expect(hammingDistance(dHash(wide), dHash(narrow))).toBe(0);
  });
});

describe('empty images', () => {
  const screen = grayImage(20, 10);

  it('gives defined similarity results: two empty images are alike, empty against content is not', () => {
    expect(meanSquaredError(empty, empty)).toBe(0);
    expect(structuralSimilarity(empty, empty)).toBe(1);
    expect(meanSquaredError(empty, screen)).toBe(MAX_MEAN_SQUARED_ERROR);
    expect(structuralSimilarity(screen, empty)).toBe(0);
    expect(dHash(empty)).toBe(0n);
  });

  it('finds no regions in an empty post-action image, and all of a screen that replaced an empty one', () => {
    expect(diffImages(screen, empty)).toEqual({ regions: [], changedPixels: 0, droppedRegions: 0, sizeMismatch: true });
    expect(diffImages(empty, screen).regions).toEqual([
      { box: { x: 0, y: 0, width: 20, height: 10 }, changedPixels: 200, density: 1 },
    ]);
  });

  it('draws nothing on an empty image', () => {
    expect(drawChangeMarks(empty, [{ box: { x: 0, y: 0, width: 5, height: 5 } }])).toEqual(empty);
    expect(
      drawActionMarker(empty, { type: 'click', at: { x: 3, y: 3 }, button: 'left', count: 1, modifiers: [] }),
    ).toEqual(empty);
  });
});
