import { describe, expect, it } from 'vitest';
import { dHash, hammingDistance } from './dhash.js';
import { createImage } from './image.js';
import { grayImage, noiseImage, paint, withRect } from './test-support/synthetic.js';

/** Nine vertical bands whose gray level goes from `first` by `step` per band, each `scale` pixels wide. */
function bands(scale: number, first: number, step: number, height = 8 * scale) {
  const image = grayImage(9 * scale, height);
  for (let band = 0; band < 9; band += 1) {
    const level = first + band * step;
    paint(image, { x: band * scale, y: 0, width: scale, height }, [level, level, level]);
  }
  return image;
}

describe('difference hash', () => {
  it('sets every bit when each cell is brighter than its right neighbour', () => {
    expect(dHash(bands(1, 240, -20))).toBe(0xffff_ffff_ffff_ffffn);
  });

  it('clears every bit when brightness rises to the right, and for a uniform image', () => {
    expect(dHash(bands(1, 20, 20))).toBe(0n);
    expect(dHash(grayImage(123, 45, 77))).toBe(0n);
  });

  it('puts the top-left pair in the most significant bit, row by row', () => {
    const image = grayImage(9, 8, 100);
    paint(image, { x: 0, y: 0, width: 1, height: 1 }, [200, 200, 200]);
    paint(image, { x: 7, y: 7, width: 1, height: 1 }, [200, 200, 200]);
    expect(dHash(image)).toBe((1n << 63n) | 1n);
  });

  it('gives the same hash to the same picture at different sizes, including sizes that do not divide evenly', () => {
    const small = bands(1, 240, -20);
    for (const scale of [2, 7, 113]) expect(dHash(bands(scale, 240, -20))).toBe(dHash(small));
    const uneven = bands(1, 240, -20, 8);
    const stretched = createImage(100, 37, [0, 0, 0, 255]);
    for (let y = 0; y < 37; y += 1) {
      for (let x = 0; x < 100; x += 1) {
        const level = 240 - Math.floor((x * 9) / 100) * 20;
        stretched.data.set([level, level, level, 255], (y * 100 + x) * 4);
      }
    }
    expect(dHash(stretched)).toBe(dHash(uneven));
  });

  it('hashes images smaller than the 9 × 8 grid', () => {
    const tiny = grayImage(3, 2, 50);
    paint(tiny, { x: 0, y: 0, width: 1, height: 2 }, [250, 250, 250]);
    const hash = dHash(tiny);
    // The bright first column covers cells 0–2 of each row, so of the eight pairs per row only the
    // third (cells 2 and 3) has a brighter left side: bit 0b0010_0000 of every row's byte.
    expect(hash).toBe(0x2020_2020_2020_2020n);
  });

  it('barely moves for a small change on a large textured screen, and moves far for a different screen', () => {
    const screen = noiseImage(640, 400, 7);
    const touched = withRect(screen, { x: 300, y: 200, width: 3, height: 3 }, [0, 0, 0]);
    expect(hammingDistance(dHash(screen), dHash(touched))).toBeLessThanOrEqual(1);
    const other = withRect(grayImage(640, 400), { x: 320, y: 0, width: 320, height: 200 }, [0, 0, 0]);
    // The edge at x = 320 falls inside cell 4 of the top four rows, which turns gray: two bright-to-darker pairs per row.
    expect(hammingDistance(dHash(grayImage(640, 400)), dHash(other))).toBe(8);
  });
});

describe('hamming distance', () => {
  it('counts differing bits from 0 to 64', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0b1011n, 0b0001n)).toBe(2);
    expect(hammingDistance(1n << 63n, 1n)).toBe(2);
    expect(hammingDistance(0n, 0xffff_ffff_ffff_ffffn)).toBe(64);
  });

  it('reduces values outside 64 bits modulo 2^64 instead of failing', () => {
    expect(hammingDistance(-1n, 0n)).toBe(64);
    expect(hammingDistance(1n << 64n, 0n)).toBe(0);
  });
});
