import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Box } from '@sandpiper/protocol';
import { launchChromium } from '@sandpiper/env-browser';
import type { Locator, Page } from 'playwright-core';
import { build } from 'vite';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const webPackage = join(repoRoot, 'packages', 'web');

/** The built UI the server is pointed at. */
export const WEB_ROOT = join(webPackage, 'dist');

/** Where the end-to-end test leaves its screenshots (ignored by git). */
export const UI_ARTIFACTS = join(repoRoot, 'test-artifacts', 'ui');

/**
 * Build the UI when it has not been built, so a fresh clone that only runs the tests still has a
 * page; also when a source file is newer than the build, so the test never drives a stale UI.
 */
export async function ensureWebBuild(): Promise<void> {
  const built = await stat(join(WEB_ROOT, 'index.html')).catch(() => undefined);
  if (built && (await newestSource()) <= built.mtimeMs) return;
  await build({ configFile: join(webPackage, 'vite.config.ts'), root: webPackage, logLevel: 'silent' });
}

/** Modification time of the newest file the build reads, in milliseconds since the epoch. */
async function newestSource(): Promise<number> {
  const sources = (await readdir(join(webPackage, 'src'), { recursive: true })).map((name) =>
    join(webPackage, 'src', name),
  );
  const times = await Promise.all(
    [...sources, join(webPackage, 'index.html'), join(webPackage, 'vite.config.ts')].map(async (path) => {
      const info = await stat(path);
      return info.isFile() ? info.mtimeMs : 0;
    }),
  );
  return Math.max(0, ...times);
}

/** The system's Chromium, headless, with nothing that reaches the network on its own. */
export { launchChromium };

/** Saves the page as `<UI_ARTIFACTS>/<moment>.png`, creating the folder on first use. */
export function screenshotter(page: Page): (moment: string) => Promise<void> {
  let ready: Promise<unknown> | undefined;
  return async (moment) => {
    ready ??= mkdir(UI_ARTIFACTS, { recursive: true });
    await ready;
    await page.screenshot({ path: join(UI_ARTIFACTS, `${moment}.png`) });
  };
}

/**
 * Drag a rectangle on the annotation canvas around `box`, given in the screenshot's pixels. The
 * canvas shows the whole screenshot scaled to its CSS box, so screenshot pixels map to page
 * coordinates through that box.
 */
export async function dragRectangle(
  page: Page,
  canvas: Locator,
  box: Box,
  screenshot: { readonly width: number; readonly height: number },
): Promise<void> {
  const shown = await canvas.boundingBox();
  if (!shown) throw new Error('the annotation canvas is not on the page');
  const toPage = (x: number, y: number) => ({
    x: shown.x + (x * shown.width) / screenshot.width,
    y: shown.y + (y * shown.height) / screenshot.height,
  });
  const from = toPage(box.x, box.y);
  const to = toPage(box.x + box.width, box.y + box.height);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

/** A locator for the element with `testId` whose data attributes have the given values. */
export function byTestId(page: Page | Locator, testId: string, data: Readonly<Record<string, string>> = {}): Locator {
  const attributes = Object.entries(data)
    .map(([name, value]) => `[data-${name}=${JSON.stringify(value)}]`)
    .join('');
  return page.locator(`[data-testid=${JSON.stringify(testId)}]${attributes}`);
}
