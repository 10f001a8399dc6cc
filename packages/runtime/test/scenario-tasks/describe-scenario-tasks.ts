import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRulesEngine } from '@sandpiper/model-rules';
import { scenarioTasks } from '@sandpiper/scenarios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, runScenarioTask, type Runtime } from '../../src/index.js';
import { executorWire } from './executor-wire.js';

/**
 * The built-in engine on every built-in task of one scenario, in real Chromium, each run built by
 * the runtime as a CLI run is. Each task is judged by its scenario's state checker, never by the
 * agent's own claim; clarify tasks must end asking, with nothing changed in the app. One file per
 * scenario, so the suites share the cores. `overTheWire` runs the suite with every observation and
 * action crossing the executor's WebSocket, as with a remote machine; `SANDPIPER_EXECUTOR_LOOPBACK`
 * set to 1 or 0 overrides it (see `executorWire`).
 */
export function describeScenarioTasks(scenario: string, { overTheWire = false } = {}): void {
  describe(`the built-in engine on the ${scenario} tasks`, () => {
    let runtime: Runtime;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'sandpiper-scenario-tasks-'));
      runtime = await createRuntime({
        config: {},
        dataDir,
        cwd: dataDir,
        env: { SANDPIPER_EXECUTOR_LOOPBACK: executorWire(overTheWire) },
        // Accessibility grounding only: no OCR worker, as the scenario apps expose every name.
        engine: { kind: 'custom', label: 'built-in rules, no OCR', create: () => createRulesEngine({ ocr: 'off' }) },
      });
    });
    afterAll(async () => {
      await runtime.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    const tasks = scenarioTasks.filter((task) => task.scenario === scenario);
    it.each(tasks.map((task) => [task.id, task] as const))('%s', async (_id, task) => {
      const result = await runScenarioTask(runtime, task);
      const explanation = `${task.instruction}\n→ run ${result.status}: ${result.endReason}\n→ checker: ${result.checkerDetail}`;
      if (task.expect === 'success') {
        expect(result.achieved, explanation).toBe(true);
        expect(result.status, explanation).toBe('succeeded');
      } else {
        expect(result.status, explanation).toBe('needs-input');
        expect(result.achieved, explanation).toBe(true);
        // A clarify task acts not at all; a refused one does what it can up to the refusal.
        if (task.expect === 'clarify') expect(result.actions, explanation).toBe(0);
        else expect(result.endReason, explanation).toMatch(/the page refused it/);
      }
    });
  });
}
