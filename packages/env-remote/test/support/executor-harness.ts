import type { Environment } from '@sandpiper/core';
import {
  connectExecutor,
  createInProcessExecutor,
  serveExecutor,
  type ExecutorServer,
  type RemoteEnvironment,
} from '../../src/index.js';

/** The two ways a controller reaches an executor; every round-trip test runs in both. */
export const transports = ['in-process', 'websocket'] as const;
export type Transport = (typeof transports)[number];

export const TOKEN = 'test-token-0123456789abcdef';

export interface OpenedExecutor {
  readonly remote: RemoteEnvironment;
  /** Present for the WebSocket transport. */
  readonly server?: ExecutorServer;
  /** Close the controller and, for WebSocket, the server. */
  close(): Promise<void>;
}

/** Put `environment` behind the executor protocol over `transport`. */
export async function openExecutor(transport: Transport, environment: Environment): Promise<OpenedExecutor> {
  if (transport === 'in-process') {
    const remote = await createInProcessExecutor(environment);
    return { remote, close: () => remote.close() };
  }
  const server = await serveExecutor(environment, { token: TOKEN });
  const remote = await connectExecutor(server.url, { token: TOKEN });
  return {
    remote,
    server,
    close: async () => {
      await remote.close();
      await server.close();
    },
  };
}
