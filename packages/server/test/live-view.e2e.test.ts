import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  approveUntilEnd,
  openStream,
  ONE_STEP_TASK,
  startTestServer,
  StreamRefused,
  type TestServer,
} from './support.js';

let test: TestServer;
beforeAll(async () => {
  test = await startTestServer();
});
afterAll(async () => {
  await test.close();
});

/** Collect the binary frames of a live-view socket until it closes. */
function watch(url: string): Promise<{ frames: Buffer[]; closed: Promise<number>; socket: WebSocket }> {
  const socket = new WebSocket(url);
  const frames: Buffer[] = [];
  socket.on('message', (data, isBinary) => {
    if (isBinary) frames.push(data as Buffer);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ frames, closed, socket }));
    socket.once('unexpected-response', (_request, response) =>
      reject(new StreamRefused(response.statusCode ?? 0, 'refused')),
    );
    socket.once('error', reject);
  });
}

describe('the live view', () => {
  it('streams JPEG frames of the run’s screen to every viewer, and closes when the run ends', async () => {
    const runId = (await test.post('/api/runs', { scenario: 'expense-report', instruction: ONE_STEP_TASK })).body
      .id as string;
    const base = `${test.server.url.replace('http', 'ws')}/api/runs/${runId}/live`;
    await expect(watch(base)).rejects.toMatchObject({ status: 401 });
    const first = await watch(`${base}?token=${test.server.token}`);
    const second = await watch(`${base}?token=${test.server.token}`);
    const stream = await openStream(
      `${test.server.url.replace('http', 'ws')}/api/runs/${runId}/stream?token=${test.server.token}`,
    );
    const end = await approveUntilEnd(test, runId, stream);
    expect(end.payload).toMatchObject({ type: 'run-end', status: 'succeeded' });
    expect(await first.closed).toBe(1000);
    expect(await second.closed).toBe(1000);
    for (const viewer of [first, second]) {
      expect(viewer.frames.length).toBeGreaterThan(0);
      for (const frame of viewer.frames) expect([...frame.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
    // A run that is no longer driven has no live view: its screenshots are in its events.
    await expect(watch(`${base}?token=${test.server.token}`)).rejects.toMatchObject({ status: 409 });
    await stream.close();
  });

  it('keeps a still screen flowing by sending its latest frame again', async () => {
    const runId = (await test.post('/api/runs', { scenario: 'expense-report', instruction: ONE_STEP_TASK })).body
      .id as string;
    const viewer = await watch(
      `${test.server.url.replace('http', 'ws')}/api/runs/${runId}/live?token=${test.server.token}`,
    );
    // The run waits for plan approval, so the page is still: frames keep coming, and some are the
    // same frame sent again (the first ones may differ while the page finishes drawing).
    const repeats = () => viewer.frames.slice(1).filter((frame, index) => frame.equals(viewer.frames[index]!)).length;
    await expect.poll(repeats, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    for (const frame of viewer.frames) expect([...frame.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await test.post(`/api/runs/${runId}/cancel`, {})).status).toBe(202);
    expect(await viewer.closed).toBe(1000);
  });
});
