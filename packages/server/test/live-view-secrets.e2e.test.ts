import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { approveUntilEnd, openStream, startTestServer, type TestServer } from './support.js';

/** Letters tesseract reads reliably at page size, so a leak would be found. */
const TOKEN = 'ZEBRAQUOKKA';
const VARIABLE = 'SANDPIPER_SECRET_TOKEN';

/** A settings page whose token field shows its value in clear, as many real pages do. */
const PAGE = `<!doctype html><html><head><title>Developer settings</title>
<style>body{font:20px sans-serif;margin:40px} input{font:24px monospace;width:420px;padding:6px}</style></head>
<body><h1>Developer settings</h1>
<label>API token <input type="text" id="token"></label>
<p>Paste the token your provider gave you.</p></body></html>`;

let page: Server;
let pageUrl: string;
let test: TestServer;
let scratch: string;

beforeAll(async () => {
  page = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`;
  // The server's runtime binds secrets from its process environment when it starts.
  process.env[VARIABLE] = TOKEN;
  test = await startTestServer();
  scratch = mkdtempSync(path.join(tmpdir(), 'sandpiper-live-secrets-'));
});
afterAll(async () => {
  delete process.env[VARIABLE];
  await test.close();
  page.closeAllConnections();
  await new Promise((resolve) => page.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

function ocr(jpeg: Buffer, name: string): string {
  const file = path.join(scratch, `${name}.jpg`);
  writeFileSync(file, jpeg);
  return execFileSync('tesseract', [file, 'stdout'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

describe('the live view of a run typing a secret', () => {
  it('never shows the secret: the token field is covered in every frame', async () => {
    const created = await test.post('/api/runs', {
      environment: { type: 'url', url: pageUrl },
      instruction: 'type {{token}} into API token',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const runId = created.body.id as string;
    const socket = new WebSocket(
      `${test.server.url.replace('http', 'ws')}/api/runs/${runId}/live?token=${test.server.token}`,
    );
    const frames: Buffer[] = [];
    socket.on('message', (data, isBinary) => {
      if (isBinary) frames.push(data as Buffer);
    });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const stream = await openStream(
      `${test.server.url.replace('http', 'ws')}/api/runs/${runId}/stream?token=${test.server.token}`,
    );
    const end = await approveUntilEnd(test, runId, stream);
    await stream.close();
    await closed;
    expect(end.payload).toMatchObject({ type: 'run-end', status: 'succeeded' });
    expect(frames.length).toBeGreaterThan(0);
    // The last frames show the page after the token was typed; the page stays legible around the
    // field, and the token cannot be read in any of them.
    const texts = frames.slice(-6).map((frame, index) => ocr(frame, `frame-${index}`));
    expect(texts.some((text) => text.includes('Developer settings'))).toBe(true);
    for (const text of texts) expect(text.toUpperCase()).not.toContain('QUOKKA');
  });
});
