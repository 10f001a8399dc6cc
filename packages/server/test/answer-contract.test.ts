import { apiRoutes } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { checkReply } from '../src/routes.js';

describe('the server answers inside its own contract', () => {
  it('sends a reply that fits the route schema as parsed', () => {
    const reply = checkReply(apiRoutes.listRuns, { kind: 'json', status: 200, body: { runs: [] } });
    expect(reply).toEqual({ kind: 'json', status: 200, body: { runs: [] } });
  });

  it('turns a reply that breaks the schema into a 500 naming the field', () => {
    const reply = checkReply(apiRoutes.listRuns, { kind: 'json', status: 200, body: { runs: [{ id: 3 }] } });
    expect(reply).toMatchObject({ ok: false, status: 500 });
    expect('issues' in reply && reply.issues?.map((issue) => issue.path)).toContain('runs[0].id');
  });

  it('leaves failures and non-JSON replies alone', () => {
    const failure = { ok: false, status: 404, error: 'no' } as const;
    expect(checkReply(apiRoutes.getRun, failure)).toBe(failure);
    const page = { kind: 'page', html: '<p>', contentSecurityPolicy: "default-src 'none'" } as const;
    expect(checkReply(apiRoutes.report, page)).toBe(page);
  });
});
