import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client.js';
import { readStreamMessage } from '../hooks/use-run-stream.js';

/** A fetch that answers every request with this status and JSON body. */
function answering(status: number, body: unknown): typeof fetch {
  return async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const summary = {
  id: 'r1',
  instruction: 'Click OK',
  environment: { type: 'url', url: 'http://127.0.0.1/' },
  status: 'running',
  createdAt: 1,
  updatedAt: 2,
  eventCount: 3,
  durationMs: 1,
};

describe('the API client checks every answer against the contract', () => {
  it('passes an answer that fits', async () => {
    const api = createApiClient({
      token: 't',
      origin: 'http://x',
      fetch: answering(200, {
        runs: [{ ...summary, active: true, usage: { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 } }],
      }),
    });
    const result = await api.listRuns();
    expect(result.ok && result.value.runs[0]?.id).toBe('r1');
  });

  it('turns an answer that does not fit into an error naming the field', async () => {
    const api = createApiClient({
      token: 't',
      origin: 'http://x',
      fetch: answering(200, { runs: [{ ...summary, status: 'exploded', active: true }] }),
    });
    const result = await api.listRuns();
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatch(/GET \/api\/runs does not match this page's contract \(runs\[0\]\.status/);
  });

  it('reads refusals as the server wrote them', async () => {
    const api = createApiClient({
      token: 't',
      origin: 'http://x',
      fetch: answering(400, {
        error: 'Invalid request body: check scenario.',
        issues: [{ path: 'scenario', message: 'no' }],
      }),
    });
    expect(await api.createRun({ scenario: 'x' })).toEqual({
      ok: false,
      status: 400,
      error: 'Invalid request body: check scenario.',
      issues: [{ path: 'scenario', message: 'no' }],
    });
  });

  it('reads stream messages by their envelope and reports one that does not fit', () => {
    expect(readStreamMessage(JSON.stringify({ type: 'caught-up', lastSeq: 4 }))).toEqual({ type: 'caught-up' });
    expect(readStreamMessage(JSON.stringify({ type: 'event', event: { seq: 5, payload: {} } }))).toMatchObject({
      type: 'event',
    });
    expect(readStreamMessage('{"type":"gossip"}')).toMatchObject({ type: 'mismatch' });
    expect(readStreamMessage('not json')).toMatchObject({ type: 'mismatch' });
  });
});
