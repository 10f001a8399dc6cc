import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from './raw-connection.js';
import { startTestServer, type TestServer } from './support.js';

let test: TestServer;
const reported: string[] = [];
beforeAll(async () => {
  test = await startTestServer({ onError: (message) => reported.push(message) });
});
afterAll(async () => {
  await test.close();
});

const host = () => new URL(test.server.url).host;

/** Requests Node's HTTP parser turns away before any handler sees them, and what each must be told. */
const unreadable: readonly { name: string; request: () => string; status: number; says: RegExp }[] = [
  { name: 'a line of garbage', request: () => 'HELLO THERE\r\n\r\n', status: 400, says: /method/ },
  { name: 'the HTTP/2 preface', request: () => 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', status: 400, says: /HTTP\/2/ },
  {
    name: 'an unknown method',
    request: () => `FROB /api/info HTTP/1.1\r\nHost: ${host()}\r\n\r\n`,
    status: 400,
    says: /method/,
  },
  {
    name: 'an unknown HTTP version',
    request: () => `GET /api/info HTTP/9.9\r\nHost: ${host()}\r\n\r\n`,
    status: 400,
    says: /HTTP\/1\.0 or HTTP\/1\.1/,
  },
  {
    name: 'headers past the size limit',
    request: () => `GET /api/info HTTP/1.1\r\nHost: ${host()}\r\nX-Fill: ${'f'.repeat(20_000)}\r\n\r\n`,
    status: 431,
    says: /larger than the server reads/,
  },
  {
    name: 'an address past the size limit',
    request: () => `GET /api/runs/${'x'.repeat(40_000)} HTTP/1.1\r\nHost: ${host()}\r\n\r\n`,
    status: 431,
    says: /shorter address/,
  },
  {
    name: 'both Content-Length and Transfer-Encoding',
    request: () =>
      `POST /api/runs/r-1/approve HTTP/1.1\r\nHost: ${host()}\r\nContent-Length: 2\r\n` +
      'Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    status: 400,
    says: /Transfer-Encoding can't be present with Content-Length/,
  },
  {
    name: 'an HTTP/1.1 request without a Host',
    request: () => 'GET /api/info HTTP/1.1\r\n\r\n',
    status: 400,
    says: /Host header/,
  },
  {
    name: 'CONNECT',
    request: () => `CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: ${host()}\r\n\r\n`,
    status: 405,
    says: /not a proxy/,
  },
];

describe('requests the HTTP parser cannot read', () => {
  it.each(unreadable)('answers $name with $status and a JSON error saying what is wrong', async (entry) => {
    const answer = await sendRaw(test.server.url, entry.request());
    expect(answer.status).toBe(entry.status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(answer.body) as { error: string };
    expect(body.error).toMatch(entry.says);
  });

  it('answers a broken chunked body with 400, and does not report it as a server failure', async () => {
    const answer = await sendRaw(
      test.server.url,
      `POST /api/runs/r-1/approve HTTP/1.1\r\nHost: ${host()}\r\nAuthorization: Bearer ${test.server.token}\r\n` +
        'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error).toMatch(/chunk size/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reported).toEqual([]);
  });

  it('takes a client that hangs up halfway through its body as the client’s doing, not a server failure', async () => {
    await sendRaw(
      test.server.url,
      `POST /api/runs/r-1/approve HTTP/1.1\r\nHost: ${host()}\r\nAuthorization: Bearer ${test.server.token}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"par',
      { hangUpAfterWrite: true },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reported).toEqual([]);
    expect((await test.get('/api/info')).status).toBe(200);
  });
});
