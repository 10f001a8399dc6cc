import { CancelledError, type Handle } from '@sandpiper/core';
import type { Page } from 'playwright-core';
import { describeError, firstLine } from './errors.js';
import { untilCancelled } from './waiting.js';

/** Longest a single `open` may take before it is reported as failed. */
const NAVIGATION_TIMEOUT_MS = 30_000;

export type NavigationOutcome = { ok: true; url: string } | { ok: false; url: string; reason: string };

/**
 * Resolve what an `open` action names into an address. Absolute URLs stay as they are; anything
 * else is a path relative to the current page when that page came from http(s) or a file, and a
 * bare host (`example.com/path`, `localhost:3000`) otherwise.
 */
export function resolveOpenTarget(target: string, currentUrl: string): string | undefined {
  const trimmed = target.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) || /^(about|data|blob):/i.test(trimmed)) return parseUrl(trimmed);
  if (/^(https?|file):/i.test(currentUrl)) return parseUrl(trimmed, currentUrl);
  return parseUrl(`http://${trimmed}`);
}

function parseUrl(text: string, base?: string): string | undefined {
  try {
    return new URL(text, base).href;
  } catch {
    return undefined;
  }
}

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
