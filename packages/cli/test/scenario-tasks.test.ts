import { scenarioTasks } from '@sandpiper/scenarios';
import { describe, expect, it } from 'vitest';

// The tasks themselves run in scenario-tasks/, one file per scenario.
describe('the scenario task catalogue', () => {
  it('covers at least 30 distinct tasks across three scenarios, some of which must be refused', () => {
    expect(new Set(scenarioTasks.map((task) => task.id)).size).toBeGreaterThanOrEqual(30);
    expect(new Set(scenarioTasks.map((task) => task.scenario)).size).toBe(3);
    expect(scenarioTasks.filter((task) => task.expect === 'clarify').length).toBeGreaterThanOrEqual(6);
  });
});
