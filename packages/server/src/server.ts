import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createRuntime, type EngineSetup, type Runtime } from '@sandpiper/runtime';
import type { ScenarioServer } from '@sandpiper/runtime';
import type { Store } from '@sandpiper/runtime';
import { WebSocketServer } from 'ws';
import { answerOnSocket, answerParseError, refuseConnect, refuseHandshake } from './bad-connections.js';
import { ServerStartError } from './errors.js';
import { streamRunEvents } from './event-stream.js';
import { DEFAULT_WEB_ROOT, serveWebUi } from './web-ui.js';
import {
  queryOf,
  readJsonBody,
  sendBytes,
  sendFailure,
  sendJson,
  sendPage,
  validate,
  type ApiFailure,
} from './http-io.js';
import { afterQuerySchema, errorKindOf, errorOutcomes } from '@sandpiper/protocol';
import type { LiveChannel } from './live-view.js';
import { createRunManager, type RunManager } from './run-manager.js';
import {
  checkReply,
  createRoutes,
  LIVE_PATH,
  matchPath,
  matchRoute,
  readQuery,
  STREAM_PATH,
  type Route,
} from './routes.js';
import { allowedOriginsFor, createGate, generateToken, MIN_TOKEN_LENGTH, type Gate } from './security.js';

export interface ServerOptions {
  /**
   * What runs are built with (store, engine, environments, reports). Absent: a runtime with the
   * default configuration on `dataDir`, closed by `close()`. A given runtime is left open.
   */
  readonly runtime?: Runtime;
  /** Directory of the run store when no runtime is given (`sandpiper.db`, `blobs/`, `reports/`); created when missing. */
  readonly dataDir?: string;
  /** With no runtime given: a scenario server the runs use, left running by `close()`; one is started on first need when absent. */
  readonly scenarios?: ScenarioServer;
  /** With no runtime given: the engine runs use unless they name a model; the built-in engine when absent. */
  readonly engine?: EngineSetup;
  /** TCP port; a free one is chosen when absent or 0. */
  readonly port?: number;
  /** Interface to listen on; `127.0.0.1` when absent. Anything else exposes the API beyond this machine. */
  readonly host?: string;
  /** The access token; a random one is generated when absent. At least 16 characters. */
  readonly token?: string;
  /** Directory of the built web UI; `packages/web/dist` when absent. */
  readonly webRoot?: string;
  /** Where unexpected errors are reported (never with the token); `process.emitWarning` when absent. */
  readonly onError?: (message: string) => void;
}

/** A running Sandpiper server. */
export interface RunningServer {
  /** `http://127.0.0.1:PORT` (the host it listens on), without a trailing slash and without the token. */
  readonly url: string;
  readonly port: number;
  /** The access token every request needs; show it to the person, never log it. */
  readonly token: string;
  /** Cancel the active runs (each ends as `cancelled` in its log), drop the connections and stop. */
  close(): Promise<void>;
}

