import { mkdtempSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openStore } from '@sandpiper/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from './run-cli.js';

/** The run's wall-time budget, and how much later than it the run may end at most. */
const TIMEOUT_S = 3;
const WITHIN_MS = 2000;

/** A model endpoint that takes every request and never answers it, as a stuck gateway does. */
let silent: Server;
let baseURL: string;
const held: ServerResponse[] = [];

beforeAll(async () => {
  silent = createServer((_request, response) => {
    held.push(response);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
});

describe('a run whose model never answers', () => {
  it(`ends as out of time within ${WITHIN_MS} ms of --timeout`, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sandpiper-timeout-'));
    const result = await runCliInProcess(
      [
        'run',
        "Type 'Ada' into the 'Employee name' field",
        '--scenario',
        'expense-report',
        '--yes',
        '--timeout',
        String(TIMEOUT_S),
        '--model',
        `openai-compatible:silent-vl@${baseURL}`,
        '--data-dir',
        dataDir,
      ],
      { env: { SANDPIPER_OPENAI_COMPATIBLE_API_KEY: undefined, SANDPIPER_DATA_DIR: undefined } },
    );
    expect(result.code, result.stderr).toBe(1);
    expect(held.length).toBeGreaterThan(0);
    const store = openStore({ dataDir });
    try {
      const [run] = store.listRuns({ limit: 1 });
      const events = await store.read(run!.id);
      const start = events.find((event) => event.payload.type === 'run-start')!;
      const end = events.at(-1)!;
      expect(end.payload).toMatchObject({ type: 'run-end', status: 'budget-exhausted' });
      expect(end.at - start.at).toBeLessThanOrEqual(TIMEOUT_S * 1000 + WITHIN_MS);
    } finally {
      store.close();
    }
  });
});
