import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from './run-cli.js';

const PAGE = `<!doctype html><title>Greeting</title><h1>Greeting</h1>
<label>Name <input id="name"></label>`;

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

describe('an ended run whose report was lost', () => {
  it('gets its report written again by resume and by show', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sandpiper-report-'));
    const env = { SANDPIPER_DATA_DIR: undefined };
    const first = await runCliInProcess(['run', "type 'Ada' into Name", '--url', url, '--yes', '--data-dir', dataDir], {
      env,
    });
    const html = /Report: (\S+report\.html)/.exec(first.stdout)?.[1];
    expect(html, first.stdout).toBeDefined();
    const folder = path.dirname(html!);
    const runId = path.basename(folder);

    // As if the process died before the report was written.
    rmSync(folder, { recursive: true, force: true });
    const resumed = await runCliInProcess(['resume', runId, '--data-dir', dataDir], { env });
    expect(resumed.stdout).toContain('already ended');
    expect(resumed.stdout).toContain('Wrote the report the ended run was missing');
    expect(existsSync(path.join(folder, 'report.json'))).toBe(true);
    expect(existsSync(path.join(folder, 'report.html'))).toBe(true);

    // Half a report (killed mid-write before the rename existed) is written again too.
    writeFileSync(path.join(folder, 'report.json'), '{"eventCount": 1');
    await runCliInProcess(['show', runId, '--data-dir', dataDir], { env });
    const again = readFileSync(path.join(folder, 'report.json'), 'utf8');
    expect(() => JSON.parse(again) as unknown).not.toThrow();
  });
});
