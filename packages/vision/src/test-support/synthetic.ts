import type { Box } from '@sandpiper/protocol';
import type { RgbaImage } from '../image.js';

/**
 * Test support, not part of the public API: images built pixel by pixel, so tests know exactly
 * what changed and where. Written independently of the package's own drawing code.
 */

/** An opaque image of one gray level (white when absent). */
export function grayImage(width: number, height: number, level = 255): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let offset = 0; offset < data.length; offset += 4) {
    data[offset] = level;
    data[offset + 1] = level;
    data[offset + 2] = level;
    data[offset + 3] = 255;
  }
  return { width, height, data };
}

/** Paint a solid opaque rectangle, in place; the parts outside the image are skipped. */
export function paint(image: RgbaImage, box: Box, rgb: readonly [number, number, number]): RgbaImage {
  for (let y = box.y; y < box.y + box.height; y += 1) {
    for (let x = box.x; x < box.x + box.width; x += 1) {
      if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
      image.data.set([rgb[0], rgb[1], rgb[2], 255], (y * image.width + x) * 4);
    }
  }
  return image;
}

/** A fresh copy of `image` with `box` painted. */
export function withRect(image: RgbaImage, box: Box, rgb: readonly [number, number, number]): RgbaImage {
  return paint({ ...image, data: new Uint8Array(image.data) }, box, rgb);
}

/** The red, green, blue and alpha bytes at a pixel. */
export function pixelAt(image: RgbaImage, x: number, y: number): [number, number, number, number] {
  const offset = (y * image.width + x) * 4;
  return [
    image.data[offset] ?? -1,
    image.data[offset + 1] ?? -1,
    image.data[offset + 2] ?? -1,
    image.data[offset + 3] ?? -1,
  ];
}

/**
 * A pseudo-random but reproducible image (a linear congruential generator seeded with `seed`),
 * for tests that need texture rather than flat colour.
 */
export function noiseImage(width: number, height: number, seed: number): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  let state = seed >>> 0;
  for (let offset = 0; offset < data.length; offset += 4) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    data[offset] = state & 0xff;
    data[offset + 1] = (state >>> 8) & 0xff;
    data[offset + 2] = (state >>> 16) & 0xff;
    data[offset + 3] = 255;
  }
  return { width, height, data };
}

/** Intersection over union of two boxes: 1 when they coincide, 0 when they do not touch. */
export function intersectionOverUnion(first: Box, second: Box): number {
  const left = Math.max(first.x, second.x);
  const top = Math.max(first.y, second.y);
  const right = Math.min(first.x + first.width, second.x + second.width);
  const bottom = Math.min(first.y + first.height, second.y + second.height);
  const intersection = Math.max(0, right - left) * Math.max(0, bottom - top);
  const union = first.width * first.height + second.width * second.height - intersection;
  return union === 0 ? 0 : intersection / union;
}
