import type { RunState } from '@sandpiper/core';
import type { UserPrompt } from '@sandpiper/protocol';
import { startScenarioServer, type ScenarioServer } from '@sandpiper/scenarios';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support.js';
import { byTestId, ensureWebBuild, launchChromium, screenshotter, WEB_ROOT } from './web-ui-driver.js';

/** A wish, not an action: the built-in planner asks what it means. */
const WISH = 'make the report look professional';
const ANSWER = "fill in the Employee name field with 'Dana Lee'";
/** Generous bound on waits for the server; it only turns a hang into a failure. */
const SERVER_WAIT = { timeout: 60_000, interval: 100 };

interface RunView {
  readonly summary: { readonly status: string };
  readonly state: RunState;
  readonly control: { readonly waitingFor?: UserPrompt };
}

let scenarios: ScenarioServer;
let test: TestServer;
let browser: Browser;
let page: Page;
beforeAll(async () => {
  await ensureWebBuild();
  scenarios = await startScenarioServer();
  test = await startTestServer({ scenarios, webRoot: WEB_ROOT });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await test?.close();
  await scenarios?.close();
});

describe('the web UI asks whether the task is done when the screen does not show it', () => {
  it.each([
    ['result-approve', 'succeeded'],
    ['result-reject', 'failed'],
  ] as const)('and the run ends as the person says (%s)', async (button, status) => {
    // Opening a machine shows its details beside the list: a change the built-in checks cannot read as done.
    const created = await test.post('/api/runs', {
      environment: { type: 'scenario', name: 'machine-status' },
      instruction: 'open Press-16',
      approval: 'auto-all',
    });
    expect(created.status).toBe(201);
    const runId = (created.body as RunView & { summary: { id: string } }).summary.id;
    const view = async (): Promise<RunView> => (await test.get(`/api/runs/${runId}`)).body as RunView;
    await expect.poll(async () => (await view()).control.waitingFor?.type, SERVER_WAIT).toBe('result-confirmation');

    await page.goto(`${test.server.url}/#token=${test.server.token}`);
    await page.evaluate((hash) => (location.hash = hash), `#/runs/${runId}`);
    const question = byTestId(page, 'result-confirmation');
    await question.waitFor();
    expect(await question.textContent()).toContain("Go to 'Press-16'");
    await byTestId(page, 'status-phase', { phase: 'waiting' }).waitFor();
    await byTestId(page, button).click();
    if (button === 'result-reject') {
      await byTestId(page, 'reject-reason-input').fill('the details panel shows another machine');
      await byTestId(page, 'reject-confirm').click();
    }
    await expect.poll(async () => (await view()).summary.status, SERVER_WAIT).toBe(status);
    const ended = await view();
    if (status === 'failed') expect(ended.state.endReason).toContain('another machine');
    await question.waitFor({ state: 'detached' });
  });
});

describe('a question the run asks, answered in the web UI', () => {
  it('waits on the question in the chat, and the same run goes on with the answer to success', async () => {
    const shoot = screenshotter(page);
    await page.goto(`${test.server.url}/#token=${test.server.token}`);
    const form = byTestId(page, 'create-run-form');
    await form.getByTestId('create-run-scenario').selectOption('expense-report');
    await form.getByTestId('create-run-instruction').fill(WISH);
    await form.getByTestId('create-run-submit').click();
    const runPage = byTestId(page, 'run-page');
    await runPage.waitFor();
    const runId = (await runPage.getAttribute('data-run-id'))!;
    const view = async (): Promise<RunView> => (await test.get(`/api/runs/${runId}`)).body as RunView;

    // The run waits on the question instead of ending: the chat shows it and takes the answer.
    await expect.poll(async () => (await view()).control.waitingFor?.type, SERVER_WAIT).toBe('question');
    const asked = (await view()).control.waitingFor as Extract<UserPrompt, { type: 'question' }>;
    expect((await view()).summary.status).toBe('running');
    const banner = byTestId(page, 'chat-banner', { kind: 'clarification' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain(asked.question);
    const input = byTestId(page, 'guidance-input');
    // The page learns what the run waits on from its control status, a moment after the event.
    await expect.poll(() => input.getAttribute('placeholder'), SERVER_WAIT).toMatch(/answer the question/i);
    expect(await byTestId(page, 'guidance-send').textContent()).toBe('Answer');
    await byTestId(page, 'question-retry').waitFor();
    await shoot('question-01-asked');

    await input.fill(ANSWER);
    await byTestId(page, 'guidance-send').click();
    // The plan made from the answer is put to the person, as every plan is under "Ask me".
    await expect.poll(async () => (await view()).control.waitingFor?.type, SERVER_WAIT).toBe('plan-approval');
    await byTestId(page, 'plan-approve').click();
    await expect.poll(async () => (await view()).summary.status, SERVER_WAIT).toBe('succeeded');
    const done = await view();
    expect(done.state.versions).toHaveLength(1);
    expect(done.state.plan?.completed.map((step) => step.text)).toEqual([
      expect.stringMatching(/Dana Lee.*Employee name|Employee name.*Dana Lee/),
    ]);
    expect(await byTestId(page, 'chat-entry', { kind: 'guidance' }).textContent()).toContain(ANSWER);
    await shoot('question-02-answered');
  });
});
