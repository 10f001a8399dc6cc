import sharp from 'sharp';
import type { Box } from '@sandpiper/protocol';
import type { RgbaImage } from './types.js';

/** Decode a PNG (or any image sharp reads) into four bytes per pixel. */
export async function decodePng(png: Uint8Array): Promise<RgbaImage> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

/** A grayscale crop of a screenshot, one byte per pixel. */
export interface GrayImage {
  /** `width * height` bytes, rows top to bottom. */
  readonly pixels: Uint8Array;
  /** Pixels per row. */
  readonly width: number;
  /** Number of rows. */
  readonly height: number;
}

/** A whole-pixel rectangle inside a screenshot, in the shape sharp's `extract` takes. */
export interface PixelRegion {
  /** Column of the first pixel. */
  readonly left: number;
  /** Row of the first pixel. */
  readonly top: number;
  /** Columns, at least 1. */
  readonly width: number;
  /** Rows, at least 1. */
  readonly height: number;
}

/** Size of an encoded image, read from its header. */
export async function readImageSize(png: Uint8Array): Promise<{ width: number; height: number }> {
  const { width, height } = await sharp(png).metadata();
  return { width, height };
}

/** Round `region` outwards to whole pixels and clip it to the image; undefined when nothing is left. */
export function clipRegion(region: Box, width: number, height: number): PixelRegion | undefined {
  const left = Math.max(0, Math.floor(region.x));
  const top = Math.max(0, Math.floor(region.y));
  const right = Math.min(width, Math.ceil(region.x + region.width));
  const bottom = Math.min(height, Math.ceil(region.y + region.height));
  if (right - left < 1 || bottom - top < 1) return undefined;
  return { left, top, width: right - left, height: bottom - top };
}

/** Decode a PNG to gray, cropped to `region` when given. */
export async function decodeGray(png: Uint8Array, region: PixelRegion | undefined): Promise<GrayImage> {
  const pipeline = region === undefined ? sharp(png) : sharp(png).extract(region);
  const { data, info } = await pipeline.grayscale().raw().toBuffer({ resolveWithObject: true });
  // Grayscale output keeps an alpha channel when the PNG has one; only the first channel is gray.
  const pixels = info.channels === 1 ? new Uint8Array(data) : takeFirstChannel(data, info.channels);
  return { pixels, width: info.width, height: info.height };
}

/**
 * Encode gray pixels for Tesseract, enlarged `scale` times. PGM needs no compression, so it is
 * cheaper to produce than PNG, and Leptonica reads it directly.
 */
export async function encodeForOcr(image: GrayImage, scale: number): Promise<Uint8Array> {
  let { pixels, width, height } = image;
  if (scale !== 1) {
    width = image.width * scale;
    height = image.height * scale;
    const resized = await sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 1 } })
      .resize({ width, height, kernel: 'lanczos3' })
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    pixels =
      resized.info.channels === 1
        ? new Uint8Array(resized.data)
        : takeFirstChannel(resized.data, resized.info.channels);
  }
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const encoded = new Uint8Array(header.length + pixels.length);
  encoded.set(header);
  encoded.set(pixels, header.length);
  return encoded;
}

function takeFirstChannel(data: Uint8Array, channels: number): Uint8Array {
  const pixels = new Uint8Array(data.length / channels);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = data[index * channels] ?? 0;
  return pixels;
}
