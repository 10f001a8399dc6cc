import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchTestBrowser, type TestBrowser } from '../test-support/chromium.js';
import { createEvidenceReflector } from './evidence-reflector.js';
import { createOneShotReflector } from './one-shot-reflector.js';
import { CLOCK_HTML, capturePair, centreOf, checkStep, click, tickClock } from './test-pairs.js';

let browser: TestBrowser;
beforeAll(async () => {
  browser = await launchTestBrowser();
});
afterAll(async () => {
  await browser.close();
});

const page = `<button id="save" disabled>Save</button>${CLOCK_HTML}`;

describe('the one-shot baseline', () => {
  it('passes a no-op click when a clock ticked, where evidence-first fails it', async () => {
    const pair = await capturePair(browser, page, {
      actions: async (live) => {
        const at = await centreOf(live, '#save');
        return [click(at.x, at.y)];
      },
      meanwhile: tickClock,
    });
    const oneShot = await checkStep(createOneShotReflector(), "Click the 'Save' button", pair);
    expect(oneShot.passed).toBe(true);
    expect(oneShot.reflection?.method).toBe('one-shot');
    expect(oneShot.reflection?.regions.map((region) => region.relevance)).toEqual(['action-relevant']);
    const evidenceFirst = await checkStep(createEvidenceReflector(), "Click the 'Save' button", pair);
    expect(evidenceFirst.passed).toBe(false);
    expect(evidenceFirst.reflection?.regions.map((region) => region.relevance)).toEqual(['noise']);
  });

  it('fails when nothing changed at all', async () => {
    const pair = await capturePair(browser, page, { actions: async () => [click(600, 400)] });
    const check = await checkStep(createOneShotReflector(), "Click the 'Save' button", pair);
    expect(check).toMatchObject({ passed: false, evidence: expect.stringContaining('do not differ meaningfully') });
  });
});
