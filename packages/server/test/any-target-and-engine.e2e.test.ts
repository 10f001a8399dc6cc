import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { runReportSchema } from '@sandpiper/protocol';
import { startModelServer, type ModelServer } from '@sandpiper/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support.js';

/** A page nobody in the scenario catalogue wrote: one labelled field, served on loopback. */
const PAGE = `<!doctype html><html lang="en"><head><title>Sign-up</title></head><body>
<h1>Create your account</h1>
<form><label for="name">Full name</label> <input id="name" name="name" autocomplete="off"></form>
</body></html>`;

let page: Server;
let pageUrl: string;
let models: ModelServer;
let test: TestServer;

beforeAll(async () => {
  page = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/signup`;
  models = await startModelServer();
  test = await startTestServer();
});
afterAll(async () => {
  await test.close();
  await models.close();
  page.closeAllConnections();
  await new Promise((resolve) => page.close(resolve));
});

async function runToEnd(body: unknown) {
  const created = await test.post('/api/runs', body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const runId = created.body.id as string;
  const stream = await test.stream(runId);
  const end = await stream.until((event) => event.payload.type === 'run-end');
  await stream.close();
  return { runId, end, created };
}

describe('runs created through the API', () => {
  it('act on any URL with the built-in engine and get the same report as a CLI run', async () => {
    const { runId, end } = await runToEnd({
      environment: { type: 'url', url: pageUrl },
      instruction: "Type 'Ada Lovelace' into the 'Full name' field",
      approval: 'auto-all',
      model: 'builtin',
    });
    expect(end.payload).toMatchObject({ type: 'run-end', status: 'succeeded' });
    expect((await test.get(`/api/runs/${runId}`)).body.state.engine).toBe('built-in rules');

    const html = await test.request('GET', `/api/runs/${runId}/report?token=${test.server.token}`, { token: null });
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(Buffer.from(html.body as Uint8Array).toString('utf8')).toContain('Ada Lovelace');

    const json = await test.get(`/api/runs/${runId}/report.json`);
    expect(runReportSchema.parse(json.body)).toMatchObject({ runId, status: 'succeeded' });
    // The runtime wrote the report files at the end of the run, as it does for the CLI.
    await expect.poll(() => existsSync(join(test.dataDir, 'reports', runId, 'report.html'))).toBe(true);
  });

  it('refuse a model that cannot be used, naming the field, before anything starts', async () => {
    const refused = await test.post('/api/runs', { scenario: 'expense-report', model: 'nosuchvendor:thing' });
    expect(refused.status).toBe(400);
    expect(refused.body.issues.map((issue: { path: string }) => issue.path)).toContain('model');
    const bad = await test.post('/api/runs', { environment: { type: 'url', url: 'not an address' } });
    expect(bad.status).toBe(400);
  });

  it('keep the history of two concurrent model runs apart', async () => {
    const spec = `openai-compatible:clerk-vl@${models.baseURL}`;
    const people = [
      { name: 'Ada Lovelace', email: 'ada@example.com' },
      { name: 'Grace Hopper', email: 'grace@example.com' },
    ];
    const runs = await Promise.all(
      people.map((person) =>
        runToEnd({
          scenario: 'expense-report',
          instruction: `Type '${person.name}' into the 'Employee name' field and type '${person.email}' into the 'Email' field`,
          approval: 'auto-all',
          model: spec,
        }),
      ),
    );
    for (const run of runs) expect(run.end.payload).toMatchObject({ status: 'succeeded' });
    // The second step's first move is decided either by the operator or, looking ahead, by the
    // first step's check; both prompts list the run's earlier steps.
    const decidesStep = (request: (typeof models.requests)[number], email: string) =>
      (request.outputName === 'operator_decision' && request.user.includes(`Current step: Type '${email}'`)) ||
      (request.outputName === 'step_verdict_and_next' && request.user.includes(`Next step: Type '${email}'`));
    /** The run's earlier steps, as the prompt lists them. */
    const earlierSteps = (user: string) => /Earlier steps, oldest first:\n([\s\S]*?)\n\n/.exec(user)?.[1] ?? '';
    for (const [index, person] of people.entries()) {
      const other = people[1 - index]!;
      const own = models.requests.filter((request) => decidesStep(request, person.email));
      expect(own.length, `decisions of ${person.name}'s second step`).toBeGreaterThan(0);
      for (const turn of own) {
        // Its history holds its own first step and nothing of the other run.
        expect(earlierSteps(turn.user)).toContain(`"Type '${person.name}' into the 'Employee name' field"`);
        expect(earlierSteps(turn.user)).not.toContain(other.name);
      }
    }
  });
});
