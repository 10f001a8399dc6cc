import { CancelledError, type Handle } from '@sandpiper/core';
import { checkAddress, type NavigationPolicy } from '@sandpiper/protocol';
import type { Page } from 'playwright-core';
import { describeError, firstLine } from './errors.js';
import { untilCancelled } from './waiting.js';

/** Longest a single `open` may take before it is reported as failed. */
const NAVIGATION_TIMEOUT_MS = 30_000;

export type NavigationOutcome = { ok: true; url: string } | { ok: false; url: string; reason: string };

/**
 * Load `url` in `page` and wait for its `load` event. A network failure is an expected outcome and
 * comes back as `{ ok: false }` with Chromium's error code; a cancelled handle rejects.
 */
export async function navigate(handle: Handle, page: Page, url: string): Promise<NavigationOutcome> {
  const remaining = handle.deadline === undefined ? NAVIGATION_TIMEOUT_MS : handle.deadline - Date.now();
  const timeout = Math.max(1, Math.min(NAVIGATION_TIMEOUT_MS, remaining));
  try {
    await untilCancelled(handle, page.goto(url, { waitUntil: 'load', timeout }));
    return { ok: true, url };
  } catch (error: unknown) {
    if (page.isClosed()) throw error;
    if (CancelledError.isInstance(error)) throw error;
    return { ok: false, url, reason: navigationFailureReason(error) };
  }
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
