import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support.js';

let test: TestServer;
const reported: string[] = [];
beforeAll(async () => {
  test = await startTestServer({ onError: (message) => reported.push(message) });
});
afterAll(async () => {
  await test.close();
});

/** A criterion whose target sits inside `depth` holders: the one recursive shape in the contract. */
function nestedTarget(depth: number): string {
  const target = `${'{"name":"x","within":'.repeat(depth)}{"name":"x"}${'}'.repeat(depth)}`;
  return `{"edits":[{"type":"set-criteria","criteria":[{"check":{"kind":"element-visible","target":${target}}}]}]}`;
}

const post = (path: string, text: string) =>
  test.request('POST', path, { raw: { text, contentType: 'application/json' } });

describe('bodies nested far deeper than any request', () => {
  it('refuses a target inside 10,000 holders with 400, not a server failure', async () => {
    const response = await post('/api/runs/r-1/edit', nestedTarget(10_000));
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/more than 64 levels deep/);
    expect(reported).toEqual([]);
  });

  it('refuses a tool input 10,000 levels deep before it reaches a run', async () => {
    const input = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const response = await post(
      '/api/runs/r-1/input',
      `{"action":{"type":"tool-call","tool":"code","input":${input}}}`,
    );
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([{ path: '', message: 'nested more than 64 levels deep' }]);
  });

  it('still reads a target inside a few holders, and brackets inside strings do not count', async () => {
    expect((await post('/api/runs/r-1/edit', nestedTarget(5))).status).toBe(404);
    const response = await post('/api/runs/r-1/guidance', JSON.stringify({ text: `${'['.repeat(500)} the list` }));
    expect(response.status).toBe(404);
  });
});
