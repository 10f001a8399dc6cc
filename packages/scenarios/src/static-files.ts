import { stat } from 'node:fs/promises';
import { extname, join, relative, sep, isAbsolute } from 'node:path';

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Where a request path leads inside the apps folder. */
export type StaticResolution =
  | {
      readonly type: 'file';
      /** Absolute path of a regular file inside the apps folder. */
      readonly path: string;
      readonly contentType: string;
    }
  /** The path names a folder without its trailing slash; `location` adds it (relative links need it). */
  | { readonly type: 'redirect'; readonly location: string }
  | { readonly type: 'not-found' };

/**
 * Map a URL pathname (still percent-encoded) to a file under `appsRoot`. Only the folders in
 * `servedFolders` are reachable; segments that decode to `..`, contain a slash or a NUL, or start
 * with a dot are refused, and the final path is checked to lie inside `appsRoot`.
 */
export async function resolveStaticFile(
  appsRoot: string,
  pathname: string,
  servedFolders: readonly string[],
): Promise<StaticResolution> {
  const segments = decodeSegments(pathname);
  if (segments === undefined || segments.length === 0) return { type: 'not-found' };
  const [folder, ...rest] = segments;
  if (folder === undefined || !servedFolders.includes(folder)) return { type: 'not-found' };
  if (rest.length === 0 && !pathname.endsWith('/')) return { type: 'redirect', location: `/${folder}/` };

  const fileSegments = rest.length === 0 || rest.at(-1) === '' ? [...rest.slice(0, -1), 'index.html'] : rest;
  if (fileSegments.some((segment) => segment === '')) return { type: 'not-found' };
  const path = join(appsRoot, folder, ...fileSegments);
  const fromRoot = relative(appsRoot, path);
  if (fromRoot.startsWith('..') || isAbsolute(fromRoot) || fromRoot.split(sep)[0] !== folder) {
    return { type: 'not-found' };
  }
  const contentType = contentTypes[extname(path)];
  if (contentType === undefined) return { type: 'not-found' };
  const info = await stat(path).catch(() => undefined);
  if (info === undefined || !info.isFile()) return { type: 'not-found' };
  return { type: 'file', path, contentType };
}

/** Split and decode a pathname; undefined when any segment is malformed or unsafe. */
function decodeSegments(pathname: string): string[] | undefined {
  if (!pathname.startsWith('/')) return undefined;
  const decoded: string[] = [];
  for (const raw of pathname.slice(1).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (/[/\\\0]/.test(segment) || segment.startsWith('.')) return undefined;
    decoded.push(segment);
  }
  return decoded;
}
