import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startScenarioServer, type ScenarioServer } from '@sandpiper/scenarios';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/index.js';
import { ONE_STEP_TASK } from './support.js';
import { byTestId, ensureWebBuild, launchChromium, screenshotter, WEB_ROOT } from './web-ui-driver.js';

/** Generous bound on waits for the server; it only turns a hang into a failure. */
const SERVER_WAIT = { timeout: 60_000, interval: 100 };

let scenarios: ScenarioServer;
let browser: Browser;
let page: Page;
let dataDir: string;
beforeAll(async () => {
  await ensureWebBuild();
  dataDir = await mkdtemp(join(tmpdir(), 'sandpiper-interrupted-'));
  scenarios = await startScenarioServer();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await scenarios?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A JSON call to `server` with its token; the parsed body. */
async function call(
  server: RunningServer,
  path: string,
  body?: unknown,
): Promise<{
  status: number;
  // The test reads the fields it relies on from whatever the endpoint answers.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

describe('the web UI on a run whose server stopped', () => {
  it('shows it as interrupted, and resumes it with one click on the next server', async () => {
    const shoot = screenshotter(page);
    const first = await startServer({ dataDir, scenarios, webRoot: WEB_ROOT });
    const created = await call(first, '/api/runs', { scenario: 'expense-report', instruction: ONE_STEP_TASK });
    expect(created.status).toBe(201);
    const runId = created.body.id as string;
    await expect
      .poll(async () => (await call(first, `/api/runs/${runId}`)).body.control.waitingFor?.type, SERVER_WAIT)
      .toBe('plan-approval');
    await first.close();

    const next = await startServer({ dataDir, scenarios, webRoot: WEB_ROOT });
    try {
      await page.goto(`${next.url}/#token=${next.token}`);
      const row = byTestId(page, 'runs-list-row', { 'run-id': runId, status: 'interrupted' });
      await row.waitFor();
      expect(await row.textContent()).toContain('resumable');
      await row.click();

      const bar = byTestId(page, 'interrupted-bar');
      await bar.waitFor();
      expect(await bar.textContent()).toContain('Its process stopped before the run ended');
      await byTestId(page, 'status-phase', { phase: 'interrupted' }).waitFor();
      // Nothing drives it, so it offers no run commands, only resuming.
      expect(await byTestId(page, 'pause-button').count()).toBe(0);
      await shoot('interrupted-01-run');

      await byTestId(page, 'recover-button').click();
      await bar.waitFor({ state: 'detached' });
      const approve = byTestId(page, 'plan-approve');
      await approve.waitFor();
      await shoot('interrupted-02-resumed');
      expect((await call(next, `/api/runs/${runId}`)).body.summary.status).toBe('running');
      await approve.click();
      await expect
        .poll(async () => (await call(next, `/api/runs/${runId}`)).body.summary.status, SERVER_WAIT)
        .toBe('succeeded');
    } finally {
      await next.close();
    }
  });
});
