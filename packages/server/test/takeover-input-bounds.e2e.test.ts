import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_STEP_TASK, startTestServer, type TestServer } from './support.js';

let test: TestServer;
let runId: string;
beforeAll(async () => {
  test = await startTestServer();
  runId = (await test.post('/api/runs', { scenario: 'expense-report', instruction: ONE_STEP_TASK })).body.id as string;
  const stream = await test.stream(runId);
  await stream.until((event) => event.payload.type === 'approval-request');
  // Paused before its first action, then taken over: the person has the screen.
  expect((await test.post(`/api/runs/${runId}/pause`)).status).toBe(202);
  expect((await test.post(`/api/runs/${runId}/approve`)).status).toBe(202);
  await stream.until((event) => event.payload.type === 'run-pause');
  expect((await test.post(`/api/runs/${runId}/takeover`)).status).toBe(202);
  await stream.until((event) => event.payload.type === 'takeover-start');
  await stream.close();
});
afterAll(async () => {
  await test.close();
});

describe('input during a takeover that the screen cannot take', () => {
  it.each([
    [{ type: 'click', at: { x: 5000, y: 10 } }, 'action.at', /outside the 1280×800 screen/],
    [{ type: 'click', at: { x: 1280, y: 800 } }, 'action.at', /outside/],
    [{ type: 'move', to: { x: 10, y: 1e308 } }, 'action.to', /outside/],
    [{ type: 'drag', from: { x: 10, y: 10 }, to: { x: 90_000, y: 10 } }, 'action.to', /outside/],
    [{ type: 'scroll', at: { x: 4000, y: 4000 }, deltaY: 10 }, 'action.at', /outside/],
    [{ type: 'done', summary: 'finished' }, 'action.type', /cannot perform 'done'/],
    [{ type: 'tool-call', tool: 'code', input: {} }, 'action.type', /cannot perform 'tool-call'/],
  ])('refuses %j with 400 naming %s', async (action, field, says) => {
    const response = await test.post(`/api/runs/${runId}/input`, { action });
    expect(response.status).toBe(400);
    expect(response.body.issues.map((issue: { path: string }) => issue.path)).toEqual([field]);
    expect(response.body.error).toMatch(says);
  });

  it('logs none of the refused actions, and still takes a click inside the screen', async () => {
    const logged = async () =>
      ((await test.get(`/api/runs/${runId}/events`)).body.events as { payload: { type: string } }[]).filter(
        (event) => event.payload.type === 'manual-action',
      );
    expect(await logged()).toHaveLength(0);
    const stream = await test.stream(runId);
    const click = { action: { type: 'click', at: { x: 1279, y: 799 } } };
    expect((await test.post(`/api/runs/${runId}/input`, click)).status).toBe(202);
    // Let the click finish before the server closes the browser under it.
    await stream.until((event) => event.payload.type === 'observation' && event.cause !== undefined);
    await stream.close();
    expect(await logged()).toHaveLength(1);
  });
});
