import type { AddressInfo } from 'node:net';
import { createScriptedEnvironment } from '@sandpiper/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createLiveChannel, type LiveChannel } from '../src/live-view.js';

let sockets: WebSocketServer;
let channel: LiveChannel;
let url: string;
const thrown: unknown[] = [];
const onThrown = (error: unknown) => thrown.push(error);

beforeAll(async () => {
  channel = createLiveChannel(createScriptedEnvironment(), () => {});
  sockets = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 64 * 1024 });
  await new Promise((resolve) => sockets.once('listening', resolve));
  sockets.on('connection', (socket) => void channel.attach(socket));
  url = `ws://127.0.0.1:${(sockets.address() as AddressInfo).port}/`;
  process.on('uncaughtException', onThrown);
});
afterEach(() => {
  thrown.length = 0;
});
afterAll(async () => {
  process.off('uncaughtException', onThrown);
  await channel.end();
  await new Promise((resolve) => sockets.close(resolve));
});

/** Open a viewer, let `misbehave` send something broken, and resolve with the close code the server sent. */
function viewerClosedAfter(misbehave: (socket: WebSocket) => void): Promise<number> {
  const socket = new WebSocket(url);
  socket.on('error', () => {});
  return new Promise((resolve) => {
    socket.once('open', () => misbehave(socket));
    socket.once('close', (code) => resolve(code));
  });
}

describe('a live viewer that sends broken frames', () => {
  it('is disconnected for text that is not UTF-8, and the process keeps running', async () => {
    const code = await viewerClosedAfter((socket) => socket.send(Buffer.from([0xc3, 0x28, 0xff]), { binary: false }));
    expect(code).toBe(1007);
    expect(thrown).toEqual([]);
  });

  it('is disconnected for a message over the size limit, and the process keeps running', async () => {
    const code = await viewerClosedAfter((socket) => socket.send(Buffer.alloc(100 * 1024)));
    expect(code).toBe(1009);
    expect(thrown).toEqual([]);
  });
});
