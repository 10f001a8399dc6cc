import { createRulesEngine } from '@sandpiper/model-rules';
import { scenarioTasks, startScenarioServer, type ScenarioServer } from '@sandpiper/scenarios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenarioTask } from '../../src/scenario-runner.js';

/**
 * The built-in engine on every built-in task of one scenario, in real Chromium. Each task is
 * judged by its scenario's state checker, never by the agent's own claim; clarify tasks must end
 * asking, with nothing changed in the app. One file per scenario, so the suites share the cores.
 */
export function describeScenarioTasks(scenario: string): void {
  describe(`the built-in engine on the ${scenario} tasks`, () => {
    let server: ScenarioServer;
    const engine = createRulesEngine({ ocr: 'off' });
    beforeAll(async () => {
      server = await startScenarioServer();
    });
    afterAll(async () => {
      await engine.close?.();
      await server.close();
    });

    const tasks = scenarioTasks.filter((task) => task.scenario === scenario);
    it.each(tasks.map((task) => [task.id, task] as const))('%s', async (_id, task) => {
      const result = await runScenarioTask(server, task, engine);
      const explanation = `${task.instruction}\n→ run ${result.status}: ${result.endReason}\n→ checker: ${result.checkerDetail}`;
      if (task.expect === 'success') {
        expect(result.achieved, explanation).toBe(true);
        expect(result.status, explanation).toBe('succeeded');
      } else {
        expect(result.status, explanation).toBe('needs-input');
        expect(result.achieved, explanation).toBe(true);
        expect(result.actions, explanation).toBe(0);
      }
    });
  });
}
