import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clusterPixels, gapBetween, mergeNearbyGroups, type PixelGroup } from './components.js';

/**
 * The obvious, slow definition: start from single pixels and merge any two groups whose
 * rectangles are at most `distance` empty pixels apart until none are.
 */
function referenceGroups(mask: readonly number[], width: number, distance: number): PixelGroup[] {
  let groups: PixelGroup[] = [];
  mask.forEach((value, index) => {
    if (value === 0) return;
    const x = index % width;
    const y = Math.floor(index / width);
    groups.push({ left: x, top: y, right: x + 1, bottom: y + 1, pixels: 1 });
  });
  for (let merged = true; merged;) {
    merged = false;
    outer: for (let first = 0; first < groups.length; first += 1) {
      for (let second = first + 1; second < groups.length; second += 1) {
        const a = groups[first];
        const b = groups[second];
        if (a === undefined || b === undefined || gapBetween(a, b) > distance) continue;
        const union = {
          left: Math.min(a.left, b.left),
          top: Math.min(a.top, b.top),
          right: Math.max(a.right, b.right),
          bottom: Math.max(a.bottom, b.bottom),
          pixels: a.pixels + b.pixels,
        };
        groups = [...groups.filter((_, index) => index !== first && index !== second), union];
        merged = true;
        break outer;
      }
    }
  }
  return groups;
}

function canonical(groups: readonly PixelGroup[]): string[] {
  return groups.map((group) => `${group.left},${group.top},${group.right},${group.bottom}:${group.pixels}`).sort();
}

describe('grouping changed pixels', () => {
  it('matches the pixel-by-pixel definition on random masks and distances', () => {
    const masks = fc
      .record({ width: fc.integer({ min: 1, max: 20 }), height: fc.integer({ min: 1, max: 20 }) })
      .chain(({ width, height }) =>
        fc.record({
          width: fc.constant(width),
          height: fc.constant(height),
          density: fc.double({ min: 0.01, max: 0.6, noNaN: true }),
          seeds: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), {
            minLength: width * height,
            maxLength: width * height,
          }),
          distance: fc.integer({ min: 0, max: 5 }),
        }),
      );
    fc.assert(
      fc.property(masks, ({ width, height, density, seeds, distance }) => {
        const mask = seeds.map((seed) => (seed < density ? 1 : 0));
        const fast = mergeNearbyGroups(clusterPixels(Uint8Array.from(mask), width, height, distance), distance);
        expect(canonical(fast)).toEqual(canonical(referenceGroups(mask, width, distance)));
      }),
      { numRuns: 300, seed: 20240601 },
    );
  });

  it('joins diagonal neighbours at distance 0 but not pixels one apart', () => {
    const diagonal = Uint8Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(clusterPixels(diagonal, 3, 3, 0)).toHaveLength(1);
    const apart = Uint8Array.from([1, 0, 1]);
    expect(clusterPixels(apart, 3, 1, 0)).toHaveLength(2);
    expect(clusterPixels(apart, 3, 1, 1)).toHaveLength(1);
  });

  it('turns a whole screen of dots a pixel apart into one group without comparing every pair', () => {
    const width = 1280;
    const height = 800;
    const mask = new Uint8Array(width * height);
    for (let y = 0; y < height; y += 2) for (let x = 0; x < width; x += 2) mask[y * width + x] = 1;
    const groups = mergeNearbyGroups(clusterPixels(mask, width, height, 12), 12);
    expect(groups).toEqual([{ left: 0, top: 0, right: 1279, bottom: 799, pixels: 640 * 400 }]);
  });
});
