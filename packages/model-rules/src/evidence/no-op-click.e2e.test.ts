import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchTestBrowser, type TestBrowser } from '../test-support/chromium.js';
import { createEvidenceReflector } from './evidence-reflector.js';
import { capturePair, centreOf, checkStep, click } from './test-pairs.js';

let browser: TestBrowser;
beforeAll(async () => {
  browser = await launchTestBrowser();
});
afterAll(async () => {
  await browser.close();
});

const page = `<button id="save" disabled>Save</button>
  <button id="more" onclick="document.getElementById('panel').hidden = false">More</button>
  <p id="panel" hidden>Here are more details about the claim.</p>`;

describe('a click that changes nothing', () => {
  it('fails on empty space, saying the click had no effect', async () => {
    const pair = await capturePair(browser, page, { actions: async () => [click(700, 500)] });
    const check = await checkStep(createEvidenceReflector(), "Click the 'More' button", pair);
    expect(check.passed).toBe(false);
    expect(check.evidence).toMatch(
      /^Nothing action-relevant changed after the click on the 'More' button.*no effect\.$/,
    );
    expect(check.reflection?.regions).toEqual([]);
  });

  it('fails on a disabled button', async () => {
    const pair = await capturePair(browser, page, {
      actions: async (live) => {
        const at = await centreOf(live, '#save');
        return [click(at.x, at.y)];
      },
    });
    expect(await checkStep(createEvidenceReflector(), "Click the 'Save' button", pair)).toMatchObject({
      passed: false,
    });
  });

  it('succeeds when the same kind of click shows new content (the near miss)', async () => {
    const pair = await capturePair(browser, page, {
      actions: async (live) => {
        const at = await centreOf(live, '#more');
        return [click(at.x, at.y)];
      },
    });
    const check = await checkStep(createEvidenceReflector(), "Click the 'More' button", pair);
    expect(check.passed).toBe(true);
    expect(check.reflection?.regions.some((region) => region.relevance === 'action-relevant')).toBe(true);
  });
});
