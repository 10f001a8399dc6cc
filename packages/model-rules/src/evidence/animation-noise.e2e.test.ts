import { createHandle, type Reflector } from '@sandpiper/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureScreen, launchTestBrowser, type TestBrowser } from '../test-support/chromium.js';
import { performedOf, stepOf } from '../test-support/screens.js';
import { createEvidenceReflector } from './evidence-reflector.js';
import { capturePair, checkStep, click } from './test-pairs.js';

let browser: TestBrowser;
beforeAll(async () => {
  browser = await launchTestBrowser();
});
afterAll(async () => {
  await browser.close();
});

const spinnerCss =
  'position:fixed;top:300px;left:600px;width:22px;height:22px;border:3px solid #ccd;border-top-color:#1a5fd0;border-radius:50%';
const turn = (page: Page, degrees: number) =>
  page.evaluate((angle) => {
    document.getElementById('spin')!.style.transform = `rotate(${angle}deg)`;
  }, degrees);

describe('changes that happen on their own', () => {
  it('labels a thin blinking bar as a caret', async () => {
    const html =
      '<div id="bar" style="position:fixed;top:400px;left:500px;width:2px;height:18px;background:#111"></div>';
    const pair = await capturePair(browser, html, {
      actions: async () => [click(100, 500)],
      meanwhile: async (page) => {
        await page.evaluate(() => {
          document.getElementById('bar')!.style.visibility = 'hidden';
        });
      },
    });
    const check = await checkStep(createEvidenceReflector(), "Click the 'Continue' button", pair);
    expect(check.reflection?.regions).toEqual([
      expect.objectContaining({ relevance: 'noise', description: 'a blinking caret or cursor bar' }),
    ]);
    expect(check.passed).toBe(false);
  });

  it('labels a spinner inside a "Loading" status as a busy indicator', async () => {
    // The text is there for assistive technology only (zero-size font), as spinners usually do it.
    const html = `<div id="spin" role="status" style="${spinnerCss};font-size:0">Loading</div>`;
    const pair = await capturePair(browser, html, {
      actions: async () => [click(100, 500)],
      meanwhile: (page) => turn(page, 45),
    });
    const check = await checkStep(createEvidenceReflector(), "Click the 'Continue' button", pair);
    expect(check.reflection?.regions.map((region) => [region.relevance, region.description])).toEqual([
      ['noise', "a busy indicator (status 'Loading')"],
    ]);
  });

  it('learns from the screen before that a small region animates with no action, and only then calls it noise', async () => {
    const page = await browser.page(`<div id="spin" style="${spinnerCss}"></div>`);
    // Without accessibility data nothing tells that the spinner is presentation only; the remembered screen does.
    const capture = () => captureScreen(page, { accessibility: false });
    try {
      const previous = await capture();
      await turn(page, 45);
      const before = await capture();
      await page.mouse.click(100, 500);
      await turn(page, 90);
      const after = await capture();
      const ask = (reflector: Reflector) =>
        reflector.check(createHandle(), {
          step: stepOf("Click the 'Continue' button"),
          performed: performedOf(click(100, 500)),
          before,
          after,
        });
      const fresh = await ask(createEvidenceReflector());
      expect(fresh.reflection?.regions.map((region) => region.relevance)).toEqual(['unrelated']);
      const primed = createEvidenceReflector();
      await primed.check(createHandle(), {
        step: stepOf('Wait 500 ms'),
        performed: performedOf({ type: 'wait', ms: 500 }),
        before: previous,
        after: previous,
      });
      const seen = await ask(primed);
      expect(seen.reflection?.regions.map((region) => [region.relevance, region.description])).toEqual([
        ['noise', 'an animation: it also changed while nothing was done'],
      ]);
      expect(seen.passed).toBe(false);
    } finally {
      await page.close();
    }
  });
});
