import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isTestbedPageName, testbedPageNames } from './catalog.js';

/** Where `npm run build -w @sandpiper/testbed` puts the pages. */
export const testbedDistFolder = fileURLToPath(new URL('../dist/', import.meta.url));

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

export interface TestbedServerOptions {
  /** TCP port on 127.0.0.1; a free one is chosen when absent or 0. */
  port?: number;
  /** Folder holding the built pages; {@link testbedDistFolder} when absent. */
  root?: string;
}

/** A running server for the built test bed pages, bound to 127.0.0.1 only. */
export interface TestbedServer {
  /** `http://127.0.0.1:PORT`, without a trailing slash. */
  readonly origin: string;
  /**
   * Address of a page (`/<page>/`), with `params` as its query string. Throws for a name that is
   * not one of `testbedPageNames`.
   */
  urlFor(page: string, params?: Readonly<Record<string, string>>): string;
  /** Stop listening and drop open connections. */
  close(): Promise<void>;
}

/** Serve the built pages. Rejects when they have not been built. */
export async function startTestbedServer(options: TestbedServerOptions = {}): Promise<TestbedServer> {
  const root = options.root ?? testbedDistFolder;
  const index = await stat(join(root, 'index.html')).catch(() => undefined);
  if (index === undefined) {
    throw new Error(
      `The test bed pages are not built (no ${join(root, 'index.html')}): run "npm run build -w @sandpiper/testbed".`,
    );
  }
  const server = createServer((request, response) => {
    handleRequest(root, request, response).catch((error: unknown) => {
      if (!response.headersSent) sendText(response, 500, `Internal error: ${String(error)}`);
      else response.destroy();
    });
  });
  await listen(server, options.port ?? 0);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    urlFor(page, params = {}) {
      if (!isTestbedPageName(page)) {
        throw new Error(`Unknown test bed page "${page}": use one of ${testbedPageNames.join(', ')}.`);
      }
      const url = new URL(`/${page}/`, origin);
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      return url.href;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

async function handleRequest(root: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('allow', 'GET, HEAD');
    return sendText(response, 405, `Method ${request.method ?? ''} is not allowed.`);
  }
  const target = request.url ?? '/';
  const queryStart = target.indexOf('?');
  const pathname = queryStart === -1 ? target : target.slice(0, queryStart);
  const file = resolveFile(root, pathname);
  if (file === undefined) return sendText(response, 404, `Not found: ${pathname}`);
  const info = await stat(file.path).catch(() => undefined);
  if (info?.isDirectory() === true) {
    // Relative asset links in a page only resolve against its folder with the trailing slash.
    response.writeHead(308, { location: `${pathname}/${queryStart === -1 ? '' : target.slice(queryStart)}` });
    response.end();
    return;
  }
  if (info === undefined || !info.isFile() || file.contentType === undefined) {
    return sendText(response, 404, `Not found: ${pathname}`);
  }
  response.writeHead(200, { 'content-type': file.contentType, 'cache-control': 'no-store' });
  response.end(request.method === 'HEAD' ? undefined : await readFile(file.path));
}

/** The file a path names inside `root`, or undefined when the path is malformed or leaves it. */
function resolveFile(root: string, pathname: string): { path: string; contentType: string | undefined } | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.slice(1).split('/');
  if (segments.some((segment) => segment.startsWith('.'))) return undefined;
  const relativePath = decoded.endsWith('/') ? `${decoded.slice(1)}index.html` : decoded.slice(1);
  const path = join(root, relativePath);
  const fromRoot = relative(root, path);
  if (fromRoot.startsWith('..') || isAbsolute(fromRoot)) return undefined;
  return { path, contentType: contentTypes[extname(path)] };
}

function sendText(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  response.end(message);
}
