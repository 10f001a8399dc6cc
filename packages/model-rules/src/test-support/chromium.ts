import type { Screen } from '@sandpiper/core';
import type { AccessibilityNode } from '@sandpiper/protocol';
import { launchChromium } from '@sandpiper/env-browser';
import type { Browser, Page } from 'playwright-core';
import { screenOf } from './screens.js';

/**
 * Test support, not part of the public API: real headless Chromium pages turned into screens.
 * Accessibility nodes are read from the live DOM (role, label, value, state, box), which is
 * enough for the roles' tests without depending on the browser environment package.
 */

export const viewport = { width: 800, height: 600 } as const;

export interface TestBrowser {
  /** A fresh page of {@link viewport} size showing `html`. */
  page(html: string): Promise<Page>;
  close(): Promise<void>;
}

export async function launchTestBrowser(): Promise<TestBrowser> {
  const browser: Browser = await launchChromium();
  return {
    async page(html) {
      const page = await browser.newPage({ viewport });
      await page.setContent(`<!doctype html><html><head><meta charset="utf-8"><style>
        body { margin: 0; padding: 24px; font: 18px 'Liberation Sans', sans-serif; color: #111; background: #fff; }
        input[type=text], select { font-size: 18px; height: 32px; width: 280px; border: 1px solid #555; }
        button { font-size: 18px; padding: 6px 18px; }
        label { margin-right: 12px; }
      </style></head><body>${html}</body></html>`);
      return page;
    },
    close: () => browser.close(),
  };
}

/** What a screen of the page should include. */
export interface CaptureOptions {
  /** Leave accessibility out, as for an environment without it. */
  readonly accessibility?: boolean;
  readonly url?: string;
}

/** Screenshot the page and describe its controls as accessibility nodes. */
export async function captureScreen(page: Page, options: CaptureOptions = {}): Promise<Screen> {
  const png = new Uint8Array(await page.screenshot({ caret: 'hide' }));
  const nodes = options.accessibility === false ? undefined : await readNodes(page);
  return screenOf({
    png,
    width: viewport.width,
    height: viewport.height,
    ...(nodes === undefined ? {} : { nodes }),
    ...(options.url === undefined ? {} : { url: options.url }),
    title: await page.title(),
  });
}

function readNodes(page: Page): Promise<AccessibilityNode[]> {
  return page.evaluate(() => {
    const found: AccessibilityNode[] = [];
    const visible = (element: Element) => element.getClientRects().length > 0;
    document
      .querySelectorAll('input, select, button, h1, p, label, [role=status], [role=dialog]')
      .forEach((element, index) => {
        if (!visible(element)) return;
        const rect = element.getBoundingClientRect();
        const box = { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
        const ref = `e${index}`;
        const labelled =
          (element as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? element.getAttribute('aria-label') ?? '';
        if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
          found.push({ ref, role: element.type, name: labelled, checked: element.checked, box });
        } else if (element instanceof HTMLInputElement) {
          found.push({ ref, role: 'textbox', name: labelled, value: element.value, box });
        } else if (element instanceof HTMLSelectElement) {
          const options = Array.from(element.options, (option) => option.text);
          found.push({
            ref,
            role: 'combobox',
            name: labelled,
            value: element.selectedOptions[0]?.text ?? '',
            options,
            box,
          });
        } else if (element instanceof HTMLButtonElement) {
          const expanded = element.getAttribute('aria-expanded');
          found.push({
            ref,
            role: 'button',
            name: element.textContent?.trim() ?? '',
            disabled: element.disabled,
            box,
            ...(expanded === null ? {} : { expanded: expanded === 'true' }),
          });
        } else {
          const role = element.getAttribute('role') ?? 'text';
          found.push({ ref, role, name: element.textContent?.trim() ?? '', box });
        }
      });
    return found;
  });
}