/**
 * Start the HTTP and WebSocket API over runs, with the built-in scenarios. Resolves once it is
 * listening. Throws {@link ServerStartError} for a token that is too short or a port in use.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const token = options.token ?? generateToken();
  if (token.length < MIN_TOKEN_LENGTH || /\s/.test(token)) {
    throw new ServerStartError(`The access token must be at least ${MIN_TOKEN_LENGTH} characters, without spaces.`);
  }
  const host = options.host ?? '127.0.0.1';
  const onError = options.onError ?? ((message: string) => process.emitWarning(message));
  if (!options.runtime && !options.dataDir)
    throw new ServerStartError('Give the server a runtime or a data directory.');
  // Stopped in reverse order: the runs end first, so their last events still reach the streams.
  const cleanups: (() => Promise<void> | void)[] = [];
  const stop = () => runAll([...cleanups].reverse());
  try {
    const runtime =
      options.runtime ??
      (await createRuntime({
        config: {},
        dataDir: options.dataDir!,
        cwd: process.cwd(),
        env: process.env,
        ...(options.scenarios ? { scenarioServer: options.scenarios } : {}),
        ...(options.engine ? { engine: options.engine } : {}),
      }));
    if (!options.runtime) cleanups.push(() => runtime.close());
    const store = runtime.store;
    // Node would answer a request without a Host header itself, with an empty 400; the handler
    // refuses it instead, saying why.
    const http = createServer({ requireHostHeader: false });
    const sockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
    http.on('clientError', answerParseError);
    http.on('connect', (_request: IncomingMessage, socket: Duplex) => refuseConnect(socket));
    sockets.on('wsClientError', (error: Error, socket: Duplex) => refuseHandshake(error, socket));
    cleanups.push(() => closeHttp(http, sockets));
    const manager = createRunManager({ runtime, onError });
    cleanups.push(() => manager.close());
    const routes = createRoutes({ manager, runtime });
    const port = await listen(http, options.port ?? 0, host);
    const allowed = allowedOriginsFor(host, port);
    const gate = createGate(token, allowed.origins, allowed.checkHost);
    http.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const ui = { root: options.webRoot ?? DEFAULT_WEB_ROOT, host: `${host}:${port}` };
      handle(request, response, routes, gate, ui).catch((error: unknown) => {
        // The status comes from the error's kind, in the one table the CLI's exit codes come from too.
        const kind = errorKindOf(error);
        if (kind === 'invariant') {
          onError(`A request to ${request.method} ${request.url?.split('?')[0]} failed: ${String(error)}`);
        }
        if (response.headersSent) return response.destroy();
        const message = kind === 'invariant' ? 'The server failed to answer this request.' : (error as Error).message;
        sendJson(response, errorOutcomes[kind].httpStatus, { error: message });
      });
    });
    http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      // A client that drops the connection mid-handshake must not take the process down.
      socket.on('error', () => socket.destroy());
      try {
        const missingHost = checkHostPresent(request);
        if (missingHost) return answerOnSocket(socket, missingHost);
        const checked = checkUpgrade(request, gate, store, manager);
        if (!checked.ok) return answerOnSocket(socket, checked);
        sockets.handleUpgrade(request, socket, head, (client) => {
          if (checked.type === 'events') return streamRunEvents(client, store, checked.runId, checked.after);
          checked.live.attach(client).catch((error: unknown) => onError(`A live view failed: ${String(error)}`));
        });
      } catch (error: unknown) {
        onError(`A WebSocket upgrade for ${request.url?.split('?')[0]} failed: ${String(error)}`);
        answerOnSocket(socket, { status: 500, error: 'The server failed to open the stream.' });
      }
    });
    let closing: Promise<void> | undefined;
    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      port,
      token,
      close: () => (closing ??= stop()),
    };
  } catch (error: unknown) {
    await stop();
    throw error;
  }
}

/** How long closing waits for WebSocket clients to answer the close handshake before dropping them. */
const CLOSE_GRACE_MS = 2000;

