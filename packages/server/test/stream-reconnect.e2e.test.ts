import type { RunEvent } from '@sandpiper/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveUntilEnd, range, seqs, startTestServer, TWO_STEP_TASK, type TestServer } from './support.js';

let test: TestServer;
beforeAll(async () => {
  test = await startTestServer();
});
afterAll(async () => {
  await test.close();
});

describe('reconnecting to the event stream', () => {
  it('gets exactly the events missed while away, then the live ones, each once', async () => {
    const runId = (await test.post('/api/runs', { scenario: 'expense-report', instruction: TWO_STEP_TASK })).body
      .id as string;

    const first = await test.stream(runId);
    const request = await first.until((event) => event.payload.type === 'approval-request');
    await first.close();
    const lastSeen = request.seq;
    expect(seqs(first.received)).toEqual(range(1, lastSeen));

    // While the first client is away: approve, and let the run take a pause right after.
    expect((await test.post(`/api/runs/${runId}/pause`)).status).toBe(202);
    expect((await test.post(`/api/runs/${runId}/approve`)).status).toBe(202);
    const watcher = await test.stream(runId, lastSeen);
    const paused = await watcher.until((event) => event.payload.type === 'run-pause');
    await watcher.close();

    const second = await test.stream(runId, lastSeen);
    // Stored before the reconnect: sent as the backlog, then the stream says it has caught up.
    expect(await second.caughtUp).toBe(paused.seq);
    expect(seqs(second.received)).toEqual(range(lastSeen + 1, paused.seq));
    expect(second.received.map((event) => event.payload.type)).toEqual(['approval-response', 'run-pause']);

    // Appended after the reconnect: delivered live, on the same connection, after the backlog.
    expect((await test.post(`/api/runs/${runId}/resume`)).status).toBe(202);
    await second.until((event) => event.seq === paused.seq);
    const end = await approveUntilEnd(test, runId, second);
    expect(await second.closed).toEqual({ code: 1000, reason: 'run ended' });

    expect(seqs(second.received)).toEqual(range(lastSeen + 1, end.seq));
    const log = (await test.get(`/api/runs/${runId}/events?after=${lastSeen}`)).body.events as RunEvent[];
    expect(second.received).toEqual(log);
    const whole = (await test.get(`/api/runs/${runId}/events`)).body.events as RunEvent[];
    expect([...first.received, ...second.received]).toEqual(whole);
  });

  it('after the end, sends only what is left and closes', async () => {
    const runId = (await test.post('/api/runs', { scenario: 'expense-report', instruction: TWO_STEP_TASK })).body
      .id as string;
    const stream = await test.stream(runId);
    await stream.until((event) => event.payload.type === 'approval-request');
    await test.post(`/api/runs/${runId}/cancel`);
    const end = await stream.until((event) => event.payload.type === 'run-end');

    const tail = await test.stream(runId, end.seq - 2);
    expect(await tail.closed).toEqual({ code: 1000, reason: 'run ended' });
    expect(seqs(tail.received)).toEqual([end.seq - 1, end.seq]);

    const nothing = await test.stream(runId, end.seq);
    expect(await nothing.caughtUp).toBe(end.seq);
    expect(await nothing.closed).toEqual({ code: 1000, reason: 'run ended' });
    expect(nothing.received).toEqual([]);
  });
});
