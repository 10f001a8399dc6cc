import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support.js';

const HASH = 'c'.repeat(64);
const RECT = { kind: 'rect', box: { x: 10, y: 10, width: 40, height: 20 } };

/** Malformed bodies of every POST endpoint, each with the field the answer must name. */
const malformed: readonly { path: string; body: unknown; field: string }[] = [
  { path: '/api/runs', body: {}, field: 'scenario' },
  { path: '/api/runs', body: { scenario: 'spreadsheet' }, field: 'scenario' },
  { path: '/api/runs', body: { scenario: 'expense-report', instruction: '   ' }, field: 'instruction' },
  { path: '/api/runs', body: { scenario: 'expense-report', approval: 'sometimes' }, field: 'approval' },
  { path: '/api/runs', body: { scenario: 'expense-report', budgets: { maxActions: -1 } }, field: 'budgets.maxActions' },
  { path: '/api/runs', body: { scenario: 'expense-report', task: 'x' }, field: 'task' },
  { path: '/api/runs/r-1/approve', body: { now: true }, field: 'now' },
  { path: '/api/runs/r-1/reject', body: {}, field: 'reason' },
  { path: '/api/runs/r-1/reject', body: { reason: 42 }, field: 'reason' },
  { path: '/api/runs/r-1/regenerate', body: { hint: 'shorter' }, field: 'hint' },
  { path: '/api/runs/r-1/edit', body: {}, field: 'edits' },
  { path: '/api/runs/r-1/edit', body: { edits: [] }, field: 'edits' },
  { path: '/api/runs/r-1/edit', body: { edits: [{ type: 'teleport' }] }, field: 'edits[0].type' },
  { path: '/api/runs/r-1/edit', body: { edits: [{ type: 'add', index: -1, text: 'x' }] }, field: 'edits[0].index' },
  {
    path: '/api/runs/r-1/edit',
    body: {
      edits: [
        { type: 'remove', stepId: 'step-1' },
        { type: 'move', stepId: 'step-1' },
      ],
    },
    field: 'edits[1].toIndex',
  },
  { path: '/api/runs/r-1/pause', body: { seconds: 3 }, field: 'seconds' },
  { path: '/api/runs/r-1/resume', body: { force: true }, field: 'force' },
  { path: '/api/runs/r-1/cancel', body: { reason: 5 }, field: 'reason' },
  { path: '/api/runs/r-1/guidance', body: {}, field: 'text' },
  { path: '/api/runs/r-1/guidance', body: { text: '' }, field: 'text' },
  { path: '/api/runs/r-1/annotation', body: { marks: [RECT] }, field: 'screenshotHash' },
  { path: '/api/runs/r-1/annotation', body: { screenshotHash: 'abc', marks: [RECT] }, field: 'screenshotHash' },
  { path: '/api/runs/r-1/annotation', body: { screenshotHash: HASH, marks: [] }, field: 'marks' },
  {
    path: '/api/runs/r-1/annotation',
    body: { screenshotHash: HASH, marks: [{ kind: 'circle' }] },
    field: 'marks[0].kind',
  },
  {
    path: '/api/runs/r-1/annotation',
    body: { screenshotHash: HASH, marks: [{ kind: 'rect' }] },
    field: 'marks[0].box',
  },
  {
    path: '/api/runs/r-1/annotation',
    body: { screenshotHash: HASH, marks: [RECT, { kind: 'arrow', points: [{ x: 1, y: 1 }] }] },
    field: 'marks[1].points',
  },
  {
    path: '/api/runs/r-1/annotation',
    body: { screenshotHash: HASH, marks: [{ kind: 'stroke', points: [{ x: -4, y: 1 }] }] },
    field: 'marks[0].points[0].x',
  },
  {
    path: '/api/runs/r-1/annotation',
    body: { screenshotHash: HASH, marks: [{ kind: 'text', text: 'this one', at: { x: 3 } }] },
    field: 'marks[0].at.y',
  },
  { path: '/api/runs/r-1/annotation', body: { screenshotHash: HASH, marks: [RECT], sentence: '' }, field: 'sentence' },
  { path: '/api/runs/r-1/takeover', body: { mode: 'full' }, field: 'mode' },
  { path: '/api/runs/r-1/input', body: {}, field: 'action' },
  { path: '/api/runs/r-1/input', body: { action: { type: 'key', keys: [] } }, field: 'action.keys' },
  { path: '/api/runs/r-1/handback', body: { now: 1 }, field: 'now' },
];

