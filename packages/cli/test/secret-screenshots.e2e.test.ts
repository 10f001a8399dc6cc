import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openStore } from '@sandpiper/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from './run-cli.js';

/** Letters tesseract reads reliably at page size, so a leak would be found. */
const TOKEN = 'ZEBRAQUOKKA';

/** A settings page whose token field shows its value in clear, as many real pages do. */
const PAGE = `<!doctype html><html><head><title>Developer settings</title>
<style>body{font:20px sans-serif;margin:40px} input{font:24px monospace;width:420px;padding:6px}</style></head>
<body><h1>Developer settings</h1>
<label>API token <input type="text" id="token"></label>
<p>Paste the token your provider gave you.</p></body></html>`;

let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function ocr(png: Uint8Array, dir: string, name: string): string {
  const file = path.join(dir, `${name}.png`);
  writeFileSync(file, png);
  return execFileSync('tesseract', [file, 'stdout'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

/** How the secret reaches the run, and how the run reads the screen. */
const variants = [
  { name: 'bound, read through the accessibility tree', task: 'type {{token}} into API token', flags: [] },
  // No snapshot says where the token shows: the screenshot itself is read for it.
  { name: 'bound, read by OCR alone', task: 'type {{token}} into API token', flags: ['--no-accessibility'] },
  {
    // Written in the task, and a secret because the field it goes to is named as one.
    name: 'typed as written into a token field, read by OCR alone',
    task: `type ${TOKEN} into API token`,
    flags: ['--no-accessibility'],
  },
];

describe('a secret shown in clear on the page', () => {
  it.each(variants)('is painted over in every stored screenshot taken after it was typed ($name)', async (variant) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sandpiper-secret-shots-'));
    const result = await runCliInProcess(
      ['run', variant.task, '--url', url, '--yes', '--data-dir', dataDir, ...variant.flags],
      { env: { SANDPIPER_SECRET_TOKEN: TOKEN, SANDPIPER_DATA_DIR: undefined } },
    );
    if (variant.task.includes('{{')) expect(result.stdout).not.toContain(TOKEN);
    expect(result.code, result.stdout).toBe(0);
    const store = openStore({ dataDir });
    try {
      const [run] = store.listRuns({ limit: 1 });
      const events = await store.read(run!.id);
      const typed = events.findIndex(
        (event) => event.payload.type === 'action-start' && event.payload.action.type === 'type',
      );
      expect(typed, result.stdout).toBeGreaterThan(0);
      const after = events
        .slice(typed)
        .flatMap((event) => (event.payload.type === 'observation' ? [event.payload] : []));
      expect(after.length).toBeGreaterThan(0);
      const texts = await Promise.all(
        after.map(async (payload, index) =>
          ocr((await store.blobs.get(payload.observation.screenshot.hash))!, dataDir, `shot-${index}`),
        ),
      );
      for (const text of texts) {
        // The page around the field is still legible; the token is not.
        expect(text).toContain('Developer settings');
        expect(text.toUpperCase()).not.toContain('QUOKKA');
      }
    } finally {
      store.close();
    }
  });
});
