import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { decodePng } from './codec.js';
import { compareImages } from './compare.js';
import { copyImage, type RgbaImage } from './image.js';
import { diffImages } from './regions.js';
import { launchChromium, openFormPage } from './test-support/chromium-pairs.js';
import { noiseImage } from './test-support/synthetic.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

function expectIdentical(first: RgbaImage, second: RgbaImage): void {
  expect(compareImages(first, second)).toEqual({
    meanSquaredError: 0,
    structuralSimilarity: 1,
    hashDistance: 0,
    sizeMismatch: false,
    comparedSize: { width: first.width, height: first.height },
  });
  expect(diffImages(first, second)).toEqual({ regions: [], changedPixels: 0, droppedRegions: 0, sizeMismatch: false });
}

describe('identical images', () => {
  it('give hash distance 0, SSIM 1, MSE 0 and no change regions (synthetic texture)', () => {
    const image = noiseImage(333, 222, 42);
    expectIdentical(image, copyImage(image));
  });

  it('give the same results for two captures of an unchanged Chromium page', async () => {
    const page = await openFormPage(browser, { width: 1280, height: 800 });
    const first = await decodePng(new Uint8Array(await page.screenshot({ caret: 'hide' })));
    const second = await decodePng(new Uint8Array(await page.screenshot({ caret: 'hide' })));
    await page.close();
    expectIdentical(first, second);
  });
});
