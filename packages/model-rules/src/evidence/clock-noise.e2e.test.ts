import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchTestBrowser, type TestBrowser } from '../test-support/chromium.js';
import { createEvidenceReflector } from './evidence-reflector.js';
import { CLOCK_HTML, capturePair, centreOf, checkStep, click, tickClock } from './test-pairs.js';

let browser: TestBrowser;
beforeAll(async () => {
  browser = await launchTestBrowser();
});
afterAll(async () => {
  await browser.close();
});

const page = `<p><label for="name">Employee name</label><input id="name" type="text"></p>${CLOCK_HTML}`;

describe('a ticking clock', () => {
  it('is labelled noise, and a click whose only change is the clock fails', async () => {
    const pair = await capturePair(browser, page, { actions: async () => [click(600, 300)], meanwhile: tickClock });
    const check = await checkStep(createEvidenceReflector(), "Click the 'Continue' button", pair);
    expect(check.reflection?.regions).toEqual([
      expect.objectContaining({
        id: 1,
        relevance: 'noise',
        description: "a clock or counter ticked ('10:41:59' → '10:42:00')",
      }),
    ]);
    expect(check.passed).toBe(false);
    expect(check.evidence).toContain('only noise changed');
  });

  it('does not stop a real change from passing', async () => {
    const pair = await capturePair(browser, page, {
      actions: async (live) => {
        const at = await centreOf(live, '#name');
        return [click(at.x, at.y), { type: 'type', text: 'Ada' }];
      },
      meanwhile: tickClock,
    });
    const check = await checkStep(createEvidenceReflector(), "Type 'Ada' into the 'Employee name' field", pair);
    expect(check.passed).toBe(true);
    const relevances = check.reflection?.regions.map((region) => region.relevance).sort();
    expect(relevances).toEqual(['action-relevant', 'noise']);
  });
});
