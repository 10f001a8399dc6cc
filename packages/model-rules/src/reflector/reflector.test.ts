import { createHandle, type PerformedAction, type Screen, type StepCheck } from '@sandpiper/core';
import type { Action } from '@sandpiper/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScreenReader } from '../screen/screen-reader.js';
import { captureScreen, launchTestBrowser, type CaptureOptions, type TestBrowser } from '../test-support/chromium.js';
import { performedOf, stepOf } from '../test-support/screens.js';
import { createRulesReflector } from './reflector.js';

const reflector = createRulesReflector(createScreenReader(undefined));
let browser: TestBrowser;

beforeAll(async () => {
  browser = await launchTestBrowser();
});
afterAll(async () => {
  await browser.close();
});

function check(text: string, before: Screen, after: Screen, performed: PerformedAction[]): Promise<StepCheck> {
  return reflector.check(createHandle(), { step: stepOf(text), performed, before, after });
}

const click = (x: number, y: number): Action => ({
  type: 'click',
  at: { x, y },
  button: 'left',
  count: 1,
  modifiers: [],
});

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

describe('clicks', () => {
  const panelHtml = `<button id="more" onclick="document.getElementById('panel').hidden = false">More</button>
    <p id="panel" hidden>Here are more details about the claim.</p>`;

  async function clickPair(html: string, selector: string, options: CaptureOptions = {}) {
    let at = { x: 0, y: 0 };
    const screens = await pair(
      html,
      async (page) => {
        at = await centre(page, selector);
        await page.mouse.click(at.x, at.y);
      },
      options,
    );
    return { ...screens, performed: performedOf(click(at.x, at.y)) };
  }

  it('passes when new content appears, naming it', async () => {
    const { before, after, performed } = await clickPair(panelHtml, '#more');
    expect(await check("Click the 'More' button", before, after, performed)).toEqual({
      passed: true,
      evidence:
        "After the click on the 'More' button, the text 'Here are more details about the claim.' appeared or changed.",
    });
  });

  it('passes on pixels changed near the click when there is no accessibility data', async () => {
    const { before, after, performed } = await clickPair(panelHtml, '#more', { accessibility: false });
    expect(await check("Click the 'More' button", before, after, performed)).toMatchObject({
      passed: true,
      evidence: expect.stringMatching(/^\d+ pixels changed around the click on the 'More' button\.$/),
    });
  });

  it("fails when only the clicked button's own hover style changes", async () => {
    const { before, after, performed } = await clickPair('<button id="dead">Nothing</button>', '#dead');
    expect(await check("Click the 'Nothing' button", before, after, performed)).toEqual({
      passed: false,
      evidence: "Nothing visible changed after the click on the 'Nothing' button.",
    });
  });

  it('passes when only a distant part of the screen changes, or the address changes', async () => {
    const html = `<button id="draw" onclick="const c = document.getElementById('c').getContext('2d'); c.fillStyle = '#c00'; c.fillRect(0, 0, 60, 40)">Draw</button>
      <canvas id="c" width="60" height="40" style="position:absolute; left: 600px; top: 480px"></canvas>`;
    const { before, after, performed } = await clickPair(html, '#draw');
    expect(await check("Click 'Draw'", before, after, performed)).toEqual({
      passed: true,
      evidence: "The screen changed (2400 pixels) after the click on 'Draw'.",
    });
    const from = { ...before, capture: { ...before.capture, url: 'http://x.test/' } };
    const moved = {
      ...before,
      capture: { ...before.capture, png: before.capture.png.slice(), url: 'http://x.test/next' },
    };
    expect(await check("Click 'Draw'", from, moved, performed)).toEqual({
      passed: true,
      evidence: "The address changed to http://x.test/next after the click on 'Draw'.",
    });
  });
});

