import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveUntilEnd, ONE_STEP_TASK, range, seqs, startTestServer, type TestServer } from './support.js';

let test: TestServer;
beforeAll(async () => {
  test = await startTestServer();
});
afterAll(async () => {
  await test.close();
});

describe('a run created through the API', () => {
  it('waits for approval, runs once approved, and ends on the stream; two runs at once', async () => {
    const created = await Promise.all(
      ["fill in the Employee name field with 'Dana Lee'", "fill in the Email field with 'ana@example.com'"].map(
        (instruction) => test.post('/api/runs', { scenario: 'expense-report', instruction }),
      ),
    );
    for (const response of created) expect(response.status).toBe(201);
    const [first, second] = created.map((response) => response.body.id as string);
    expect(first).not.toBe(second);

    const streams = await Promise.all([test.stream(first!), test.stream(second!)]);
    for (const [index, runId] of [first!, second!].entries()) {
      const stream = streams[index]!;
      const request = await stream.until((event) => event.payload.type === 'approval-request');
      const view = await test.get(`/api/runs/${runId}`);
      expect(view.status).toBe(200);
      expect(view.body.state.phase).toBe('awaiting-approval');
      expect(view.body.control).toMatchObject({ active: true, waitingFor: { type: 'plan-approval' } });
      expect(view.body.state.task.approval).toBe('ask');
      expect(request.payload).toMatchObject({ subject: { type: 'plan', versionId: view.body.state.versions[0].id } });
      // Nothing moves until the person approves.
      expect((await test.post(`/api/runs/${runId}/resume`)).status).toBe(409);
      expect((await test.post(`/api/runs/${runId}/approve`)).status).toBe(202);
      const again = await test.post(`/api/runs/${runId}/approve`);
      expect(again.status).toBe(409);
      expect(again.body.error).toMatch(/Nothing awaits approval/);
    }

    const ends = await Promise.all(
      [first!, second!].map((runId, index) => approveUntilEnd(test, runId, streams[index]!)),
    );
    for (const [index, end] of ends.entries()) {
      expect(end.payload).toMatchObject({ type: 'run-end', status: 'succeeded' });
      const stream = streams[index]!;
      expect(await stream.closed).toEqual({ code: 1000, reason: 'run ended' });
      expect(seqs(stream.received)).toEqual(range(1, end.seq));
      const log = await test.get(`/api/runs/${[first, second][index]}/events?after=0`);
      expect(log.body.events).toEqual(stream.received);
    }

    const list = await test.get('/api/runs');
    const listed = new Map(list.body.runs.map((run: { id: string }) => [run.id, run]));
    for (const runId of [first!, second!]) {
      expect(listed.get(runId)).toMatchObject({ status: 'succeeded', active: false });
      expect((listed.get(runId) as { durationMs: number }).durationMs).toBeGreaterThan(0);
      const finished = await test.post(`/api/runs/${runId}/cancel`);
      expect(finished.status).toBe(409);
      expect(finished.body.error).toMatch(/not being driven/);
    }
  });

  it('serves the screenshots the run logged, by hash, as PNG', async () => {
    const created = await test.post('/api/runs', { scenario: 'expense-report', instruction: ONE_STEP_TASK });
    const runId = created.body.id as string;
    const stream = await test.stream(runId);
    const observed = await stream.until((event) => event.payload.type === 'observation');
    if (observed.payload.type !== 'observation') throw new Error('unreachable');
    const hash = observed.payload.observation.screenshot.hash;
    await test.post(`/api/runs/${runId}/cancel`, { reason: 'only the screenshot was wanted' });
    const end = await stream.until((event) => event.payload.type === 'run-end');
    expect(end.payload).toMatchObject({ status: 'cancelled', reason: 'only the screenshot was wanted' });

    for (const response of [
      await test.get(`/api/blobs/${hash}`),
      await test.request('GET', `/api/blobs/${hash}?token=${test.server.token}`, { token: null }),
    ]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(createHash('sha256').update(response.body).digest('hex')).toBe(hash);
    }
    expect((await test.get(`/api/blobs/${'0'.repeat(64)}`)).status).toBe(404);
  });
});
