/**
 * Browser set-up shared by the checker validation and the benchmark runner: one headless
 * Chromium from the system, and contexts that stay offline apart from the corpus server.
 */
import { launchChromium } from '@sandpiper/env-browser';
import type { BrowserContext } from 'playwright-core';

/** The system Chromium with Sandpiper's flags (never downloads a browser). */
export { launchChromium };

/** A stand-in page served for off-site navigations, so the address still shows where a link led. */
const offlinePage =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Off-site page (offline)</title></head>' +
  '<body><p>This off-site page is not available offline.</p></body></html>';

/**
 * Keeps a context offline: requests to hosts other than loopback are aborted, except top-level
 * page navigations, which get a small stand-in page so `page.url()` still records the target
 * (link and menu tasks check it). Page dialogs (`alert`, `confirm`) are dismissed.
 */
export async function prepareOfflineContext(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    async (route) => {
      const request = route.request();
      const frame = request.frame();
      if (request.isNavigationRequest() && frame.parentFrame() === null) {
        await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: offlinePage });
      } else {
        await route.abort();
      }
    },
  );
  context.on('page', (page) => {
    page.on('dialog', (dialog) => {
      dialog.dismiss().catch(() => undefined);
    });
  });
}
