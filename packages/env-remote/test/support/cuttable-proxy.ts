import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of an executor, for dropping connections the way a network
 * does: `cut` destroys every connection it carries (both sides see the socket die, no close frame),
 * while new connections keep going through unless `refuse` was called.
 */
export interface CuttableProxy {
  /** The executor address with the proxy's port in it. */
  readonly url: string;
  /** Connections carried so far. */
  readonly connections: number;
  cut(): void;
  /** Stop accepting connections: from now on every attempt is refused. */
  refuse(): Promise<void>;
  close(): Promise<void>;
}

export async function startCuttableProxy(target: string): Promise<CuttableProxy> {
  const address = new URL(target);
  const live = new Set<Socket>();
  let connections = 0;
  const server = createServer((incoming) => {
    connections += 1;
    const outgoing = connect(Number(address.port), address.hostname);
    for (const socket of [incoming, outgoing]) {
      live.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        live.delete(socket);
        incoming.destroy();
        outgoing.destroy();
      });
    }
    incoming.pipe(outgoing);
    outgoing.pipe(incoming);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const cut = (): void => {
    for (const socket of live) socket.destroy();
  };
  return {
    url: `ws://127.0.0.1:${port}${address.pathname}`,
    get connections() {
      return connections;
    },
    cut,
    async refuse() {
      // Closing stops the listening at once; its callback would wait for the live connections.
      server.close();
      cut();
    },
    close: async () => {
      cut();
      if (server.listening) server.close();
    },
  };
}
