import { describe, expect, it } from 'vitest';
import { faultEffects, plantedTasks, scenarioFaults, scenarioNames, scenarioTasks } from '../src/index.js';
import { parseInstruction } from './instruction-grammar.js';

describe('the planted tasks of the false-completion benchmark', () => {
  it('has at least 12 planted tasks across the three apps, apart from the built-in tasks', () => {
    const planted = plantedTasks.filter((task) => task.outcome !== 'control');
    expect(planted.length).toBeGreaterThanOrEqual(12);
    for (const name of scenarioNames) expect(planted.some((task) => task.scenario === name)).toBe(true);
    const ids = plantedTasks.map((task) => task.id);
    expect(new Set(ids).size).toBe(ids.length);
    const builtIn = new Set(scenarioTasks.map((task) => task.id));
    expect(ids.filter((id) => builtIn.has(id))).toEqual([]);
    expect(scenarioTasks.every((task) => task.fault === undefined)).toBe(true);
  });

  it('plants every fault, with repairable and unrepairable tasks, and adds fault-free controls', () => {
    const planted = plantedTasks.filter((task) => task.outcome !== 'control');
    expect(new Set(planted.map((task) => task.fault))).toEqual(new Set(scenarioFaults));
    expect(planted.every((task) => task.fault !== undefined)).toBe(true);
    expect(planted.filter((task) => task.outcome === 'repairable').length).toBeGreaterThanOrEqual(3);
    expect(planted.filter((task) => task.outcome === 'unrepairable').length).toBeGreaterThanOrEqual(3);
    const controls = plantedTasks.filter((task) => task.outcome === 'control');
    expect(controls.length).toBeGreaterThanOrEqual(3);
    for (const control of controls) {
      expect(control.fault).toBeUndefined();
      const twin = planted.find((task) => task.id === control.id.replace('/control-', '/'));
      expect(twin?.instruction, control.id).toBe(control.instruction);
    }
  });

  it('writes every instruction in the planner grammar and asks for success', () => {
    for (const task of plantedTasks) {
      expect(task.expect, task.id).toBe('success');
      const outside = parseInstruction(task.instruction).filter((clause) => clause.command === undefined);
      expect(outside, task.id).toEqual([]);
    }
  });

  it('describes what every fault does in every app', () => {
    for (const fault of scenarioFaults) {
      for (const name of scenarioNames)
        expect(faultEffects[fault][name].length, `${fault} ${name}`).toBeGreaterThan(20);
    }
  });

  it('fails every check when the app reported nothing', () => {
    for (const task of plantedTasks) expect(task.check(undefined).ok, task.id).toBe(false);
  });
});
