import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fixture server received: path and query string, as the browser sent them. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly search: string;
}

export interface FixtureServer {
  /** Absolute URL of a path on this server. */
  url(path: string): string;
  /** Every request received so far, in order. */
  readonly requests: readonly RecordedRequest[];
  close(): Promise<void>;
}

/** Serve fixed HTML pages on 127.0.0.1 at a free port, recording every request. Unknown paths get 404. */
export async function startFixtureServer(pages: Readonly<Record<string, string>>): Promise<FixtureServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const address = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: request.method ?? 'GET', path: address.pathname, search: address.search });
    const page = pages[address.pathname];
    if (page === undefined) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<title>Not found</title><p>Not found</p>');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago and is closed again). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
