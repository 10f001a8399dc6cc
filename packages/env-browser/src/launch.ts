import { access, constants } from 'node:fs/promises';
import { createHandle } from '@sandpiper/core';
import { resolveAddress, type NavigationPolicy } from '@sandpiper/protocol';
import { chromium, type Browser } from 'playwright-core';
import { BrowserEnvironment } from './browser-environment.js';
import { CHROMIUM_FLAGS, DEFAULT_CHROMIUM_PATH } from './chromium.js';
import { BrowserNavigationError, BrowserUnavailableError, describeError, firstLine } from './errors.js';
import { confineNavigation, navigate } from './navigation.js';

const LAUNCH_TIMEOUT_MS = 30_000;

export interface LaunchBrowserOptions {
  /** Address to open first; the page starts blank when absent. */
  readonly url?: string;
  /** Run without a window. Defaults to true. */
  readonly headless?: boolean;
  /** X display for headed mode, such as `:99`; defaults to the `DISPLAY` variable. Ignored when headless. */
  readonly display?: string;
  /** Viewport in CSS pixels; defaults to 1280x800. This is also the screenshot size and the action space. */
  readonly viewport?: { readonly width: number; readonly height: number };
  /** The Chromium binary; defaults to `/usr/bin/chromium`. */
  readonly executablePath?: string;
  /** With `allowHosts`, the page may navigate only to those hosts and to `url`'s. */
  readonly navigation?: NavigationPolicy;
}

/**
 * Start a fresh Chromium (temporary profile, device scale factor 1) and return an environment on
 * its only page. Throws {@link BrowserUnavailableError} when Chromium is missing or will not start,
 * and {@link BrowserNavigationError} when `url` cannot be loaded; no browser is left running then.
 */
export async function launchBrowserEnvironment(options: LaunchBrowserOptions = {}): Promise<BrowserEnvironment> {
  const executablePath = options.executablePath ?? DEFAULT_CHROMIUM_PATH;
  const headless = options.headless ?? true;
  const viewport = options.viewport ?? { width: 1280, height: 800 };
  await ensureExecutable(executablePath);
  const display = options.display ?? process.env['DISPLAY'];
  if (!headless && (display === undefined || display === '')) {
    throw new BrowserUnavailableError(
      executablePath,
      'headed mode needs an X display; pass `display` (for example ":99" from Xvfb) or set DISPLAY',
    );
  }

  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath,
      headless,
      timeout: LAUNCH_TIMEOUT_MS,
      // Sandpiper's commands handle Ctrl+C themselves and close the browser in order; Playwright's
      // own handler would exit the process (code 130) before a run or an executor could end.
      handleSIGINT: false,
      handleSIGTERM: false,
      args: headless
        ? [...CHROMIUM_FLAGS]
        : [...CHROMIUM_FLAGS, '--window-position=0,0', `--window-size=${viewport.width},${viewport.height}`],
      ...(headless ? {} : { env: { ...process.env, DISPLAY: display } }),
    });
  } catch (error: unknown) {
    throw new BrowserUnavailableError(executablePath, `it did not start (${firstLine(describeError(error))})`, {
      cause: error,
    });
  }

  try {
    const context = await browser.newContext({ viewport: { ...viewport }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    if (options.url !== undefined) {
      const url = resolveAddress(options.url, 'about:blank');
      if (url === undefined) throw new BrowserNavigationError(options.url, 'not a valid address');
      await confineNavigation(page, options.navigation, url);
      const outcome = await navigate(createHandle(), page, url);
      if (!outcome.ok) throw new BrowserNavigationError(outcome.url, outcome.reason);
    }
    return new BrowserEnvironment({
      browser,
      page,
      viewport,
      devicePixelRatio: 1,
      description: `Chromium ${browser.version()} (${headless ? 'headless' : `headed on ${display}`})`,
      release: () => browser.close(),
    });
  } catch (error: unknown) {
    await browser.close().catch(() => undefined);
    throw error;
  }
}

async function ensureExecutable(executablePath: string): Promise<void> {
  try {
    await access(executablePath, constants.X_OK);
  } catch (error: unknown) {
    const code = (error as { code?: unknown }).code;
    const detail = code === 'ENOENT' ? 'no such file' : `it is not executable (${String(code)})`;
    throw new BrowserUnavailableError(executablePath, detail, { cause: error });
  }
}
