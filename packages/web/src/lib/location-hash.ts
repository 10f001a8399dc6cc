/**
 * The page keeps everything in the URL fragment, which never reaches a server or a log: the token
 * the server prints (`#token=…`) and the route (`#/runs/ID`). The token is moved to session
 * storage at once, so it does not linger in the address bar, history or screenshots.
 */

/** What the page shows. */
export type Route = { readonly type: 'home' } | { readonly type: 'run'; readonly runId: string };

export interface HashReading {
  /** The access token, when the fragment carries one. */
  readonly token?: string;
  readonly route: Route;
}

/** Read `#token=T`, `#token=T&run=ID`, `#/runs/ID` or `#/runs/ID?token=T`. */
export function readLocationHash(hash: string): HashReading {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const [path, query = ''] = body.startsWith('/') ? splitOnce(body, /[?&]/) : ['', body];
  const params = new URLSearchParams(query);
  const token = params.get('token') ?? undefined;
  const runFromPath = /^\/runs\/([^/]+)\/?$/.exec(path)?.[1];
  const runId = runFromPath === undefined ? params.get('run') : safeDecode(runFromPath);
  const route: Route = runId ? { type: 'run', runId } : { type: 'home' };
  return token ? { token, route } : { route };
}

/** The fragment for a route, without any token. */
export function hashFor(route: Route): string {
  return route.type === 'run' ? `#/runs/${encodeURIComponent(route.runId)}` : '#/';
}

const TOKEN_KEY = 'sandpiper.token';

/** Where the token is kept between reloads of the tab: the tab's session storage. */
export function loadToken(storage: Pick<Storage, 'getItem'>): string | undefined {
  return storage.getItem(TOKEN_KEY) ?? undefined;
}

export function saveToken(storage: Pick<Storage, 'setItem'>, token: string): void {
  storage.setItem(TOKEN_KEY, token);
}

export function forgetToken(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(TOKEN_KEY);
}

function splitOnce(text: string, separator: RegExp): [string, string] {
  const match = separator.exec(text);
  return match ? [text.slice(0, match.index), text.slice(match.index + 1)] : [text, ''];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
