import type { Screen } from '@sandpiper/core';
import type { Box, Point } from '@sandpiper/protocol';
import type { RgbaImage } from '../ocr/index.js';
import type { ScreenReader } from '../screen/screen-reader.js';

/** A channel must differ by more than this (0–255) for a pixel to count as changed; absorbs antialiasing noise. */
const CHANNEL_TOLERANCE = 24;
/** Half the side of the square around an action point that "near" counts, in pixels. */
export const NEAR_RADIUS = 80;
/** Changed pixels near the action point that count as a visible response (a caret is about 20). */
export const NEAR_THRESHOLD = 30;
/** Changed pixels anywhere on screen that count as a visible response. */
export const ANYWHERE_THRESHOLD = 200;

/** How two screenshots differ. */
export interface PixelChange {
  /** Changed pixels over the whole screen; every pixel when the sizes differ. */
  readonly total: number;
  /** Changed pixels in the square of side 2 × {@link NEAR_RADIUS} around `at`; 0 without `at`. */
  readonly near: number;
  /** True when the screenshots have different sizes and were not compared pixel by pixel. */
  readonly resized: boolean;
}

function pixelDiffers(a: Uint8Array, b: Uint8Array, offset: number): boolean {
  for (let channel = 0; channel < 3; channel += 1) {
    if (Math.abs((a[offset + channel] ?? 0) - (b[offset + channel] ?? 0)) > CHANNEL_TOLERANCE) return true;
  }
  return false;
}

/**
 * Compare two decoded screenshots, counting changes overall and near a point. Pixels inside
 * `ignore` are not counted (the clicked element itself, whose hover and focus styles change).
 */
export function comparePixels(before: RgbaImage, after: RgbaImage, at?: Point, ignore?: Box): PixelChange {
  if (before.width !== after.width || before.height !== after.height) {
    return { total: after.width * after.height, near: 0, resized: true };
  }
  const { width, height } = after;
  const left = at === undefined ? 0 : Math.max(0, Math.floor(at.x - NEAR_RADIUS));
  const right = at === undefined ? -1 : Math.min(width - 1, Math.ceil(at.x + NEAR_RADIUS));
  const top = at === undefined ? 0 : Math.max(0, Math.floor(at.y - NEAR_RADIUS));
  const bottom = at === undefined ? -1 : Math.min(height - 1, Math.ceil(at.y + NEAR_RADIUS));
  const ignored = (x: number, y: number) =>
    ignore !== undefined &&
    x >= ignore.x &&
    x < ignore.x + ignore.width &&
    y >= ignore.y &&
    y < ignore.y + ignore.height;
  let total = 0;
  let near = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!pixelDiffers(before.data, after.data, (y * width + x) * 4) || ignored(x, y)) continue;
      total += 1;
      if (x >= left && x <= right && y >= top && y <= bottom) near += 1;
    }
  }
  return { total, near, resized: false };
}

/** {@link comparePixels} on two screens, decoding each screenshot once per reader. */
export async function measureChange(
  reader: ScreenReader,
  before: Screen,
  after: Screen,
  at?: Point,
  ignore?: Box,
): Promise<PixelChange> {
  if (before.capture.png === after.capture.png) return { total: 0, near: 0, resized: false };
  const [first, second] = await Promise.all([reader.pixels(before), reader.pixels(after)]);
  return comparePixels(first, second, at, ignore);
}
