import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodePng, encodeJpeg, encodePng } from './codec.js';
import { ImageDecodeError, InvalidImageError } from './errors.js';
import { createImage } from './image.js';
import { meanSquaredError } from './similarity.js';
import { noiseImage, pixelAt } from './test-support/synthetic.js';

async function decodeError(bytes: Uint8Array): Promise<unknown> {
  try {
    await decodePng(bytes);
  } catch (error: unknown) {
    return error;
  }
  return undefined;
}

describe('codec', () => {
  it('round-trips pixels through PNG exactly, at any compression level', async () => {
    const image = noiseImage(37, 23, 5);
    for (const compressionLevel of [0, 6, 9]) {
      const decoded = await decodePng(await encodePng(image, { compressionLevel }));
      expect(decoded.width).toBe(37);
      expect(decoded.height).toBe(23);
      expect(Buffer.from(decoded.data).equals(Buffer.from(image.data))).toBe(true);
    }
  });

  it('encodes JPEG that decodes close to the original', async () => {
    const image = createImage(64, 48, [200, 60, 30, 255]);
    const jpeg = await encodeJpeg(image, { quality: 90 });
    expect(Array.from(jpeg.subarray(0, 2))).toEqual([0xff, 0xd8]);
    const decoded = await decodePng(jpeg);
    expect(meanSquaredError(image, decoded)).toBeLessThan(20);
  });

  it('turns grayscale and 16-bit PNGs into 8-bit RGBA with opaque alpha', async () => {
    const gray = await sharp(Buffer.alloc(6, 90), { raw: { width: 3, height: 2, channels: 1 } })
      .png()
      .toBuffer();
    const decodedGray = await decodePng(new Uint8Array(gray));
    expect(decodedGray.data.length).toBe(3 * 2 * 4);
    expect(pixelAt(decodedGray, 2, 1)).toEqual([90, 90, 90, 255]);
    const deep = await sharp(Buffer.alloc(4 * 3 * 2, 200), { raw: { width: 4, height: 2, channels: 3 } })
      .png({ force: true })
      .toColourspace('rgb16')
      .toBuffer();
    const decodedDeep = await decodePng(new Uint8Array(deep));
    expect(pixelAt(decodedDeep, 3, 1)).toEqual([200, 200, 200, 255]);
  });

  it('throws ImageDecodeError for empty, corrupt and truncated input', async () => {
    const png = await encodePng(noiseImage(50, 50, 1));
    const garbage = new TextEncoder().encode('definitely not an image');
    for (const bytes of [new Uint8Array(0), garbage, png.subarray(0, png.length / 2)]) {
      const error = await decodeError(bytes);
      expect(ImageDecodeError.isInstance(error)).toBe(true);
      expect((error as ImageDecodeError).byteLength).toBe(bytes.length);
    }
  });

  it('refuses to encode an empty image or a buffer that does not match its size', async () => {
    await expect(encodePng(createImage(0, 0))).rejects.toThrow(InvalidImageError);
    await expect(encodeJpeg({ width: 2, height: 2, data: new Uint8Array(3) })).rejects.toThrow(/need exactly 16/);
  });
});
