import { startScenarioServer, type ScenarioServer } from '@sandpiper/scenarios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveUntilEnd, startTestServer, TWO_STEP_TASK, type TestServer } from './support.js';

let scenarios: ScenarioServer;
let test: TestServer;
beforeAll(async () => {
  scenarios = await startScenarioServer();
  test = await startTestServer({ scenarios });
});
afterAll(async () => {
  await test.close();
  await scenarios.close();
});

describe('guidance', () => {
  it('before approval: becomes a proposal with new criteria, and the run does what the advice says', async () => {
    const runId = (await test.post('/api/runs', { scenario: 'expense-report', instruction: TWO_STEP_TASK })).body
      .id as string;
    const stream = await test.stream(runId);
    await stream.until((event) => event.payload.type === 'approval-request');

    expect(
      (await test.post(`/api/runs/${runId}/guidance`, { text: "use 'Dana Smith' instead of 'Dana Lee'" })).status,
    ).toBe(202);
    expect((await stream.next()).payload).toEqual({ type: 'guidance', text: "use 'Dana Smith' instead of 'Dana Lee'" });
    const created = await stream.until((event) => event.payload.type === 'plan-version-create');
    if (created.payload.type !== 'plan-version-create') throw new Error('unreachable');
    const version = created.payload.version;
    expect(version).toMatchObject({
      cause: 'guidance',
      number: 2,
      rationale: expect.stringMatching(/'Dana Smith' instead of 'Dana Lee'/),
    });
    expect(version.pending[0]!.text).toContain("'Dana Smith'");
    expect(version.pending[1]!.text).toContain("'dana@example.com'");
    expect(JSON.stringify(version.successCriteria)).toContain('Dana Smith');
    expect(JSON.stringify(version.successCriteria)).not.toContain('Dana Lee');
    // The draft under review is superseded, and the proposal is put up for approval.
    expect((await stream.next()).payload).toMatchObject({ type: 'approval-response', decision: 'rejected' });
    expect((await stream.next()).payload).toMatchObject({
      type: 'approval-request',
      subject: { versionId: version.id },
    });
    expect((await test.post(`/api/runs/${runId}/approve`)).status).toBe(202);

    const end = await approveUntilEnd(test, runId, stream);
    expect(end.payload).toMatchObject({ type: 'run-end', status: 'succeeded' });
    expect(scenarios.state('expense-report', runId)).toMatchObject({ fields: { employeeName: 'Dana Smith' } });
    await stream.close();
  });

  it('advice it cannot read keeps the same question open and says why', async () => {
    const runId = (await test.post('/api/runs', { scenario: 'expense-report', instruction: TWO_STEP_TASK })).body
      .id as string;
    const stream = await test.stream(runId);
    const request = await stream.until((event) => event.payload.type === 'approval-request');
    expect((await test.post(`/api/runs/${runId}/guidance`, { text: 'make it nicer somehow' })).status).toBe(202);
    await stream.until((event) => event.payload.type === 'guidance');
    const warning = await stream.next();
    expect(warning.payload).toMatchObject({ type: 'warning', message: expect.stringMatching(/plan stays as it is/) });
    const view = (await test.get(`/api/runs/${runId}`)).body;
    expect(view.state.pendingApproval.requestId).toBe(
      request.payload.type === 'approval-request' && request.payload.requestId,
    );
    expect(view.state.versions).toHaveLength(1);
    expect((await test.post(`/api/runs/${runId}/cancel`, {})).status).toBe(202);
    await stream.closed;
  });

  it('while paused mid-run: adds a step through an approved proposal, and the run carries it out after resuming', async () => {
    const runId = (await test.post('/api/runs', { scenario: 'expense-report', instruction: TWO_STEP_TASK })).body
      .id as string;
    const stream = await test.stream(runId);
    await stream.until((event) => event.payload.type === 'approval-request');
    expect((await test.post(`/api/runs/${runId}/pause`)).status).toBe(202);
    expect((await test.post(`/api/runs/${runId}/approve`)).status).toBe(202);
    await stream.until((event) => event.payload.type === 'run-pause');

    const advice = "finally select 'Finance' from the Department dropdown";
    expect((await test.post(`/api/runs/${runId}/guidance`, { text: advice })).status).toBe(202);
    const created = await stream.until((event) => event.payload.type === 'plan-version-create');
    if (created.payload.type !== 'plan-version-create') throw new Error('unreachable');
    expect(created.payload.version.cause).toBe('guidance');
    expect(created.payload.version.pending.map((step) => step.text)).toHaveLength(3);
    await stream.until((event) => event.payload.type === 'approval-request');
    expect((await test.post(`/api/runs/${runId}/approve`)).status).toBe(202);
    await stream.until((event) => event.payload.type === 'approval-response');
    // Still paused: approving the change is not resuming.
    const held = (await test.get(`/api/runs/${runId}`)).body;
    expect(held.control.waitingFor).toEqual({ type: 'paused' });
    expect(held.state.phase).toBe('paused');
    expect(held.state.plan.cause).toBe('guidance');
    expect((await test.post(`/api/runs/${runId}/resume`)).status).toBe(202);

    const end = await approveUntilEnd(test, runId, stream);
    expect(end.payload).toMatchObject({ type: 'run-end', status: 'succeeded' });
    const completed = stream.received.filter((event) => event.payload.type === 'step-end');
    expect(completed).toHaveLength(3);
    expect(scenarios.state('expense-report', runId)).toMatchObject({ fields: { department: 'Finance' } });
    await stream.close();
  });
});
