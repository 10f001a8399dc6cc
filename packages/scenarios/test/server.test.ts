import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScenarioError, startScenarioServer, UnknownScenarioError, type ScenarioServer } from '../src/index.js';

let server: ScenarioServer;
let port: number;

beforeAll(async () => {
  server = await startScenarioServer();
  port = Number(new URL(server.origin).port);
});

afterAll(async () => {
  await server?.close();
});

interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/**
 * A request sent with the path exactly as given (fetch would normalise `..` away), carrying the
 * server's token unless `token` is null.
 */
function raw(
  path: string,
  options: { method?: string; body?: string; headers?: Record<string, string>; token?: string | null } = {},
): Promise<RawResponse> {
  const token = options.token === undefined ? server.token : options.token;
  const headers = { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...options.headers };
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

const postState = (scenario: string, state: unknown, session = 'server-test') =>
  raw(`/api/state/${scenario}?session=${session}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seq: 1, state }),
  });

const validMachineState = {
  statusFilter: 'All',
  search: '',
  sort: { column: 'name', direction: 'ascending' },
  visible: ['Boiler-01'],
  selected: [],
  details: null,
  confirmOpen: false,
  cancelledConfirmations: 0,
  surpriseOpen: false,
  restarted: [],
  statuses: { 'Boiler-01': 'Running' },
};

describe('the scenario server', () => {
  it('listens on 127.0.0.1 at a free port and builds page addresses', () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(port).toBeGreaterThan(0);
    expect(server.urlFor('expense-report')).toBe(`${server.origin}/expense-report/`);
    expect(server.urlFor('sales-charts', { session: 'expense-report/run-1', surprise: true })).toBe(
      `${server.origin}/sales-charts/?session=expense-report%2Frun-1&surprise=1`,
    );
  });

  it('refuses unknown scenarios and malformed sessions when building addresses', () => {
    expect(() => server.urlFor('expense-form')).toThrow(UnknownScenarioError);
    expect(() => server.urlFor('expense-form')).toThrow(
      /Valid scenarios: expense-report, machine-status, sales-charts/,
    );
    expect(() => server.urlFor('machine-status', { session: 'has space' })).toThrow(ScenarioError);
    expect(() => server.state('nope', 'x')).toThrow(UnknownScenarioError);
  });

  it('does not accept connections on other interfaces', async () => {
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((address) => address !== undefined && !address.internal)
      .map((address) => address!.address);
    for (const address of ['::1', ...others]) {
      const outcome = await new Promise<string>((resolve) => {
        const socket = connect({ host: address, port }, () => {
          socket.destroy();
          resolve('connected');
        });
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
      expect(['ECONNREFUSED', 'EADDRNOTAVAIL', 'ENETUNREACH', 'EINVAL'], address).toContain(outcome);
    }
  });

  it('serves the apps and their shared files', async () => {
    const page = await raw('/machine-status/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>Machine status</h1>');
    const script = await raw('/shared/state-sync.js');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const index = await raw('/');
    expect(index.body).toContain('href="/sales-charts/"');
  });

  it('redirects a scenario path without its trailing slash, keeping the query', async () => {
    const response = await raw('/expense-report?session=a&surprise=1');
    expect(response.status).toBe(308);
    expect(response.headers.location).toBe('/expense-report/?session=a&surprise=1');
  });

  it('answers 404 for unknown paths and refuses directory traversal', async () => {
    const attempts = [
      '/nothing-here',
      '/expense-report/missing.js',
      '/expense-report/../../package.json',
      '/expense-report/..%2F..%2Fpackage.json',
      '/shared/%2e%2e/%2e%2e/src/server.ts',
      '/expense-report/..%5C..%5Cpackage.json',
      '/expense-report/%00index.html',
      '/expense-report/.hidden',
      '/expense-report//app.js',
      '/shared/',
      '/api/unknown',
      '/api/state/expense-form',
    ];
    for (const path of attempts) {
      const response = await raw(path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).not.toContain('"name"');
    }
  });

  it('rejects other host names (DNS rebinding) and other methods', async () => {
    expect((await raw('/', { headers: { host: `evil.example:${port}` } })).status).toBe(403);
    expect((await raw('/expense-report/', { method: 'PUT' })).status).toBe(405);
  });

  it('stores a valid state per scenario and session, and resets it', async () => {
    expect(server.state('machine-status', 'server-test')).toBeUndefined();
    expect((await postState('machine-status', validMachineState)).status).toBe(204);
    expect(server.state('machine-status', 'server-test')).toEqual(validMachineState);
    expect(server.state('machine-status', 'other-session')).toBeUndefined();
    const read = await raw('/api/state/machine-status?session=server-test');
    expect(JSON.parse(read.body)).toEqual({ seq: 1, state: validMachineState });
    server.reset('machine-status', 'server-test');
    expect(server.state('machine-status', 'server-test')).toBeUndefined();
    expect((await raw('/api/state/machine-status?session=server-test')).status).toBe(404);
  });

  it('answers 400 naming the field when a state does not match the scenario', async () => {
    const badSort = await postState('machine-status', {
      ...validMachineState,
      sort: { column: 'colour', direction: 'up' },
    });
    expect(badSort.status).toBe(400);
    expect(badSort.body).toMatch(/^Invalid machine-status state: state\.sort\.column: .*; state\.sort\.direction: /);
    const missing = await postState('expense-report', { step: 'details' });
    expect(missing.status).toBe(400);
    expect(missing.body).toContain('state.fields:');
    const notJson = await raw('/api/state/sales-charts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"seq":',
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toMatch(/^Invalid JSON/);
    const noSeq = await raw('/api/state/sales-charts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state: {} }),
    });
    expect(noSeq.body).toMatch(/^Invalid state report: seq: /);
    expect(server.state('machine-status', 'server-test')).toBeUndefined();
  });

  it('refuses bad sessions, other content types and oversized bodies', async () => {
    expect((await postState('machine-status', validMachineState, 'bad%20session')).status).toBe(400);
    const text = await raw('/api/state/machine-status', { method: 'POST', body: '{}' });
    expect(text.status).toBe(415);
    const huge = await postState('machine-status', { ...validMachineState, search: 'x'.repeat(300_000) });
    expect(huge.status).toBe(413);
  });
});

describe('who may touch the state', () => {
  it('needs the token to read or reset state, and tells the caller how to send it', async () => {
    expect((await postState('machine-status', validMachineState)).status).toBe(204);
    for (const method of ['GET', 'DELETE']) {
      const refused = await raw('/api/state/machine-status?session=server-test', { method, token: null });
      expect(refused.status).toBe(401);
      expect(refused.body).toContain('Authorization: Bearer');
      const wrong = await raw('/api/state/machine-status?session=server-test', { method, token: 'x'.repeat(32) });
      expect(wrong.status).toBe(401);
    }
    expect((await raw('/api/state/machine-status?session=server-test')).status).toBe(200);
  });

  it("takes reports from the apps' own pages with the key their cookie carries, and from no one else", async () => {
    const page = await raw('/machine-status/', { token: null });
    const cookie = String(page.headers['set-cookie'] ?? '').split(';')[0]!;
    expect(cookie).toMatch(new RegExp(`^sandpiper-state-${port}=.{16,}`));
    expect(String(page.headers['set-cookie'])).toContain('HttpOnly');
    const report = (headers: Record<string, string>) =>
      raw('/api/state/machine-status?session=cookie-test', {
        method: 'POST',
        token: null,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ seq: 1, state: validMachineState }),
      });
    expect((await report({ cookie })).status).toBe(204);
    expect((await report({})).status).toBe(401);
    expect((await report({ cookie: `sandpiper-state-${port}=guessed-key-guessed-key` })).status).toBe(401);
    // The page key reports state; it does not read it.
    expect(
      (await raw('/api/state/machine-status?session=cookie-test', { token: null, headers: { cookie } })).status,
    ).toBe(401);
  });

  it('refuses a token shorter than 16 characters', async () => {
    await expect(startScenarioServer({ token: 'short' })).rejects.toThrow('at least 16 characters');
  });
});
