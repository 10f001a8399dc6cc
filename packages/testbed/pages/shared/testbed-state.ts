import { useEffect, useLayoutEffect, useRef } from 'react';
import type { TestbedPageName } from '../../src/catalog.js';

declare global {
  interface Window {
    /** The page's state as JSON: `{ page, data, view }` (see TestbedPageState in src/check.ts). */
    testbedState?: () => unknown;
  }
}

export interface StateParts {
  data: unknown;
  view: unknown;
}

/**
 * Publish `window.testbedState()`. `read` runs on every call, so it can ask a library for its live
 * state (flatpickr's selectedDates, AG Grid's filter model) instead of keeping a copy that drifts.
 * The round trip through JSON hands back a detached plain value.
 */
export function exposeState(page: TestbedPageName, read: () => StateParts): void {
  window.testbedState = () => JSON.parse(JSON.stringify({ page, ...read() })) as unknown;
  document.documentElement.dataset['testbedReady'] = 'true';
}

/** The React form of {@link exposeState}: the latest rendered state is what the page reports. */
export function useExposedState(page: TestbedPageName, data: unknown, view: unknown): void {
  const latest = useRef<StateParts>({ data, view });
  // A layout effect, so a state read right after a click already sees that click's render.
  useLayoutEffect(() => {
    latest.current = { data, view };
  });
  useEffect(() => exposeState(page, () => latest.current), [page]);
}

/** A sorted copy, for set-like values whose click order should not matter. */
export function sorted<T extends string>(values: Iterable<T>): T[] {
  return [...values].sort();
}
