/**
 * Helpers the task files use to read a page's widget state as a flat record and compare it,
 * key by key, with the state a task intends. Every key of the record is compared, so a task
 * states the whole intended state (usually "the initial state plus these changes") and any
 * other change the reader can see makes the check fail.
 */
import type { Page } from 'playwright-core';
import type { CheckResult } from './task.js';

/** One observable value: an ARIA attribute, an input value, a visible text, a count. */
export type StateValue = string | number | boolean | null;

/** A page's observable widget state, keyed by human-readable names. */
export type State = Readonly<Record<string, StateValue>>;

/** A looser expectation for one key, for values that are not fixed (today's date, a rotating slide). */
export interface Matcher {
  /** How the expectation reads in a failure message. */
  readonly describe: string;
  /** Whether a value satisfies the expectation. */
  test(value: StateValue): boolean;
}

/** The intended state: an exact value or a matcher per key. */
export type Expected = Readonly<Record<string, StateValue | Matcher>>;

/** Whether an expectation is a matcher rather than an exact value. */
function isMatcher(value: StateValue | Matcher): value is Matcher {
  return typeof value === 'object' && value !== null && 'test' in value;
}

/** Any value at all: the key is read but not constrained (e.g. an auto-rotating slide). */
export const anything: Matcher = { describe: 'anything', test: () => true };

/** One of a few exact values. */
export function oneOf(...values: readonly StateValue[]): Matcher {
  return { describe: `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`, test: (v) => values.includes(v) };
}

/** A number within `tolerance` of `target`. */
export function near(target: number, tolerance: number): Matcher {
  return {
    describe: `${target} ± ${tolerance}`,
    test: (v) => typeof v === 'number' && Math.abs(v - target) <= tolerance,
  };
}

/** A string matching a regular expression. */
export function matching(pattern: RegExp): Matcher {
  return { describe: `matching ${String(pattern)}`, test: (v) => typeof v === 'string' && pattern.test(v) };
}

/** Text a person typed: compared trimmed, with runs of spaces collapsed and ignoring case. */
export function typed(text: string): Matcher {
  const normal = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();
  return {
    describe: `text like ${JSON.stringify(text)}`,
    test: (v) => typeof v === 'string' && normal(v) === normal(text),
  };
}

/** Anything but the given value. */
export function not(value: StateValue): Matcher {
  return { describe: `not ${JSON.stringify(value)}`, test: (v) => v !== value };
}

function show(value: StateValue | Matcher | undefined): string {
  if (value === undefined) return '(missing)';
  return isMatcher(value) ? value.describe : JSON.stringify(value);
}

/** Compares every key of `actual` and `expected`; reports mismatches, missing and unexpected keys. */
export function compareState(actual: State, expected: Expected, baseline?: State): CheckResult {
  const problems: string[] = [];
  for (const [key, want] of Object.entries(expected)) {
    if (!(key in actual)) {
      problems.push(`${key}: expected ${show(want)}, not found on the page`);
      continue;
    }
    const got = actual[key] ?? null;
    const ok = isMatcher(want) ? want.test(got) : got === want;
    if (!ok) problems.push(`${key}: expected ${show(want)}, got ${JSON.stringify(got)}`);
  }
  for (const key of Object.keys(actual)) {
    if (!(key in expected))
      problems.push(`${key}: read ${JSON.stringify(actual[key])} but the task does not expect it`);
  }
  if (problems.length > 0) return { ok: false, detail: problems.join('; ') };
  const changed = baseline
    ? Object.keys(expected).filter((key) => {
        const want = expected[key];
        return want !== undefined && !isMatcher(want) && baseline[key] !== want;
      })
    : [];
  return {
    ok: true,
    detail:
      changed.length > 0
        ? `as intended: ${changed.map((key) => `${key}=${JSON.stringify(actual[key])}`).join(', ')}`
        : 'state as intended (unchanged where it should be)',
  };
}

