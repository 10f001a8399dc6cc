import { EXECUTOR_BLOB_HEADER_BYTES, executorLimits, UsageError } from '@sandpiper/protocol';
import { WebSocket } from 'ws';
import { createWebSocketChannel, type Channel } from './channel.js';
import { ExecutorConnectionError } from './errors.js';
import { ExecutorConnection, type ReconnectPolicy } from './executor-connection.js';
import { RemoteEnvironment } from './remote-environment.js';

export interface ConnectExecutorOptions {
  /** The executor's token. */
  readonly token: string;
  /** How to get back after a dropped connection; 8 attempts from 100 ms, doubling up to 2 s, by default. */
  readonly reconnect?: Partial<ReconnectPolicy>;
  /** A name for this controller in the executor's log. */
  readonly client?: string;
  /** Where the connection reports drops and reconnects; never receives the token. */
  readonly log?: (message: string) => void;
}

export const DEFAULT_RECONNECT: ReconnectPolicy = { attempts: 8, initialDelayMs: 100, maxDelayMs: 2000 };
const OPEN_TIMEOUT_MS = 10_000;

/**
 * Connect to an executor served by `serveExecutor` and return its environment, after the
 * handshake. Throws `ExecutorRefusedError` when the executor refuses (wrong token, another protocol
 * version, busy) and `ExecutorConnectionError` when it cannot be reached. See
 * {@link RemoteEnvironment} for cancellation, deadlines and what happens when the connection drops.
 */
export async function connectExecutor(url: string, options: ConnectExecutorOptions): Promise<RemoteEnvironment> {
  const address = parseAddress(url);
  const connection = await ExecutorConnection.open({
    open: () => openWebSocket(address),
    token: options.token,
    reconnect: { ...DEFAULT_RECONNECT, ...options.reconnect },
    handshakeTimeoutMs: 10_000,
    ...(options.client === undefined ? {} : { client: options.client }),
    log: options.log ?? (() => {}),
  });
  return new RemoteEnvironment(connection);
}

function parseAddress(url: string): URL {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    throw new UsageError(`${JSON.stringify(url)} is not an executor address; expected ws://host:port/executor.`);
  }
  if (address.protocol !== 'ws:' && address.protocol !== 'wss:') {
    throw new UsageError(`An executor address starts with ws:// or wss://, not ${address.protocol}//.`);
  }
  return address;
}

function openWebSocket(address: URL): Promise<Channel> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(address, {
      maxPayload: executorLimits.maxBlobBytes + EXECUTOR_BLOB_HEADER_BYTES,
      perMessageDeflate: false,
      handshakeTimeout: OPEN_TIMEOUT_MS,
    });
    // Listening at once, so a message sent right after the upgrade is not lost.
    const channel = createWebSocketChannel(socket);
    const fail = (message: string, cause?: unknown): void => {
      socket.terminate();
      reject(new ExecutorConnectionError(`Could not reach the executor at ${address.href}: ${message}`, { cause }));
    };
    socket.once('open', () => resolve(channel));
    socket.once('error', (error) => fail(error.message, error));
    socket.once('unexpected-response', (_request, response) => {
      fail(`it answered the upgrade with HTTP ${response.statusCode ?? '?'}`);
    });
  });
}
