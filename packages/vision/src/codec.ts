import sharp from 'sharp';
import { ImageDecodeError, InvalidImageError } from './errors.js';
import { assertImage, type RgbaImage } from './image.js';

/**
 * The adapter between encoded image files and {@link RgbaImage}, over sharp (libvips). The only
 * file of this package that does I/O-like work; everything else is pure.
 */

/**
 * Largest image, in pixels, that {@link decodePng} accepts: room for an 8K screen, far below what
 * would exhaust memory when a corrupt or hostile header claims a huge size.
 */
export const MAX_DECODED_PIXELS = 64_000_000;

/**
 * Decode an encoded screenshot into RGBA pixels. PNG is what environments send; JPEG, WebP and
 * the other formats sharp reads work too. Grayscale, palette and 16-bit images are converted to
 * 8-bit sRGB, and images without alpha get an opaque one.
 *
 * @throws ImageDecodeError when the bytes are empty, truncated, corrupt, of an unknown format or
 *   larger than {@link MAX_DECODED_PIXELS}.
 */
export async function decodePng(encoded: Uint8Array): Promise<RgbaImage> {
  if (!(encoded instanceof Uint8Array) || encoded.length === 0) {
    throw new ImageDecodeError(encoded instanceof Uint8Array ? 0 : -1, 'there are no bytes to decode');
  }
  try {
    const { data, info } = await sharp(encoded, { limitInputPixels: MAX_DECODED_PIXELS })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) throw new Error(`expected 4 channels after conversion, got ${info.channels}`);
    const aligned = data.byteOffset % 4 === 0 ? data : Buffer.from(data);
    return {
      width: info.width,
      height: info.height,
      data: new Uint8Array(aligned.buffer, aligned.byteOffset, aligned.byteLength),
    };
  } catch (error: unknown) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ImageDecodeError(encoded.length, detail ?? 'unknown decoder failure', { cause: error });
  }
}

function clampedWhole(value: number | undefined, fallback: number, lowest: number, highest: number): number {
  return value === undefined || !Number.isFinite(value)
    ? fallback
    : Math.min(highest, Math.max(lowest, Math.round(value)));
}

function rawInput(image: RgbaImage) {
  assertImage(image, 'image');
  if (image.width === 0 || image.height === 0) {
    throw new InvalidImageError('image', `an empty image (${image.width} × ${image.height}) cannot be encoded`);
  }
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } });
}

/** Options of {@link encodePng}. */
export interface EncodePngOptions {
  /** zlib effort, 0 (fastest, largest) to 9 (slowest, smallest). Absent means 6. */
  readonly compressionLevel?: number;
}

/**
 * Encode pixels as a PNG file, keeping alpha.
 *
 * @throws InvalidImageError when the pixel buffer does not match the size or the image is empty.
 */
export async function encodePng(image: RgbaImage, options: EncodePngOptions = {}): Promise<Uint8Array> {
  const level = clampedWhole(options.compressionLevel, 6, 0, 9);
  const encoded = await rawInput(image).png({ compressionLevel: level }).toBuffer();
  return new Uint8Array(encoded.buffer, encoded.byteOffset, encoded.byteLength);
}

/** Options of {@link encodeJpeg}. */
export interface EncodeJpegOptions {
  /** JPEG quality, 1 to 100. Absent means 80. */
  readonly quality?: number;
}

/**
 * Encode pixels as a JPEG file; alpha is dropped (JPEG has none), which is harmless for opaque
 * screenshots.
 *
 * @throws InvalidImageError when the pixel buffer does not match the size or the image is empty.
 */
export async function encodeJpeg(image: RgbaImage, options: EncodeJpegOptions = {}): Promise<Uint8Array> {
  const quality = clampedWhole(options.quality, 80, 1, 100);
  const encoded = await rawInput(image).jpeg({ quality }).toBuffer();
  return new Uint8Array(encoded.buffer, encoded.byteOffset, encoded.byteLength);
}
