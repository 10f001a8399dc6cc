import type { RunState } from '@sandpiper/core';
import type { QueuedChange, RunEvent, UserPrompt } from '@sandpiper/protocol';
import { startScenarioServer, type ScenarioServer } from '@sandpiper/scenarios';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support.js';
import { byTestId, ensureWebBuild, launchChromium, screenshotter, WEB_ROOT } from './web-ui-driver.js';

/** Two steps the run carries out without asking anything but the plan. */
const FILTER_TASK = "select 'Error' from the 'Status' dropdown, check the 'Select all' checkbox";
/** Restarting machines is destructive: after the plan, the guard asks about 'Restart selected'. */
const RESTART_TASK = `${FILTER_TASK}, click 'Restart selected' and click 'Confirm'`;
const RESTART_ACTION = "Clicking 'Restart selected'";
/** Generous bound on waits for the server; it only turns a hang into a failure. */
const SERVER_WAIT = { timeout: 60_000, interval: 100 };

/** What `GET /api/runs/:id` answers, as far as this test reads it. */
interface RunView {
  readonly summary: { readonly status: string };
  readonly state: RunState;
  readonly control: {
    readonly waitingFor?: UserPrompt;
    readonly pauseRequested: boolean;
    readonly queuedChanges?: QueuedChange[];
  };
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

/** A run on machine-status that asks the person, open in `target`, once it waits for `first`. */
async function startRun(instruction: string, first: UserPrompt['type'], target = page) {
  const created = await test.post('/api/runs', {
    environment: { type: 'scenario', name: 'machine-status' },
    instruction,
    approval: 'ask',
  });
  expect(created.status).toBe(201);
  const runId = created.body.id as string;
  const view = async (): Promise<RunView> => (await test.get(`/api/runs/${runId}`)).body as RunView;
  const events = async () => (await test.get(`/api/runs/${runId}/events`)).body.events as RunEvent[];
  const approvals = async () =>
    (await events()).flatMap((event) => (event.payload.type === 'approval-response' ? [event.payload] : []));
  await expect.poll(async () => (await view()).control.waitingFor?.type, SERVER_WAIT).toBe(first);
  await target.goto(`${test.server.url}/#token=${test.server.token}`);
  await target.evaluate((hash) => (location.hash = hash), `#/runs/${runId}`);
  await byTestId(target, 'run-page', { 'run-id': runId }).waitFor();
  return { runId, view, events, approvals };
}

/**
 * A page whose run streams can be held: while held, the events the server sends wait in the test,
 * so the page keeps showing a question the run has already moved past.
 */
async function pageWithHeldStream() {
  const target = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  let holding = false;
  const held: (() => void)[] = [];
  await target.routeWebSocket(/\/api\/runs\/[^/]+\/stream/, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => {
      if (holding) held.push(() => socket.send(message));
      else socket.send(message);
    });
  });
  return {
    page: target,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const send of held.splice(0)) send();
    },
  };
}

/** The approvals `target` sends for one run, and the status of each answer. */
function recordApprovals(target: Page, runId: string) {
  const sent: unknown[] = [];
  const answered: number[] = [];
  const url = `${test.server.url}/api/runs/${runId}/approve`;
  target.on('request', (request) => {
    if (request.url() === url) sent.push(request.postDataJSON());
  });
  target.on('response', (response) => {
    if (response.url() === url) answered.push(response.status());
  });
  return { sent, answered };
}

/** Stop a run the test leaves behind, so the next one has the machine to itself. */
async function stopRun(runId: string): Promise<void> {
  await test.post(`/api/runs/${runId}/cancel`);
  await expect
    .poll(async () => ((await test.get(`/api/runs/${runId}`)).body as RunView).summary.status, SERVER_WAIT)
    .not.toBe('running');
}

/** Rewrite one pending step in the editor, leaving the edit unsaved. */
async function rewriteStep(stepId: string, text: string): Promise<void> {
  const row = byTestId(page, 'step-row', { 'step-id': stepId });
  await row.hover();
  await byTestId(row, 'step-edit').click();
  await byTestId(page, 'step-text-input').fill(text);
  await byTestId(page, 'step-text-input').press('Enter');
  await byTestId(page, 'step-row', { 'step-id': stepId, draft: 'changed' }).waitFor();
}

