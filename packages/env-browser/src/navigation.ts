import { CancelledError, type Handle } from '@sandpiper/core';
import { checkAddress, type NavigationPolicy } from '@sandpiper/protocol';
import type { Page } from 'playwright-core';
import { describeError, firstLine } from './errors.js';
import { untilCancelled } from './waiting.js';

/** Longest a single `open` may take before it is reported as failed. */
const NAVIGATION_TIMEOUT_MS = 30_000;

export type NavigationOutcome = { ok: true; url: string } | { ok: false; url: string; reason: string };

/** How often an `open` is started again when a navigation already under way cut it off. */
const INTERRUPTED_RETRIES = 2;

/**
 * Load `url` in `page` and wait for its `load` event. A network failure is an expected outcome and
 * comes back as `{ ok: false }` with Chromium's error code; a cancelled handle rejects.
 *
 * A navigation the page started just before (a link, a script, a blocked request turning into
 * Chromium's error page) can commit after the `open` began and cut it off. That says nothing about
 * `url`, so the `open` is started again, up to {@link INTERRUPTED_RETRIES} times.
 */
export async function navigate(handle: Handle, page: Page, url: string): Promise<NavigationOutcome> {
  const deadline = Date.now() + NAVIGATION_TIMEOUT_MS;
  for (let attempt = 0; ; attempt += 1) {
    const end = handle.deadline === undefined ? deadline : Math.min(deadline, handle.deadline);
    const timeout = Math.max(1, end - Date.now());
    try {
      await untilCancelled(handle, page.goto(url, { waitUntil: 'load', timeout }));
      return { ok: true, url };
    } catch (error: unknown) {
      if (page.isClosed()) throw error;
      if (CancelledError.isInstance(error)) throw error;
      if (attempt < INTERRUPTED_RETRIES && interruptedByAnotherNavigation(error) && Date.now() < end) {
        // The navigation that cut this one off may itself be to `url`; then it is enough to let it load.
        await untilCancelled(handle, page.waitForLoadState('load', { timeout: Math.max(1, end - Date.now()) })).catch(
          (settling: unknown) => {
            if (CancelledError.isInstance(settling)) throw settling;
          },
        );
        if (sameAddress(page.url(), url)) return { ok: true, url };
        continue;
      }
      return { ok: false, url, reason: navigationFailureReason(error) };
    }
  }
}

function sameAddress(current: string, wanted: string): boolean {
  try {
    return new URL(current).href === new URL(wanted).href;
  } catch {
    return false;
  }
}

function interruptedByAnotherNavigation(error: unknown): boolean {
  return /interrupted by another navigation/i.test(describeError(error));
}

/** Chromium's `net::ERR_…` code when there is one, else the first line of the error. */
export function navigationFailureReason(error: unknown): string {
  const message = describeError(error);
  const code = /net::ERR_[A-Z_]+/.exec(message);
  if (code !== null) return code[0];
  return firstLine(message).replace(/^page\.goto: /, '');
}

/**
 * Keep the page's top-level navigations on the policy's hosts (`allowHosts`): any other is aborted
 * before it loads, whether an `open`, a link or a script started it, and Chromium shows its
 * "blocked" page instead. `start` (the address the run began on) is always allowed. Nothing is
 * installed when the policy names no hosts.
 */
export async function confineNavigation(
  page: Page,
  policy: NavigationPolicy | undefined,
  start: string | undefined,
): Promise<void> {
  if (policy?.allowHosts === undefined) return;
  await page.route('**/*', async (route, request) => {
    const leaving =
      request.isNavigationRequest() &&
      request.frame() === page.mainFrame() &&
      !checkAddress(request.url(), policy, start).allowed;
    await (leaving ? route.abort('blockedbyclient') : route.fallback());
  });
}
