import { describe, expect, it } from 'vitest';
import { coverRegions } from './cover-regions.js';
import { createImage } from './image.js';

const pixel = (image: ReturnType<typeof createImage>, x: number, y: number) => [
  ...image.data.slice((y * image.width + x) * 4, (y * image.width + x) * 4 + 4),
];

describe('coverRegions', () => {
  it('paints each box opaque grey with a darker edge, leaves the rest, and skips boxes off the image', () => {
    const image = createImage(40, 20, [255, 255, 255, 255]);
    coverRegions(image, [
      { x: 10, y: 5, width: 10, height: 6 },
      { x: 100, y: 100, width: 5, height: 5 },
    ]);
    expect(pixel(image, 15, 8)).toEqual([128, 128, 128, 255]);
    expect(pixel(image, 9, 4)).toEqual([64, 64, 64, 255]);
    expect(pixel(image, 30, 8)).toEqual([255, 255, 255, 255]);
    expect(pixel(image, 0, 0)).toEqual([255, 255, 255, 255]);
  });
});
