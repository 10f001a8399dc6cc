import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '@sandpiper/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { streamRunEvents } from '../src/event-stream.js';
import { openStream, range, seqs, type EventStream } from './support.js';

const RUN = 'r-load';
const EVENTS = 200;

let dataDir: string;
let store: Store;
let sockets: WebSocketServer;
let base: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sandpiper-stream-'));
  store = openStore({ dataDir });
  store.createRun({
    id: RUN,
    instruction: 'nothing',
    environment: { type: 'scenario', name: 'expense-report' },
    createdAt: Date.now(),
  });
  sockets = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => sockets.once('listening', resolve));
  sockets.on('connection', (socket, request) => {
    const after = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('after'));
    streamRunEvents(socket, store, RUN, after);
  });
  base = `ws://127.0.0.1:${(sockets.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => sockets.close(resolve));
  store.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a stream while events are being appended', () => {
  it('gives every client each event after its starting point exactly once, in order', async () => {
    const clients: { after: number; stream: Promise<EventStream> }[] = [];
    for (let seq = 1; seq <= EVENTS; seq += 1) {
      const payload =
        seq === EVENTS
          ? ({ type: 'run-end', status: 'cancelled', reason: 'enough' } as const)
          : ({ type: 'warning', message: `event ${seq}` } as const);
      await store.append(RUN, { source: 'agent', payload });
      // Clients join at many points, asking from far behind, just behind, or exactly where the log is.
      if (seq % 10 === 0) {
        for (const after of [0, Math.max(0, seq - 10), seq]) {
          clients.push({ after, stream: openStream(`${base}?after=${after}`) });
        }
      }
      // Let sockets connect and send between appends, so backlog reads and live events interleave.
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (const client of clients) {
      const stream = await client.stream;
      expect(await stream.closed).toEqual({ code: 1000, reason: 'run ended' });
      expect(seqs(stream.received)).toEqual(range(client.after + 1, EVENTS));
    }
    expect(clients.length).toBe(60);
  });
});
