import sharp from 'sharp';
import type { ImageMimeType } from './contract.js';
import type { PixelSize } from './coordinates.js';
import type { ImageLimits, ModelProfile } from './profiles.js';

/** A screenshot ready to put in a message, with what was done to it. */
export interface PreparedScreenshot {
  /** The encoded image to send. The original bytes when no resize or re-encode was needed. */
  readonly data: Uint8Array;
  /** Format of `data`. */
  readonly mimeType: ImageMimeType;
  /** Width of `data`, in pixels: the `sentImage` width for coordinate conversion. */
  readonly width: number;
  /** Height of `data`, in pixels. */
  readonly height: number;
  /** Size of the screenshot before resizing. */
  readonly original: PixelSize;
  /** Sent size divided by original size on each axis; 1 when not resized, below 1 when shrunk. */
  readonly scale: { readonly x: number; readonly y: number };
}

/**
 * The largest size that keeps the aspect ratio and meets every limit. Never larger than `size`,
 * except that sides are at least one pixel (and at least `multipleOf` when that is set). With
 * `multipleOf`, the result is {@link smartResize}d, the one place images are aligned to patches.
 */
export function fitImageSize(size: PixelSize, limits: Omit<ImageLimits, 'format'>): PixelSize {
  const long = Math.max(size.width, size.height);
  const short = Math.min(size.width, size.height);
  const factors = [1];
  if (limits.maxLongEdge !== undefined) factors.push(limits.maxLongEdge / long);
  if (limits.maxShortEdge !== undefined) factors.push(limits.maxShortEdge / short);
  if (limits.maxPixels !== undefined) factors.push(Math.sqrt(limits.maxPixels / (size.width * size.height)));
  const factor = Math.min(...factors);
  let width = Math.max(1, Math.floor(size.width * factor));
  let height = Math.max(1, Math.floor(size.height * factor));
  // Rounding can leave the area a hair above the limit; trim the longer side until it fits.
  while (limits.maxPixels !== undefined && width * height > limits.maxPixels && Math.max(width, height) > 1) {
    if (width >= height) width -= 1;
    else height -= 1;
  }
  const step = limits.multipleOf;
  return step !== undefined && step > 1 ? smartResize({ width, height }, step) : { width, height };
}

/**
 * Qwen-VL's "smart resize", rounding down: both sides become multiples of `factor` (the pixels
 * one merged vision patch covers), at least one factor each. Qwen2-VL, Qwen2.5-VL, Qwen3-VL and
 * the models tuned from them (UI-TARS, Holo, OpenCUA) resize every image this way on the server,
 * rounding to the nearest multiple; an image whose sides are already multiples (and whose area is
 * within the server's limit) comes out unchanged, so the model answers in pixels of exactly the
 * image we sent and measured. Rounding down rather than to the nearest never enlarges the image.
 */
export function smartResize(size: PixelSize, factor: number): PixelSize {
  return {
    width: Math.max(factor, Math.floor(size.width / factor) * factor),
    height: Math.max(factor, Math.floor(size.height / factor) * factor),
  };
}

/**
 * Shrink a screenshot to what the profile's model wants, with sharp, and report the scale used.
 * The image is never enlarged; an image that already fits and is already in the wanted format is
 * returned as it is.
 */
export async function prepareScreenshot(
  png: Uint8Array,
  profile: Pick<ModelProfile, 'image'>,
): Promise<PreparedScreenshot> {
  const metadata = await sharp(png).metadata();
  const original = { width: metadata.width, height: metadata.height };
  const target = fitImageSize(original, profile.image);
  const resized = target.width !== original.width || target.height !== original.height;
  const mimeType: ImageMimeType = profile.image.format === 'jpeg' ? 'image/jpeg' : 'image/png';
  const sameFormat = metadata.format === profile.image.format;
  let data = png;
  if (resized || !sameFormat) {
    let pipeline = sharp(png);
    if (resized) pipeline = pipeline.resize(target.width, target.height, { fit: 'fill', kernel: 'lanczos3' });
    pipeline = profile.image.format === 'jpeg' ? pipeline.jpeg({ quality: 85 }) : pipeline.png();
    const buffer = await pipeline.toBuffer();
    data = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  }
  return {
    data,
    mimeType,
    width: target.width,
    height: target.height,
    original,
    scale: { x: target.width / original.width, y: target.height / original.height },
  };
}