let test: TestServer;
beforeAll(async () => {
  test = await startTestServer();
});
afterAll(async () => {
  await test.close();
});

describe('payload validation', () => {
  it.each(malformed)('POST $path with $body is 400 naming $field', async ({ path, body, field }) => {
    const response = await test.post(path, body);
    expect(response.status).toBe(400);
    expect(response.body.issues.map((issue: { path: string }) => issue.path)).toContain(field);
    expect(response.body.error).toContain(field);
  });

  it('names the whole body when it is not JSON, or not an object', async () => {
    const broken = await test.request('POST', '/api/runs', {
      raw: { text: '{"scenario":', contentType: 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.issues[0].path).toBe('');
    const array = await test.post('/api/runs/r-1/reject', ['no']);
    expect(array.status).toBe(400);
    expect(array.body.issues[0].path).toBe('');
  });

  it('says what is wrong with each failing field, not only where', async () => {
    const long = await test.post('/api/runs/r-1/guidance', { text: 'g'.repeat(4001) });
    expect(long.body.error).toMatch(/text \(Too big: .*4000/);
    const array = await test.post('/api/runs/r-1/reject', ['no']);
    expect(array.body.error).toMatch(/the whole body \(.*expected object/);
    const extra = await test.post('/api/runs/r-1/pause', { seconds: 3 });
    expect(extra.body.error).toMatch(/seconds \(is not a field this request accepts\)/);
    const unnamed = await test.post('/api/runs/r-1/pause', { '': 3 });
    expect(unnamed.body.error).toMatch(/a field with an empty name/);
    const broken = await test.request('POST', '/api/runs', {
      raw: { text: '{"scenario":', contentType: 'application/json' },
    });
    expect(broken.body.error).toContain(broken.body.issues[0].message);
    const form = await test.request('POST', '/api/runs', {
      raw: { text: 'scenario=expense-report', contentType: 'text/plain' },
    });
    expect(form.body.error).toMatch(/"text\/plain" is not application\/json/);
  });

  it('wants JSON declared as JSON', async () => {
    const response = await test.request('POST', '/api/runs', {
      raw: { text: 'scenario=expense-report', contentType: 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
  });

  it.each([
    ['/api/runs?limit=0', 'limit'],
    ['/api/runs?offset=-3', 'offset'],
    ['/api/runs?sort=name', 'sort'],
    ['/api/runs/r-1/events?after=-1', 'after'],
    ['/api/runs/r-1/events?after=two', 'after'],
    ['/api/blobs/not-a-hash', 'hash'],
  ])('GET %s is 400 naming %s', async (path, field) => {
    const response = await test.get(path);
    expect(response.status).toBe(400);
    expect(response.body.issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });

  it('answers 404 for a run that does not exist, once the payload is valid', async () => {
    for (const [path, body] of [
      ['/api/runs/r-missing/approve', {}],
      ['/api/runs/r-missing/reject', { reason: 'wrong field' }],
      ['/api/runs/r-missing/edit', { edits: [{ type: 'remove', stepId: 'step-1' }] }],
      ['/api/runs/r-missing/pause', {}],
      ['/api/runs/r-missing/cancel', {}],
      ['/api/runs/r-missing/guidance', { text: 'use the second field' }],
    ] as const) {
      const response = await test.post(path, body);
      expect(response.status, path).toBe(404);
      expect(response.body.error).toContain('r-missing');
    }
    expect((await test.get('/api/runs/r-missing')).status).toBe(404);
    expect((await test.get('/api/runs/r-missing/events')).status).toBe(404);
  });
});
