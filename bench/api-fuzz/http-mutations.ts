/**
 * Mutations of valid HTTP requests that do not touch the body: the token, the origin, the method,
 * the path and the run id, the query. Each returns the request and the answers that fit it.
 */
import { pathOf, methodsFor, validStatuses, type FuzzRoute } from './routes.js';
import type { Random } from './random.js';
import type { FuzzCase, RunTarget, TokenPlacement } from './types.js';

export type Draft = Omit<FuzzCase, 'index'>;

export interface Mutation {
  readonly kind: string;
  applies(route: FuzzRoute): boolean;
  make(route: FuzzRoute, random: Random, target: RunTarget | undefined): Draft;
  /** Every variant worth sending at least once, for the coverage pass; absent: one `make` is enough. */
  every?(route: FuzzRoute, random: Random): Draft[];
}

/** A request to `route` as the valid one would be sent, with the changes given. */
export function httpDraft(
  route: FuzzRoute,
  target: RunTarget | undefined,
  kind: string,
  note: string,
  expect: Draft['expect'],
  parts: Partial<
    Pick<Extract<Draft['request'], { transport: 'http' }>, 'method' | 'path' | 'token' | 'headers' | 'body'>
  >,
): Draft {
  return {
    kind,
    route: route.key,
    ...(target === undefined ? {} : { target }),
    note,
    expect,
    request: {
      transport: 'http',
      method: parts.method ?? route.contract.method,
      path: parts.path ?? pathOf(route, route.queries[0]),
      token: parts.token ?? 'header',
      headers: parts.headers ?? {},
      ...(parts.body ? { body: parts.body } : {}),
    },
  };
}

const tokenMistakes: readonly { placement: TokenPlacement; note: string }[] = [
  { placement: 'none', note: 'no Authorization header' },
  { placement: 'wrong', note: 'a wrong token of the right length' },
  { placement: 'short', note: 'a three-letter token' },
  { placement: 'basic-scheme', note: 'the token under the Basic scheme' },
  { placement: 'bearer-without-token', note: '"Bearer" with nothing after it' },
  { placement: 'bearer-with-extra', note: 'the token followed by another word' },
];

const misplacedTokens: readonly { placement: TokenPlacement; note: string }[] = [
  { placement: 'query', note: 'the token in ?token= on a route that wants the header' },
  { placement: 'cookie', note: 'the token in a cookie' },
  { placement: 'custom-header', note: 'the token in an X-Access-Token header' },
  { placement: 'body-field', note: 'the token as a body field' },
];

const tokenMutation: Mutation = {
  kind: 'token-bad',
  applies: () => true,
  make(route, random, target) {
    const mistake = random.pick(tokenMistakes);
    return httpDraft(route, target, 'token-bad', mistake.note, { statuses: [401] }, { token: mistake.placement });
  },
};

const misplacedTokenMutation: Mutation = {
  kind: 'token-wrong-place',
  applies: () => true,
  make(route, random, target) {
    // Image, report and stream addresses take ?token= by design; only the other places are wrong there.
    const places = misplacedTokens.filter((place) => !(route.contract.tokenInQuery && place.placement === 'query'));
    const place = random.pick(places);
    return httpDraft(route, target, 'token-wrong-place', place.note, { statuses: [401] }, { token: place.placement });
  },
};

const originMutation: Mutation = {
  kind: 'origin-or-host',
  applies: () => true,
  make(route, random, target) {
    const variant = random.pick<{ headers: Record<string, string>; note: string }>([
      { headers: { origin: 'http://evil.example' }, note: 'a foreign Origin' },
      { headers: { origin: 'null' }, note: 'Origin: null (a sandboxed page)' },
      { headers: { origin: 'http://127.0.0.1:1' }, note: 'the loopback Origin of another port' },
      { headers: { host: 'evil.example' }, note: 'a foreign Host (DNS rebinding)' },
      { headers: { host: 'localhost.evil.example:80' }, note: 'a Host that starts like localhost' },
    ]);
    return httpDraft(route, target, 'origin-or-host', variant.note, { statuses: [403] }, { headers: variant.headers });
  },
};

