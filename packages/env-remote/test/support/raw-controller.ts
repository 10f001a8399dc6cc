import type { Environment } from '@sandpiper/core';
import { EXECUTOR_PROTOCOL_VERSION, executorMessageSchema, type ExecutorMessage } from '@sandpiper/protocol';
import { WebSocket } from 'ws';
import { createMemoryChannelPair, createWebSocketChannel, type Channel } from '../../src/channel.js';
import { ExecutorHost } from '../../src/executor-host.js';
import { serveExecutor, type ExecutorServer } from '../../src/index.js';
import { TOKEN, type Transport } from './executor-harness.js';

/**
 * A controller that sends whatever it is told, byte for byte, and records what the executor
 * answers: for probing the executor with messages a real controller would never send. Every
 * answer is also checked against the protocol, so the executor's own output is tested too.
 */
export interface RawController {
  sendText(text: string): void;
  sendJson(value: unknown): void;
  sendBinary(bytes: Uint8Array): void;
  /** The next message that matches, waiting up to 5 s. */
  next<T extends ExecutorMessage['type']>(type: T): Promise<Extract<ExecutorMessage, { type: T }>>;
  /** Send a valid handshake and wait for its acceptance. */
  handshake(): Promise<Extract<ExecutorMessage, { type: 'handshake-accept' }>>;
  readonly closed: Promise<{ readonly code: number; readonly reason: string }>;
  close(): void;
}

function rawController(channel: Channel): RawController {
  const received: ExecutorMessage[] = [];
  const waiters: (() => void)[] = [];
  let closeInfo: (value: { code: number; reason: string }) => void = () => {};
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (closeInfo = resolve));
  channel.listen({
    text(text) {
      received.push(executorMessageSchema.parse(JSON.parse(text)));
      for (const wake of waiters.splice(0)) wake();
    },
    binary() {},
    close(code, reason) {
      closeInfo({ code, reason });
    },
  });
  const controller: RawController = {
    sendText: (text) => channel.sendText(text),
    sendJson: (value) => channel.sendText(JSON.stringify(value)),
    sendBinary: (bytes) => channel.sendBinary(bytes),
    async next(type) {
      const started = Date.now();
      for (;;) {
        const index = received.findIndex((message) => message.type === type);
        if (index >= 0) return received.splice(index, 1)[0] as never;
        if (Date.now() - started > 5000) throw new Error(`no ${type} arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    async handshake() {
      controller.sendJson({ type: 'handshake-request', protocolVersion: EXECUTOR_PROTOCOL_VERSION, token: TOKEN });
      return controller.next('handshake-accept');
    },
    closed,
    close: () => channel.close(1000, 'done'),
  };
  return controller;
}

/** An executor for `environment` that raw controllers can reach over `transport`. */
export interface RawExecutor {
  connect(headers?: Record<string, string>): Promise<RawController>;
  close(): Promise<void>;
  readonly server?: ExecutorServer;
}

export async function startRawExecutor(transport: Transport, environment: Environment): Promise<RawExecutor> {
  if (transport === 'in-process') {
    const host = new ExecutorHost(environment, {
      token: TOKEN,
      ownsEnvironment: false,
      resumeWindowMs: 1000,
      handshakeTimeoutMs: 1000,
      log: () => {},
    });
    return {
      async connect() {
        const [controllerEnd, executorEnd] = createMemoryChannelPair();
        host.accept(executorEnd);
        return rawController(controllerEnd);
      },
      close: () => host.close(),
    };
  }
  const server = await serveExecutor(environment, { token: TOKEN, resumeWindowMs: 1000 });
  return {
    server,
    async connect(headers = {}) {
      const socket = new WebSocket(server.url, { headers });
      const channel = createWebSocketChannel(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('unexpected-response', (_request, response) => {
          socket.terminate();
          reject(new Error(`HTTP ${response.statusCode}`));
        });
        socket.once('error', reject);
      });
      return rawController(channel);
    },
    close: () => server.close(),
  };
}
