import { createHandle, type PerformedAction, type Screen, type StepCheck } from '@sandpiper/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScreenReader } from '../screen/screen-reader.js';
import { captureScreen, launchTestBrowser, type CaptureOptions, type TestBrowser } from '../test-support/chromium.js';
import { performedOf, stepOf } from '../test-support/screens.js';
import { directiveOfStep, type ClearDirective, type SelectDirective, type TypeDirective } from '../grammar/index.js';
import { checkSelected, checkTyped } from './field-checks.js';

const reader = createScreenReader(undefined);
let browser: TestBrowser;

beforeAll(async () => {
  browser = await launchTestBrowser();
});
afterAll(async () => {
  await browser.close();
});

/**
 * The shared field check for a step, as every step checker (evidence-first, one-shot) calls it:
 * what the field holds after the step, against what the step asked for.
 */
function check(text: string, before: Screen, after: Screen, performed: PerformedAction[]): Promise<StepCheck> {
  const step = stepOf(text);
  const context = { handle: createHandle(), reader, input: { step, performed, before, after } };
  const directive = directiveOfStep(step);
  if (directive?.kind === 'select') return checkSelected(context, directive as SelectDirective);
  return checkTyped(context, directive as TypeDirective | ClearDirective);
}

/** Render `html`, capture, let `act` change the page for real, capture again. */
async function pair(html: string, act: (page: Page) => Promise<void>, options: CaptureOptions = {}) {
  const page = await browser.page(html);
  try {
    const before = await captureScreen(page, options);
    await act(page);
    const after = await captureScreen(page, options);
    return { before, after };
  } finally {
    await page.close();
  }
}

async function centre(page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox();
  if (box === null) throw new Error(`${selector} is not rendered`);
  return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
}

describe('fields', () => {
  const html = `<label for="name">Employee name</label><input id="name" type="text">
    <p><label for="trip">Trip date</label><input id="trip" type="date"></p>
    <p><label for="dept">Department</label><select id="dept"><option>Sales</option><option>Engineering</option></select></p>`;

  it('passes when the field holds exactly the typed text, and says what it holds otherwise', async () => {
    const { before, after } = await pair(html, async (page) => {
      const at = await centre(page, '#name');
      await page.mouse.click(at.x, at.y);
      await page.keyboard.type('Ada Lovelace');
    });
    const typed = performedOf({ type: 'type', text: 'Ada Lovelace' });
    expect(await check("Type 'Ada Lovelace' into the 'Employee name' field", before, after, typed)).toEqual({
      passed: true,
      evidence: "The 'Employee name' field holds 'Ada Lovelace'.",
    });
    expect(await check("Type 'Grace Hopper' into the 'Employee name' field", before, after, typed)).toEqual({
      passed: false,
      evidence: "The 'Employee name' field holds 'Ada Lovelace', not 'Grace Hopper'.",
    });
  });

  it('accepts a date typed as MM/DD/YYYY in a field that reports ISO dates', async () => {
    const { before, after } = await pair(html, async (page) => {
      const box = await page.locator('#trip').boundingBox();
      await page.mouse.click((box?.x ?? 0) + 10, (box?.y ?? 0) + (box?.height ?? 0) / 2);
      await page.keyboard.press('Control+a');
      await page.keyboard.type('03/14/2026');
    });
    const result = await check("Type '03/14/2026' into the 'Trip date' field", before, after, []);
    expect(result).toEqual({ passed: true, evidence: "The 'Trip date' field holds '2026-03-14'." });
  });

  it("passes when a select's value is the option", async () => {
    const { before, after } = await pair(html, async (page) => {
      await page.selectOption('#dept', 'Engineering');
    });
    expect(await check("Select 'Engineering' from the 'Department' dropdown", before, after, [])).toMatchObject({
      passed: true,
    });
    expect(await check("Select 'Sales' from the 'Department' dropdown", before, after, [])).toEqual({
      passed: false,
      evidence: "The 'Department' dropdown shows 'Engineering', not 'Sales'.",
    });
  });
});
