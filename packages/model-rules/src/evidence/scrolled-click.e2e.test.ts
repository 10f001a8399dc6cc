import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchTestBrowser, type TestBrowser } from '../test-support/chromium.js';
import { createEvidenceReflector } from './evidence-reflector.js';
import { capturePair, checkStep, click } from './test-pairs.js';

let browser: TestBrowser;
beforeAll(async () => {
  browser = await launchTestBrowser();
});
afterAll(async () => {
  await browser.close();
});

const page = `<p>Step 1 of 2</p><div style="height:900px"></div>
  <button id="next" onclick="document.getElementById('done').hidden = false">Next</button>
  <p id="done" hidden>Saved</p><div style="height:600px"></div>`;

describe('a click after scrolling in the same step', () => {
  it('is judged on the screen as scrolled, not as a side effect of the click', async () => {
    const pair = await capturePair(browser, page, {
      actions: async (live) => {
        await live.mouse.wheel(0, 700);
        await live.waitForFunction(() => window.scrollY > 0);
        const box = await live.locator('#next').boundingBox();
        const at = { x: Math.round(box!.x + box!.width / 2), y: Math.round(box!.y + box!.height / 2) };
        return [click(at.x, at.y)];
      },
    });
    const performed = [
      { action: { type: 'scroll' as const, deltaX: 0, deltaY: 700 }, summary: 'scroll', ok: true },
      ...pair.performed,
    ];
    const check = await checkStep(createEvidenceReflector(), "Click the 'Next' button", { ...pair, performed });
    expect(check.passed).toBe(true);
    expect(check.reflection?.regions.some((region) => region.relevance === 'unrelated')).toBe(false);
  });
});
