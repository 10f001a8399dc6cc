import type { RunState } from '@sandpiper/core';
import type { AccessibilityNode, Observation, RunEvent, UserPrompt } from '@sandpiper/protocol';
import { startScenarioServer, type ScenarioServer } from '@sandpiper/scenarios';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support.js';
import { byTestId, dragRectangle, ensureWebBuild, launchChromium, screenshotter, WEB_ROOT } from './web-ui-driver.js';

/** "Select" names the select-all box and every row's box; only an annotation says which one is meant. */
const AMBIGUOUS_TASK = "tick the 'Select' checkbox";
const ADDED_STEP = 'scroll to the top';
const GUIDANCE = 'finally press Tab';
/** Generous bound on waits for the server; it only turns a hang into a failure. */
const SERVER_WAIT = { timeout: 60_000, interval: 100 };

/** What `GET /api/runs/:id` answers, as far as this test reads it. */
interface RunView {
  readonly summary: { readonly status: string };
  readonly state: RunState;
  readonly control: { readonly waitingFor?: UserPrompt; readonly pauseRequested: boolean };
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

describe('the web UI, end to end', () => {
  it('creates, edits, pauses, steers, annotates and approves a run, which survives a reload and succeeds', async () => {
    const shoot = screenshotter(page);

    // Create the run through the form; the page moves to the run and drops the token from the address.
    await page.goto(`${test.server.url}/#token=${test.server.token}`);
    const form = byTestId(page, 'create-run-form');
    await form.getByTestId('create-run-scenario').selectOption('machine-status');
    await form.getByTestId('create-run-instruction').fill(AMBIGUOUS_TASK);
    await form.getByTestId('create-run-approval-ask').click();
    await form.getByTestId('create-run-submit').click();
    const runPage = byTestId(page, 'run-page');
    await runPage.waitFor();
    const runId = (await runPage.getAttribute('data-run-id'))!;
    const view = async (): Promise<RunView> => (await test.get(`/api/runs/${runId}`)).body as RunView;
    const causes = async () => (await view()).state.versions.map((version) => [version.cause, version.state]);
    const waitingFor = async () => (await view()).control.waitingFor;
    expect(new URL(page.url()).hash).toBe(`#/runs/${runId}`);
    await byTestId(page, 'status-phase', { phase: 'waiting' }).waitFor();
    await byTestId(page, 'status-plan-state', { 'plan-state': 'draft' }).waitFor();
    const created = await view();
    expect(created.state.task).toMatchObject({
      instruction: AMBIGUOUS_TASK,
      approval: 'ask',
      environment: { name: 'machine-status' },
    });
    expect(created.state.phase).toBe('awaiting-approval');
    const initial = created.state.versions[0]!;
    expect(created.state.versions).toHaveLength(1);
    expect(await byTestId(page, 'step-row').allTextContents()).toEqual([
      expect.stringContaining(initial.pending[0]!.text),
    ]);
    await shoot('01-created');

    // Add a step below the only one and save: the edit comes back as a proposal, shown as a diff.
    await byTestId(page, 'step-add').click();
    await byTestId(page, 'step-text-input').fill(ADDED_STEP);
    await byTestId(page, 'step-text-input').press('Enter');
    expect(await byTestId(page, 'step-row', { draft: 'new' }).textContent()).toContain(ADDED_STEP);
    await byTestId(page, 'steps-save').click();
    await expect.poll(causes, SERVER_WAIT).toEqual([
      ['initial', 'rejected'],
      ['plan-edit', 'proposal'],
    ]);
    const edited = (await view()).state.versions[1]!;
    expect(edited.pending.map((step) => step.text)).toEqual([initial.pending[0]!.text, ADDED_STEP]);
    await expect.poll(waitingFor, SERVER_WAIT).toMatchObject({ type: 'plan-approval', versionId: edited.id });
    const editProposal = byTestId(page, 'proposal-view', { 'version-id': edited.id });
    await editProposal.waitFor();
    expect(await byTestId(editProposal, 'diff-row', { change: 'added' }).allTextContents()).toEqual([
      expect.stringContaining(ADDED_STEP),
    ]);
    await shoot('02-edited');

    // Ask for a pause while the plan awaits approval, then approve: the run holds before its first action.
    await byTestId(page, 'pause-button').click();
    await expect.poll(async () => (await view()).control.pauseRequested, SERVER_WAIT).toBe(true);
    await byTestId(page, 'plan-approve').click();
    await byTestId(page, 'status-plan-state', { 'plan-state': 'locked' }).waitFor();
    await shoot('03-approved');
    await byTestId(page, 'status-phase', { phase: 'paused' }).waitFor();
    await byTestId(page, 'resume-button').waitFor();
    await expect.poll(waitingFor, SERVER_WAIT).toEqual({ type: 'paused' });
    const paused = await view();
    expect(paused.state.phase).toBe('paused');
    expect(paused.state.plan).toMatchObject({ id: edited.id, state: 'locked' });
    expect(paused.state.actionCount).toBe(0);
    await shoot('04-paused');

    // Guidance in the planner chat while paused becomes a proposal with one step added at the end.
    await byTestId(page, 'guidance-input').fill(GUIDANCE);
    await byTestId(page, 'guidance-send').click();
    await expect.poll(causes, SERVER_WAIT).toEqual([
      ['initial', 'rejected'],
      ['plan-edit', 'locked'],
      ['guidance', 'proposal'],
    ]);
    const guided = (await view()).state.versions[2]!;
    expect(guided.pending).toHaveLength(3);
    const pressTab = guided.pending[2]!.text;
    expect(pressTab).toMatch(/press tab/i);
    const guidanceProposal = byTestId(page, 'proposal-view', { 'version-id': guided.id });
    await guidanceProposal.waitFor();
    expect(await byTestId(page, 'chat-entry', { kind: 'guidance' }).textContent()).toContain(GUIDANCE);
    expect(await byTestId(guidanceProposal, 'diff-row', { change: 'added' }).allTextContents()).toEqual([
      expect.stringContaining(pressTab),
    ]);
    await shoot('05-guidance');
    await byTestId(page, 'plan-approve').click();
    await expect.poll(async () => (await view()).state.plan?.id, SERVER_WAIT).toBe(guided.id);
    await byTestId(page, 'status-plan-state', { 'plan-state': 'locked' }).waitFor();
    await byTestId(page, 'status-phase', { phase: 'paused' }).waitFor();
    await expect.poll(waitingFor, SERVER_WAIT).toEqual({ type: 'paused' });

    // Mark the third machine's checkbox on the current screenshot and say why.
    await byTestId(page, 'tab-annotate').click();
    const observation = latestObservation((await test.get(`/api/runs/${runId}/events`)).body.events as RunEvent[]);
    const canvas = byTestId(page, 'annotation-canvas', { 'screenshot-hash': observation.screenshot.hash });
    await canvas.waitFor();
    await byTestId(page, 'annotation-image').evaluate((image: HTMLImageElement) => image.decode());
    const rows = (observation.accessibility ?? []).filter(
      (node: AccessibilityNode) => node.role === 'checkbox' && /^Select (?!all)/.test(node.name),
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const target = rows[2]!;
    const machine = target.name.replace(/^Select /, '');
    const pad = 6;
    const around = {
      x: target.box.x - pad,
      y: target.box.y - pad,
      width: target.box.width + 2 * pad,
      height: target.box.height + 2 * pad,
    };
    await dragRectangle(page, canvas, around, observation.screenshot);
    const drawn = JSON.parse((await byTestId(page, 'annotation-bbox').getAttribute('data-box')) ?? 'null') as {
      x: number;
      y: number;
      width: number;
      height: number;
    };
    // The canvas is smaller than the screenshot, so each CSS pixel spans a few screenshot pixels.
    const slack = (2 * observation.screenshot.width) / (await canvas.boundingBox())!.width;
    for (const key of ['x', 'y', 'width', 'height'] as const) {
      expect(Math.abs(drawn[key] - around[key])).toBeLessThanOrEqual(slack);
    }
    await byTestId(page, 'annotation-sentence').fill('This machine, not all of them.');
    await byTestId(page, 'annotation-send').click();
    const renamed = `Check the 'Select ${machine}' checkbox`;
    await expect.poll(causes, SERVER_WAIT).toEqual([
      ['initial', 'rejected'],
      ['plan-edit', 'superseded'],
      ['guidance', 'locked'],
      ['annotation', 'proposal'],
    ]);
    const annotated = (await view()).state.versions[3]!;
    expect(annotated.pending.map((step) => step.text)).toEqual([renamed, ADDED_STEP, pressTab]);
    expect(annotated.pending[0]!.region?.box).toEqual(drawn);
    const annotationProposal = byTestId(page, 'proposal-view', { 'version-id': annotated.id });
    await annotationProposal.waitFor();
    expect(await byTestId(page, 'chat-entry', { kind: 'annotation' }).textContent()).toContain('not all of them');
    const proposed = byTestId(annotationProposal, 'proposal-candidate');
    expect(await byTestId(proposed, 'diff-row', { change: 'changed' }).allTextContents()).toEqual([
      expect.stringContaining(renamed),
    ]);
    expect(await byTestId(annotationProposal, 'proposal-rationale').textContent()).toMatch(/You marked the area/);
    await shoot('06-annotation');

    // Approve the annotation's proposal: it is put in force and the run stays paused.
    await byTestId(page, 'plan-approve').click();
    await expect.poll(async () => (await view()).state.plan?.id, SERVER_WAIT).toBe(annotated.id);
    await byTestId(page, 'status-plan-state', { 'plan-state': 'locked' }).waitFor();
    await byTestId(page, 'status-phase', { phase: 'paused' }).waitFor();
    await byTestId(page, 'tab-activity').click();
    expect(await byTestId(page, 'step-row').first().textContent()).toContain(renamed);
    await expect.poll(waitingFor, SERVER_WAIT).toEqual({ type: 'paused' });
    await shoot('07-proposal-approved');

    // The version graph shows every version with its cause and state, as the server has them.
    const expectedRows = (await view()).state.versions.map((version) => [version.cause, version.state]);
    expect(expectedRows).toEqual([
      ['initial', 'rejected'],
      ['plan-edit', 'superseded'],
      ['guidance', 'superseded'],
      ['annotation', 'locked'],
    ]);
    await byTestId(page, 'version-graph-toggle').click();
    expect(await versionRows(page)).toEqual(expectedRows);
    await shoot('08-version-graph');

    // A reload keeps the run, its versions and its phase: the token stays in the tab's session storage.
    await page.reload();
    await byTestId(page, 'run-page', { 'run-id': runId }).waitFor();
    await byTestId(page, 'status-phase', { phase: 'paused' }).waitFor();
    await byTestId(page, 'status-plan-state', { 'plan-state': 'locked' }).waitFor();
    await byTestId(page, 'version-graph-toggle').click();
    // The backlog may arrive in more than one batch, so the rows are read until they settle.
    await expect.poll(() => versionRows(page), SERVER_WAIT).toEqual(expectedRows);
    await expect.poll(() => byTestId(page, 'step-row').first().textContent(), SERVER_WAIT).toContain(renamed);
    expect((await view()).state.phase).toBe('paused');
    await shoot('09-reloaded');

    // Resume: the run carries out the three steps and ticks the marked machine only.
    await byTestId(page, 'resume-button').click();
    await byTestId(page, 'status-phase', { phase: 'done' }).waitFor({ timeout: 60_000 });
    const done = await view();
    expect(done.summary.status).toBe('succeeded');
    expect(done.state.plan?.completed.map((step) => step.text)).toEqual([renamed, ADDED_STEP, pressTab]);
    expect(await byTestId(page, 'step-row', { status: 'completed' }).count()).toBe(3);
    expect((scenarios.state('machine-status', runId) as { selected: string[] }).selected).toEqual([machine]);
    await shoot('10-done');
  });
});

function latestObservation(events: readonly RunEvent[]): Observation {
  for (const event of [...events].reverse()) {
    if (event.payload.type === 'observation') return event.payload.observation;
  }
  throw new Error('the run has no observation yet');
}

async function versionRows(page: Page): Promise<string[][]> {
  return byTestId(page, 'version-row').evaluateAll((rows) =>
    rows.map((row) => [row.getAttribute('data-cause') ?? '', row.getAttribute('data-state') ?? '']),
  );
}
