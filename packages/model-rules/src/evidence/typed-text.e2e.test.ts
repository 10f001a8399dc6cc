import { decodePng } from '@sandpiper/vision';
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

const form = `<p><label for="name">Employee name</label><input id="name" type="text"></p>
  <p><label for="email">Email</label><input id="email" type="text"></p>`;

describe('typed text', () => {
  it('succeeds with an action-relevant region on the field, and marked screenshots', async () => {
    const pair = await capturePair(browser, form, {
      actions: async (page) => {
        const at = await centreOf(page, '#name');
        return [click(at.x, at.y), { type: 'type', text: 'Ada Lovelace' }];
      },
    });
    const check = await checkStep(
      createEvidenceReflector(),
      "Type 'Ada Lovelace' into the 'Employee name' field",
      pair,
    );
    expect(check.passed).toBe(true);
    expect(check.evidence).toContain("holds 'Ada Lovelace'");
    const field = pair.after.capture.accessibility?.find(
      (node) => node.name === 'Employee name' && node.role === 'textbox',
    );
    const relevant = check.reflection?.regions.filter((region) => region.relevance === 'action-relevant') ?? [];
    expect(relevant).toHaveLength(1);
    expect(relevant[0]?.description).toContain("text in the 'Employee name' field");
    const box = relevant[0]!.box;
    expect(box.x).toBeLessThanOrEqual(field!.box.x);
    expect(box.x + box.width).toBeGreaterThanOrEqual(field!.box.x + field!.box.width);
    expect(check.reflection?.method).toBe('evidence-first');
    const markedBefore = await decodePng(check.reflection!.markedBefore!);
    const markedAfter = await decodePng(check.reflection!.markedAfter!);
    expect([markedBefore.width, markedAfter.height]).toEqual([pair.before.capture.width, pair.after.capture.height]);
  });

  it('fails when the field holds other text, naming what it holds', async () => {
    const pair = await capturePair(browser, form, {
      actions: async (page) => {
        const at = await centreOf(page, '#name');
        return [click(at.x, at.y), { type: 'type', text: 'Ada Lovelace' }];
      },
    });
    const check = await checkStep(
      createEvidenceReflector(),
      "Type 'Grace Hopper' into the 'Employee name' field",
      pair,
    );
    expect(check).toMatchObject({ passed: false, evidence: expect.stringContaining("not 'Grace Hopper'") });
  });

  it('passes a field that already held the text when nothing had to be done', async () => {
    const filled = form.replace('id="name" type="text"', 'id="name" type="text" value="Ada Lovelace"');
    const pair = await capturePair(browser, filled, { actions: async () => [] });
    const check = await checkStep(
      createEvidenceReflector(),
      "Type 'Ada Lovelace' into the 'Employee name' field",
      pair,
    );
    expect(check).toMatchObject({
      passed: true,
      evidence: "The 'Employee name' field holds 'Ada Lovelace', as it already did before acting.",
    });
  });
});
