import type { Box } from '@sandpiper/protocol';
import { launchChromium } from '@sandpiper/env-browser';
import type { Browser, Page } from 'playwright-core';

/**
 * Test and benchmark support, not part of the public API: real headless Chromium renders a
 * realistic form page, and each helper performs one interaction between two screenshots, so the
 * vision primitives are measured on genuine browser pixels (font hinting, anti-aliasing, focus
 * rings, modal backdrops) rather than on drawings of them.
 */

export { launchChromium };

/** A pre/post screenshot pair around one interaction, with where the affected element really is. */
export interface ScreenshotPair {
  /** PNG before the interaction. */
  readonly before: Uint8Array;
  /** PNG after it. */
  readonly after: Uint8Array;
  /** The bounding box of the element the interaction changed, as Chromium reports it, after the interaction. */
  readonly target: Box;
  /** Where the pointer acted, in screen pixels; absent for keyboard-only interactions. */
  readonly point?: { readonly x: number; readonly y: number };
}

const rows = Array.from(
  { length: 14 },
  (_, index) =>
    `<tr><td>INV-${2040 + index}</td><td>Supplier ${String.fromCharCode(65 + index)} GmbH</td>` +
    `<td>${(index * 137.5 + 42).toFixed(2)} EUR</td><td>${index % 3 === 0 ? 'Paid' : 'Open'}</td></tr>`,
).join('');

const pageHtml = `<!doctype html><html><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px 'Liberation Sans', 'DejaVu Sans', sans-serif; color: #1d2330; background: #f4f6f9; }
  header { background: #1f3a5f; color: #fff; padding: 14px 24px; font-size: 20px; }
  nav { position: fixed; top: 52px; bottom: 0; width: 200px; background: #e7ebf1; padding: 16px; line-height: 2; }
  main { margin-left: 200px; padding: 20px 28px; }
  .card { background: #fff; border: 1px solid #d5dbe4; border-radius: 6px; padding: 16px 20px; margin-bottom: 18px; }
  label { display: inline-block; width: 110px; }
  input { font: inherit; width: 320px; padding: 6px 8px; border: 1px solid #8a94a6; border-radius: 4px; margin: 6px 0; }
  button { font: inherit; padding: 7px 16px; border-radius: 4px; border: 1px solid #1f3a5f; background: #2b5797; color: #fff; }
  table { border-collapse: collapse; width: 100%; }
  td { border-bottom: 1px solid #e3e7ee; padding: 5px 8px; }
  dialog { border: 1px solid #888; border-radius: 8px; padding: 20px 28px; width: 420px; }
</style></head><body>
<header>Accounts payable · Invoices</header>
<nav><div>Dashboard</div><div>Invoices</div><div>Suppliers</div><div>Payments</div><div>Reports</div><div>Settings</div></nav>
<main>
  <div class="card"><p>Enter the supplier's details exactly as they appear on the invoice. Amounts are in euros and
  include VAT. Invoices above 10,000 EUR need a second approval before payment is released.</p>
  <div><label for="supplier">Supplier</label><input id="supplier" autocomplete="off"></div>
  <div><label for="reference">Reference</label><input id="reference" autocomplete="off"></div>
  <div><button id="submit">Submit invoice</button></div></div>
  <div class="card"><table>${rows}</table></div>
</main>
<dialog id="confirm"><h3>Submit this invoice?</h3><p>It will be sent to the approver and can no longer be edited.</p>
<button>Confirm</button> <button>Cancel</button></dialog>
<script>document.getElementById('submit').addEventListener('click', () => document.getElementById('confirm').showModal());</script>
</body></html>`;

/** A fresh page of the given viewport showing the invoice form. */
export async function openFormPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.setContent(pageHtml);
  return page;
}

async function screenshot(page: Page): Promise<Uint8Array> {
  return new Uint8Array(await page.screenshot({ caret: 'hide', animations: 'disabled' }));
}

async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).boundingBox();
  if (box === null) throw new Error(`${selector} is not visible`);
  return box;
}

/** Click into the empty supplier field and type a name: the field gains focus and text. */
export async function captureTypingPair(page: Page, text = 'Nordwind Logistik'): Promise<ScreenshotPair> {
  const target = await boxOf(page, '#supplier');
  const point = { x: target.x + 40, y: target.y + target.height / 2 };
  const before = await screenshot(page);
  await page.mouse.click(point.x, point.y);
  await page.keyboard.type(text);
  return { before, after: await screenshot(page), target, point };
}

/** Click the submit button, which opens a modal confirmation dialog. */
export async function captureDialogPair(page: Page): Promise<ScreenshotPair> {
  const button = await boxOf(page, '#submit');
  const point = { x: button.x + button.width / 2, y: button.y + button.height / 2 };
  const before = await screenshot(page);
  await page.mouse.click(point.x, point.y);
  await page.locator('#confirm').waitFor({ state: 'visible' });
  return { before, after: await screenshot(page), target: await boxOf(page, '#confirm'), point };
}
