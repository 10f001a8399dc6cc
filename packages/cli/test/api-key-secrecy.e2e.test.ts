import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { startModelServer, type ModelServer } from '@sandpiper/testing';

const KEY = 'sk-local-7f3a9c1e5b2d8f4a6c0e';

/** Every file under `dir`, recursively. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

describe('an API key reaches the model server and nothing else', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer();
  });
  afterAll(() => server.close());

  it('is sent as the bearer token, but never printed, logged in events, stored or written to a report', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sandpiper-key-secrecy-'));
    const env = { SANDPIPER_OPENAI_COMPATIBLE_API_KEY: KEY };
    const result = await runCli(
      [
        'run',
        "Type 'Ada Lovelace' into the 'Employee name' field",
        '--scenario',
        'expense-report',
        '--yes',
        '--json',
        '--debug',
        '--model',
        `openai-compatible:clerk-vl@${server.baseURL}`,
        '--data-dir',
        dataDir,
      ],
      { env },
    );
    expect(result.code).toBe(0);
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests.every((request) => request.authorization === `Bearer ${KEY}`)).toBe(true);

    // --json prints every event, model calls included, one per line.
    const events = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { payload: { type: string; role?: string; inputTokens?: number } });
    const calls = events.filter((event) => event.payload.type === 'model-call');
    expect(calls).toHaveLength(server.requests.length);
    expect(calls[0]?.payload).toMatchObject({ role: 'planner', inputTokens: 1000 });

    const runId = (JSON.parse(result.stdout.split('\n')[0]!) as { runId: string }).runId;
    const shown = await runCli(['show', runId, '--json', '--data-dir', dataDir], { env });
    const listed = await runCli(['runs', '--json', '--data-dir', dataDir], { env });
    const written = files(dataDir);
    expect(written.some((file) => file.endsWith('report.html'))).toBe(true);
    expect(written.some((file) => file.endsWith('sandpiper.db'))).toBe(true);
    for (const text of [result.stdout, result.stderr, shown.stdout, shown.stderr, listed.stdout]) {
      expect(text).not.toContain(KEY);
    }
    for (const file of written) expect(readFileSync(file).includes(KEY), file).toBe(false);
  });
});
