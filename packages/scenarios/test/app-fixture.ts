import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import {
  scenarioTasks,
  startScenarioServer,
  type ScenarioName,
  type ScenarioServer,
  type ScenarioTask,
} from '../src/index.js';
import { launchChromium, openPage } from './browser.js';

/** What an app test needs: its tasks, a fresh page per session, and the app state the server holds. */
export interface ScenarioAppFixture<State> {
  /** The scenario task `<scenario>/<name>`. */
  task(name: string): ScenarioTask;
  /** Open the app for `session` in its own browser context, run `body`, then close the context. */
  withPage(session: string, body: (page: Page) => Promise<void>, surprise?: boolean): Promise<void>;
  /** The state the scenario server holds for `session`. */
  stateOf(session: string): State;
}

/**
 * Start one scenario server and one headless Chromium for a test file (torn down after it), for
 * tests that drive an app directly with Playwright locators: the ground truth, not an agent.
 */
export function scenarioAppFixture<State>(scenario: ScenarioName): ScenarioAppFixture<State> {
  let server: ScenarioServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startScenarioServer(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    task: (name) => scenarioTasks.find((candidate) => candidate.id === `${scenario}/${name}`)!,
    async withPage(session, body, surprise = false) {
      const page = await openPage(browser, server.urlFor(scenario, { session, surprise }));
      try {
        await body(page);
      } finally {
        await page.context().close();
      }
    },
    stateOf: (session) => server.state(scenario, session) as State,
  };
}
