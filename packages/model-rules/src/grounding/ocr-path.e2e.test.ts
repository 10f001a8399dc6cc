import { createHandle, type Screen } from '@sandpiper/core';
import type { Box, TargetRef } from '@sandpiper/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcrEngine, type OcrEngine } from '../ocr/index.js';
import { createRulesOperator } from '../operator/operator.js';
import { createEvidenceReflector } from '../evidence/index.js';
import { createScreenReader, type ScreenReader } from '../screen/screen-reader.js';
import { captureScreen, launchTestBrowser, type TestBrowser } from '../test-support/chromium.js';
import { stepOf, testTask } from '../test-support/screens.js';
import { judgeFeasibility } from '../judge/feasibility.js';
import { createRulesGrounder, locateTarget } from './grounder.js';

/** The roles on screens without accessibility data: targets and values are read with real OCR. */
const form = `<h1>New expense claim</h1>
  <p><label for="name">Employee name</label><input id="name" type="text"></p>
  <p><label for="dept">Department</label><select id="dept"><option>Sales</option><option>Finance</option></select></p>
  <p><button id="submit">Submit</button> <button id="cancel">Cancel</button></p>`;

let browser: TestBrowser;
let ocr: OcrEngine;
let reader: ScreenReader;
let page: Page;
let screen: Screen;

beforeAll(async () => {
  [browser, ocr] = await Promise.all([launchTestBrowser(), createOcrEngine()]);
  reader = createScreenReader(() => Promise.resolve(ocr));
  page = await browser.page(form);
  screen = await captureScreen(page, { accessibility: false });
});
afterAll(async () => {
  await ocr.terminate();
  await browser.close();
});

async function boxOf(selector: string): Promise<Box> {
  const box = await page.locator(selector).boundingBox();
  if (box === null) throw new Error(`${selector} is not rendered`);
  return box;
}

function inside(point: { x: number; y: number }, box: Box): boolean {
  return point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height;
}

describe('without accessibility data', () => {
  it('grounds a button by its OCR text', async () => {
    const grounding = await createRulesGrounder(reader).ground(createHandle(), {
      query: { text: 'Submit', role: 'button' },
      screen,
    });
    expect(grounding.method).toBe('ocr');
    const box = grounding.box!;
    expect(inside({ x: box.x + box.width / 2, y: box.y + box.height / 2 }, await boxOf('#submit'))).toBe(true);
  });

  it('grounds a field through its label and the outline next to it, and types there', async () => {
    const operator = createRulesOperator(reader);
    const decision = await operator.decide(createHandle(), {
      task: testTask,
      step: stepOf("Type 'Ada Lovelace' into the 'Employee name' field"),
      attempt: 1,
      screen,
      performed: [],
    });
    expect(decision.type).toBe('act');
    const click = decision.type === 'act' ? decision.actions[0]?.action : undefined;
    expect(click?.type === 'click' && inside(click.at, await boxOf('#name'))).toBe(true);
  });

  it('chooses an option of a dropdown found by OCR by typing its text, since the option list is not on screen', async () => {
    const decision = await createRulesOperator(reader).decide(createHandle(), {
      task: testTask,
      step: stepOf("Select 'Finance' from the 'Department' dropdown"),
      attempt: 1,
      screen,
      performed: [],
    });
    const actions = decision.type === 'act' ? decision.actions.map((planned) => planned.action) : [];
    expect(actions.slice(1)).toEqual([
      { type: 'type', text: 'Finance' },
      { type: 'key', keys: ['Enter'] },
    ]);
    expect(actions[0]?.type === 'click' && inside(actions[0].at, await boxOf('#dept'))).toBe(true);
  });

  it('confirms typed text by reading it inside the field', async () => {
    const field = await boxOf('#name');
    await page.mouse.click(field.x + 10, field.y + field.height / 2);
    await page.keyboard.type('Ada Lovelace');
    const after = await captureScreen(page, { accessibility: false });
    const at = { x: field.x + 10, y: field.y + field.height / 2 };
    const performed = [
      {
        action: { type: 'click' as const, at, button: 'left' as const, count: 1, modifiers: [] },
        summary: 'Clicking the Employee name field',
        ok: true,
      },
      { action: { type: 'type' as const, text: 'Ada Lovelace' }, summary: "Typing 'Ada Lovelace'", ok: true },
    ];
    const check = (text: string) =>
      createEvidenceReflector({ reader }).check(createHandle(), {
        step: stepOf(text),
        performed,
        before: screen,
        after,
      });
    const typed = await check("Type 'Ada Lovelace' into the 'Employee name' field");
    expect(typed.passed).toBe(true);
    expect(typed.evidence).toContain("OCR reads 'Ada Lovelace' inside the 'Employee name' field");
    expect((await check("Type 'Grace Hopper' into the 'Employee name' field")).passed).toBe(false);
  });
});

describe('without accessibility data, a target named by what holds it', () => {
  const table = `<table style="font: 18px sans-serif; border-spacing: 24px 18px">
    <tr><td>Boiler-01</td><td>Running</td><td><button id="d1">Delete</button></td></tr>
    <tr><td>Boiler-02</td><td>Stopped</td><td><button id="d2">Delete</button></td></tr>
    <tr><td>Pump-07</td><td>Running</td><td><button id="d3">Delete</button></td></tr>
  </table>`;
  let rows: Screen;
  let rowsPage: Page;
  beforeAll(async () => {
    rowsPage = await browser.page(table);
    rows = await captureScreen(rowsPage, { accessibility: false });
  });

  const ground = async (within: TargetRef) =>
    (await locateTarget(createHandle(), reader, rows, { text: 'Delete', role: 'button', within })).best;

  it('is the one on the line of that text', async () => {
    const box = (await ground({ name: 'Boiler-02' }))!.box;
    const button = (await rowsPage.locator('#d2').boundingBox())!;
    expect(inside({ x: box.x + box.width / 2, y: box.y + box.height / 2 }, button)).toBe(true);
  });

  it('is nothing when that text, or what it is named inside, is not on screen', async () => {
    expect(await ground({ name: 'Boiler-09' })).toBeUndefined();
    expect(await ground({ name: 'Boiler-02', within: { name: 'Warehouse North' } })).toBeUndefined();
  });
});

describe('feasibility with text only OCR can read', () => {
  it('does not take read text that only resembles a missing holder for it', async () => {
    const shown = await browser.page(
      `<h2>Readings</h2><p aria-hidden="true" style="font: 22px sans-serif">Sensor tog</p><button>Delete</button>`,
    );
    const verdict = await judgeFeasibility(createHandle(), reader, {
      step: { id: 's1', text: "Delete 'readings' in 'sensor T-09'", status: 'pending' },
      screen: await captureScreen(shown),
      failure: 'the target was not found',
    } as Parameters<typeof judgeFeasibility>[2]);
    expect(verdict.verdict).toBe('infeasible');
    expect(verdict.evidence.join(' ')).toMatch(/Nothing on the page is named 'sensor T-09'/);
  });
});
