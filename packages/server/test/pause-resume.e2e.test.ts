import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveUntilEnd, startTestServer, TWO_STEP_TASK, type TestServer } from './support.js';

let test: TestServer;
beforeAll(async () => {
  test = await startTestServer();
});
afterAll(async () => {
  await test.close();
});

describe('pause and resume', () => {
  it('holds the run before its next action until it is resumed', async () => {
    const runId = (await test.post('/api/runs', { scenario: 'expense-report', instruction: TWO_STEP_TASK })).body
      .id as string;
    const stream = await test.stream(runId);
    await stream.until((event) => event.payload.type === 'approval-request');

    // Asked for while the plan awaits approval, the pause holds the run as soon as it is approved.
    expect((await test.post(`/api/runs/${runId}/pause`)).status).toBe(202);
    const twice = await test.post(`/api/runs/${runId}/pause`);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatch(/already asked for/);
    expect((await test.get(`/api/runs/${runId}`)).body.control.pauseRequested).toBe(true);
    expect((await test.post(`/api/runs/${runId}/approve`)).status).toBe(202);

    const afterApproval = await stream.next();
    expect(afterApproval.payload).toMatchObject({ type: 'approval-response', decision: 'accepted' });
    const paused = await stream.next();
    expect(paused.payload.type).toBe('run-pause');
    expect(paused.source).toBe('user');

    const view = (await test.get(`/api/runs/${runId}`)).body;
    expect(view.state.phase).toBe('paused');
    expect(view.control).toMatchObject({ waitingFor: { type: 'paused' }, pauseRequested: false });
    expect((await test.post(`/api/runs/${runId}/pause`)).body.error).toMatch(/already paused/);
    const approve = await test.post(`/api/runs/${runId}/approve`);
    expect(approve.status).toBe(409);
    expect(approve.body.error).toMatch(/paused/);

    expect((await test.post(`/api/runs/${runId}/resume`)).status).toBe(202);
    expect((await test.post(`/api/runs/${runId}/resume`)).status).toBe(409);
    const resumed = await stream.next();
    expect(resumed.payload.type).toBe('run-resume');
    expect((await stream.next()).payload).toMatchObject({ type: 'step-start', attempt: 1 });

    const end = await approveUntilEnd(test, runId, stream);
    expect(end.payload).toMatchObject({ type: 'run-end', status: 'succeeded' });
  });
});