describe('checkboxes', () => {
  const html = '<label><input id="receipt" type="checkbox"> Receipt attached</label>';

  it('reads the wanted state from accessibility data', async () => {
    let at = { x: 0, y: 0 };
    const { before, after } = await pair(html, async (page) => {
      at = await centre(page, '#receipt');
      await page.mouse.click(at.x, at.y);
    });
    const performed = performedOf(click(at.x, at.y));
    expect(await check("Check the 'Receipt attached' checkbox", before, after, performed)).toEqual({
      passed: true,
      evidence: "The 'Receipt attached' checkbox is checked.",
    });
    expect(await check("Uncheck the 'Receipt attached' checkbox", before, after, performed)).toEqual({
      passed: false,
      evidence: "The 'Receipt attached' checkbox is checked, not not checked.",
    });
  });
});

describe('checkboxes without accessibility data', () => {
  it('passes on pixels changed around the click, saying the state cannot be read', async () => {
    let at = { x: 0, y: 0 };
    const { before, after } = await pair(
      '<label><input id="copy" type="checkbox" style="width: 24px; height: 24px"> Send me a copy</label>',
      async (page) => {
        at = await centre(page, '#copy');
        await page.mouse.click(at.x, at.y);
      },
      { accessibility: false },
    );
    expect(
      await check("Check the 'Send me a copy' checkbox", before, after, performedOf(click(at.x, at.y))),
    ).toMatchObject({
      passed: true,
      evidence: expect.stringContaining('its state cannot be read'),
    });
  });
});

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

describe('keys, scrolling and waiting', () => {
  it('passes a key press that changes the screen, and one that changes nothing only saying so', async () => {
    const html = `<label for="q">Search</label><input id="q" type="text" onkeydown="if (event.key === 'Enter') document.getElementById('out').textContent = 'Found 3 machines'"><p id="out"></p>`;
    const nothing = await pair(html, async (page) => page.keyboard.press('Escape'));
    const escape = performedOf({ type: 'key', keys: ['Escape'] });
    expect(await check('Press Escape', nothing.before, nothing.after, escape)).toEqual({
      passed: true,
      evidence: 'Pressed Escape; nothing visible changed, so the key had no visible effect here.',
    });
    expect(await check('Press Escape', nothing.before, nothing.after, [])).toEqual({
      passed: false,
      evidence: 'Escape was not pressed.',
    });
    const found = await pair(html, async (page) => {
      await page.focus('#q');
      await page.keyboard.press('Enter');
    });
    const enter = performedOf({ type: 'key', keys: ['Enter'] });
    expect(await check('Press Enter', found.before, found.after, enter)).toMatchObject({
      passed: true,
      evidence: expect.stringMatching(/^The screen changed \(\d+ pixels\) after pressing Enter\.$/),
    });
  });

  it('passes a scroll that moves the page, and one at the bottom that cannot, saying so', async () => {
    const html = '<p>Top of a long page</p><div style="height: 3000px"></div><p>End</p>';
    const moved = await pair(html, async (page) => {
      await page.mouse.wheel(0, 480);
      await page.waitForFunction(() => window.scrollY > 0);
    });
    expect(await check('Scroll down', moved.before, moved.after, [])).toMatchObject({
      passed: true,
      evidence: expect.stringMatching(/^The page moved toward the bottom/),
    });
    const stuck = await pair('<p>A short page</p>', async (page) => page.mouse.wheel(0, 480));
    expect(await check('Scroll down', stuck.before, stuck.after, [])).toEqual({
      passed: true,
      evidence: 'Nothing moved: the page was already at the bottom, or it does not scroll.',
    });
  });

  it('passes a wait for text only when the text is on screen', async () => {
    const html = `<button onclick="document.getElementById('done').hidden = false">Send</button><p id="done" role="status" hidden>Report submitted</p>`;
    const { before, after } = await pair(html, async (page) => page.click('button'));
    expect(await check("Wait for 'Report submitted' to appear", before, after, [])).toMatchObject({ passed: true });
    expect(await check("Wait for 'Report submitted' to appear", before, before, [])).toEqual({
      passed: false,
      evidence: "'Report submitted' is not visible on screen.",
    });
  });
});
