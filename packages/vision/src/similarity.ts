import { ssim } from 'ssim.js';
import { assertImage, cropTopLeft, overlapSize, type RgbaImage } from './image.js';

/** The largest possible {@link meanSquaredError}: every channel off by the full 255 levels. */
export const MAX_MEAN_SQUARED_ERROR = 255 * 255;

/**
 * Target length of the shorter side when {@link structuralSimilarity} picks its own downsampling
 * factor. SSIM is meant to be read at about this scale (it is what the reference implementation
 * downsamples to); it also keeps one comparison of a full-HD pair to a few milliseconds.
 */
export const SSIM_TARGET_SHORT_SIDE = 256;

/**
 * Mean squared difference between two images over their red, green and blue channels (alpha is
 * ignored), in squared 8-bit levels: 0 for identical pixels, up to 65 025
 * ({@link MAX_MEAN_SQUARED_ERROR}) when black meets white everywhere.
 *
 * Images of different sizes are compared over the area they share with their top-left corners
 * aligned (see {@link compareImages} to learn whether that happened). Two empty images give 0;
 * an empty image against a non-empty one shares nothing and gives the maximum.
 *
 * @throws InvalidImageError when a pixel buffer does not match its size.
 */
export function meanSquaredError(first: RgbaImage, second: RgbaImage): number {
  assertImage(first, 'first');
  assertImage(second, 'second');
  const overlap = overlapSize(first, second);
  if (overlap.width === 0 || overlap.height === 0) {
    return first.data.length === 0 && second.data.length === 0 ? 0 : MAX_MEAN_SQUARED_ERROR;
  }
  let sum = 0;
  for (let y = 0; y < overlap.height; y += 1) {
    let offsetFirst = y * first.width * 4;
    let offsetSecond = y * second.width * 4;
    let rowSum = 0;
    for (let x = 0; x < overlap.width; x += 1, offsetFirst += 4, offsetSecond += 4) {
      const red = (first.data[offsetFirst] ?? 0) - (second.data[offsetSecond] ?? 0);
      const green = (first.data[offsetFirst + 1] ?? 0) - (second.data[offsetSecond + 1] ?? 0);
      const blue = (first.data[offsetFirst + 2] ?? 0) - (second.data[offsetSecond + 2] ?? 0);
      rowSum += red * red + green * green + blue * blue;
    }
    sum += rowSum;
  }
  return sum / (overlap.width * overlap.height * 3);
}

/** Options of {@link structuralSimilarity}. */
export interface StructuralSimilarityOptions {
  /**
   * Average each square of this many by this many pixels into one before comparing; a whole
   * number, 1 to compare at full resolution. Absent means a factor that brings the shorter side
   * near {@link SSIM_TARGET_SHORT_SIDE} pixels (3 at 1280 × 800, 4 at 1920 × 1080).
   */
  readonly downsampleFactor?: number;
}

/** The factor {@link structuralSimilarity} uses for an image of this size when none is given. */
export function defaultDownsampleFactor(width: number, height: number): number {
  return Math.max(1, Math.round(Math.min(width, height) / SSIM_TARGET_SHORT_SIDE));
}

/**
 * Shrink by box averaging; the blocks at the right and bottom edges may be partial and are
 * averaged over the pixels they have, so a change in the last few columns is not lost.
 */
export function boxDownsample(
  image: RgbaImage,
  factor: number,
): { width: number; height: number; data: Uint8ClampedArray } {
  const width = Math.ceil(image.width / factor);
  const height = Math.ceil(image.height / factor);
  const data = new Uint8ClampedArray(width * height * 4);
  const sums = new Float64Array(width * 3);
  for (let outY = 0; outY < height; outY += 1) {
    sums.fill(0);
    const y0 = outY * factor;
    const y1 = Math.min(image.height, y0 + factor);
    for (let y = y0; y < y1; y += 1) {
      let offset = y * image.width * 4;
      for (let outX = 0; outX < width; outX += 1) {
        const count = Math.min(factor, image.width - outX * factor);
        let red = 0;
        let green = 0;
        let blue = 0;
        for (let step = 0; step < count; step += 1, offset += 4) {
          red += image.data[offset] ?? 0;
          green += image.data[offset + 1] ?? 0;
          blue += image.data[offset + 2] ?? 0;
        }
        sums[outX * 3] = (sums[outX * 3] ?? 0) + red;
        sums[outX * 3 + 1] = (sums[outX * 3 + 1] ?? 0) + green;
        sums[outX * 3 + 2] = (sums[outX * 3 + 2] ?? 0) + blue;
      }
    }
    for (let outX = 0; outX < width; outX += 1) {
      const area = (y1 - y0) * Math.min(factor, image.width - outX * factor);
      const offset = (outY * width + outX) * 4;
      data[offset] = Math.round((sums[outX * 3] ?? 0) / area);
      data[offset + 1] = Math.round((sums[outX * 3 + 1] ?? 0) / area);
      data[offset + 2] = Math.round((sums[outX * 3 + 2] ?? 0) / area);
      data[offset + 3] = 255;
    }
  }
  return { width, height, data };
}

/**
 * Structural similarity (SSIM) of two images' grayscale, as the mean over non-overlapping
 * 11 × 11 windows (Bezkrovny's variant in ssim.js): 1 for identical images, near 0 for
 * unrelated ones, negative when one is roughly the inverse of the other. Both images are
 * box-averaged first (see {@link StructuralSimilarityOptions.downsampleFactor}).
 *
 * Images of different sizes are compared over the area they share with their top-left corners
 * aligned. Two empty images give 1; an empty image against a non-empty one gives 0.
 *
 * @throws InvalidImageError when a pixel buffer does not match its size.
 */
export function structuralSimilarity(
  first: RgbaImage,
  second: RgbaImage,
  options: StructuralSimilarityOptions = {},
): number {
  assertImage(first, 'first');
  assertImage(second, 'second');
  const overlap = overlapSize(first, second);
  if (overlap.width === 0 || overlap.height === 0) {
    return first.data.length === 0 && second.data.length === 0 ? 1 : 0;
  }
  const requested = options.downsampleFactor;
  const factor =
    requested === undefined || !Number.isFinite(requested)
      ? defaultDownsampleFactor(overlap.width, overlap.height)
      : Math.max(1, Math.floor(requested));
  const prepare = (image: RgbaImage) => {
    const cropped = cropTopLeft(image, overlap);
    if (factor > 1) return boxDownsample(cropped, factor);
    const { buffer, byteOffset, byteLength } = cropped.data;
    return {
      width: cropped.width,
      height: cropped.height,
      data: new Uint8ClampedArray(buffer, byteOffset, byteLength),
    };
  };
  return ssim(prepare(first), prepare(second), { ssim: 'bezkrovny', downsample: false }).mssim;
}
