import { mkdir, writeFile } from 'node:fs/promises';
import type { Action } from '@sandpiper/protocol';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawActionMarker } from './action-marker.js';
import { OUTLINE_THICKNESS, drawChangeMarks, layoutChangeMarks } from './change-marks.js';
import { decodePng, encodePng } from './codec.js';
import { MARK_COLORS } from './mark-colors.js';
import { diffRegions } from './regions.js';
import { captureDialogPair, captureTypingPair, launchChromium, openFormPage } from './test-support/chromium-pairs.js';
import { pixelAt } from './test-support/synthetic.js';

/** Marked images are written here for people to look at; the directory is not committed. */
const artifacts = new URL('../../../test-artifacts/vision/', import.meta.url);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  await mkdir(artifacts, { recursive: true });
});
afterAll(async () => {
  await browser.close();
});

describe('marked evidence on real Chromium screenshots', () => {
  it('outlines and numbers the typed field and the opened dialog, and marks where the click landed', async () => {
    const page = await openFormPage(browser, { width: 1280, height: 800 });
    const pairs = { typing: await captureTypingPair(page), dialog: await captureDialogPair(page) };
    await page.close();
    for (const [name, pair] of Object.entries(pairs)) {
      const [before, after] = await Promise.all([decodePng(pair.before), decodePng(pair.after)]);
      const regions = diffRegions(before, after);
      expect(regions.length).toBeGreaterThan(0);
      const marks = drawChangeMarks(after, regions);
      const [first] = regions;
      const [layout] = layoutChangeMarks(after, regions);
      if (first === undefined || layout === undefined) throw new Error('no region to check');
      expect(pixelAt(marks, first.box.x - OUTLINE_THICKNESS, first.box.y + 2)).toEqual([...MARK_COLORS.change, 255]);
      expect(pixelAt(marks, layout.textOrigin.x + 4, layout.textOrigin.y)).toEqual([...MARK_COLORS.labelText, 255]);
      const point = pair.point ?? { x: 0, y: 0 };
      const click: Action = { type: 'click', at: point, button: 'left', count: 1, modifiers: [] };
      const marker = drawActionMarker(before, click);
      expect(pixelAt(marker, Math.floor(point.x), Math.floor(point.y))).toEqual([...MARK_COLORS.action, 255]);
      await writeFile(new URL(`${name}-changes.png`, artifacts), await encodePng(marks));
      await writeFile(new URL(`${name}-action.png`, artifacts), await encodePng(marker));
    }
  });

  it('marks a drag across a real page from start to end', async () => {
    const page = await openFormPage(browser, { width: 1280, height: 800 });
    const before = await decodePng(new Uint8Array(await page.screenshot()));
    await page.close();
    const drag: Action = { type: 'drag', from: { x: 300, y: 340 }, to: { x: 900, y: 560 }, button: 'left' };
    const marker = drawActionMarker(before, drag);
    const blue = [...MARK_COLORS.action, 255];
    expect(pixelAt(marker, 300, 340)).toEqual(blue);
    expect(pixelAt(marker, 900, 560)).toEqual(blue);
    expect(pixelAt(marker, 600, 450)).toEqual(blue);
    await writeFile(new URL('drag-action.png', artifacts), await encodePng(marker));
  });
});