describe('the web UI never loses what the person meant', () => {
  it('asks before a plan decision drops unsaved edits: save them, or discard them and approve', async () => {
    const shoot = screenshotter(page);
    const { runId, view, approvals } = await startRun(FILTER_TASK, 'plan-approval');
    const initial = (await view()).state.versions[0]!;
    const [filter, tick] = initial.pending;
    await byTestId(page, 'step-list', { 'version-id': initial.id }).waitFor();
    const rewritten = "Check the 'Select Boiler-02' checkbox";
    await rewriteStep(tick!.id, rewritten);

    // Regenerating would replace the draft: the choice comes first, and Back keeps the edit.
    await byTestId(page, 'plan-regenerate').click();
    await byTestId(page, 'unsaved-edits-choice', { decision: 'regenerate' }).waitFor();
    await byTestId(page, 'unsaved-back').click();
    await byTestId(page, 'unsaved-edits-choice').waitFor({ state: 'detached' });
    await byTestId(page, 'step-row', { 'step-id': tick!.id, draft: 'changed' }).waitFor();

    // Approving asks too; "Save edits" sends them, and the new version waits for its own approval.
    await byTestId(page, 'plan-approve').click();
    const choice = byTestId(page, 'unsaved-edits-choice', { decision: 'approve' });
    await choice.waitFor();
    expect(await choice.textContent()).toContain('You have unsaved edits to the steps (1 rewrite).');
    await shoot('intent-01-unsaved-choice');
    await byTestId(page, 'unsaved-save').click();
    await expect
      .poll(async () => (await view()).state.versions.map((version) => [version.cause, version.state]), SERVER_WAIT)
      .toEqual([
        ['initial', 'rejected'],
        ['plan-edit', 'proposal'],
      ]);
    const edited = (await view()).state.versions[1]!;
    expect(edited.pending.map((step) => step.text)).toEqual([filter!.text, rewritten]);
    await expect
      .poll(async () => (await view()).control.waitingFor, SERVER_WAIT)
      .toMatchObject({
        type: 'plan-approval',
        versionId: edited.id,
      });
    const saved = await view();
    expect(saved.state.plan).toBeUndefined();
    expect((await approvals()).map((answer) => answer.decision)).toEqual(['rejected']);
    await byTestId(page, 'proposal-view', { 'version-id': edited.id }).waitFor();
    await byTestId(page, 'unsaved-edits-choice').waitFor({ state: 'detached' });
    await byTestId(page, 'proposal-edit').click();
    await byTestId(page, 'step-list', { 'version-id': edited.id }).waitFor();
    expect(await byTestId(page, 'step-row', { 'step-id': tick!.id }).textContent()).toContain(rewritten);

    // Edit again and approve: "Discard and approve" puts the saved version in force without the new edit.
    await rewriteStep(filter!.id, "Select 'Maintenance' from the 'Status' dropdown");
    await byTestId(page, 'plan-approve').click();
    await byTestId(page, 'unsaved-edits-choice', { decision: 'approve' }).waitFor();
    await byTestId(page, 'unsaved-discard').click();
    await expect.poll(async () => (await view()).state.plan?.id, SERVER_WAIT).toBe(edited.id);
    const approved = (await view()).state.plan!;
    expect([...approved.completed, ...approved.pending].map((step) => step.text)).toEqual([filter!.text, rewritten]);
    expect((await approvals()).map((answer) => answer.decision)).toEqual(['rejected', 'accepted']);
    await stopRun(runId);
  });

  it('shows an edit saved while an action waits for approval as waiting, until the run takes it in', async () => {
    const shoot = screenshotter(page);
    const { runId, view } = await startRun(RESTART_TASK, 'plan-approval');
    await byTestId(page, 'plan-approve').click();
    await expect
      .poll(async () => (await view()).control.waitingFor, SERVER_WAIT)
      .toMatchObject({
        type: 'action-approval',
        summary: RESTART_ACTION,
      });
    await byTestId(page, 'action-approval').waitFor();

    // Add a step and save: the server holds the edit for the run's next safe point.
    const added = 'scroll to the top';
    await byTestId(page, 'step-add').click();
    await byTestId(page, 'step-text-input').fill(added);
    await byTestId(page, 'step-text-input').press('Enter');
    await byTestId(page, 'steps-save').click();
    await expect
      .poll(async () => (await view()).control.queuedChanges, SERVER_WAIT)
      .toMatchObject([{ type: 'edit', edits: [{ type: 'add', text: added }] }]);
    const notice = byTestId(page, 'queued-changes');
    await notice.waitFor();
    expect(await byTestId(notice, 'queued-changes-headline').textContent()).toBe(
      `Your edits wait: the run takes them in after you decide on the action “${RESTART_ACTION}” above.`,
    );
    expect(await byTestId(notice, 'queued-change').allTextContents()).toEqual([
      expect.stringContaining(`: “${added}”.`),
    ]);
    await shoot('intent-02-edits-wait');

    // Approve the action: the run clicks, then takes the edit in as a proposal, and the notice goes.
    await byTestId(page, 'action-approve').click();
    await expect
      .poll(async () => {
        const { control, state } = await view();
        const proposal = state.versions.find((version) => version.cause === 'plan-edit');
        return {
          queued: control.queuedChanges,
          waiting: control.waitingFor?.type,
          proposal: proposal?.pending.map((step) => step.text).includes(added),
        };
      }, SERVER_WAIT)
      .toEqual({ queued: [], waiting: 'plan-approval', proposal: true });
    await notice.waitFor({ state: 'detached' });
    await shoot('intent-03-edits-taken');
    await stopRun(runId);
  });

  it('always offers the pause command that applies: withdraw a pending pause, and resume a paused run', async () => {
    const shoot = screenshotter(page);
    const { runId, view, events } = await startRun(RESTART_TASK, 'plan-approval');

    // Asked while the plan waits, the pause is pending: the control withdraws it.
    await byTestId(page, 'pause-button').click();
    await expect.poll(async () => (await view()).control.pauseRequested, SERVER_WAIT).toBe(true);
    await byTestId(page, 'pause-withdraw').waitFor();
    await shoot('intent-04-pause-asked');
    await byTestId(page, 'pause-withdraw').click();
    await expect.poll(async () => (await view()).control.pauseRequested, SERVER_WAIT).toBe(false);
    await byTestId(page, 'pause-button').waitFor();

    // Asked while an action waits for approval, the pause holds the run after that action; Resume lets it go on.
    await byTestId(page, 'plan-approve').click();
    await expect.poll(async () => (await view()).control.waitingFor?.type, SERVER_WAIT).toBe('action-approval');
    await byTestId(page, 'action-approval').waitFor();
    await byTestId(page, 'pause-button').click();
    await byTestId(page, 'pause-withdraw').waitFor();
    await byTestId(page, 'action-approve').click();
    await expect.poll(async () => (await view()).control.waitingFor?.type, SERVER_WAIT).toBe('paused');
    await byTestId(page, 'resume-button').waitFor();
    await shoot('intent-05-paused');
    await byTestId(page, 'resume-button').click();
    await expect
      .poll(async () => (await events()).some((event) => event.payload.type === 'run-resume'), SERVER_WAIT)
      .toBe(true);
    const resumed = await view();
    expect(resumed.state.paused).toBe(false);
    expect(resumed.control.waitingFor?.type).not.toBe('paused');
    await byTestId(page, 'resume-button').waitFor({ state: 'detached' });
    await stopRun(runId);
  });

  it('answers only the question the person saw: a stale panel or a double click approves nothing else', async () => {
    const stream = await pageWithHeldStream();
    const own = stream.page;
    const shoot = screenshotter(own);

    // Another tab approves the plan; this page has not heard yet and still shows the plan question.
    const first = await startRun(RESTART_TASK, 'plan-approval', own);
    const firstPlan = (await first.view()).state.pendingApproval!.requestId;
    await byTestId(own, 'plan-approve').waitFor();
    stream.hold();
    expect((await test.post(`/api/runs/${first.runId}/approve`, { requestId: firstPlan })).status).toBe(202);
    await expect.poll(async () => (await first.view()).control.waitingFor?.type, SERVER_WAIT).toBe('action-approval');
    const action = (await first.view()).control.waitingFor;
    await byTestId(own, 'plan-approve').click();
    const refusal = byTestId(own, 'error-notice');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(
      `That answer was for a question the run no longer asks: it now asks whether it may do "${RESTART_ACTION}".`,
    );
    await shoot('intent-06-stale-approval');
    expect((await first.view()).control.waitingFor).toEqual(action);
    expect((await first.approvals()).map((answer) => answer.requestId)).toEqual([firstPlan]);
    stream.release();
    await byTestId(own, 'action-approval').waitFor();
    await byTestId(own, 'plan-approve').waitFor({ state: 'detached' });
    await refusal.getByRole('button', { name: 'Dismiss' }).click();
    await refusal.waitFor({ state: 'detached' });
    await stopRun(first.runId);

    // A double click approves the plan once; until the page hears, the answered panel takes no more clicks.
    const second = await startRun(RESTART_TASK, 'plan-approval', own);
    const secondPlan = (await second.view()).state.pendingApproval!.requestId;
    const { sent, answered } = recordApprovals(own, second.runId);
    await byTestId(own, 'plan-approve').waitFor();
    stream.hold();
    await byTestId(own, 'plan-approve').dblclick();
    await expect.poll(async () => (await second.view()).control.waitingFor?.type, SERVER_WAIT).toBe('action-approval');
    await expect.poll(() => answered.length, SERVER_WAIT).toBe(sent.length);
    await byTestId(own, 'plan-decision', { answered: 'true' }).waitFor();
    expect(await byTestId(own, 'plan-approve').isDisabled()).toBe(true);
    stream.release();
    await byTestId(own, 'action-approval').waitFor();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent).toEqual(sent.map(() => ({ requestId: secondPlan })));
    expect(answered.filter((status) => status === 202)).toEqual([202]);
    expect(await second.approvals()).toEqual([
      { type: 'approval-response', requestId: secondPlan, decision: 'accepted', by: 'user' },
    ]);
    expect((await second.view()).control.waitingFor).toMatchObject({
      type: 'action-approval',
      summary: RESTART_ACTION,
    });
    await shoot('intent-07-after-double-click');
    await stopRun(second.runId);
    await own.close();
  });

  it('shows a declined action with its reason, and the plan without it as a proposal that asks again', async () => {
    const shoot = screenshotter(page);
    const reason = 'not during the night shift';
    const { runId, view, events } = await startRun(RESTART_TASK, 'plan-approval');
    await byTestId(page, 'plan-approve').click();
    await byTestId(page, 'action-approval').waitFor();
    await byTestId(page, 'action-reject').click();
    await byTestId(page, 'reject-reason-input').fill(reason);
    await byTestId(page, 'reject-confirm').click();

    // The run does not ask about the same click again: it proposes going on without that step.
    await expect.poll(async () => (await view()).control.waitingFor?.type, SERVER_WAIT).toBe('plan-approval');
    const proposal = (await view()).state.versions.at(-1)!;
    expect(proposal.cause).toBe('declined');
    expect(proposal.pending.map((step) => step.text).join(' ')).not.toContain('Restart selected');
    const shown = byTestId(page, 'proposal-view', { 'version-id': proposal.id });
    await shown.waitFor();
    expect(await byTestId(shown, 'proposal-rationale').textContent()).toContain(reason);
    expect(await shown.textContent()).toContain('Without a declined step');
    expect(await byTestId(page, 'steps-panel').textContent()).toContain(reason);
    await shoot('intent-08-declined-proposal');
    const asked = (await events()).filter(
      (event) => event.payload.type === 'approval-request' && event.payload.subject.type === 'action',
    );
    expect(asked).toHaveLength(1);
    await stopRun(runId);
  });
});