const wrongMethodMutation: Mutation = {
  kind: 'wrong-method',
  applies: () => true,
  make(route, random, target) {
    const table = allRoutes;
    const allowed = methodsFor(table, route.contract.path);
    const method = random.pick(
      ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'GET', 'POST'].filter((m) => !allowed.includes(m)),
    );
    return httpDraft(
      route,
      target,
      'wrong-method',
      `${method} instead of ${allowed.join('/')}`,
      { statuses: [405] },
      { method },
    );
  },
};

/** The routes, for mutations that need to know what else a path answers; set by `useRoutes`. */
let allRoutes: readonly FuzzRoute[] = [];
export function useRoutes(routes: readonly FuzzRoute[]): void {
  allRoutes = routes;
}

/** Run ids no run has, each odd in its own way, URL-encoded as sent. */
const badRunIds: readonly { id: string; note: string; statuses?: number[] }[] = [
  { id: `r-${'9'.repeat(4000)}`, note: 'a 4,000-digit id' },
  { id: 'x'.repeat(40_000), note: 'a 40,000-character id, past any header limit', statuses: [400, 404, 414, 431] },
  { id: encodeURIComponent('🐦‍⬛-run'), note: 'an emoji id' },
  { id: encodeURIComponent('שלום‮run'), note: 'Hebrew with a right-to-left override' },
  { id: encodeURIComponent("r' OR '1'='1"), note: 'SQL injection (quote)' },
  { id: encodeURIComponent('1; DROP TABLE runs; --'), note: 'SQL injection (statement)' },
  { id: '%00', note: 'a NUL byte' },
  { id: '%zz', note: 'broken percent-encoding' },
  { id: '%E0%A4%A', note: 'a truncated UTF-8 sequence' },
  { id: '%C3%28', note: 'invalid UTF-8' },
  { id: '%2F', note: 'an encoded slash' },
  { id: '%2e%2e', note: 'an encoded ..' },
  { id: 'r%0D%0ASet-Cookie:%20x=1', note: 'CR LF header injection' },
  { id: '__proto__', note: '__proto__' },
  { id: 'constructor', note: 'constructor' },
  { id: '-1', note: 'a negative number' },
  { id: '1e308', note: 'a huge number' },
  { id: '%20', note: 'a single space' },
];

const badRunIdMutation: Mutation = {
  kind: 'bad-run-id',
  applies: (route) => route.hasRun,
  make(route, random) {
    const bad = random.pick(badRunIds);
    const path = pathOf(route, route.queries[0]).replace('{run}', bad.id);
    // A bad id may read as no route at all (broken encoding) or a bad parameter; never as a run.
    const statuses = bad.statuses ?? (route.websocket ? [404, 426] : [400, 404]);
    return httpDraft(route, undefined, 'bad-run-id', bad.note, { statuses }, { path });
  },
};

/** Paths that climb out of the API or name nothing. */
const strayPaths: readonly { path: string; note: string; statuses?: number[]; getRoute?: true }[] = [
  { path: '/api/runs/../../etc/passwd', note: 'dot segments up to /etc/passwd' },
  { path: '/api/runs/%2e%2e/%2e%2e/etc/passwd', note: 'encoded dot segments' },
  {
    path: '/api/runs/..%2F..%2F..%2Fetc%2Fpasswd',
    note: 'encoded slashes in the run id',
    statuses: [400, 404],
    getRoute: true,
  },
  {
    path: '/api/blobs/..%2F..%2Fsandpiper.db',
    note: 'the database file through the image route',
    statuses: [400],
    getRoute: true,
  },
  {
    path: '/api/blobs/..%5C..%5Csandpiper.db',
    note: 'backslashes through the image route',
    statuses: [400],
    getRoute: true,
  },
  { path: '/assets/..%2F..%2F..%2Fpackage.json', note: 'encoded slashes out of the assets' },
  { path: '/assets/%2e%2e/%2e%2e/%2e%2e/package.json', note: 'encoded dot segments out of the assets' },
  { path: '/api/runs/{run}/../../../etc/passwd', note: 'dot segments after a run id' },
  { path: '/api/nope', note: 'an unknown endpoint' },
  { path: '/api', note: 'the bare prefix' },
  { path: '/api/', note: 'the prefix with a slash' },
  { path: '/API/INFO', note: 'upper case' },
  { path: '//api/info', note: 'a doubled slash' },
  { path: '/api/info/', note: 'a trailing slash' },
  { path: '/api/runs/{run}/approve/extra', note: 'an extra segment' },
  { path: '/api/runs/{run}/teleport', note: 'an unknown command' },
  { path: '/api/runs/{run}/%61pprove', note: 'an encoded letter in the command' },
  { path: '/api/runs/{run}/approve;jsessionid=1', note: 'a matrix parameter' },
  { path: `/api/${'a/'.repeat(2000)}`, note: '2,000 path segments' },
];

