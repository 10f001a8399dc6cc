import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunEvent } from '@sandpiper/protocol';
import { getScenario, scenarioTasks, startScenarioServer, type ScenarioServer } from '@sandpiper/scenarios';
import { openStore } from '@sandpiper/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const task = scenarioTasks.find((candidate) => candidate.id === getScenario('machine-status')!.defaultTaskId)!;

/**
 * The CLI owns the browser: a kill takes the page with it, and `resume` opens a fresh one. The app
 * (the scenario server) lives here, as a real web app's server outlives its browser tab.
 */
describe('a run killed with its browser, resumed on a fresh page', () => {
  let server: ScenarioServer;
  beforeAll(async () => {
    server = await startScenarioServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('does not count the steps whose effect went with the page, and ends true to the app', async () => {
    const session = 'reopened-1';
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sandpiper-reopened-'));
    const url = server.urlFor('machine-status', { session });
    // Killed right after the first step ends: the Status filter is set, on a page about to vanish.
    const first = await runCli(['run', task.instruction, '--url', url, '--yes', '--json', '--data-dir', dataDir], {
      onStdout: (chunk, kill) => {
        const ended = chunk
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .some((line) => (JSON.parse(line) as RunEvent).payload.type === 'step-end');
        if (ended) kill();
      },
    });
    const runId = (JSON.parse(first.stdout.split('\n')[0]!) as RunEvent).runId;

    const second = await runCli(['resume', runId, '--yes', '--json', '--data-dir', dataDir]);
    const store = openStore({ dataDir });
    const events = await store.read(runId);
    store.close();
    const payloads = events.map((event) => event.payload);

    expect(payloads).toContainEqual(expect.objectContaining({ type: 'run-recover', environment: 'reopened' }));
    expect(payloads).toContainEqual(
      expect.objectContaining({ type: 'warning', message: expect.stringContaining('The page was reopened') }),
    );
    expect(
      payloads.some((payload) => payload.type === 'plan-version-create' && payload.version.cause === 'resume'),
    ).toBe(true);
    const end = payloads.at(-1)!;
    const checked = task.check(server.state('machine-status', session));
    // Ends true: a success is one the app agrees with, and here the redone filter makes it one.
    expect(end, second.stdout.slice(-2000)).toMatchObject({ type: 'run-end', status: 'succeeded' });
    expect(checked.ok, JSON.stringify(checked)).toBe(true);
  });
});
