import type { Runtime } from '@sandpiper/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoutes } from '../src/routes.js';
import type { RunManager } from '../src/run-manager.js';
import { openStream, startTestServer, StreamRefused, type TestServer } from './support.js';

const HASH = 'a'.repeat(64);

/** One request per endpoint; the coverage check below keeps this list in step with the router. */
const endpoints: readonly { method: 'GET' | 'POST'; route: string; path: string; body?: unknown }[] = [
  { method: 'POST', route: '/api/runs', path: '/api/runs', body: { scenario: 'expense-report' } },
  { method: 'GET', route: '/api/runs', path: '/api/runs' },
  { method: 'GET', route: '/api/info', path: '/api/info' },
  { method: 'GET', route: '/api/runs/:id', path: '/api/runs/r-1' },
  { method: 'GET', route: '/api/runs/:id/events', path: '/api/runs/r-1/events?after=0' },
  { method: 'GET', route: '/api/runs/:id/report', path: '/api/runs/r-1/report' },
  { method: 'GET', route: '/api/runs/:id/report.json', path: '/api/runs/r-1/report.json' },
  { method: 'GET', route: '/api/runs/:id/stream', path: '/api/runs/r-1/stream' },
  { method: 'GET', route: '/api/runs/:id/live', path: '/api/runs/r-1/live' },
  { method: 'POST', route: '/api/runs/:id/approve', path: '/api/runs/r-1/approve' },
  { method: 'POST', route: '/api/runs/:id/reject', path: '/api/runs/r-1/reject', body: { reason: 'no' } },
  { method: 'POST', route: '/api/runs/:id/regenerate', path: '/api/runs/r-1/regenerate' },
  {
    method: 'POST',
    route: '/api/runs/:id/edit',
    path: '/api/runs/r-1/edit',
    body: { edits: [{ type: 'remove', stepId: 'step-1' }] },
  },
  { method: 'POST', route: '/api/runs/:id/pause', path: '/api/runs/r-1/pause' },
  { method: 'POST', route: '/api/runs/:id/resume', path: '/api/runs/r-1/resume' },
  { method: 'POST', route: '/api/runs/:id/cancel', path: '/api/runs/r-1/cancel' },
  { method: 'POST', route: '/api/runs/:id/guidance', path: '/api/runs/r-1/guidance', body: { text: 'go on' } },
  {
    method: 'POST',
    route: '/api/runs/:id/annotation',
    path: '/api/runs/r-1/annotation',
    body: { screenshotHash: HASH, marks: [{ kind: 'rect', box: { x: 1, y: 1, width: 5, height: 5 } }] },
  },
  { method: 'POST', route: '/api/runs/:id/takeover', path: '/api/runs/r-1/takeover' },
  {
    method: 'POST',
    route: '/api/runs/:id/input',
    path: '/api/runs/r-1/input',
    body: { action: { type: 'key', keys: ['Enter'] } },
  },
  { method: 'POST', route: '/api/runs/:id/handback', path: '/api/runs/r-1/handback' },
  { method: 'POST', route: '/api/runs/:id/recover', path: '/api/runs/r-1/recover', body: {} },
  { method: 'GET', route: '/api/blobs/:hash', path: `/api/blobs/${HASH}` },
];

let test: TestServer;
beforeAll(async () => {
  test = await startTestServer();
});
afterAll(async () => {
  await test.close();
});

describe('every endpoint requires the token', () => {
  it('covers every route the server has', () => {
    const routes = createRoutes({ manager: {} as RunManager, runtime: { store: {} } as Runtime });
    expect(endpoints.map((endpoint) => `${endpoint.method} ${endpoint.route}`).sort()).toEqual(
      routes.map((route) => `${route.method} ${route.path}`).sort(),
    );
  });

  it.each(endpoints)('$method $route without a token is 401', async ({ method, path, body }) => {
    const response = await test.request(method, path, { token: null, ...(body === undefined ? {} : { body }) });
    expect(response.status).toBe(401);
    expect(response.body.error).toMatch(/token/);
  });

  it.each(endpoints)('$method $route with a wrong token is 401', async ({ method, path, body }) => {
    const response = await test.request(method, path, {
      token: 'x'.repeat(43),
      ...(body === undefined ? {} : { body }),
    });
    expect(response.status).toBe(401);
  });

  it('accepts the token as a bearer header', async () => {
    expect((await test.get('/api/runs')).status).toBe(200);
    expect((await test.get(`/api/blobs/${HASH}`)).status).toBe(404);
  });

  it('takes ?token= only where headers cannot be set: image URLs and the WebSocket', async () => {
    const token = encodeURIComponent(test.server.token);
    expect((await test.request('GET', `/api/blobs/${HASH}?token=${token}`, { token: null })).status).toBe(404);
    expect((await test.request('GET', `/api/runs?token=${token}`, { token: null })).status).toBe(401);
    expect((await test.request('POST', `/api/runs/r-1/approve?token=${token}`, { token: null })).status).toBe(401);
  });

  it.each(['stream', 'live'])('refuses the %s WebSocket upgrade without a token, or with a wrong one', async (kind) => {
    const base = `${test.server.url.replace('http', 'ws')}/api/runs/r-1/${kind}`;
    await expect(openStream(base)).rejects.toMatchObject({ status: 401 });
    await expect(openStream(`${base}?token=wrong-token-wrong-token`)).rejects.toBeInstanceOf(StreamRefused);
    await expect(openStream(`${base}?token=wrong-token-wrong-token`)).rejects.toMatchObject({ status: 401 });
    // With the token the upgrade gets as far as the run lookup.
    await expect(openStream(`${base}?token=${test.server.token}`)).rejects.toMatchObject({ status: 404 });
    await expect(openStream(base, { authorization: `Bearer ${test.server.token}` })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('asks for the token on unknown paths too, then says they do not exist', async () => {
    expect((await test.request('GET', '/api/nothing', { token: null })).status).toBe(401);
    expect((await test.get('/api/nothing')).status).toBe(404);
    const wrongMethod = await test.request('DELETE', '/api/runs');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST, GET');
  });
});