const strayPathMutation: Mutation = {
  kind: 'unknown-path',
  applies: () => true,
  make(route, random, target) {
    const stray = random.pick(strayPaths);
    const method = random.pick(['GET', 'POST']);
    // A path that reads as a GET route (an odd run id or hash) is a wrong method when POSTed.
    const statuses = method === 'POST' && stray.getRoute ? [405] : (stray.statuses ?? [404]);
    return {
      ...httpDraft(route, target, 'unknown-path', stray.note, { statuses }, { method, path: stray.path }),
      route: '(no route)',
    };
  },
};

/** Query strings that break a route's query schema, or that it should ignore. */
const badQueries: Readonly<Record<string, readonly { query: string; names?: string; fits?: 'valid' }[]>> = {
  listRuns: [
    { query: '?limit=0', names: 'limit' },
    { query: '?limit=501', names: 'limit' },
    { query: '?limit=1e308', names: 'limit' },
    { query: '?limit=NaN', names: 'limit' },
    { query: '?limit=2.5', names: 'limit' },
    { query: '?offset=-1', names: 'offset' },
    { query: '?offset=Infinity', names: 'offset' },
    { query: '?offset=99999999999999999999', names: 'offset' },
    { query: '?sort=name', names: 'sort' },
    { query: '?limit=5&limit=6', fits: 'valid' },
    { query: '?limit[]=5', names: 'limit[]' },
  ],
  listEvents: [
    { query: '?after=-1', names: 'after' },
    { query: '?after=two', names: 'after' },
    { query: '?after=1e308', names: 'after' },
    { query: '?after=0x10', fits: 'valid' },
    { query: '?after=9007199254740993', names: 'after' },
    { query: '?after=%00', names: 'after' },
    { query: '?before=3', names: 'before' },
  ],
  stream: [
    { query: '?after=-5', names: 'after' },
    { query: '?after=abc', names: 'after' },
  ],
};

const badQueryMutation: Mutation = {
  kind: 'bad-query',
  applies: (route) => route.name in badQueries && !route.websocket,
  make(route, random, target) {
    const bad = random.pick(badQueries[route.name]!);
    const expect =
      bad.fits === 'valid'
        ? { statuses: validStatuses(route, target) }
        : // The query is checked before the run is looked up, so an unknown run changes nothing here.
          { statuses: [400], ...(bad.names ? { names: bad.names } : {}) };
    return httpDraft(route, target, 'bad-query', `query ${bad.query}`, expect, { path: pathOf(route, bad.query) });
  },
};

const validMutation: Mutation = {
  kind: 'valid',
  applies: (route) => route.contract.method === 'GET',
  make(route, random, target) {
    const query = random.pick(route.queries);
    return httpDraft(
      route,
      target,
      'valid',
      `a valid request${query ? ` with ${query}` : ''}`,
      {
        statuses: validStatuses(route, target),
      },
      { path: pathOf(route, query) },
    );
  },
};

export const httpMutations: readonly Mutation[] = [
  validMutation,
  tokenMutation,
  misplacedTokenMutation,
  originMutation,
  wrongMethodMutation,
  badRunIdMutation,
  strayPathMutation,
  badQueryMutation,
];
