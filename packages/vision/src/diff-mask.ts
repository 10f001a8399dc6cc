import pixelmatch from 'pixelmatch';
import type { Box } from '@sandpiper/protocol';
import { assertImage, cropTopLeft, overlapSize, sizesDiffer, type RgbaImage } from './image.js';

/**
 * Default colour tolerance: pixelmatch's perceptual distance (OKLab lightness plus chroma, 0 for
 * the same colour, 1 for black against white) above which a pixel counts as changed. At 0.1 typed
 * text, focus rings and dialogs register, while a modal backdrop's faint dimming of the whole page
 * and sub-pixel text rendering jitter do not.
 */
export const DEFAULT_DIFF_THRESHOLD = 0.1;

/** Options shared by every function that compares a pre-action and a post-action image. */
export interface PixelDiffOptions {
  /**
   * Colour distance, 0 to 1, above which a pixel counts as changed; smaller is more sensitive.
   * Absent means {@link DEFAULT_DIFF_THRESHOLD}.
   */
  readonly threshold?: number;
  /**
   * Areas, in screen pixels of the post-action image, whose pixels never count as changed (a
   * clock known to tick, a video). Absent means none.
   */
  readonly ignore?: readonly Box[];
}

/** Which pixels of the post-action image changed. */
export interface ChangeMask {
  /** Width of the post-action image, in pixels. */
  readonly width: number;
  /** Height of the post-action image, in pixels. */
  readonly height: number;
  /** One byte per post-action pixel, row-major: 1 when it changed, 0 when not. */
  readonly changed: Uint8Array;
  /** How many bytes of `changed` are 1. */
  readonly count: number;
  /** True when the two images had different sizes (see {@link changeMask}). */
  readonly sizeMismatch: boolean;
}

function markIgnored(mask: Uint8Array, width: number, height: number, boxes: readonly Box[]): void {
  for (const box of boxes) {
    const left = Math.max(0, Math.floor(box.x));
    const top = Math.max(0, Math.floor(box.y));
    const right = Math.min(width, Math.ceil(box.x + box.width));
    const bottom = Math.min(height, Math.ceil(box.y + box.height));
    if (right <= left) continue;
    for (let y = top; y < bottom; y += 1) mask.fill(1, y * width + left, y * width + right);
  }
}

/**
 * Mark, in pixelmatch's ignore mask, the pixels whose colours differ by less than the threshold.
 * pixelmatch would find the same, but it converts every differing pixel to OKLab on its own;
 * screens repeat a few colour pairs many times (a dimmed backdrop, a recoloured panel), so asking
 * once per distinct opaque pair and remembering the answer cuts that cost several times over.
 * Translucent pixels are left to pixelmatch, whose blending depends on their position.
 */
function skipSubThresholdPixels(before: RgbaImage, after: RgbaImage, mask: Uint8Array, threshold: number): void {
  const length = before.width * before.height;
  const first = new Uint32Array(before.data.buffer, before.data.byteOffset, length);
  const second = new Uint32Array(after.data.buffer, after.data.byteOffset, length);
  const cacheBits = 14;
  const cacheFirst = new Uint32Array(1 << cacheBits);
  const cacheSecond = new Uint32Array(1 << cacheBits);
  const cacheVerdict = new Uint8Array(1 << cacheBits);
  const probeFirst = new Uint8Array(4);
  const probeSecond = new Uint8Array(4);
  const probeFirstWord = new Uint32Array(probeFirst.buffer);
  const probeSecondWord = new Uint32Array(probeSecond.buffer);
  for (let index = 0; index < length; index += 1) {
    const pixelFirst = first[index] ?? 0;
    const pixelSecond = second[index] ?? 0;
    if (pixelFirst === pixelSecond || mask[index] === 1) continue;
    if (before.data[index * 4 + 3] !== 255 || after.data[index * 4 + 3] !== 255) continue;
    const slot = (Math.imul(pixelFirst, 0x9e3779b1) ^ Math.imul(pixelSecond, 0x85ebca6b)) >>> (32 - cacheBits);
    let verdict = cacheVerdict[slot] ?? 0;
    if (verdict === 0 || cacheFirst[slot] !== pixelFirst || cacheSecond[slot] !== pixelSecond) {
      probeFirstWord[0] = pixelFirst;
      probeSecondWord[0] = pixelSecond;
      const differs = pixelmatch(probeFirst, probeSecond, null, 1, 1, { threshold, includeAA: true }) > 0;
      verdict = differs ? 2 : 1;
      cacheFirst[slot] = pixelFirst;
      cacheSecond[slot] = pixelSecond;
      cacheVerdict[slot] = verdict;
    }
    if (verdict === 1) mask[index] = 1;
  }
}

