import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  testbedTasks,
  startTestbedServer,
  type TestbedPageName,
  type TestbedServer,
  type TestbedTask,
} from '../src/index.js';
import { assertBuildIsFresh, launchChromium, openTestbedPage, pageState } from './browser.js';
import type { PageSolutions, Solution } from './solutions/solution.js';

/** How long a page may take to reach the state a script aimed at (MUI transitions, async options). */
const settleTimeout = 8_000;

/**
 * Register the tests for some pages: one server and one Chromium for the whole file, and a new
 * context per task. For each page: the untouched page fails every `done` check and passes every
 * other one; each task's reference script makes its check pass; each guess makes its check fail.
 */
export function describeTaskSuite(pages: Readonly<Partial<Record<TestbedPageName, PageSolutions>>>): void {
  let server: TestbedServer;
  let browser: Browser;
  beforeAll(async () => {
    await assertBuildIsFresh();
    server = await startTestbedServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const run = async (task: TestbedTask, script: Solution, want: boolean): Promise<void> => {
    const { page, errors } = await openTestbedPage(browser, server.urlFor(task.page));
    try {
      await script(page);
      const outcome = async () => {
        const verdict = task.check(await pageState(page));
        return verdict.ok === want ? 'as wanted' : `check ${verdict.ok ? 'passed' : 'failed'}: ${verdict.detail}`;
      };
      await expect.poll(outcome, { timeout: settleTimeout, interval: 100 }).toBe('as wanted');
      expect(errors.map(String)).toEqual([]);
    } finally {
      await page.context().close();
    }
  };

  for (const [pageName, solutions] of Object.entries(pages) as [TestbedPageName, PageSolutions][]) {
    const tasks = testbedTasks.filter((task) => task.page === pageName);
    describe(pageName, () => {
      test('has a script for every task and a guess for every ask or infeasible task', () => {
        expect(Object.keys(solutions.solve).sort()).toEqual(tasks.map((task) => task.id).sort());
        const refusals = tasks.filter((task) => task.expected !== 'done').map((task) => task.id);
        expect(Object.keys(solutions.guess).sort()).toEqual(refusals.sort());
      });

      test('untouched: every done check fails, every ask and infeasible check passes', async () => {
        const { page, errors } = await openTestbedPage(browser, server.urlFor(pageName));
        try {
          const state = await pageState(page);
          const wrong = tasks
            .map((task) => ({ task, verdict: task.check(state) }))
            .filter(({ task, verdict }) => verdict.ok !== (task.expected !== 'done'))
            .map(({ task, verdict }) => `${task.id}: ${verdict.detail}`);
          expect(wrong).toEqual([]);
          expect(errors.map(String)).toEqual([]);
        } finally {
          await page.context().close();
        }
      });

      for (const task of tasks) {
        const script = solutions.solve[task.id];
        if (script !== undefined) test(`${task.id}: the reference script passes`, () => run(task, script, true));
        const guess = solutions.guess[task.id];
        if (guess !== undefined) test(`${task.id}: a guess fails`, () => run(task, guess, false));
      }
    });
  }
}

export type { Page };
