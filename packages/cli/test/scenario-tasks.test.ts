import { createRulesEngine } from '@sandpiper/model-rules';
import { scenarioTasks, startScenarioServer, type ScenarioServer } from '@sandpiper/scenarios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenarioTask } from '../src/scenario-runner.js';

/**
 * The built-in engine on every built-in scenario task, in real Chromium. Each task is judged by
 * its scenario's state checker, never by the agent's own claim; clarify tasks must end asking,
 * with nothing changed in the app.
 */
describe('the built-in engine on the scenario tasks', () => {
  let server: ScenarioServer;
  const engine = createRulesEngine({ ocr: 'off' });
  beforeAll(async () => {
    server = await startScenarioServer();
  });
  afterAll(async () => {
    await engine.close?.();
    await server.close();
  });

  it('covers at least 30 distinct tasks across three scenarios, some of which must be refused', () => {
    expect(new Set(scenarioTasks.map((task) => task.id)).size).toBeGreaterThanOrEqual(30);
    expect(new Set(scenarioTasks.map((task) => task.scenario)).size).toBe(3);
    expect(scenarioTasks.filter((task) => task.expect === 'clarify').length).toBeGreaterThanOrEqual(6);
  });

  it.each(scenarioTasks.map((task) => [task.id, task] as const))('%s', async (_id, task) => {
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
