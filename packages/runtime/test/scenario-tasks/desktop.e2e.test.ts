import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createQueueChannel, type RunState } from '@sandpiper/core';
import {
  desktopScenarios,
  desktopTasks,
  getDesktopTask,
  readSpreadsheet,
  type DesktopCheckResult,
} from '@sandpiper/desktop-scenarios';
import type { EnvironmentSpec } from '@sandpiper/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, desktopSessionDir, type Runtime } from '../../src/index.js';
import { executorWire } from './executor-wire.js';

/**
 * The example tasks cross the executor wire (the browser suites keep the local path), the clarify
 * tasks run locally (asking is decided before any call would cross it); `SANDPIPER_EXECUTOR_LOOPBACK`
 * set to 1 or 0 puts every task on one path, and 1 leaves the clarify tasks out.
 */
const exampleWire = executorWire(true);
const clarifyWire = executorWire(false);
/** LibreOffice's first start in a fresh profile, and a short run, on two loaded cores. */
const DESKTOP_TASK_MS = 240_000;

/** What each scenario's example task must leave in the saved file. */
const exampleChecks: Record<string, (dir: string) => Promise<DesktopCheckResult>> = {
  'incident-sheet': async (dir) => {
    const row = (await readSpreadsheet(path.join(dir, 'incidents.ods'))).sheets[0]?.rows[4] ?? [];
    const seen = row.map((cell) => cell.text);
    const ok = seen[0] === 'INC-2004' && seen[5] === 'R. Alvarez' && seen[6] === '42';
    return { ok, detail: `row 5 is ${JSON.stringify(seen)}` };
  },
  'sensor-log': async (dir) => {
    const rows = (await readSpreadsheet(path.join(dir, 'sensor-log.ods'))).sheets[0]?.rows ?? [];
    const seen = rows[0]?.map((cell) => cell.text) ?? [];
    const ok = seen[3] === 'Humidity (%)' && seen[5] === 'Checked' && rows.length === 41;
    return { ok, detail: `${rows.length} rows, the first ${JSON.stringify(seen)}` };
  },
  // The example is this task's step-by-step form; its own check reads the saved report.
  'site-report': (dir) => getDesktopTask('site-report/append-sign-off').check(dir),
};

/**
 * The built-in engine on the desktop: each scenario's example task (written as steps) and every
 * clarify task, in a real LibreOffice on a private Xvfb display, judged by reading the saved file.
 * The example tasks send every call over the executor wire, as on a remote machine.
 */
describe('the built-in engine on the desktop scenarios', () => {
  let dataDir: string;
  const runtimes = new Map<'1' | undefined, { runtime: Runtime; dir: string }>();
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sandpiper-desktop-tasks-'));
  });
  afterAll(async () => {
    for (const { runtime } of runtimes.values()) await runtime.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** One runtime, with its own data folder, per path. */
  async function runtimeFor(wire: '1' | undefined): Promise<{ runtime: Runtime; dir: string }> {
    const known = runtimes.get(wire);
    if (known !== undefined) return known;
    const dir = path.join(dataDir, wire === '1' ? 'remote' : 'local');
    const runtime = await createRuntime({
      config: {},
      dataDir: dir,
      cwd: dir,
      env: { SANDPIPER_EXECUTOR_LOOPBACK: wire },
    });
    runtimes.set(wire, { runtime, dir });
    return { runtime, dir };
  }

  async function run(
    wire: '1' | undefined,
    environment: EnvironmentSpec,
    instruction?: string,
  ): Promise<{ state: RunState; dir: string }> {
    const { runtime, dir: runtimeDir } = await runtimeFor(wire);
    const runId = runtime.newRunId();
    const prepared = await runtime.prepare({
      runId,
      mode: 'start',
      task: runtime.createTask({
        environment,
        ...(instruction === undefined ? {} : { instruction }),
        approval: 'auto-all',
        budgets: { maxActions: 40, maxAttemptsPerStep: 3, maxDurationMs: 180_000 },
      }),
    });
    try {
      const outcome = await prepared.drive({ channel: createQueueChannel({ interactive: false }) });
      if (outcome.error !== undefined) throw outcome.error;
      return { state: outcome.state, dir: desktopSessionDir(runtimeDir, runId) };
    } finally {
      await prepared.close();
    }
  }

  it.each(desktopScenarios.map((scenario) => [scenario.name, scenario.exampleTask] as const))(
    '%s: the example task "%s" is done and saved',
    async (name) => {
      const { state, dir } = await run(exampleWire, { type: 'desktop', scenario: name });
      const check = await exampleChecks[name]!(dir);
      expect(state.status, `${state.endReason}\n→ file: ${check.detail}`).toBe('succeeded');
      expect(check.ok, check.detail).toBe(true);
    },
    DESKTOP_TASK_MS,
  );

  const clarifyTasks = clarifyWire === '1' ? [] : desktopTasks.filter((task) => task.expect === 'clarify');
  it.skipIf(clarifyTasks.length === 0).each(clarifyTasks.map((task) => [task.id, task] as const))(
    '%s: asks or refuses, and leaves the document as it was',
    async (_id, task) => {
      const { state, dir } = await run(
        clarifyWire,
        { type: 'desktop', scenario: task.scenario, format: task.format },
        task.instruction,
      );
      const check = await task.check(dir);
      expect(state.status, state.endReason).not.toBe('succeeded');
      expect(check.ok, check.detail).toBe(true);
    },
    DESKTOP_TASK_MS,
  );
});
