/**
 * Cases beyond one mutated request: commands sent twice or all at once, bytes no HTTP client
 * would write, and WebSocket upgrades (refused, broken, and open sockets sent garbage).
 */
import { jsonBody } from './bodies.js';
import { httpDraft, type Draft, type Mutation } from './http-mutations.js';
import type { Random } from './random.js';
import { pathOf, type FuzzRoute } from './routes.js';
import type { RunTarget, SocketBehaviour, TokenPlacement } from './types.js';

const repeatable = new Set(['cancel', 'approve', 'reject', 'pause', 'resume', 'takeover', 'handback', 'regenerate']);

const repeatMutation: Mutation = {
  kind: 'repeat',
  applies: (route) => repeatable.has(route.name),
  make(route, random, target) {
    const concurrent = random.below(2) === 0;
    const times = concurrent ? 3 : 2;
    const body = route.bodies[0] ?? {};
    const statuses = target === 'unknown' ? [404] : target === 'ended' ? [409] : [202, 409];
    return {
      ...httpDraft(
        route,
        target,
        'repeat',
        `sent ${times} times ${concurrent ? 'at once' : 'in a row'}`,
        { statuses },
        { body: jsonBody(body) },
      ),
      repeat: { times, concurrent },
    };
  },
};

export const repeatMutations: readonly Mutation[] = [repeatMutation];

/** Requests written byte by byte: what the HTTP parser itself must turn away, politely. */
const rawRequests: readonly { note: string; text: (host: string, token: string) => string; statuses: number[] }[] = [
  { note: 'a line of garbage', text: () => 'HELLO THERE\r\n\r\n', statuses: [400] },
  {
    note: 'an unknown method',
    text: (host) => `FROB /api/info HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    statuses: [400, 405],
  },
  {
    note: 'a header line without a colon',
    text: (host) => `GET /api/info HTTP/1.1\r\nHost: ${host}\r\nnonsense\r\n\r\n`,
    statuses: [400],
  },
  {
    note: 'a 20,000-byte header',
    text: (host, token) =>
      `GET /api/info HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\nX-Fill: ${'f'.repeat(20_000)}\r\n\r\n`,
    statuses: [400, 431],
  },
  { note: 'the HTTP/2 preface', text: () => 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', statuses: [400] },
  {
    note: 'CONNECT to another port',
    text: (host) => `CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    statuses: [400, 405],
  },
  {
    note: 'both Content-Length and chunked (request smuggling)',
    text: (host, token) =>
      `POST /api/runs/r-missing/approve HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    statuses: [400],
  },
  {
    note: 'a broken chunk size',
    text: (host, token) =>
      `POST /api/runs/r-missing/approve HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\n` +
      'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    statuses: [400],
  },
  {
    note: 'HTTP/1.1 without a Host',
    text: (_host, token) => `GET /api/info HTTP/1.1\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    statuses: [400, 403],
  },
  {
    note: 'an absolute URI naming another host',
    text: (host, token) =>
      `GET http://evil.example/api/info HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    statuses: [200, 400, 403],
  },
  { note: 'an HTTP/9 version', text: (host) => `GET /api/info HTTP/9.9\r\nHost: ${host}\r\n\r\n`, statuses: [400] },
  {
    note: 'a NUL byte in the path',
    text: (host, token) => `GET /api/runs/a\u0000b HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    statuses: [400, 404],
  },
];

/** Every raw request once. */
export function rawDrafts(): Draft[] {
  return rawRequests.map((chosen) => rawDraftOf(chosen));
}

export function rawDraft(random: Random): Draft {
  return rawDraftOf(random.pick(rawRequests));
}

function rawDraftOf(chosen: (typeof rawRequests)[number]): Draft {
  return {
    kind: 'raw-http',
    route: '(no route)',
    note: chosen.note,
    expect: { statuses: chosen.statuses },
    request: {
      transport: 'raw',
      build: (context) => Buffer.from(chosen.text(`${context.host}:${context.port}`, context.token), 'latin1'),
      summary: chosen.note,
    },
  };
}

