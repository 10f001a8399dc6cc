import { describe, expect, it } from 'vitest';
import { getScenario, scenarioNames, scenarios, scenarioTasks } from '../src/index.js';
import { parseInstruction } from './instruction-grammar.js';

describe('the task catalog', () => {
  it('has at least 36 tasks, 10 per scenario, with unique ids', () => {
    expect(scenarioTasks.length).toBeGreaterThanOrEqual(36);
    for (const name of scenarioNames) {
      expect(scenarioTasks.filter((task) => task.scenario === name).length).toBeGreaterThanOrEqual(10);
    }
    expect(new Set(scenarioTasks.map((task) => task.id)).size).toBe(scenarioTasks.length);
  });

  it('writes every success and refused task entirely in the planner grammar', () => {
    const outside = scenarioTasks
      .filter((task) => task.expect !== 'clarify')
      .flatMap((task) =>
        parseInstruction(task.instruction)
          .filter((clause) => clause.command === undefined)
          .map((clause) => `${task.id}: "${clause.clause}"`),
      );
    expect(outside).toEqual([]);
  });

  it('gives every clarify task a clause outside the grammar, at least six of them', () => {
    const clarify = scenarioTasks.filter((task) => task.expect === 'clarify');
    expect(clarify.length).toBeGreaterThanOrEqual(6);
    for (const task of clarify) {
      expect(
        parseInstruction(task.instruction).some((clause) => clause.command === undefined),
        task.id,
      ).toBe(true);
    }
  });

  it('covers a surprise notice, scrolling and typed dates in every scenario', () => {
    for (const name of scenarioNames) {
      const tasks = scenarioTasks.filter((task) => task.scenario === name);
      expect(
        tasks.some((task) => task.surprise && /click 'Dismiss'/.test(task.instruction)),
        name,
      ).toBe(true);
      expect(
        tasks.some((task) => /scroll/.test(task.instruction)),
        name,
      ).toBe(true);
    }
    const datedScenarios = new Set(
      scenarioTasks.filter((task) => /'\d{2}\/\d{2}\/\d{4}'/.test(task.instruction)).map((task) => task.scenario),
    );
    expect([...datedScenarios].sort()).toEqual(['expense-report', 'sales-charts']);
  });

  it('lists each scenario with a default task that is one of the tasks', () => {
    expect(scenarios.map((scenario) => scenario.name)).toEqual([...scenarioNames]);
    for (const scenario of scenarios) {
      const task = scenarioTasks.find((candidate) => candidate.id === scenario.defaultTaskId);
      expect(task?.instruction).toBe(scenario.defaultTask);
      expect(task?.expect).toBe('success');
      expect(task?.scenario).toBe(scenario.name);
      expect(scenario.path).toBe(`/${scenario.name}/`);
    }
    expect(getScenario('machine-status')?.title).toBe('Machine status');
    expect(getScenario('expense-form')).toBeUndefined();
  });

  it('fails success checks and passes clarify checks when the app reported nothing', () => {
    for (const task of scenarioTasks) {
      const result = task.check(undefined);
      expect(result.ok, task.id).toBe(task.expect === 'clarify');
      expect(result.detail.length).toBeGreaterThan(0);
    }
  });

  it('fails every check on a state that does not match the schema, naming the field', () => {
    const result = scenarioTasks[0]!.check({ step: 'details' });
    expect(result.ok).toBe(false);
    expect(result.detail).toMatch(/not a valid expense-report state \(fields:/);
  });
});
