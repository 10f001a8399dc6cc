import { randomBytes } from 'node:crypto';
import type { Environment } from '@sandpiper/core';
import { createMemoryChannelPair } from './channel.js';
import { ExecutorConnection } from './executor-connection.js';
import { ExecutorHost } from './executor-host.js';
import { RemoteEnvironment } from './remote-environment.js';

/**
 * Wrap a local environment so that every call goes through the executor protocol over an
 * in-memory transport: the same handshake, validation, serialization, dispatcher and binary
 * frames as a remote executor, without a socket. Local and remote are then one implementation,
 * tested by the same suite (as Playwright's in-process connection drives its server).
 *
 * The executor owns `environment`: closing the returned environment closes it.
 */
export async function createInProcessExecutor(environment: Environment): Promise<RemoteEnvironment> {
  const token = randomBytes(32).toString('base64url');
  const host = new ExecutorHost(environment, {
    token,
    ownsEnvironment: true,
    // Memory never drops a connection; a session that somehow lost its channel ends at once.
    resumeWindowMs: 0,
    handshakeTimeoutMs: 10_000,
    log: () => {},
  });
  const connection = await ExecutorConnection.open({
    open: async () => {
      const [controllerEnd, executorEnd] = createMemoryChannelPair();
      host.accept(executorEnd);
      return controllerEnd;
    },
    token,
    reconnect: { attempts: 0, initialDelayMs: 0, maxDelayMs: 0 },
    handshakeTimeoutMs: 10_000,
    log: () => {},
  });
  return new RemoteEnvironment(connection);
}
