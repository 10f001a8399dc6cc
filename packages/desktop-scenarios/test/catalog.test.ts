import { describe, expect, it } from 'vitest';
import { desktopScenarios, desktopTasks, getDesktopTask, UnknownDesktopScenarioError } from '../src/index.js';
import { solutions } from './solutions/index.js';

describe('the desktop task catalog', () => {
  it('has at least 22 tasks with unique ids, each prefixed with its scenario', () => {
    expect(desktopTasks.length).toBeGreaterThanOrEqual(22);
    expect(new Set(desktopTasks.map((task) => task.id)).size).toBe(desktopTasks.length);
    for (const task of desktopTasks) expect(task.id.startsWith(`${task.scenario}/`), task.id).toBe(true);
  });

  it('has at least three clarify tasks, and at least one per scenario', () => {
    const clarify = desktopTasks.filter((task) => task.expect === 'clarify');
    expect(clarify.length).toBeGreaterThanOrEqual(3);
    for (const scenario of desktopScenarios) {
      expect(
        clarify.some((task) => task.scenario === scenario.name),
        scenario.name,
      ).toBe(true);
    }
  });

  it('has at least two tasks that save through the "Keep current format" question, exactly those not in OpenDocument', () => {
    const keep = desktopTasks.filter((task) => task.keepFormatDialog);
    expect(keep.length).toBeGreaterThanOrEqual(2);
    for (const task of desktopTasks) expect(task.keepFormatDialog, task.id).toBe(!['ods', 'odt'].includes(task.format));
  });

  it('uses every scenario, each in a format it can be prepared in', () => {
    for (const scenario of desktopScenarios) {
      const tasks = desktopTasks.filter((task) => task.scenario === scenario.name);
      expect(tasks.length, scenario.name).toBeGreaterThanOrEqual(5);
      for (const task of tasks) expect(scenario.formats, task.id).toContain(task.format);
    }
  });

  it('writes instructions as a person would: one or two plain sentences, no placeholders', () => {
    for (const task of desktopTasks) {
      expect(task.instruction, task.id).toMatch(/^[A-Z].{10,140}[.]$/);
      expect(task.instruction, task.id).not.toMatch(/[{}<>]|TODO/);
    }
  });

  it('has a reference solution for every success task and none for anything else', () => {
    const success = desktopTasks.filter((task) => task.expect === 'success').map((task) => task.id);
    expect([...solutions.keys()].sort()).toEqual(success.sort());
  });

  it('finds a task by id and names the valid ids for an unknown one', () => {
    expect(getDesktopTask('sensor-log/temperature-chart').scenario).toBe('sensor-log');
    expect(() => getDesktopTask('sensor-log/nope')).toThrow(UnknownDesktopScenarioError);
    expect(() => getDesktopTask('sensor-log/nope')).toThrow(/incident-sheet\/sort-by-severity/);
  });
});