/** What an upgrade request gets wrong, and the answer that fits. */
const refusedUpgrades: readonly {
  kind: string;
  note: string;
  token?: TokenPlacement;
  headers?: Record<string, string>;
  path?: (route: FuzzRoute) => string;
  handshake?: 'no-key' | 'unknown-version' | 'not-websocket';
  statuses: number[];
}[] = [
  { kind: 'ws-token', note: 'no token', token: 'none', statuses: [401] },
  { kind: 'ws-token', note: 'a wrong token', token: 'wrong', statuses: [401] },
  { kind: 'ws-token', note: 'a short token', token: 'short', statuses: [401] },
  { kind: 'ws-token', note: 'the token in a cookie', token: 'cookie', statuses: [401] },
  { kind: 'ws-origin', note: 'a foreign Origin', headers: { origin: 'http://evil.example' }, statuses: [403] },
  { kind: 'ws-origin', note: 'Origin: null', headers: { origin: 'null' }, statuses: [403] },
  {
    kind: 'ws-bad-run-id',
    note: 'an unknown run',
    path: (route) => pathOf(route).replace('{run}', 'r-missing'),
    statuses: [404],
  },
  {
    kind: 'ws-bad-run-id',
    note: 'a SQL-ish run id',
    path: (route) => pathOf(route).replace('{run}', encodeURIComponent("' OR 1=1 --")),
    statuses: [404],
  },
  {
    kind: 'ws-bad-run-id',
    note: 'broken percent-encoding',
    path: (route) => pathOf(route).replace('{run}', '%zz'),
    statuses: [404],
  },
  {
    kind: 'ws-bad-run-id',
    note: 'a 30,000-character run id',
    path: (route) => pathOf(route).replace('{run}', 'w'.repeat(30_000)),
    statuses: [400, 414, 431],
  },
  { kind: 'ws-bad-run-id', note: 'dot segments', path: () => '/api/runs/../../etc/stream', statuses: [404] },
  { kind: 'ws-bad-query', note: 'after=-1', path: (route) => `${pathOf(route, '')}?after=-1`, statuses: [400] },
  { kind: 'ws-bad-handshake', note: 'no Sec-WebSocket-Key', handshake: 'no-key', statuses: [400] },
  { kind: 'ws-bad-handshake', note: 'protocol version 99', handshake: 'unknown-version', statuses: [400, 426] },
  { kind: 'ws-bad-handshake', note: 'Upgrade: h2c', handshake: 'not-websocket', statuses: [400] },
  { kind: 'ws-not-a-socket', note: 'an upgrade on /api/info', path: () => '/api/info', statuses: [404] },
  { kind: 'ws-not-a-socket', note: 'an upgrade on a command', path: () => '/api/runs/{run}/approve', statuses: [404] },
];

function socketDraft(
  route: FuzzRoute,
  target: RunTarget,
  kind: string,
  note: string,
  statuses: number[],
  parts: {
    path?: string;
    token?: TokenPlacement;
    headers?: Record<string, string>;
    behaviour?: SocketBehaviour;
    handshake?: 'no-key' | 'unknown-version' | 'not-websocket';
  },
): Draft {
  return {
    kind,
    route: `WS ${route.contract.path}`,
    target,
    note,
    expect: { statuses },
    request: {
      transport: 'ws',
      path: parts.path ?? pathOf(route, route.queries[0]),
      token: parts.token ?? 'query',
      headers: parts.headers ?? {},
      behaviour: parts.behaviour ?? 'listen',
      ...(parts.handshake ? { handshake: parts.handshake } : {}),
    },
  };
}

const liveStates: readonly RunTarget[] = ['plan-approval', 'action-approval', 'working', 'paused', 'taken-over'];
const behaviours: readonly SocketBehaviour[] = [
  'text-garbage',
  'binary-garbage',
  'oversized-frame',
  'bogus-frame-bytes',
  'huge-declared-length',
];

/** The statuses an upgrade to a run's socket gets: the event stream opens for any run, the live view only while it is driven. */
function openStatuses(route: FuzzRoute, target: RunTarget): number[] {
  if (target === 'unknown') return [404];
  if (route.name === 'live' && target === 'ended') return [409];
  // A run the pool just saw live may end before the upgrade arrives; its live view then refuses.
  return route.name === 'live' && target === 'working' ? [101, 409] : [101];
}

export function socketDrafts(route: FuzzRoute, random: Random): Draft[] {
  // Only the event stream reads a query; the live view takes none.
  const upgrades = refusedUpgrades.filter((upgrade) => upgrade.kind !== 'ws-bad-query' || route.name === 'stream');
  const refused = upgrades.map((upgrade) => {
    const target: RunTarget = random.pick(liveStates);
    return socketDraft(route, target, upgrade.kind, upgrade.note, upgrade.statuses, {
      ...(upgrade.path ? { path: upgrade.path(route) } : {}),
      ...(upgrade.token ? { token: upgrade.token } : {}),
      ...(upgrade.headers ? { headers: upgrade.headers } : {}),
      ...(upgrade.handshake ? { handshake: upgrade.handshake } : {}),
    });
  });
  const opened = [...liveStates, 'ended' as const].map((target) =>
    socketDraft(route, target, 'ws-valid', 'a valid upgrade, then listening', openStatuses(route, target), {
      token: random.pick(['query', 'header'] as const),
    }),
  );
  const garbage = behaviours.map((behaviour) => {
    const target = random.pick([...liveStates, 'ended'] as const);
    return socketDraft(route, target, 'ws-garbage', `a valid upgrade, then ${behaviour}`, openStatuses(route, target), {
      behaviour,
    });
  });
  return [...refused, ...opened, ...garbage];
}

/** One more WebSocket case at random, for filling up the count. */
export function randomSocketDraft(route: FuzzRoute, random: Random): Draft {
  return random.pick(socketDrafts(route, random));
}
