import type { NavigationPolicy } from '@sandpiper/protocol';
import { chromium, type Browser, type Page } from 'playwright-core';
import { BrowserEnvironment } from './browser-environment.js';
import { CdpAttachError, describeError, firstLine, type CdpTargetSummary } from './errors.js';
import { confineNavigation } from './navigation.js';

const CONNECT_TIMEOUT_MS = 15_000;

export interface AttachBrowserOptions {
  /** DevTools endpoint of a running Chromium: `http://host:port` or a `ws://…/devtools/browser/…` address. */
  readonly endpoint: string;
  /** CDP target id of the page to drive (as `/json/list` shows it); the first page when absent. */
  readonly targetId?: string;
  /** With `allowHosts`, the page may navigate only to those hosts and to the address it showed on attach. */
  readonly navigation?: NavigationPolicy;
}

/**
 * Connect to a Chromium someone else started (with `--remote-debugging-port`) and drive one of its
 * pages. `close()` on the result only disconnects: the browser and its pages keep running. Throws
 * {@link CdpAttachError} when the endpoint cannot be reached or no page matches `targetId`.
 */
export async function attachBrowserEnvironment(options: AttachBrowserOptions): Promise<BrowserEnvironment> {
  const { endpoint, targetId } = options;
  let browser: Browser;
  try {
    browser = await chromium.connectOverCDP(endpoint, { timeout: CONNECT_TIMEOUT_MS });
  } catch (error: unknown) {
    throw new CdpAttachError(
      endpoint,
      `Could not reach the DevTools endpoint ${endpoint} (${firstLine(describeError(error))}). ` +
        'Start Chromium with --remote-debugging-port=9222 and pass http://127.0.0.1:9222.',
      [],
      { cause: error },
    );
  }
  // For a browser reached over CDP, close() disconnects and leaves the browser running.
  const disconnect = (): Promise<void> => browser.close();

  try {
    const pages = await Promise.all(
      browser.contexts().flatMap((context) => context.pages().map((page) => describePage(page))),
    );
    const chosen = targetId === undefined ? pages[0] : pages.find((page) => page.summary.id === targetId);
    if (chosen === undefined) {
      const summaries = pages.map((page) => page.summary);
      const listing = summaries.map((summary) => `${summary.id} "${summary.title}" ${summary.url}`).join('; ');
      const problem = targetId === undefined ? 'has no open page' : `has no page with target id ${targetId}`;
      throw new CdpAttachError(
        endpoint,
        `The browser at ${endpoint} ${problem}. Available pages: ${listing === '' ? 'none' : listing}.`,
        summaries,
      );
    }
    const { page } = chosen;
    await confineNavigation(page, options.navigation, page.url());
    const metrics = await page.evaluate(() => ({
      width: window.innerWidth,
      height: window.innerHeight,
      devicePixelRatio: window.devicePixelRatio,
    }));
    return new BrowserEnvironment({
      browser,
      page,
      viewport: { width: metrics.width, height: metrics.height },
      devicePixelRatio: metrics.devicePixelRatio,
      description: `Chromium ${browser.version()} (attached to ${endpoint}, target ${chosen.summary.id})`,
      release: disconnect,
    });
  } catch (error: unknown) {
    await disconnect().catch(() => undefined);
    throw error;
  }
}

async function describePage(page: Page): Promise<{ page: Page; summary: CdpTargetSummary }> {
  const session = await page.context().newCDPSession(page);
  try {
    const { targetInfo } = await session.send('Target.getTargetInfo');
    return { page, summary: { id: targetInfo.targetId, title: targetInfo.title, url: targetInfo.url } };
  } finally {
    await session.detach().catch(() => undefined);
  }
}
