import type { TestbedPageName } from './catalog.js';
import type { TestbedCheckResult } from './task.js';

/**
 * What every page's `window.testbedState()` returns. `data` is what the app would keep: field
 * values, selections, submissions, deletions. `view` is how the page is being looked at: the
 * active tab, open dialogs and menus, expanded sections, the current page of a list. Set-like
 * values (several selected options) are reported sorted, so the order of clicks does not matter.
 */
export interface TestbedPageState<Data = unknown, View = Record<string, unknown>> {
  readonly page: TestbedPageName;
  readonly data: Data;
  readonly view: View;
}

/** Check builders for one page, judging against that page's initial data. */
export interface PageChecks<Data, View> {
  /**
   * Passes when `data` equals the initial data after `change` (which edits a fresh copy) and every
   * entry of `view` equals the page's view entry of the same name.
   */
  expect(change: (draft: Data) => void, view?: Partial<View>): (state: unknown) => TestbedCheckResult;
  /** Passes while `data` still equals the initial data, whatever the view shows. */
  untouched(): (state: unknown) => TestbedCheckResult;
}

export function createPageChecks<Data, View>(page: TestbedPageName, initialData: Data): PageChecks<Data, View> {
  const judge = (state: unknown, expectedData: Data, view: Partial<View>): TestbedCheckResult => {
    const read = readPageState(state, page);
    if (typeof read === 'string') return { ok: false, detail: read };
    const dataDifference = firstDifference(read.data, expectedData, 'data');
    if (dataDifference !== undefined) return { ok: false, detail: dataDifference };
    for (const [key, expected] of Object.entries(view)) {
      const difference = firstDifference(read.view[key], expected, `view.${key}`);
      if (difference !== undefined) return { ok: false, detail: difference };
    }
    const viewKeys = Object.keys(view);
    return {
      ok: true,
      detail: viewKeys.length === 0 ? 'data as expected' : `data as expected; view ${viewKeys.join(', ')} as expected`,
    };
  };
  return {
    expect(change, view = {}) {
      const expectedData = structuredClone(initialData);
      change(expectedData);
      if (firstDifference(expectedData, initialData, 'data') === undefined && Object.keys(view).length === 0) {
        throw new Error(`A check on ${page} expects nothing to change: use untouched() for that.`);
      }
      return (state) => judge(state, expectedData, view);
    },
    untouched() {
      return (state) => {
        const verdict = judge(state, initialData, {});
        return verdict.ok ? { ok: true, detail: 'nothing changed' } : verdict;
      };
    },
  };
}

/** The state as a page state of `page`, or a sentence saying why it is not one. */
export function readPageState(state: unknown, page: TestbedPageName): TestbedPageState | string {
  if (!isRecord(state)) return `no page state (saw ${describe(state)})`;
  if (state['page'] !== page) return `state is from page ${describe(state['page'])}, not ${page}`;
  if (!isRecord(state['view'])) return 'state has no view object';
  if (!('data' in state)) return 'state has no data';
  return state as unknown as TestbedPageState;
}

/** Where two JSON values first differ, as "path: expected …, saw …"; undefined when equal. */
export function firstDifference(actual: unknown, expected: unknown, path: string): string | undefined {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: expected a list, saw ${describe(actual)}`;
    if (actual.length !== expected.length) {
      return `${path}: expected ${expected.length} item(s) ${describe(expected)}, saw ${actual.length} ${describe(actual)}`;
    }
    for (let index = 0; index < expected.length; index += 1) {
      const difference = firstDifference(actual[index], expected[index], `${path}[${index}]`);
      if (difference !== undefined) return difference;
    }
    return undefined;
  }
  if (isRecord(expected)) {
    if (!isRecord(actual)) return `${path}: expected an object, saw ${describe(actual)}`;
    for (const key of Object.keys(actual)) {
      if (!(key in expected)) return `${path}.${key}: not expected, saw ${describe(actual[key])}`;
    }
    for (const [key, value] of Object.entries(expected)) {
      const difference = firstDifference(actual[key], value, `${path}.${key}`);
      if (difference !== undefined) return difference;
    }
    return undefined;
  }
  return Object.is(actual, expected) ? undefined : `${path}: expected ${describe(expected)}, saw ${describe(actual)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
