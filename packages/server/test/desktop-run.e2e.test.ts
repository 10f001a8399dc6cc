import { readdirSync } from 'node:fs';
import path from 'node:path';
import { readSpreadsheet } from '@sandpiper/desktop-scenarios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { approveUntilEnd, startTestServer, type TestServer } from './support.js';

let test: TestServer;
beforeAll(async () => {
  test = await startTestServer();
});
afterAll(async () => {
  await test.close();
});

/** LibreOffice's first start in a fresh profile, and a four-step run, on two loaded cores. */
const DESKTOP_RUN_MS = 240_000;

describe('a desktop run from the API', () => {
  it(
    'opens the scenario document in LibreOffice, streams the desktop live, and lets the person take over',
    async () => {
      const info = (await test.get('/api/info')).body;
      expect(info.desktopScenarios.map((entry: { name: string }) => entry.name)).toContain('incident-sheet');
      const created = await test.post('/api/runs', { environment: { type: 'desktop', scenario: 'incident-sheet' } });
      expect(created.status).toBe(201);
      const runId = created.body.id as string;
      const stream = await test.stream(runId);
      await stream.until((event) => event.payload.type === 'approval-request');
      const task = (await test.get(`/api/runs/${runId}`)).body.state.task;
      expect(task.instruction).toBe('Click cell G5, type 42, press Enter, then press Control+S');

      const frames: Buffer[] = [];
      const viewer = new WebSocket(
        `${test.server.url.replace('http', 'ws')}/api/runs/${runId}/live?token=${test.server.token}`,
      );
      viewer.on('message', (data, isBinary) => isBinary && frames.push(data as Buffer));
      const viewerClosed = new Promise<number>((resolve) => viewer.on('close', resolve));

      // The person takes over before the plan runs and types into a cell the plan does not name.
      expect((await test.post(`/api/runs/${runId}/pause`)).status).toBe(202);
      expect((await test.post(`/api/runs/${runId}/approve`)).status).toBe(202);
      await stream.until((event) => event.payload.type === 'run-pause');
      expect((await test.post(`/api/runs/${runId}/takeover`)).status).toBe(202);
      await stream.until((event) => event.payload.type === 'takeover-start');
      // Like a person, look at the screen as it is now before aiming: the last observation may
      // predate LibreOffice's final layout. A short wait is an input that observes afresh.
      expect((await test.post(`/api/runs/${runId}/input`, { action: { type: 'wait', ms: 300 } })).status).toBe(202);
      const waited = await stream.until((event) => event.payload.type === 'manual-action');
      const observation = await stream.until((event) => event.payload.type === 'observation' && event.seq > waited.seq);
      if (observation.payload.type !== 'observation') throw new Error('no observation');
      const cell = observation.payload.observation.accessibility!.find(
        (node) => node.role === 'cell' && node.name === 'H2',
      )!;
      const at = { x: cell.box.x + cell.box.width / 2, y: cell.box.y + cell.box.height / 2 };
      for (const action of [
        { type: 'click', at },
        { type: 'type', text: 'checked' },
        { type: 'key', keys: ['Enter'] },
      ]) {
        expect((await test.post(`/api/runs/${runId}/input`, { action })).status).toBe(202);
        const manual = await stream.until((event) => event.payload.type === 'manual-action');
        expect(manual.payload).toMatchObject({ result: { ok: true } });
      }
      expect((await test.post(`/api/runs/${runId}/handback`)).status).toBe(202);
      await stream.until((event) => event.payload.type === 'takeover-end');
      expect((await test.post(`/api/runs/${runId}/resume`)).status).toBe(202);
      const end = await approveUntilEnd(test, runId, stream);
      expect(end.payload).toMatchObject({ type: 'run-end', status: 'succeeded' });
      await stream.close();

      expect(await viewerClosed).toBe(1000);
      expect(frames.length).toBeGreaterThan(0);
      for (const frame of frames) expect([...frame.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      // The saved document holds the plan's value and the person's, read from the file.
      const sessions = path.join(test.dataDir, 'desktop');
      expect(readdirSync(sessions)).toEqual([runId]);
      const rows = (await readSpreadsheet(path.join(sessions, runId, 'incidents.ods'))).sheets[0]!.rows;
      const cellsHolding = (text: string) =>
        rows.flatMap((row, r) =>
          row.flatMap((cell, c) => (cell?.text === text ? [`row ${r + 1}, column ${c + 1}`] : [])),
        );
      expect(rows[4]?.[6]?.text).toBe('42');
      // Where the person's text went, so a miss says which cell took it.
      expect(cellsHolding('checked')).toEqual(['row 2, column 8']);
    },
    DESKTOP_RUN_MS,
  );
});
