import type { Box } from '@sandpiper/protocol';
import type { RgbaImage } from './image.js';

/**
 * Drawing on raw RGBA pixels, in place, clipped to the image. Kept to the few shapes the marks
 * need so no canvas library is required.
 */

/** An opaque colour: red, green and blue, each 0–255. */
export type Color = readonly [number, number, number];

/** A rectangle of whole pixels: columns `left` to `right - 1`, rows `top` to `bottom - 1`. */
export interface PixelRect {
  /** First column. */
  readonly left: number;
  /** First row. */
  readonly top: number;
  /** One past the last column. */
  readonly right: number;
  /** One past the last row. */
  readonly bottom: number;
}

/** The whole pixels a box touches, grown by `margin` on every side and clipped to the image; undefined when nothing is left. */
export function pixelRect(box: Box, margin: number, width: number, height: number): PixelRect | undefined {
  const left = Math.max(0, Math.floor(box.x) - margin);
  const top = Math.max(0, Math.floor(box.y) - margin);
  const right = Math.min(width, Math.ceil(box.x + box.width) + margin);
  const bottom = Math.min(height, Math.ceil(box.y + box.height) + margin);
  return right > left && bottom > top ? { left, top, right, bottom } : undefined;
}

export function setPixel(image: RgbaImage, x: number, y: number, color: Color): void {
  if (x < 0 || y < 0 || x >= image.width || y >= image.height) return;
  const offset = (y * image.width + x) * 4;
  image.data[offset] = color[0];
  image.data[offset + 1] = color[1];
  image.data[offset + 2] = color[2];
  image.data[offset + 3] = 255;
}

export function fillRect(image: RgbaImage, rect: PixelRect, color: Color): void {
  const left = Math.max(0, rect.left);
  const right = Math.min(image.width, rect.right);
  for (let y = Math.max(0, rect.top); y < Math.min(image.height, rect.bottom); y += 1) {
    for (let x = left; x < right; x += 1) setPixel(image, x, y, color);
  }
}

/** The border of `rect`, `thickness` pixels wide, drawn inside it. */
export function strokeRect(image: RgbaImage, rect: PixelRect, thickness: number, color: Color): void {
  const { left, top, right, bottom } = rect;
  fillRect(image, { left, top, right, bottom: Math.min(bottom, top + thickness) }, color);
  fillRect(image, { left, top: Math.max(top, bottom - thickness), right, bottom }, color);
  fillRect(image, { left, top, right: Math.min(right, left + thickness), bottom }, color);
  fillRect(image, { left: Math.max(left, right - thickness), top, right, bottom }, color);
}

/**
 * Every pixel whose centre lies between `inner` and `outer` pixels from the centre of pixel
 * (`x`, `y`): a ring, or a disc when `inner` is below 0.
 */
export function fillAnnulus(image: RgbaImage, x: number, y: number, inner: number, outer: number, color: Color): void {
  const reach = Math.ceil(outer);
  const innerSquared = inner < 0 ? -1 : inner * inner;
  const outerSquared = outer * outer;
  for (let dy = -reach; dy <= reach; dy += 1) {
    for (let dx = -reach; dx <= reach; dx += 1) {
      const distance = dx * dx + dy * dy;
      if (distance <= outerSquared && distance >= innerSquared) setPixel(image, x + dx, y + dy, color);
    }
  }
}

/** A straight line between two pixels, drawn as a disc of `radius` stamped at every step. */
export function drawLine(
  image: RgbaImage,
  from: { x: number; y: number },
  to: { x: number; y: number },
  radius: number,
  color: Color,
): void {
  const steps = Math.max(Math.abs(to.x - from.x), Math.abs(to.y - from.y), 1);
  for (let step = 0; step <= steps; step += 1) {
    const x = Math.round(from.x + ((to.x - from.x) * step) / steps);
    const y = Math.round(from.y + ((to.y - from.y) * step) / steps);
    fillAnnulus(image, x, y, -1, radius, color);
  }
}