/**
 * Which pixels of `after` differ from `before`, ignoring anti-aliasing: pixelmatch drops a
 * differing pixel when it sits on an anti-aliased edge in either image, so text and shapes that
 * re-render a shade lighter or darker do not count.
 *
 * Images of different sizes are compared over the area they share with their top-left corners
 * aligned; the rest of `after` (content `before` did not have room for) counts as changed.
 * An empty `after` has nothing that changed.
 *
 * @throws InvalidImageError when a pixel buffer does not match its size.
 */
export function changeMask(before: RgbaImage, after: RgbaImage, options: PixelDiffOptions = {}): ChangeMask {
  assertImage(before, 'before');
  assertImage(after, 'after');
  const requested = options.threshold;
  const threshold =
    requested === undefined || Number.isNaN(requested) ? DEFAULT_DIFF_THRESHOLD : Math.min(1, Math.max(0, requested));
  const overlap = overlapSize(before, after);
  const { width, height } = after;
  const changed = new Uint8Array(width * height);
  if (overlap.width > 0 && overlap.height > 0) {
    const first = cropTopLeft(before, overlap);
    const second = cropTopLeft(after, overlap);
    const ignoreMask = new Uint8Array(overlap.width * overlap.height);
    if (options.ignore !== undefined) markIgnored(ignoreMask, overlap.width, overlap.height, options.ignore);
    skipSubThresholdPixels(first, second, ignoreMask, threshold);
    const output = new Uint8Array(overlap.width * overlap.height * 4);
    pixelmatch(first.data, second.data, output, overlap.width, overlap.height, {
      threshold,
      includeAA: false,
      diffMask: true,
      ignoreMask,
    });
    const drawn = new Uint32Array(output.buffer);
    for (let y = 0; y < overlap.height; y += 1) {
      const source = y * overlap.width;
      const target = y * width;
      for (let x = 0; x < overlap.width; x += 1) {
        if (drawn[source + x] !== 0) changed[target + x] = 1;
      }
    }
  }
  const mismatch = sizesDiffer(before, after);
  if (mismatch) {
    for (let y = 0; y < height; y += 1) {
      const from = y < overlap.height ? overlap.width : 0;
      changed.fill(1, y * width + from, (y + 1) * width);
    }
    if (options.ignore !== undefined) {
      const ignored = new Uint8Array(width * height);
      markIgnored(ignored, width, height, options.ignore);
      for (let index = 0; index < changed.length; index += 1) if (ignored[index] === 1) changed[index] = 0;
    }
  }
  let count = 0;
  for (let index = 0; index < changed.length; index += 1) count += changed[index] ?? 0;
  return { width, height, changed, count, sizeMismatch: mismatch };
}

/**
 * How many changed pixels of `mask` lie inside `box` (screen pixels of the post-action image,
 * rounded outwards to whole pixels and clipped to the image): 0 when the box misses the image
 * or nothing there changed. Lets a caller ask "did anything change near the action point?"
 * without grouping regions.
 */
export function changedPixelsWithin(mask: ChangeMask, box: Box): number {
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  const right = Math.min(mask.width, Math.ceil(box.x + box.width));
  const bottom = Math.min(mask.height, Math.ceil(box.y + box.height));
  let count = 0;
  for (let y = top; y < bottom; y += 1) {
    for (let x = left; x < right; x += 1) count += mask.changed[y * mask.width + x] ?? 0;
  }
  return count;
}
