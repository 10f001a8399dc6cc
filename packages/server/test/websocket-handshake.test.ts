import { openStore } from '@sandpiper/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from './raw-connection.js';
import { startTestServer, type TestServer } from './support.js';

const RUN = 'r-recorded-elsewhere';

let test: TestServer;
beforeAll(async () => {
  test = await startTestServer();
  const other = openStore({ dataDir: test.dataDir });
  other.createRun({
    id: RUN,
    instruction: 'fill in the form',
    environment: { type: 'scenario', name: 'expense-report' },
    createdAt: Date.now(),
  });
  other.close();
});
afterAll(async () => {
  await test.close();
});

function upgrade(headers: readonly string[]): string {
  const { host } = new URL(test.server.url);
  return [
    `GET /api/runs/${RUN}/stream?token=${test.server.token} HTTP/1.1`,
    `Host: ${host}`,
    'Connection: Upgrade',
    ...headers,
    '',
    '',
  ].join('\r\n');
}

describe('a broken WebSocket handshake', () => {
  it.each([
    {
      name: 'no Sec-WebSocket-Key',
      headers: ['Upgrade: websocket', 'Sec-WebSocket-Version: 13'],
      says: /Sec-WebSocket-Key/,
    },
    {
      name: 'an unknown protocol version',
      headers: ['Upgrade: websocket', 'Sec-WebSocket-Version: 99', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=='],
      says: /Sec-WebSocket-Version/,
    },
    {
      name: 'an upgrade to another protocol',
      headers: ['Upgrade: h2c', 'Sec-WebSocket-Version: 13', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=='],
      says: /Upgrade header/,
    },
  ])('is refused with 400 and a JSON error naming the fault: $name', async ({ headers, says }) => {
    const answer = await sendRaw(test.server.url, upgrade(headers));
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body).error).toMatch(says);
  });

  it('names the versions it speaks when the version is unknown', async () => {
    const answer = await sendRaw(
      test.server.url,
      upgrade(['Upgrade: websocket', 'Sec-WebSocket-Version: 99', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==']),
    );
    expect(answer.headers['sec-websocket-version']).toBe('13, 8');
  });
});
