import { startScenarioServer, type ScenarioServer } from '@sandpiper/scenarios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveUntilEnd, ONE_STEP_TASK, startTestServer, type TestServer } from './support.js';

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

describe('takeover and hand-back', () => {
  it('performs the person’s actions while they have control, logs them, and goes on with the plan intact', async () => {
    const runId = (await test.post('/api/runs', { scenario: 'expense-report', instruction: ONE_STEP_TASK })).body
      .id as string;
    const stream = await test.stream(runId);
    await stream.until((event) => event.payload.type === 'approval-request');
    const refused = await test.post(`/api/runs/${runId}/input`, { action: { type: 'type', text: 'x' } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/Nobody has taken over/);

    // Paused mid-run, the person takes over and fills in a field the plan does not mention.
    expect((await test.post(`/api/runs/${runId}/pause`)).status).toBe(202);
    expect((await test.post(`/api/runs/${runId}/approve`)).status).toBe(202);
    await stream.until((event) => event.payload.type === 'run-pause');
    const plan = (await test.get(`/api/runs/${runId}`)).body.state.plan;

    expect((await test.post(`/api/runs/${runId}/takeover`)).status).toBe(202);
    expect((await stream.next()).payload).toEqual({ type: 'takeover-start' });
    const taken = (await test.get(`/api/runs/${runId}`)).body;
    expect(taken.state.phase).toBe('taken-over');
    expect(taken.control.waitingFor).toEqual({ type: 'taken-over' });
    expect((await test.post(`/api/runs/${runId}/pause`)).status).toBe(409);

    const observation = [...stream.received].reverse().find((event) => event.payload.type === 'observation');
    if (observation?.payload.type !== 'observation') throw new Error('no observation');
    const email = observation.payload.observation.accessibility!.find(
      (node) => node.role === 'textbox' && node.name === 'Email',
    )!;
    const at = { x: email.box.x + email.box.width / 2, y: email.box.y + email.box.height / 2 };
    expect((await test.post(`/api/runs/${runId}/input`, { action: { type: 'click', at } })).status).toBe(202);
    const click = await stream.until((event) => event.payload.type === 'manual-action');
    expect(click.source).toBe('user');
    expect(click.payload).toMatchObject({ action: { type: 'click' }, result: { ok: true } });
    // Every manual action is followed by a fresh look at the screen, caused by it.
    expect((await stream.next()).cause).toBe(click.seq);
    expect(
      (await test.post(`/api/runs/${runId}/input`, { action: { type: 'type', text: 'pat@example.com' } })).status,
    ).toBe(202);
    await stream.until((event) => event.payload.type === 'manual-action');
    const bad = await test.post(`/api/runs/${runId}/input`, { action: { type: 'teleport' } });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toMatch(/^action/);

    expect((await test.post(`/api/runs/${runId}/handback`)).status).toBe(202);
    expect((await stream.until((event) => event.payload.type === 'takeover-end')).payload).toEqual({
      type: 'takeover-end',
      manualActions: 2,
    });
    const back = (await test.get(`/api/runs/${runId}`)).body;
    expect(back.state.phase).toBe('paused');
    expect(back.state.manualActions).toBe(2);
    expect(back.state.plan).toEqual(plan);

    expect((await test.post(`/api/runs/${runId}/resume`)).status).toBe(202);
    const end = await approveUntilEnd(test, runId, stream);
    expect(end.payload).toMatchObject({ type: 'run-end', status: 'succeeded' });
    expect(scenarios.state('expense-report', runId)).toMatchObject({
      fields: { employeeName: 'Dana Lee', email: 'pat@example.com' },
    });
    await stream.close();
  });
});
