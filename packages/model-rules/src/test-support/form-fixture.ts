import { launchChromium } from '@sandpiper/env-browser';
import type { Box } from '@sandpiper/protocol';

/**
 * Test support, not part of the public API: renders a small expense form in real Chromium and
 * returns its screenshot together with the true boxes of its elements, read from the live page.
 */

/** Names of the elements whose real boxes {@link renderFormFixture} reports. */
export type FormElement =
  | 'heading'
  | 'intro'
  | 'employeeNameLabel'
  | 'employeeNameInput'
  | 'emailLabel'
  | 'emailInput'
  | 'cityLabel'
  | 'cityInput'
  | 'checkboxLabel'
  | 'submitButton'
  | 'cancelButton'
  | 'banner';

/** A rendered screenshot and the ground truth for it. */
export interface FormFixture {
  /** PNG bytes at 1280x800, one image pixel per CSS pixel. */
  readonly png: Uint8Array;
  /** Bounding boxes of the elements in screenshot pixels, as Chromium laid them out. */
  readonly boxes: Readonly<Record<FormElement, Box>>;
}

const viewport = { width: 1280, height: 800 };

const formHtml = `<!doctype html>
<html><head><meta charset="utf-8"><style>
  body { margin: 0; font-family: 'Liberation Sans', sans-serif; font-size: 16px; color: #1f2328; }
  header { background: #1f2a44; color: #fff; padding: 14px 32px; font-size: 18px; }
  main { padding: 16px 48px; }
  .row { display: flex; align-items: center; gap: 16px; margin: 20px 0; }
  .stack { margin: 20px 0; }
  .stack label { display: block; margin-bottom: 6px; }
  input[type=text], input[type=email] { height: 30px; padding: 0 8px; border: 1px solid #6e7781; border-radius: 3px; font-size: 15px; }
  #name { width: 300px; }
  #email { width: 360px; }
  #city { width: 220px; }
  button { font-size: 15px; padding: 8px 20px; margin-right: 12px; border: 1px solid #6e7781; border-radius: 4px; background: #f6f8fa; }
  aside { position: absolute; left: 760px; top: 120px; width: 420px; color: #57606a; line-height: 1.5; }
</style></head>
<body>
  <header><span id="banner">Acme Travel Expenses</span></header>
  <main>
    <h1 id="heading">New expense claim</h1>
    <p><span id="intro">Fill in the details below and press Submit when you are done.</span></p>
    <div class="row"><label id="name-label" for="name">Employee name</label><input id="name" type="text"></div>
    <div class="stack"><label id="email-label" for="email">Email</label><input id="email" type="email"></div>
    <div class="row"><label id="city-label" for="city">City</label><input id="city" type="text" value="Lisbon"></div>
    <div class="stack"><label id="copy-label"><input id="copy" type="checkbox"> Send me a copy of this claim</label></div>
    <div class="stack"><button id="submit">Submit</button><button id="cancel">Cancel</button></div>
  </main>
  <aside>Claims above 500 euros need a receipt. Your manager approves each claim within five working days, and the payment follows with the next salary.</aside>
</body></html>`;

const selectors: Readonly<Record<FormElement, string>> = {
  heading: '#heading',
  intro: '#intro',
  employeeNameLabel: '#name-label',
  employeeNameInput: '#name',
  emailLabel: '#email-label',
  emailInput: '#email',
  cityLabel: '#city-label',
  cityInput: '#city',
  checkboxLabel: '#copy-label',
  submitButton: '#submit',
  cancelButton: '#cancel',
  banner: '#banner',
};

/** Launch Chromium, render the form, take a screenshot and read every element's box; closes the browser. */
export async function renderFormFixture(): Promise<FormFixture> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
    await page.setContent(formHtml);
    const boxes: Partial<Record<FormElement, Box>> = {};
    for (const [name, selector] of Object.entries(selectors) as [FormElement, string][]) {
      const box = await page.locator(selector).boundingBox();
      if (box === null) throw new Error(`fixture element ${selector} has no box`);
      boxes[name] = box;
    }
    const png = await page.screenshot({ type: 'png' });
    return { png: new Uint8Array(png), boxes: boxes as Record<FormElement, Box> };
  } finally {
    await browser.close();
  }
}
