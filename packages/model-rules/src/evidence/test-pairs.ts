import { createHandle, type PerformedAction, type Reflector, type Screen, type StepCheck } from '@sandpiper/core';
import type { Action } from '@sandpiper/protocol';
import type { Page } from 'playwright-core';
import { captureScreen, type TestBrowser } from '../test-support/chromium.js';
import { performedOf, stepOf } from '../test-support/screens.js';

/**
 * Test support, not part of the public API: real Chromium screenshot pairs around real input, and
 * a one-line way to ask a reflector about them.
 */

export interface ScreenPair {
  readonly before: Screen;
  readonly after: Screen;
  readonly performed: PerformedAction[];
}

export const click = (x: number, y: number): Action => ({
  type: 'click',
  at: { x, y },
  button: 'left',
  count: 1,
  modifiers: [],
});

export async function centreOf(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(selector).boundingBox();
  if (box === null) throw new Error(`${selector} is not rendered`);
  return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
}

async function perform(page: Page, action: Action): Promise<void> {
  if (action.type === 'click') await page.mouse.click(action.at.x, action.at.y);
  else if (action.type === 'type') await page.keyboard.type(action.text);
  else if (action.type === 'key') await page.keyboard.press(action.keys.join('+'));
  else throw new Error(`test pairs do not perform ${action.type}`);
}

/** What happens between the screenshots: the actions (points measured on the page), then anything else. */
export interface PairScript {
  readonly actions: (page: Page) => Promise<Action[]>;
  /** Runs after the actions, before the second screenshot: a clock ticking, a side effect. */
  readonly meanwhile?: (page: Page) => Promise<void>;
}

/** Render `html`, screenshot, perform the actions for real, run `meanwhile`, screenshot again. */
export async function capturePair(browser: TestBrowser, html: string, script: PairScript): Promise<ScreenPair> {
  const page = await browser.page(html);
  try {
    const before = await captureScreen(page);
    const actions = await script.actions(page);
    for (const action of actions) await perform(page, action);
    await script.meanwhile?.(page);
    const after = await captureScreen(page);
    return { before, after, performed: performedOf(...actions) };
  } finally {
    await page.close();
  }
}

export function checkStep(reflector: Reflector, text: string, pair: ScreenPair): Promise<StepCheck> {
  return reflector.check(createHandle(), { step: stepOf(text), ...pair });
}

/** A clock that ticks a second, into the next minute, when `tickClock` runs: text that changes on its own. */
export const CLOCK_HTML = '<p id="clock" style="position:fixed;right:16px;bottom:8px;margin:0">10:41:59</p>';
export const tickClock = async (page: Page): Promise<void> => {
  await page.evaluate(() => {
    const clock = document.getElementById('clock');
    if (clock !== null) clock.textContent = '10:42:00';
  });
};
