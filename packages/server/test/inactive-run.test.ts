import { openStore, type RunClaim, type Store } from '@sandpiper/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support.js';

const HASH = 'd'.repeat(64);
const RUN = 'r-from-another-process';

let test: TestServer;
let other: Store;
let claim: RunClaim;
beforeAll(async () => {
  test = await startTestServer();
  // A run recorded, and still driven, by another process (the CLI) on the same data directory.
  other = openStore({ dataDir: test.dataDir });
  other.createRun({
    id: RUN,
    instruction: 'fill in the form',
    environment: { type: 'scenario', name: 'expense-report' },
    createdAt: Date.now(),
  });
  claim = other.claimRun(RUN);
});
afterAll(async () => {
  other.close();
  await test.close();
});

describe('a run this server does not drive', () => {
  it.each([
    ['guidance', { text: 'Use the second Name field, the one in the form.' }],
    [
      'annotation',
      {
        screenshotHash: HASH,
        marks: [
          {
            kind: 'stroke',
            points: [
              { x: 10, y: 10 },
              { x: 30, y: 12 },
            ],
          },
          { kind: 'rect', box: { x: 5, y: 5, width: 50, height: 20 } },
          {
            kind: 'arrow',
            points: [
              { x: 100, y: 100 },
              { x: 60, y: 20 },
            ],
          },
          { kind: 'text', text: 'this one', at: { x: 60, y: 40 } },
        ],
        sentence: 'Type the name here, not in the search box.',
      },
    ],
    ['takeover', {}],
    ['input', { action: { type: 'click', at: { x: 20, y: 30 } } }],
    ['handback', {}],
  ])('takes a valid %s payload, and answers 409 because nothing drives the run', async (endpoint, body) => {
    const response = await test.post(`/api/runs/${RUN}/${endpoint}`, body);
    expect(response.status).toBe(409);
    expect(response.body.error).toMatch(/not being driven by this server/);
  });

  it('is listed and shown, but refuses commands with 409', async () => {
    const listed = (await test.get('/api/runs')).body.runs;
    expect(listed).toEqual([
      expect.objectContaining({
        id: RUN,
        status: 'created',
        active: false,
        usage: { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 },
      }),
    ]);
    const view = (await test.get(`/api/runs/${RUN}`)).body;
    expect(view.state).toMatchObject({ runId: RUN, phase: 'created', lastSeq: 0 });
    expect(view.control.active).toBe(false);
    const approve = await test.post(`/api/runs/${RUN}/approve`);
    expect(approve.status).toBe(409);
    expect(approve.body.error).toMatch(/not being driven by this server/);
    const recover = await test.post(`/api/runs/${RUN}/recover`, {});
    expect(recover.status).toBe(409);
    expect(recover.body.error).toMatch(/another process drives it/);
  });

  it('reads as interrupted once its process lets go, and is not resumed when it never started', async () => {
    claim.release();
    expect((await test.get(`/api/runs/${RUN}`)).body.summary.status).toBe('interrupted');
    const recover = await test.post(`/api/runs/${RUN}/recover`, {});
    expect(recover.status).toBe(409);
    expect(recover.body.error).toMatch(/never started/);
    expect((await test.post('/api/runs/r-unknown/recover', {})).status).toBe(404);
    expect((await test.post(`/api/runs/${RUN}/recover`, { now: true })).status).toBe(400);
  });
});
