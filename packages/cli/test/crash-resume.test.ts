import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { RunEvent } from '@sandpiper/protocol';
import { getScenario, scenarioTasks, startScenarioServer, type ScenarioServer } from '@sandpiper/scenarios';
import { openStore } from '@sandpiper/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

/**
 * The browser lives in its own process, as a user's browser would, so killing the agent with
 * SIGKILL loses nothing on screen; the agent must then lose nothing in its log either.
 */
async function startDetachedChromium(url: string): Promise<{ endpoint: string; process: ChildProcess }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'sandpiper-chromium-'));
  const child = spawn(
    '/usr/bin/chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--window-size=1280,800',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      url,
    ],
    { stdio: 'ignore' },
  );
  const portFile = path.join(profile, 'DevToolsActivePort');
  // Chromium creates the file before it writes the port into it: wait for the whole first line.
  const readPort = () => (existsSync(portFile) ? /^(\d+)\n/.exec(readFileSync(portFile, 'utf8'))?.[1] : undefined);
  let port = readPort();
  for (let tries = 0; tries < 200 && port === undefined; tries += 1) {
    await delay(50);
    port = readPort();
  }
  if (port === undefined) throw new Error(`Chromium wrote no DevTools port to ${portFile}`);
  return { endpoint: `http://127.0.0.1:${port}`, process: child };
}

const task = scenarioTasks.find((candidate) => candidate.id === getScenario('expense-report')!.defaultTaskId)!;

describe('a run killed with SIGKILL at a random point', () => {
  let server: ScenarioServer;
  beforeAll(async () => {
    server = await startScenarioServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const seeds = [1, 2, 3].map(() => Math.random());
  it.each(seeds)('resumes from its log without losing or repeating a completed step (seed %d)', async (seed) => {
    const session = `crash-${Math.round(seed * 1e9)}`;
    const browser = await startDetachedChromium(server.urlFor('expense-report', { session }));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sandpiper-crash-'));
    try {
      // Kill somewhere between the first action and the last step: any event line may be the last.
      const killAfter = 8 + Math.floor(seed * 40);
      let lines = 0;
      const first = await runCli(
        ['run', task.instruction, '--cdp', browser.endpoint, '--yes', '--json', '--data-dir', dataDir],
        {
          onStdout: (chunk, kill) => {
            lines += chunk.split('\n').filter((line) => line.startsWith('{')).length;
            if (lines >= killAfter) kill();
          },
        },
      );
      expect(first.stdout, `the first run printed no events; stderr:\n${first.stderr}`).not.toBe('');
      const runId = (JSON.parse(first.stdout.split('\n')[0]!) as RunEvent).runId;
      const store = openStore({ dataDir });
      const beforeResume = await store.read(runId);
      store.close();

      const second = await runCli(['resume', runId, '--json', '--data-dir', dataDir]);
      expect(second.stderr).toBe('');

      const reopened = openStore({ dataDir });
      const events = await reopened.read(runId);
      reopened.close();
      expect(events.slice(0, beforeResume.length)).toEqual(beforeResume);
      expect(events.map((event) => event.seq)).toEqual(events.map((_event, index) => index + 1));
      const completions = events.flatMap((event) =>
        event.payload.type === 'step-end' && event.payload.status === 'completed' ? [event.payload.stepId] : [],
      );
      expect(new Set(completions).size).toBe(completions.length);
      const completedBefore = beforeResume.filter(
        (event) => event.payload.type === 'step-end' && event.payload.status === 'completed',
      ).length;
      expect(completions.length).toBeGreaterThanOrEqual(completedBefore);
      const end = events.at(-1)!;
      expect(end.payload).toMatchObject({ type: 'run-end', status: 'succeeded' });
      expect(task.check(server.state('expense-report', session)).ok).toBe(true);
    } finally {
      browser.process.kill('SIGKILL');
    }
  });
});
