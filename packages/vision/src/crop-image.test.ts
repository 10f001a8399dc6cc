import { describe, expect, it } from 'vitest';
import { createImage, cropImage, type RgbaImage } from './image.js';

/** A 4 × 3 image whose red channel holds each pixel's index, so a crop shows where it came from. */
function numbered(): RgbaImage {
  const image = createImage(4, 3);
  for (let index = 0; index < 12; index += 1) image.data[index * 4] = index;
  return image;
}
const reds = (image: RgbaImage) => [...image.data].filter((_, offset) => offset % 4 === 0);

describe('cropping an image', () => {
  it('keeps the pixels inside the rectangle, row by row', () => {
    const crop = cropImage(numbered(), { x: 1, y: 1, width: 2, height: 2 });
    expect([crop.width, crop.height]).toEqual([2, 2]);
    expect(reds(crop)).toEqual([5, 6, 9, 10]);
  });

  it('rounds the rectangle out to whole pixels and keeps it within the image', () => {
    const crop = cropImage(numbered(), { x: 2.5, y: -3, width: 10, height: 4.2 });
    expect([crop.width, crop.height]).toEqual([2, 2]);
    expect(reds(crop)).toEqual([2, 3, 6, 7]);
    expect(cropImage(numbered(), { x: 9, y: 9, width: 2, height: 2 })).toMatchObject({ width: 0, height: 0 });
  });
});
