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

  it('cancels the runs it drives when it closes, so their logs end', async () => {
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

    // The stream saw the run end, and was closed for that reason, before the server went away.
    expect(await stream.closed).toEqual({ code: 1000, reason: 'run ended' });
    expect(stream.received.at(-1)?.payload).toMatchObject({ type: 'run-end', status: 'cancelled' });
    const store = openStore({ dataDir });
    try {
      expect(store.getRun(runId)?.status).toBe('cancelled');
    } finally {
      store.close();
    }
  });
});
