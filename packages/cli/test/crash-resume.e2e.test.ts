import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunEvent } from '@sandpiper/protocol';
import { getScenario, scenarioTasks, startScenarioServer, type ScenarioServer } from '@sandpiper/scenarios';
import { startDebuggableChromium } from '@sandpiper/env-browser';
import { openStore } from '@sandpiper/storage';
import { seededRandom, testSeeds } from '@sandpiper/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const task = scenarioTasks.find((candidate) => candidate.id === getScenario('expense-report')!.defaultTaskId)!;

describe('a run killed with SIGKILL at a random point', () => {
  let server: ScenarioServer;
  beforeAll(async () => {
    server = await startScenarioServer();
  });
  afterAll(async () => {
    await server.close();
  });

  // Rerun a failing case with SANDPIPER_TEST_SEED=<the seed in its name>. Two fresh seeds per run
  // (a minute each); every run draws new kill points, and bench/crash-resume.ts kills many more.
  it.each(testSeeds(2))('resumes from its log without losing or repeating a completed step (seed %d)', async (seed) => {
    const random = seededRandom(seed);
    const session = `crash-${seed}`;
    const browser = await startDebuggableChromium(server.urlFor('expense-report', { session }), {
      windowSize: { width: 1280, height: 800 },
    });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sandpiper-crash-'));
    try {
      // Kill somewhere between the first action and the last step: any event line may be the last.
      const killAfter = random.int(8, 47);
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
      // The killed process drives nothing any more: unless it had ended, the run reads as interrupted.
      const endedBeforeKill = beforeResume.some((event) => event.payload.type === 'run-end');
      const expected = endedBeforeKill ? store.getRun(runId)?.status : 'interrupted';
      expect(store.getRun(runId)?.status).toBe(expected);
      store.close();
      const listed = await runCli(['runs', '--json', '--data-dir', dataDir]);
      const row = (JSON.parse(listed.stdout) as { id: string; status: string }[]).find((run) => run.id === runId);
      expect(row?.status).toBe(expected);

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
      await browser.stop();
    }
  });
});