/** Where the page is: the path under the corpus root for corpus pages, else the full address. */
export function pageLocation(page: Page): string {
  const url = new URL(page.url());
  if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return url.pathname.replace(/^\/+/, '');
  return `${url.origin}${url.pathname}`;
}

/** How a page's state is read and what it is on a freshly loaded page. */
export interface PageStateSpec<Arg> {
  /** The example path under `content/`. */
  readonly example: string;
  /** Runs in the page; returns the flat state. Must be self-contained (it is serialised). */
  readonly read: (arg: Arg) => Record<string, StateValue>;
  /** Argument passed to `read`. */
  readonly arg: Arg;
  /** Hard-coded state of a fresh page (matchers for values that depend on the day or on time). */
  readonly initial: Expected;
  /** Optional wait until the page's script has built the widget (e.g. options inserted). */
  readonly ready?: (page: Page) => Promise<unknown>;
}

/** A page's state reader and the checks built on it. */
export interface PageState {
  /** The example path. */
  readonly example: string;
  /** Reads the state; includes `page`, the location, so leaving the page is itself a change. */
  read(page: Page): Promise<State>;
  /** The state of a fresh page. */
  readonly initial: Expected;
  /** Check: the initial state with these keys changed, nothing else. */
  expect(changes: Expected): (page: Page) => Promise<CheckResult>;
  /** Check: exactly the initial state (for `ask` and `infeasible` tasks). */
  unchanged(): (page: Page) => Promise<CheckResult>;
}

/**
 * The source text that calls `fn(arg)` in the page. Sent as text rather than as a function so
 * that helpers a TypeScript loader may weave into the compiled function (such as esbuild's
 * `__name`) are defined in the page too.
 */
function inPageCall<Arg>(fn: (arg: Arg) => unknown, arg: Arg): string {
  const argument = arg === undefined ? 'undefined' : JSON.stringify(arg);
  return `(() => { const __name = (target) => target; return (${fn.toString()})(${argument}); })()`;
}

/** Builds the reader and check factories for one example page. */
export function pageState<Arg = undefined>(spec: PageStateSpec<Arg>): PageState {
  const read = async (page: Page): Promise<State> => {
    const location = pageLocation(page);
    if (location !== spec.example) return { page: location };
    if (spec.ready) await spec.ready(page);
    const state = (await page.evaluate(inPageCall(spec.read, spec.arg))) as Record<string, StateValue>;
    return { page: location, ...state };
  };
  const baseline: State = Object.fromEntries(
    Object.entries(spec.initial).filter((entry): entry is [string, StateValue] => !isMatcher(entry[1])),
  );
  const against = (changes: Expected) => {
    for (const key of Object.keys(changes)) {
      if (!(key in spec.initial)) throw new Error(`${spec.example}: task changes unknown state key "${key}"`);
    }
    const expected: Expected = { page: spec.example, ...spec.initial, ...changes };
    return async (page: Page): Promise<CheckResult> => {
      try {
        return compareState(await read(page), expected, baseline);
      } catch (error) {
        return { ok: false, detail: `could not read the page state: ${(error as Error).message.split('\n')[0]}` };
      }
    };
  };
  return { example: spec.example, read, initial: spec.initial, expect: against, unchanged: () => against({}) };
}

/** Check for navigation tasks: the page is now at `target` (corpus path or full off-site address). */
export function expectLocation(target: string): (page: Page) => Promise<CheckResult> {
  return async (page: Page): Promise<CheckResult> => {
    const location = pageLocation(page);
    return location === target
      ? { ok: true, detail: `at ${location}` }
      : { ok: false, detail: `expected to be at ${target}, but at ${location}` };
  };
}

/** Waits for a condition in the page, for `ready` hooks. */
export function waitFor(predicate: () => boolean, timeout = 5000): (page: Page) => Promise<unknown> {
  return (page: Page) => page.waitForFunction(predicate, undefined, { timeout });
}
