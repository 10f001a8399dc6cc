/**
 * A static file server for the W3C ARIA Authoring Practices corpus. The corpus lives outside the
 * repository (in /work/shared) and is only ever served from there, never copied. Used by the
 * checker validation (validate.ts) and by the benchmark runner.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A running corpus server. */
export interface CorpusServer {
  /** Base address, e.g. `http://127.0.0.1:41234`, without a trailing slash. */
  readonly origin: string;
  /** Full address of an example page given its path under `content/`. */
  urlFor(example: string): string;
  /** Stops the server and closes open connections. */
  close(): Promise<void>;
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Where the corpus content folder is expected: `../shared/corpora/aria-practices/content` from the repository root. */
export const defaultCorpusRoot = path.resolve(repoRoot, '../shared/corpora/aria-practices/content');

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
};

/**
 * Serves `root` (default: the corpus content folder) on 127.0.0.1 at a free port.
 * Throws a clear error if the folder is missing: the APG benchmark is optional.
 */
export async function startCorpusServer(root: string = defaultCorpusRoot): Promise<CorpusServer> {
  const base = path.resolve(root);
  if (!existsSync(base) || !statSync(base).isDirectory()) {
    throw new Error(
      `APG corpus not found at ${base}. The APG benchmark needs the W3C ARIA Authoring Practices ` +
        `examples checked out at ../shared/corpora/aria-practices (its content/ folder is served as the web root).`,
    );
  }

  const server = createServer((request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      response.writeHead(400).end('bad request');
      return;
    }
    const file = path.resolve(base, `.${pathname}`);
    if (file !== base && !file.startsWith(base + path.sep)) {
      response.writeHead(403).end('forbidden');
      return;
    }
    let target = file;
    if (existsSync(target) && statSync(target).isDirectory()) target = path.join(target, 'index.html');
    if (!existsSync(target) || !statSync(target).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    const type = contentTypes[path.extname(target).toLowerCase()] ?? 'application/octet-stream';
    response.writeHead(200, {
      'content-type': type,
      'content-length': statSync(target).size,
      'cache-control': 'no-store',
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(target).pipe(response);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    urlFor: (example: string) => `${origin}/${example.replace(/^\/+/, '')}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
