import pixelmatch from 'pixelmatch';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Box } from '@sandpiper/protocol';
import { decodePng } from './codec.js';
import { DEFAULT_DIFF_THRESHOLD } from './diff-mask.js';
import { DEFAULT_MERGE_DISTANCE, changedPixelCount, diffImages } from './regions.js';
import {
  captureDialogPair,
  captureTypingPair,
  launchChromium,
  openFormPage,
  type ScreenshotPair,
} from './test-support/chromium-pairs.js';
import { intersectionOverUnion } from './test-support/synthetic.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

function grown(box: Box, margin: number): Box {
  return { x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin };
}

async function regionsOf(pair: ScreenshotPair) {
  const [before, after] = await Promise.all([decodePng(pair.before), decodePng(pair.after)]);
  return { before, after, diff: diffImages(before, after) };
}

describe.each([
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
])('change regions on real Chromium screenshots at $width × $height', (viewport) => {
  it('finds the field the text was typed into, and nothing elsewhere', async () => {
    const page = await openFormPage(browser, viewport);
    const pair = await captureTypingPair(page);
    await page.close();
    const { diff } = await regionsOf(pair);
    const best = Math.max(...diff.regions.map((region) => intersectionOverUnion(region.box, pair.target)));
    expect(best).toBeGreaterThanOrEqual(0.5);
    const near = grown(pair.target, DEFAULT_MERGE_DISTANCE);
    for (const region of diff.regions) expect(intersectionOverUnion(region.box, near)).toBeGreaterThan(0);
  });

  it('finds the dialog that opened, and nothing elsewhere', async () => {
    const page = await openFormPage(browser, viewport);
    const pair = await captureDialogPair(page);
    await page.close();
    const { diff } = await regionsOf(pair);
    const best = Math.max(...diff.regions.map((region) => intersectionOverUnion(region.box, pair.target)));
    expect(best).toBeGreaterThanOrEqual(0.5);
    const near = grown(pair.target, DEFAULT_MERGE_DISTANCE);
    for (const region of diff.regions) expect(intersectionOverUnion(region.box, near)).toBeGreaterThan(0);
  });

  it('counts exactly the pixels plain pixelmatch counts (the colour-pair shortcut changes nothing)', async () => {
    const page = await openFormPage(browser, viewport);
    const pairs = [await captureTypingPair(page), await captureDialogPair(page)];
    await page.close();
    for (const pair of pairs) {
      const [before, after] = await Promise.all([decodePng(pair.before), decodePng(pair.after)]);
      const plain = pixelmatch(before.data, after.data, null, before.width, before.height, {
        threshold: DEFAULT_DIFF_THRESHOLD,
        includeAA: false,
      });
      expect(plain).toBeGreaterThan(0);
      expect(changedPixelCount(before, after)).toBe(plain);
    }
  });
});
