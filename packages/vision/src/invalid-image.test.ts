import type { Action } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { drawActionMarker } from './action-marker.js';
import { drawChangeMarks } from './change-marks.js';
import { compareImages } from './compare.js';
import { dHash } from './dhash.js';
import { InvalidImageError, VisionError } from './errors.js';
import type { RgbaImage } from './image.js';
import { changedPixelCount, diffRegions } from './regions.js';
import { meanSquaredError, structuralSimilarity } from './similarity.js';
import { grayImage } from './test-support/synthetic.js';

const good = grayImage(10, 10);
const short: RgbaImage = { width: 10, height: 10, data: new Uint8Array(399) };
const click: Action = { type: 'click', at: { x: 1, y: 1 }, button: 'left', count: 1, modifiers: [] };

const calls: [string, (image: RgbaImage) => unknown][] = [
  ['dHash', (image) => dHash(image)],
  ['meanSquaredError', (image) => meanSquaredError(good, image)],
  ['structuralSimilarity', (image) => structuralSimilarity(image, good)],
  ['compareImages', (image) => compareImages(good, image)],
  ['diffRegions', (image) => diffRegions(good, image)],
  ['changedPixelCount', (image) => changedPixelCount(image, good)],
  ['drawChangeMarks', (image) => drawChangeMarks(image, [])],
  ['drawActionMarker', (image) => drawActionMarker(image, click)],
];

describe('invalid in-memory images', () => {
  it.each(calls)('%s throws InvalidImageError naming the byte counts when the buffer is too short', (_name, call) => {
    let caught: unknown;
    try {
      call(short);
    } catch (error: unknown) {
      caught = error;
    }
    expect(InvalidImageError.isInstance(caught)).toBe(true);
    expect(VisionError.isInstance(caught)).toBe(true);
    expect((caught as Error).message).toMatch(/holds 399 bytes but 10 × 10 RGBA pixels need exactly 400/);
  });

  it('rejects sizes that are not whole non-negative numbers, and pixels that are not a Uint8Array', () => {
    const fractional = { width: 2.5, height: 2, data: new Uint8Array(20) };
    const negative = { width: -1, height: 2, data: new Uint8Array(0) };
    const wrongType = { width: 1, height: 1, data: [0, 0, 0, 255] } as unknown as RgbaImage;
    expect(() => dHash(fractional)).toThrow(/whole numbers of pixels/);
    expect(() => dHash(negative)).toThrow(InvalidImageError);
    expect(() => meanSquaredError(good, wrongType)).toThrow(/Uint8Array/);
    expect(() => dHash(null as unknown as RgbaImage)).toThrow(InvalidImageError);
  });

  it('names the argument that was wrong', () => {
    expect(() => diffRegions(good, short)).toThrow(/"after"/);
    expect(() => diffRegions(short, good)).toThrow(/"before"/);
  });

  it('accepts pixels that start at an odd offset inside a larger buffer', () => {
    const backing = new Uint8Array(good.data.length + 1);
    backing.set(good.data, 1);
    const shifted = { width: 10, height: 10, data: backing.subarray(1) };
    const changed = { ...shifted, data: new Uint8Array(shifted.data) };
    changed.data.fill(0, 0, 40);
    expect(diffRegions(shifted, changed)).toHaveLength(1);
    expect(structuralSimilarity(shifted, good)).toBe(1);
  });
});
