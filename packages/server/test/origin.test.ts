import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream, startTestServer, type TestServer } from './support.js';

let test: TestServer;
beforeAll(async () => {
  test = await startTestServer();
});
afterAll(async () => {
  await test.close();
});

describe('the Origin header', () => {
  it('lets requests from the server own origin through, under either loopback name', async () => {
    const port = test.server.port;
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const response = await test.request('GET', '/api/runs', { headers: { origin } });
      expect(response.status, origin).toBe(200);
    }
  });

  it.each(['https://evil.example', 'http://127.0.0.1:1', 'null', 'http://localhost.evil.example'])(
    'refuses %s with 403, even with the token',
    async (origin) => {
      for (const [method, path, body] of [
        ['GET', '/api/runs', undefined],
        ['POST', '/api/runs', { scenario: 'expense-report' }],
        ['POST', '/api/runs/r-1/approve', {}],
        ['GET', `/api/blobs/${'b'.repeat(64)}`, undefined],
      ] as const) {
        const response = await test.request(method, path, { headers: { origin }, ...(body ? { body } : {}) });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body.error).toMatch(/origin/i);
      }
    },
  );

  it('refuses a WebSocket upgrade from another origin with 403', async () => {
    const url = `${test.server.url.replace('http', 'ws')}/api/runs/r-1/stream?token=${test.server.token}`;
    await expect(openStream(url, { origin: 'https://evil.example' })).rejects.toMatchObject({ status: 403 });
    // The same upgrade from the server's own origin passes the check and reaches the run lookup.
    await expect(openStream(url, { origin: test.server.url })).rejects.toMatchObject({ status: 404 });
  });
});

describe('the Host header', () => {
  it('refuses a foreign host name pointed at the server (DNS rebinding) with 403', async () => {
    const status = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const sent = request(
          `${test.server.url}/api/runs`,
          { headers: { host, authorization: `Bearer ${test.server.token}` } },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        sent.on('error', reject);
        sent.end();
      });
    expect(await status(`rebind.example:${test.server.port}`)).toBe(403);
    expect(await status(`localhost:${test.server.port}`)).toBe(200);
    expect(await status(`127.0.0.1:${test.server.port}`)).toBe(200);
  });
});
