import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@sandpiper/env-browser';
import type { Browser, Page } from 'playwright-core';
import { readTestbedState } from '../src/index.js';

/** Headless Chromium as the rest of Sandpiper launches it. */
export { launchChromium };

/**
 * A fresh 1280x800 page in its own context showing `url`, resolved once the page has published
 * `window.testbedState`. Errors thrown by the page's own script fail the test that opened it.
 */
export async function openTestbedPage(browser: Browser, url: string): Promise<{ page: Page; errors: Error[] }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(url);
  await page.waitForFunction('typeof window.testbedState === "function"');
  return { page, errors };
}

export function pageState(page: Page): Promise<unknown> {
  return readTestbedState(page);
}

const packageRoot = fileURLToPath(new URL('../', import.meta.url));

/**
 * Throw when a page source is newer than the build, so a run never judges yesterday's pages.
 * The build is `npm run build -w @sandpiper/testbed` (scripts/setup.sh runs it when stale).
 */
export async function assertBuildIsFresh(): Promise<void> {
  const built = await stat(join(packageRoot, 'dist', 'index.html')).catch(() => undefined);
  if (built === undefined) throw new Error('The test bed is not built: run "npm run build -w @sandpiper/testbed".');
  const sources = [
    ...(await listFiles(join(packageRoot, 'pages'))),
    ...(await listFiles(join(packageRoot, 'src', 'fixtures'))),
  ];
  for (const source of sources) {
    if ((await stat(source)).mtimeMs > built.mtimeMs) {
      throw new Error(`${source} is newer than the build: run "npm run build -w @sandpiper/testbed".`);
    }
  }
}

async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