async function closeHttp(http: Server, sockets: WebSocketServer): Promise<void> {
  // A graceful close lets each client read the events already sent before the connection goes.
  const clients = [...sockets.clients];
  const closed = clients.map((client) => new Promise((resolve) => client.once('close', resolve)));
  for (const client of clients) client.close(1001, 'server shutting down');
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(closed), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)))]);
  clearTimeout(timer);
  for (const client of sockets.clients) client.terminate();
  sockets.close();
  await new Promise<void>((resolve) => {
    http.close(() => resolve());
    http.closeAllConnections();
  });
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  routes: readonly Route[],
  gate: Gate,
  ui: { readonly root: string; readonly host: string },
) {
  const missingHost = checkHostPresent(request);
  if (missingHost) return sendFailure(response, missingHost);
  const url = new URL(request.url ?? '/', 'http://server.invalid');
  if (request.method === 'GET' && !url.pathname.startsWith('/api/')) {
    // The UI's files are public; a wrong Host still fails, so a rebinding page cannot read them either.
    const misdirected = gate.checkOrigin(request.headers);
    if (misdirected) return sendFailure(response, misdirected);
    if (await serveWebUi(ui.root, url.pathname, ui.host, response)) return;
  }
  const match = matchRoute(routes, request.method ?? 'GET', url.pathname);
  const forbidden = gate.checkOrigin(request.headers);
  if (forbidden) return sendFailure(response, forbidden);
  const tokenInQuery =
    match.type === 'found' ? match.route.tokenInQuery : match.type === 'wrong-method' && match.tokenInQuery;
  const unauthorized = gate.checkToken({ headers: request.headers, url, allowQuery: tokenInQuery });
  if (unauthorized) return sendFailure(response, unauthorized);
  if (match.type === 'none')
    return sendFailure(response, { status: 404, error: `There is no endpoint ${url.pathname}.` });
  if (match.type === 'wrong-method') {
    response.setHeader('allow', match.allowed.join(', '));
    return sendFailure(response, { status: 405, error: `Use ${match.allowed.join(' or ')} for ${url.pathname}.` });
  }
  const { route, params } = match;
  let body: unknown = {};
  if (route.body) {
    const read = await readJsonBody(request);
    if (!read.ok) return sendFailure(response, read);
    const parsed = validate(route.body, read.value, 'request body');
    if (!parsed.ok) return sendFailure(response, parsed);
    body = parsed.value;
  }
  const query = readQuery(route, url);
  if (!query.ok) return sendFailure(response, query);
  const reply = checkReply(route, await route.handle({ params, url, body, query: query.value }));
  if ('ok' in reply) return sendFailure(response, reply);
  if (reply.kind === 'json') return sendJson(response, reply.status, reply.body);
  if (reply.kind === 'page') return sendPage(response, reply.html, reply.contentSecurityPolicy);
  return sendBytes(response, reply.contentType, reply.bytes);
}

type UpgradeCheck =
  | { readonly ok: true; readonly type: 'events'; readonly runId: string; readonly after: number }
  | { readonly ok: true; readonly type: 'live'; readonly live: LiveChannel }
  | ApiFailure;

function checkUpgrade(request: IncomingMessage, gate: Gate, store: Store, manager: RunManager): UpgradeCheck {
  const url = new URL(request.url ?? '/', 'http://server.invalid');
  const forbidden = gate.checkOrigin(request.headers);
  if (forbidden) return forbidden;
  const unauthorized = gate.checkToken({ headers: request.headers, url, allowQuery: true });
  if (unauthorized) return unauthorized;
  const live = matchPath(LIVE_PATH, url.pathname);
  if (live) {
    const runId = live['id']!;
    if (!store.getRun(runId)) return { ok: false, status: 404, error: `There is no run ${JSON.stringify(runId)}.` };
    const channel = manager.liveView(runId);
    if (!channel) {
      return { ok: false, status: 409, error: `Run ${runId} is not live; its screenshots are in its events.` };
    }
    return { ok: true, type: 'live', live: channel };
  }
  const params = matchPath(STREAM_PATH, url.pathname);
  if (!params) return { ok: false, status: 404, error: `There is no WebSocket endpoint ${url.pathname}.` };
  const query = validate(afterQuerySchema, queryOf(url), 'query');
  if (!query.ok) return query;
  const runId = params['id']!;
  if (!store.getRun(runId)) return { ok: false, status: 404, error: `There is no run ${JSON.stringify(runId)}.` };
  return { ok: true, type: 'events', runId, after: query.value.after };
}

/** HTTP/1.1 requires a Host header; without one the Host check has nothing to check. */
function checkHostPresent(request: IncomingMessage): ApiFailure | undefined {
  if (request.httpVersion !== '1.1' || request.headers.host !== undefined) return undefined;
  return { ok: false, status: 400, error: 'An HTTP/1.1 request must have a Host header; this one has none.' };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new ServerStartError(`Port ${port} on ${host} is already in use; choose another with the port option.`, {
              cause: error,
            })
          : error,
      );
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

async function runAll(steps: readonly (() => Promise<void> | void)[]): Promise<void> {
  for (const step of steps) {
    try {
      await step();
    } catch {
      // Shutting down: one part failing to stop must not keep the others running.
    }
  }
}
