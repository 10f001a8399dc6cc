import { randomBytes } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Environment } from '@sandpiper/core';
import { executorLimits } from '@sandpiper/protocol';
import { WebSocketServer, type WebSocket } from 'ws';
import { createWebSocketChannel } from './channel.js';
import { ExecutorHost } from './executor-host.js';

/** The path executors serve on. */
export const EXECUTOR_PATH = '/executor';

export interface ServeExecutorOptions {
  /** Interface to listen on; loopback by default. Anything else exposes the token to the network (no TLS). */
  readonly host?: string;
  /** Port to listen on; 0 (the default) takes a free one. */
  readonly port?: number;
  /** The token controllers must present; at least 16 characters ({@link generateExecutorToken} makes one). */
  readonly token: string;
  /** How long a session whose connection dropped is kept for its controller, in ms; 30 s by default. */
  readonly resumeWindowMs?: number;
  /** Interval of WebSocket pings, in ms; a connection that misses one is dropped. 15 s by default. */
  readonly heartbeatMs?: number;
  /** Where the executor reports connections, refusals and failures; never receives the token. */
  readonly log?: (message: string) => void;
}

/** A running executor server. */
export interface ExecutorServer {
  /** The address controllers pass to `connectExecutor`, such as `ws://127.0.0.1:40123/executor`. */
  readonly url: string;
  /**
   * Stop serving: end the session (its live views stop, its requests are aborted), close every
   * connection and the port. The environment stays open: whoever created it closes it.
   */
  close(): Promise<void>;
}

/** How long closing waits for controllers to answer the close handshake before dropping them. */
const CLOSE_GRACE_MS = 1000;

/** A fresh executor token: 32 random bytes, URL-safe. */
export function generateExecutorToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Serve `environment` to one controller at a time over WebSocket. Each connection must present the
 * token in its handshake and speak this protocol version; upgrades that carry an `Origin` header
 * (every web page's do) are refused, so no page a browser opens can drive the executor.
 */
export async function serveExecutor(environment: Environment, options: ServeExecutorOptions): Promise<ExecutorServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const executor = new ExecutorHost(environment, {
    token: options.token,
    ownsEnvironment: false,
    resumeWindowMs: options.resumeWindowMs ?? 30_000,
    handshakeTimeoutMs: 10_000,
    log,
  });
  const http = createServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain; charset=utf-8', upgrade: 'websocket' });
    response.end('This is a Sandpiper executor; connect with a WebSocket controller (connectExecutor).\n');
  });
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: executorLimits.maxControllerFrameBytes,
    perMessageDeflate: false,
  });
  const alive = new WeakMap<WebSocket, boolean>();
  http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that drops the connection mid-upgrade must not take the process down.
    socket.on('error', () => socket.destroy());
    const path = new URL(request.url ?? '/', 'http://executor').pathname;
    if (path !== EXECUTOR_PATH) return refuseUpgrade(socket, 404, `The executor listens on ${EXECUTOR_PATH}.`);
    if (request.headers.origin !== undefined) {
      log(`executor: refused an upgrade from the origin ${JSON.stringify(request.headers.origin)}`);
      return refuseUpgrade(socket, 403, 'Connections from web pages are refused.');
    }
    sockets.handleUpgrade(request, socket, head, (client) => {
      alive.set(client, true);
      client.on('pong', () => alive.set(client, true));
      executor.accept(createWebSocketChannel(client));
    });
  });
  const heartbeat = setInterval(() => {
    for (const client of sockets.clients) {
      if (alive.get(client) !== true) {
        client.terminate();
        continue;
      }
      alive.set(client, false);
      client.ping();
    }
  }, options.heartbeatMs ?? 15_000);
  heartbeat.unref();

  const port = await new Promise<number>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => {
      http.off('error', reject);
      resolve((http.address() as AddressInfo).port);
    });
  });
  let closing: Promise<void> | undefined;
  return {
    url: `ws://${host.includes(':') ? `[${host}]` : host}:${port}${EXECUTOR_PATH}`,
    close: () =>
      (closing ??= (async () => {
        clearInterval(heartbeat);
        const clients = [...sockets.clients];
        const closed = Promise.all(clients.map((client) => new Promise((resolve) => client.once('close', resolve))));
        await executor.close();
        // Clients get a moment to answer the close frames (so they read the goodbye); the rest are cut.
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)))]);
        clearTimeout(timer);
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        http.closeAllConnections();
        await new Promise<void>((resolve) => http.close(() => resolve()));
      })()),
  };
}

/** Answer a refused upgrade with plain HTTP, as the client has not switched protocols yet. */
function refuseUpgrade(socket: Duplex, status: number, message: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Content-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(message)}\r\n` +
      'Connection: close\r\n\r\n' +
      message,
  );
}
