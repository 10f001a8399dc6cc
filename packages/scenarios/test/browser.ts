import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@sandpiper/env-browser';
import type { Browser, Page } from 'playwright-core';

/** Where the screenshots of the apps go, for a person to look at. */
export const artifactsFolder = fileURLToPath(new URL('../../../test-artifacts/scenarios/', import.meta.url));

/** Headless Chromium as the rest of Sandpiper launches it. */
export { launchChromium };

/** A blank 1280x800 page in its own context (so session storage does not leak between tests). */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return page;
}

/** A new page showing an app that has reported its first state. */
export async function openPage(browser: Browser, url: string): Promise<Page> {
  const page = await newPage(browser);
  await gotoApp(page, url);
  return page;
}

/** Load an app page and wait until it has reported its first state. */
export async function gotoApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForSync(page);
}

/**
 * Resolve once the server holds the page's newest state: the app marks `<html data-state-sync>`
 * "pending" synchronously on every change and "synced" when its last report was accepted.
 */
export async function waitForSync(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.stateSync !== 'pending');
  const status = await page.evaluate(() => document.documentElement.dataset.stateSync);
  if (status !== 'synced') throw new Error(`The app's last state report was refused (status ${String(status)}).`);
}

export async function saveScreenshot(page: Page, name: string, fullPage = false): Promise<void> {
  await mkdir(artifactsFolder, { recursive: true });
  await page.screenshot({ path: `${artifactsFolder}${name}.png`, fullPage });
}
