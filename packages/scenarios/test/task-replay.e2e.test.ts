import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenarioTasks, startScenarioServer, type ScenarioServer } from '../src/index.js';
import { gotoApp, launchChromium, newPage } from './browser.js';
import { replayInstruction } from './replay.js';

// Every task, carried out clause by clause with Playwright locators in real Chromium: a success
// task's check must fail on the fresh app and pass afterwards; a clarify task's check must pass
// on the untouched app (its instruction cannot be carried out, so nothing should happen).
// One page serves every task: each task loads the app afresh under its own session.
let server: ScenarioServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startScenarioServer(), launchChromium()]);
  page = await newPage(browser);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.each(scenarioTasks.map((task) => [task.id, task] as const))('%s', (id, task) => {
  it(`${task.expect === 'clarify' ? 'passes untouched' : 'is achieved'} and its check judges the app`, async () => {
    await gotoApp(page, server.urlFor(task.scenario, { session: id, surprise: task.surprise }));
    const before = task.check(server.state(task.scenario, id));
    // A refused task's replay does every action, after which the page shows its refusal.
    if (task.expect === 'clarify') {
      expect(before).toMatchObject({ ok: true });
      return;
    }
    expect(before.ok, before.detail).toBe(false);
    await replayInstruction(page, task.instruction);
    const after = task.check(server.state(task.scenario, id));
    expect(after.ok, after.detail).toBe(true);
  });
});
