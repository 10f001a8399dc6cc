import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILES, findProfile, fitImageSize, prepareScreenshot, type ModelProfile } from '../src/index.js';
import { smallPng } from './support/helpers.js';

function profile(id: string): ModelProfile {
  const found = DEFAULT_PROFILES.find((each) => each.id === id);
  if (found === undefined) throw new Error(`no profile ${id}`);
  return found;
}

describe('preparing screenshots for a model', () => {
  it('shrinks a 1920×1080 screenshot for Claude with sharp and reports the scale', async () => {
    const png = await smallPng(1920, 1080);
    const prepared = await prepareScreenshot(png, profile('claude'));
    const metadata = await sharp(prepared.data).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
      format: 'png',
      width: 1429,
      height: 804,
    });
    expect(prepared).toMatchObject({
      mimeType: 'image/png',
      width: 1429,
      height: 804,
      original: { width: 1920, height: 1080 },
      scale: { x: 1429 / 1920, y: 804 / 1080 },
    });
  });

  it('rounds to multiples of 28 for Qwen-VL-family models', async () => {
    const prepared = await prepareScreenshot(await smallPng(1920, 1080), profile('qwen2.5-vl'));
    expect(prepared.width % 28).toBe(0);
    expect(prepared.height % 28).toBe(0);
    const metadata = await sharp(prepared.data).metadata();
    expect([metadata.width, metadata.height]).toEqual([prepared.width, prepared.height]);
  });

  it('returns a screenshot that already fits untouched, byte for byte', async () => {
    const png = await smallPng(800, 600);
    const prepared = await prepareScreenshot(png, profile('claude'));
    expect(prepared.data).toBe(png);
    expect(prepared.scale).toEqual({ x: 1, y: 1 });
  });

  it('re-encodes as JPEG when the profile asks for it, without resizing', async () => {
    const jpegProfile: Pick<ModelProfile, 'image'> = { image: { format: 'jpeg' } };
    const prepared = await prepareScreenshot(await smallPng(640, 480), jpegProfile);
    expect(prepared.mimeType).toBe('image/jpeg');
    expect((await sharp(prepared.data).metadata()).format).toBe('jpeg');
    expect([prepared.width, prepared.height]).toEqual([640, 480]);
  });

  it('never enlarges, meets every limit and keeps the aspect ratio within rounding', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DEFAULT_PROFILES.map((each) => each.image)),
        fc.integer({ min: 56, max: 8000 }),
        fc.integer({ min: 56, max: 8000 }),
        (limits, width, height) => {
          const fitted = fitImageSize({ width, height }, limits);
          const step = limits.multipleOf ?? 1;
          expect(fitted.width).toBeLessThanOrEqual(Math.max(width, step));
          expect(fitted.height).toBeLessThanOrEqual(Math.max(height, step));
          if (limits.maxLongEdge !== undefined) {
            expect(Math.max(fitted.width, fitted.height)).toBeLessThanOrEqual(Math.max(limits.maxLongEdge, step));
          }
          if (limits.maxShortEdge !== undefined) {
            expect(Math.min(fitted.width, fitted.height)).toBeLessThanOrEqual(limits.maxShortEdge);
          }
          if (limits.maxPixels !== undefined)
            expect(fitted.width * fitted.height).toBeLessThanOrEqual(limits.maxPixels);
          if (step > 1) expect([fitted.width % step, fitted.height % step]).toEqual([0, 0]);
          const tolerance = (step + 1) / Math.min(fitted.width, fitted.height);
          expect(Math.abs(fitted.width / fitted.height / (width / height) - 1)).toBeLessThanOrEqual(tolerance + 1e-9);
        },
      ),
    );
  });

  it('picks the OpenAI-compatible default size for an unknown local model', () => {
    const local = findProfile('openai-compatible', 'llava:13b');
    expect(local && fitImageSize({ width: 2560, height: 1440 }, local.image)).toEqual({ width: 1280, height: 720 });
  });
});
