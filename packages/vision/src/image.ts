import { InvalidImageError } from './errors.js';

/**
 * A decoded image held in memory: four bytes per pixel (red, green, blue, alpha, each 0–255),
 * rows from top to bottom, pixels in a row from left to right, no padding between rows.
 *
 * One image pixel is one screen pixel: screenshots are delivered in the environment's logical
 * pixels, the space of every action coordinate and every `Box`.
 */
export interface RgbaImage {
  /** Pixels per row; 0 for an empty image. */
  readonly width: number;
  /** Number of rows; 0 for an empty image. */
  readonly height: number;
  /** Exactly `width * height * 4` bytes. */
  readonly data: Uint8Array;
}

/** The size of an image or of the area two images share, in pixels. */
export interface ImageSize {
  /** Pixels per row. */
  readonly width: number;
  /** Number of rows. */
  readonly height: number;
}

/**
 * Throw {@link InvalidImageError} unless `image` holds exactly the pixels its size promises.
 * `argument` names the parameter in the message.
 */
export function assertImage(image: RgbaImage, argument: string): void {
  if (typeof image !== 'object' || image === null) {
    throw new InvalidImageError(argument, `expected an object with width, height and data, got ${String(image)}`);
  }
  const { width, height, data } = image;
  if (!Number.isSafeInteger(width) || width < 0 || !Number.isSafeInteger(height) || height < 0) {
    throw new InvalidImageError(
      argument,
      `width and height must be whole numbers of pixels, 0 or more; got ${String(width)} × ${String(height)}`,
    );
  }
  if (!(data instanceof Uint8Array)) {
    throw new InvalidImageError(argument, 'data must be a Uint8Array of RGBA bytes');
  }
  const expected = width * height * 4;
  if (data.length !== expected) {
    throw new InvalidImageError(
      argument,
      `data holds ${data.length} bytes but ${width} × ${height} RGBA pixels need exactly ${expected}`,
    );
  }
}

/** A new image of the given size, every pixel set to `rgba` (opaque black when absent). */
export function createImage(width: number, height: number, rgba: readonly number[] = [0, 0, 0, 255]): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  const [red = 0, green = 0, blue = 0, alpha = 255] = rgba;
  for (let offset = 0; offset < data.length; offset += 4) {
    data[offset] = red;
    data[offset + 1] = green;
    data[offset + 2] = blue;
    data[offset + 3] = alpha;
  }
  return { width, height, data };
}

/** A copy that shares no memory with `image`. */
export function copyImage(image: RgbaImage): RgbaImage {
  return { width: image.width, height: image.height, data: new Uint8Array(image.data) };
}

/**
 * The pixels inside a rectangle, as a new image. The rectangle is rounded out to whole pixels and
 * kept within the image, so the result may be smaller than asked (empty when they do not overlap).
 */
export function cropImage(
  image: RgbaImage,
  box: { readonly x: number; readonly y: number; readonly width: number; readonly height: number },
): RgbaImage {
  assertImage(image, 'image');
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  const right = Math.min(image.width, Math.ceil(box.x + box.width));
  const bottom = Math.min(image.height, Math.ceil(box.y + box.height));
  const width = Math.max(0, right - left);
  const height = Math.max(0, bottom - top);
  const data = new Uint8Array(width * height * 4);
  for (let row = 0; row < height; row += 1) {
    const from = ((top + row) * image.width + left) * 4;
    data.set(image.data.subarray(from, from + width * 4), row * width * 4);
  }
  return { width, height, data };
}

/** The area both images cover when their top-left corners are aligned. */
export function overlapSize(first: ImageSize, second: ImageSize): ImageSize {
  return { width: Math.min(first.width, second.width), height: Math.min(first.height, second.height) };
}

/** True when the two images do not have the same width and height. */
export function sizesDiffer(first: ImageSize, second: ImageSize): boolean {
  return first.width !== second.width || first.height !== second.height;
}

/**
 * The top-left `size` of `image`, sharing memory when nothing needs cutting and the bytes start
 * on a 4-byte boundary (pixelmatch reads pixels as 32-bit words, which needs that alignment).
 */
export function cropTopLeft(image: RgbaImage, size: ImageSize): RgbaImage {
  if (size.width === image.width && size.height === image.height && image.data.byteOffset % 4 === 0) return image;
  const data = new Uint8Array(size.width * size.height * 4);
  const rowBytes = size.width * 4;
  for (let y = 0; y < size.height; y += 1) {
    const start = y * image.width * 4;
    data.set(image.data.subarray(start, start + rowBytes), y * rowBytes);
  }
  return { width: size.width, height: size.height, data };
}
