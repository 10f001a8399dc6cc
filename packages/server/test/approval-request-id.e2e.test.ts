import type { RunEvent } from '@sandpiper/protocol';
import { startScenarioServer, type ScenarioServer } from '@sandpiper/scenarios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support.js';

/** Restarting machines is destructive, so the guard asks about 'Restart selected' after the plan. */
const RESTART_TASK =
  "select 'Error' from the 'Status' dropdown, check the 'Select all' checkbox, click 'Restart selected' and click 'Confirm'";
/** Generous bound on waits for the run; it only turns a hang into a failure. */
const RUN_WAIT = { timeout: 60_000, interval: 100 };

let scenarios: ScenarioServer;
let test: TestServer;
beforeAll(async () => {
  scenarios = await startScenarioServer();
  test = await startTestServer({ scenarios });
});
afterAll(async () => {
  await test?.close();
  await scenarios?.close();
});

describe('an approval names the question it answers', () => {
  it('refuses an approval or a rejection meant for another question, and the run still waits', async () => {
    const created = await test.post('/api/runs', {
      environment: { type: 'scenario', name: 'machine-status' },
      instruction: RESTART_TASK,
      approval: 'ask',
    });
    expect(created.status).toBe(201);
    const runId = created.body.id as string;
    const control = async () => (await test.get(`/api/runs/${runId}`)).body.control;
    const responses = async () =>
      ((await test.get(`/api/runs/${runId}/events`)).body.events as RunEvent[]).filter(
        (event) => event.payload.type === 'approval-response',
      );
    await expect.poll(async () => (await control()).waitingFor?.type, RUN_WAIT).toBe('plan-approval');
    const view = (await test.get(`/api/runs/${runId}`)).body;
    const planRequest = view.control.waitingFor.requestId as string;
    expect(planRequest).toBe(view.state.pendingApproval.requestId);

    // Answers naming a request the run never asked are refused with a sentence to act on.
    const staleReject = await test.post(`/api/runs/${runId}/reject`, { reason: 'wrong', requestId: 'approval-old' });
    expect(staleReject.status).toBe(409);
    expect(staleReject.body.error).toBe(
      `That answer was for a question the run no longer asks: it now waits for a decision on plan version ${view.control.waitingFor.versionId}. Read that question and answer it.`,
    );
    expect((await test.post(`/api/runs/${runId}/approve`, { requestId: 'approval-old' })).status).toBe(409);
    expect((await control()).waitingFor).toEqual(view.control.waitingFor);
    expect(await responses()).toEqual([]);

    // The answer to the question shown goes through; a second click with it is then refused.
    expect((await test.post(`/api/runs/${runId}/approve`, { requestId: planRequest })).status).toBe(202);
    await expect.poll(async () => (await control()).waitingFor?.type, RUN_WAIT).toBe('action-approval');
    const action = (await control()).waitingFor;
    expect(action).toMatchObject({ summary: "Clicking 'Restart selected'", requestId: expect.any(String) });
    expect(action.requestId).not.toBe(planRequest);
    const late = await test.post(`/api/runs/${runId}/approve`, { requestId: planRequest });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(
      `That answer was for a question the run no longer asks: it now asks whether it may do "Clicking 'Restart selected'". Read that question and answer it.`,
    );
    const lateReject = await test.post(`/api/runs/${runId}/reject`, { reason: 'no', requestId: planRequest });
    expect(lateReject.status).toBe(409);
    expect((await control()).waitingFor).toEqual(action);
    expect((await responses()).map((event) => event.payload)).toEqual([
      { type: 'approval-response', requestId: planRequest, decision: 'accepted', by: 'user' },
    ]);

    // A field the contract does not know is named instead of ignored.
    const misspelt = await test.post(`/api/runs/${runId}/approve`, { requestID: action.requestId });
    expect(misspelt.status).toBe(400);

    expect((await test.post(`/api/runs/${runId}/cancel`)).status).toBe(202);
    await expect
      .poll(async () => (await test.get(`/api/runs/${runId}`)).body.summary.status, RUN_WAIT)
      .toBe('cancelled');
  });
});
