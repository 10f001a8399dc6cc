import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchTestBrowser, type TestBrowser } from '../test-support/chromium.js';
import { createEvidenceReflector } from './evidence-reflector.js';
import { capturePair, centreOf, checkStep, click, type PairScript } from './test-pairs.js';

let browser: TestBrowser;
beforeAll(async () => {
  browser = await launchTestBrowser();
});
afterAll(async () => {
  await browser.close();
});

const form = `<p><label for="name">Employee name</label><input id="name" type="text"></p>
  <div style="position:absolute;top:480px;left:420px"><label for="budget">Budget code</label><input id="budget" type="text" value="B-100"></div>`;

const typeName = (meanwhile?: (page: Page) => Promise<void>): PairScript => ({
  actions: async (page) => {
    const at = await centreOf(page, '#name');
    return [click(at.x, at.y), { type: 'type', text: 'Ada' }];
  },
  ...(meanwhile === undefined ? {} : { meanwhile }),
});

describe('a correct change plus an unrelated one', () => {
  it('fails, naming the other change as a possible harmful side effect', async () => {
    const pair = await capturePair(
      browser,
      form,
      typeName(async (page) => {
        await page.evaluate(() => {
          (document.getElementById('budget') as HTMLInputElement).value = 'X-999';
        });
      }),
    );
    const check = await checkStep(createEvidenceReflector(), "Type 'Ada' into the 'Employee name' field", pair);
    expect(check.passed).toBe(false);
    expect(check.evidence).toContain("The 'Employee name' field holds 'Ada'");
    expect(check.evidence).toContain('possible harmful side effect');
    expect(check.evidence).toContain("the 'Budget code' field changed from 'B-100' to 'X-999' as well");
    expect(check.reflection?.keyEvidence).toBe(check.evidence);
    expect(check.reflection?.regions.map((region) => region.relevance).sort()).toEqual([
      'action-relevant',
      'unrelated',
    ]);
  });

  it('passes the same typing when nothing else changed (the near miss)', async () => {
    const pair = await capturePair(browser, form, typeName());
    const check = await checkStep(createEvidenceReflector(), "Type 'Ada' into the 'Employee name' field", pair);
    expect(check.passed).toBe(true);
    expect(check.reflection?.regions.every((region) => region.relevance === 'action-relevant')).toBe(true);
  });
});
