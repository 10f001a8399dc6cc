import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where `npm run build:web` writes the web UI. */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist/', import.meta.url));

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/**
 * The page may load only its own scripts and styles, talk only to this server (HTTP and
 * WebSocket), and show images from it or made in the page (canvas exports, blob URLs of frames).
 */
function contentSecurityPolicy(host: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    `connect-src 'self' ws://${host}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * Serve the built web UI: `/` is its page, `/assets/…` its hashed files. These are the same for
 * everyone and hold no run data, so they need no token; the page reads the token from the URL's
 * fragment (never sent to a server) and sends it with every API call. Answers false when the
 * path is not the UI's, so the caller can answer 404.
 */
export async function serveWebUi(
  root: string,
  pathname: string,
  host: string,
  response: ServerResponse,
): Promise<boolean> {
  const relative = pathname === '/' || pathname === '/index.html' ? 'index.html' : pathname.slice(1);
  if (relative !== 'index.html' && !relative.startsWith('assets/') && relative !== 'favicon.svg') return false;
  const file = normalize(join(root, relative));
  if (!file.startsWith(normalize(root + sep))) return false;
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    if (relative !== 'index.html') return false;
    const message = 'The web UI is not built. Run "npm run build:web" (the setup script does it), then reload.';
    response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    response.end(message);
    return true;
  }
  response.writeHead(200, {
    'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
    'content-length': bytes.byteLength,
    // Asset names carry a content hash; the page itself must be fetched afresh to find new ones.
    'cache-control': relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'content-security-policy': contentSecurityPolicy(host),
  });
  response.end(bytes);
  return true;
}
