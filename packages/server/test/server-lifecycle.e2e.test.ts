import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@sandpiper/storage';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServerStartError, startServer } from '../src/index.js';
import { ONE_STEP_TASK, openStream } from './support.js';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sandpiper-lifecycle-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('starting and stopping the server', () => {
  it('listens on 127.0.0.1 with a fresh random token unless given one', async () => {
    const first = await startServer({ dataDir });
    const second = await startServer({ dataDir, token: 'a-token-chosen-by-the-caller' });
    try {
      expect(first.url).toBe(`http://127.0.0.1:${first.port}`);
      expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(second.token).toBe('a-token-chosen-by-the-caller');
      const answer = await fetch(`${second.url}/api/runs`, {
        headers: { authorization: 'Bearer a-token-chosen-by-the-caller' },
      });
      expect(answer.status).toBe(200);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('refuses a short token and a port in use, naming the problem', async () => {
    await expect(startServer({ dataDir, token: 'short' })).rejects.toBeInstanceOf(ServerStartError);
    const running = await startServer({ dataDir });
    try {
      const clash = startServer({ dataDir, port: running.port });
      await expect(clash).rejects.toThrow(`Port ${running.port}`);
      await expect(clash).rejects.toBeInstanceOf(ServerStartError);
    } finally {
      await running.close();
    }
  });

  it('interrupts the runs it drives when it closes, and a later server resumes them on request', async () => {
    const server = await startServer({ dataDir });
    const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
    const created = await fetch(`${server.url}/api/runs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ scenario: 'expense-report', instruction: ONE_STEP_TASK }),
    });
    const runId = ((await created.json()) as { id: string }).id;
    const stream = await openStream(
      `${server.url.replace('http', 'ws')}/api/runs/${runId}/stream?token=${server.token}`,
    );
    await stream.until((event) => event.payload.type === 'approval-request');
    await server.close();

    // Stopped, not ended: no run-end, and the run reads as interrupted once the server let go.
    expect(stream.received.some((event) => event.payload.type === 'run-end')).toBe(false);
    expect(stream.received.at(-1)?.payload).toMatchObject({
      type: 'warning',
      message: expect.stringContaining('the server shut down'),
    });
    const store = openStore({ dataDir });
    try {
      expect(store.getRun(runId)?.status).toBe('interrupted');
    } finally {
      store.close();
    }

    const next = await startServer({ dataDir });
    try {
      const call = (path: string, body?: unknown) =>
        fetch(`${next.url}${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { authorization: `Bearer ${next.token}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const listed = (await (await call('/api/runs')).json()) as { runs: { id: string; status: string }[] };
      expect(listed.runs.find((run) => run.id === runId)?.status).toBe('interrupted');

      const recovered = await call(`/api/runs/${runId}/recover`, {});
      expect(recovered.status).toBe(202);
      const again = await call(`/api/runs/${runId}/recover`, {});
      expect(again.status).toBe(409);
      expect(((await again.json()) as { error: string }).error).toContain('already being driven');

      const view = async () =>
        (await (await call(`/api/runs/${runId}`)).json()) as {
          summary: { status: string };
          control: { waitingFor?: { type: string } };
        };
      await expect.poll(async () => (await view()).control.waitingFor?.type, { timeout: 60_000 }).toBe('plan-approval');
      expect((await view()).summary.status).toBe('running');
      expect((await call(`/api/runs/${runId}/approve`, {})).status).toBe(202);
      await expect.poll(async () => (await view()).summary.status, { timeout: 120_000 }).toBe('succeeded');
      expect((await call(`/api/runs/${runId}/recover`, {})).status).toBe(409);
    } finally {
      await next.close();
    }
  });
});
