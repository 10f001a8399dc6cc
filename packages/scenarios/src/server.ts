import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { scenarios } from './catalog.js';
import { ScenarioError, UnknownScenarioError } from './errors.js';
import { isScenarioFault, scenarioFaults, type ScenarioFault } from './faults.js';
import { resolveStaticFile } from './static-files.js';
import {
  isScenarioName,
  scenarioNames,
  scenarioStateSchemas,
  stateReportSchema,
  type ScenarioName,
} from './state-schemas.js';
import { createStateStore, type StateStore } from './state-store.js';

/**
 * Session ids the apps and the server accept: 1 to 128 letters, digits and `. _ : / -` (so a task
 * id such as `expense-report/submit-lodging` can serve as one).
 */
export const sessionIdPattern = /^[A-Za-z0-9._:/-]{1,128}$/;
/** The session an app reports to when its address names none. */
export const defaultSessionId = 'default';

const appsRoot = fileURLToPath(new URL('../apps/', import.meta.url));
const maxBodyBytes = 256 * 1024;
const baseHeaders = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } as const;

export interface ScenarioServerOptions {
  /** TCP port on 127.0.0.1; a free port is chosen when absent or 0. */
  port?: number;
  /** The token that reads and resets state over HTTP (at least 16 characters); a random one when absent. */
  token?: string;
}

export interface ScenarioUrlOptions {
  /** Session the page reports its state to; the app uses `default` when absent. */
  session?: string;
  /** Open the page with the surprise notice (`?surprise=1`) showing; false when absent. */
  surprise?: boolean;
  /** Open the page with a planted fault (`?fault=<name>`); the app behaves normally when absent. */
  fault?: ScenarioFault;
}

/** A running server for the scenario apps, bound to 127.0.0.1 only. */
export interface ScenarioServer {
  /** `http://127.0.0.1:PORT`, without a trailing slash. */
  readonly origin: string;
  /**
   * Reading or resetting state over HTTP (`GET`/`DELETE /api/state/…`) needs it as a bearer token;
   * the apps' own pages report state with a key the server gives them in a cookie.
   */
  readonly token: string;
  /**
   * Address of a scenario's start page. Throws {@link UnknownScenarioError} for a name that is not
   * a built-in scenario, and {@link ScenarioError} for a session id outside {@link sessionIdPattern}
   * or a fault that is not one of `scenarioFaults`.
   */
  urlFor(scenario: string, options?: ScenarioUrlOptions): string;
  /**
   * The newest state the app reported for this session (validated by the scenario's schema), or
   * undefined when it has reported nothing since the server started or the session was reset.
   * `session` defaults to `default`.
   */
  state(scenario: string, session?: string): unknown;
  /** Forget the state of one session, so a run starts from nothing reported. */
  reset(scenario: string, session?: string): void;
  /** Stop listening and drop open connections. */
  close(): Promise<void>;
}

