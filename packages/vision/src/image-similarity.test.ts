import { describe, expect, it } from 'vitest';
import {
  MAX_MEAN_SQUARED_ERROR,
  boxDownsample,
  defaultDownsampleFactor,
  meanSquaredError,
  structuralSimilarity,
} from './similarity.js';
import { grayImage, noiseImage, withRect } from './test-support/synthetic.js';

describe('mean squared error', () => {
  it('is 0 for identical pixels and 65 025 for black against white', () => {
    expect(meanSquaredError(grayImage(10, 10, 0), grayImage(10, 10, 0))).toBe(0);
    expect(meanSquaredError(grayImage(10, 10, 0), grayImage(10, 10, 255))).toBe(MAX_MEAN_SQUARED_ERROR);
  });

  it('averages squared differences over the red, green and blue channels of every pixel', () => {
    const base = grayImage(4, 5, 100);
    // One pixel of twenty changes by 10 in red only: 100 / (20 pixels × 3 channels).
    const changed = withRect(base, { x: 1, y: 1, width: 1, height: 1 }, [110, 100, 100]);
    expect(meanSquaredError(base, changed)).toBeCloseTo(100 / 60, 12);
    // Half the pixels change by 20 in every channel: 400 × half.
    const half = withRect(base, { x: 0, y: 0, width: 2, height: 5 }, [120, 120, 120]);
    expect(meanSquaredError(base, half)).toBeCloseTo(200, 12);
  });

  it('ignores alpha', () => {
    const opaque = grayImage(3, 3, 40);
    const translucent = { ...opaque, data: new Uint8Array(opaque.data) };
    for (let offset = 3; offset < translucent.data.length; offset += 4) translucent.data[offset] = 0;
    expect(meanSquaredError(opaque, translucent)).toBe(0);
  });
});

describe('structural similarity', () => {
  const screen = noiseImage(400, 300, 11);

  it('is 1 for identical images and ranks a small change above a large one', () => {
    expect(structuralSimilarity(screen, screen)).toBe(1);
    const small = withRect(screen, { x: 10, y: 10, width: 20, height: 20 }, [255, 255, 255]);
    const large = withRect(screen, { x: 0, y: 0, width: 300, height: 200 }, [255, 255, 255]);
    const smallScore = structuralSimilarity(screen, small);
    const largeScore = structuralSimilarity(screen, large);
    expect(smallScore).toBeLessThan(1);
    expect(largeScore).toBeLessThan(smallScore);
  });

  it('is near 0 for black against white, and negative for an inverted texture', () => {
    expect(Math.abs(structuralSimilarity(grayImage(64, 64, 0), grayImage(64, 64, 255)))).toBeLessThan(0.01);
    const inverted = { ...screen, data: screen.data.map((value, index) => (index % 4 === 3 ? value : 255 - value)) };
    expect(structuralSimilarity(screen, inverted, { downsampleFactor: 1 })).toBeLessThan(0);
  });

  it('picks a factor that brings the shorter side near 256 pixels, and honours an explicit one', () => {
    expect(defaultDownsampleFactor(1280, 800)).toBe(3);
    expect(defaultDownsampleFactor(1920, 1080)).toBe(4);
    expect(defaultDownsampleFactor(200, 100)).toBe(1);
    const changed = withRect(screen, { x: 50, y: 50, width: 40, height: 40 }, [0, 0, 0]);
    expect(structuralSimilarity(screen, changed, { downsampleFactor: 1 })).not.toBe(
      structuralSimilarity(screen, changed, { downsampleFactor: 4 }),
    );
  });

  it('downsamples by box averaging, averaging partial edge blocks over the pixels they have', () => {
    const image = withRect(grayImage(5, 3, 0), { x: 4, y: 0, width: 1, height: 3 }, [90, 90, 90]);
    const small = boxDownsample(image, 2);
    expect([small.width, small.height]).toEqual([3, 2]);
    // The last column is a partial block holding only the 90s.
    expect(Array.from(small.data.subarray(8, 12))).toEqual([90, 90, 90, 255]);
    expect(Array.from(small.data.subarray(0, 4))).toEqual([0, 0, 0, 255]);
  });

  it('still detects a change confined to the last columns when downsampling', () => {
    const wide = grayImage(1283, 800, 255);
    const changed = withRect(wide, { x: 1281, y: 0, width: 2, height: 800 }, [0, 0, 0]);
    expect(structuralSimilarity(wide, changed)).toBeLessThan(1);
  });
});