/** Start the scenario server. Resolves once it is listening. */
export async function startScenarioServer(options: ScenarioServerOptions = {}): Promise<ScenarioServer> {
  const store = createStateStore();
  const token = options.token ?? randomBytes(24).toString('base64url');
  if (token.length < 16) throw new ScenarioError('The scenario server token needs at least 16 characters.');
  const keys: AccessKeys = { token, pageKey: randomBytes(24).toString('base64url'), cookie: '' };
  let port = 0;
  const server = createServer((request, response) => {
    handleRequest(store, port, keys, request, response).catch((error: unknown) => {
      if (!response.headersSent) sendText(response, 500, `Internal error: ${String(error)}`);
      else response.destroy();
    });
  });
  await listen(server, options.port ?? 0);
  port = (server.address() as AddressInfo).port;
  // Cookies ignore ports: a name of its own keeps two scenario servers from overwriting each other's key.
  keys.cookie = `sandpiper-state-${port}`;
  const origin = `http://127.0.0.1:${port}`;

  const known = (scenario: string): ScenarioName => {
    if (!isScenarioName(scenario)) throw new UnknownScenarioError(scenario, scenarioNames);
    return scenario;
  };
  const checkedSession = (session: string): string => {
    if (!sessionIdPattern.test(session)) {
      throw new ScenarioError(
        `Invalid session id "${session}": use 1 to 128 letters, digits, ".", "_", ":", "/" or "-".`,
      );
    }
    return session;
  };

  return {
    origin,
    token,
    urlFor(scenario, urlOptions = {}) {
      const url = new URL(`/${known(scenario)}/`, origin);
      if (urlOptions.session !== undefined) url.searchParams.set('session', checkedSession(urlOptions.session));
      if (urlOptions.surprise === true) url.searchParams.set('surprise', '1');
      if (urlOptions.fault !== undefined) {
        if (!isScenarioFault(urlOptions.fault)) {
          throw new ScenarioError(
            `Unknown fault "${String(urlOptions.fault)}": use one of ${scenarioFaults.join(', ')}.`,
          );
        }
        url.searchParams.set('fault', urlOptions.fault);
      }
      return url.href;
    },
    state: (scenario, session = defaultSessionId) => store.get(known(scenario), session)?.state,
    reset: (scenario, session = defaultSessionId) => store.delete(known(scenario), session),
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

/** Who may touch state over HTTP: the holder of the token reads and resets; the apps' pages report with the page key. */
interface AccessKeys {
  readonly token: string;
  readonly pageKey: string;
  /** The cookie that carries the page key; named after the port once the server listens. */
  cookie: string;
}

async function handleRequest(
  store: StateStore,
  port: number,
  keys: AccessKeys,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const target = request.url ?? '/';
  if (!target.startsWith('/')) return sendText(response, 400, 'Request target must be a path.');
  // A page on another host name that resolves to 127.0.0.1 must not reach the apps or their state.
  const host = request.headers.host;
  if (host !== undefined && host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) {
    return sendText(response, 403, `Host "${host}" is not served here.`);
  }
  const queryStart = target.indexOf('?');
  const pathname = queryStart === -1 ? target : target.slice(0, queryStart);
  const search = queryStart === -1 ? '' : target.slice(queryStart);

  if (pathname.startsWith('/api/')) return handleApi(store, keys, request, response, pathname, search);
  // Every page and file the apps load hands them the key they report state with.
  response.setHeader('set-cookie', `${keys.cookie}=${keys.pageKey}; Path=/api/state; HttpOnly; SameSite=Strict`);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('allow', 'GET, HEAD');
    return sendText(response, 405, `Method ${request.method ?? ''} is not allowed here.`);
  }
  if (pathname === '/') return send(response, 200, 'text/html; charset=utf-8', renderIndexPage(), request.method);

  const resolution = await resolveStaticFile(appsRoot, pathname, [...scenarioNames, 'shared']);
  if (resolution.type === 'redirect') {
    response.writeHead(308, { ...baseHeaders, location: resolution.location + search });
    response.end();
    return;
  }
  if (resolution.type === 'not-found') return sendText(response, 404, `Not found: ${pathname}`);
  send(response, 200, resolution.contentType, await readFile(resolution.path), request.method);
}

async function handleApi(
  store: StateStore,
  keys: AccessKeys,
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  search: string,
): Promise<void> {
  const match = /^\/api\/state\/([^/]+)$/.exec(pathname);
  if (match === null) return sendText(response, 404, `Not found: ${pathname}`);
  const tokenHolder = holds(bearerOf(request), keys.token);
  if (request.method === 'POST' ? !tokenHolder && !holds(cookieOf(request, keys.cookie), keys.pageKey) : !tokenHolder) {
    response.setHeader('www-authenticate', 'Bearer');
    return sendText(
      response,
      401,
      request.method === 'POST'
        ? "Only the scenario apps' own pages, or the holder of the server's token, report state."
        : "Reading or resetting scenario state needs the server's token: send Authorization: Bearer <token>.",
    );
  }
  const scenario = match[1] ?? '';
  if (!isScenarioName(scenario)) {
    return sendText(response, 404, new UnknownScenarioError(scenario, scenarioNames).message);
  }
  const session = new URLSearchParams(search).get('session') ?? defaultSessionId;
  if (!sessionIdPattern.test(session)) {
    return sendText(response, 400, `Invalid session id: use 1 to 128 letters, digits, ".", "_", ":", "/" or "-".`);
  }

  if (request.method === 'GET') {
    const record = store.get(scenario, session);
    if (record === undefined) return sendText(response, 404, `No state reported for ${scenario}, session ${session}.`);
    return send(response, 200, 'application/json; charset=utf-8', JSON.stringify(record));
  }
  if (request.method === 'DELETE') {
    store.delete(scenario, session);
    return send(response, 204);
  }
  if (request.method !== 'POST') {
    response.setHeader('allow', 'GET, POST, DELETE');
    return sendText(response, 405, `Method ${request.method ?? ''} is not allowed here.`);
  }
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
    return sendText(response, 415, 'Send the state as application/json.');
  }
  const body = await readBody(request);
  if (body === undefined) return sendText(response, 413, `State reports are limited to ${maxBodyBytes} bytes.`);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return sendText(response, 400, `Invalid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const report = stateReportSchema.safeParse(json);
  if (!report.success) return sendText(response, 400, describeIssues('state report', report.error));
  const state = scenarioStateSchemas[scenario].safeParse(report.data.state);
  if (!state.success) return sendText(response, 400, describeIssues(`${scenario} state`, state.error, 'state'));
  store.put(scenario, session, { seq: report.data.seq, state: state.data });
  send(response, 204);
}

/** "Invalid expense-report state: state.fields.email: expected string, received number". */
function describeIssues(subject: string, error: z.ZodError, prefix?: string): string {
  const issues = error.issues.map((issue) => {
    const path = [...(prefix === undefined ? [] : [prefix]), ...issue.path.map(String)].join('.');
    return `${path || '(root)'}: ${issue.message}`;
  });
  return `Invalid ${subject}: ${issues.join('; ')}`;
}

function bearerOf(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
}

function cookieOf(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** Compares in constant time, so the answer's timing says nothing about how much of a key was right. */
function holds(given: string | undefined, key: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The body as text, or undefined when it exceeds the limit. */
async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(
  response: ServerResponse,
  status: number,
  contentType?: string,
  body?: string | Buffer,
  method?: string,
): void {
  response.writeHead(status, { ...baseHeaders, ...(contentType === undefined ? {} : { 'content-type': contentType }) });
  response.end(method === 'HEAD' ? undefined : body);
}

function sendText(response: ServerResponse, status: number, message: string): void {
  send(response, status, 'text/plain; charset=utf-8', message);
}

function renderIndexPage(): string {
  const escape = (text: string) =>
    text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char);
  const items = scenarios
    .map(
      (scenario) =>
        `<li><a href="${escape(scenario.path)}">${escape(scenario.title)}</a><p>${escape(scenario.description)}</p></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandpiper scenarios</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/shared/base.css"></head>
<body><main class="page"><h1>Sandpiper scenarios</h1><ul>${items}</ul></main></body></html>`;
}
