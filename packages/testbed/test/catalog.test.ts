import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  instructionStyles,
  libraries,
  testbedPageNames,
  testbedPages,
  testbedTasks,
  widgetKinds,
  type LibraryName,
} from '../src/index.js';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};

describe('the task catalog', () => {
  it('has at least 150 tasks with unique ids named after their page', () => {
    expect(testbedTasks.length).toBeGreaterThanOrEqual(150);
    expect(new Set(testbedTasks.map((task) => task.id)).size).toBe(testbedTasks.length);
    for (const task of testbedTasks) expect(task.id.startsWith(`${task.page}/`), task.id).toBe(true);
  });

  it('gives every task three to five instructions, each in a different style', () => {
    for (const task of testbedTasks) {
      const styles = task.instructions.map((instruction) => instruction.style);
      expect(styles.length, task.id).toBeGreaterThanOrEqual(3);
      expect(styles.length, task.id).toBeLessThanOrEqual(5);
      expect(new Set(styles).size, task.id).toBe(styles.length);
      for (const style of styles) expect(instructionStyles).toContain(style);
      for (const instruction of task.instructions) expect(instruction.text.trim(), task.id).not.toBe('');
    }
  });

  it('writes lower-style instructions in lower case without quotes, and quoted ones with quotes', () => {
    for (const task of testbedTasks) {
      for (const { style, text } of task.instructions) {
        if (style === 'lower') {
          expect(text, task.id).toBe(text.toLowerCase());
          expect(text, task.id).not.toMatch(/['"‘’“”]/);
        }
        if (style === 'quoted') expect(text, task.id).toMatch(/['"‘’“”]/);
      }
    }
  });

  it('names a known widget, library and page for every task', () => {
    for (const task of testbedTasks) {
      expect(widgetKinds, task.id).toContain(task.widget);
      expect(Object.keys(libraries), task.id).toContain(task.library);
      expect(testbedPageNames, task.id).toContain(task.page);
      const page = testbedPages.find((candidate) => candidate.name === task.page);
      expect(page?.libraries, task.id).toContain(task.library);
    }
  });

  it('covers at least five widget libraries besides plain HTML, and every page', () => {
    const used = new Set(testbedTasks.map((task) => task.library).filter((library) => library !== 'html'));
    expect(used.size).toBeGreaterThanOrEqual(5);
    for (const name of testbedPageNames) {
      expect(testbedTasks.filter((task) => task.page === name).length, name).toBeGreaterThanOrEqual(8);
    }
    expect(testbedPages.map((page) => page.name)).toEqual([...testbedPageNames]);
  });

  it('keeps ask and infeasible tasks near a tenth of the catalog', () => {
    const refusals = testbedTasks.filter((task) => task.expected !== 'done');
    expect(refusals.length / testbedTasks.length).toBeGreaterThan(0.07);
    expect(refusals.length / testbedTasks.length).toBeLessThan(0.16);
    expect(refusals.some((task) => task.expected === 'ask')).toBe(true);
    expect(refusals.some((task) => task.expected === 'infeasible')).toBe(true);
  });

  it('states every goal as one sentence', () => {
    for (const task of testbedTasks) {
      expect(task.goal, task.id).toMatch(/^\S.*\.['’"”]?$/s);
      expect(task.goal, task.id).not.toContain('\n');
    }
  });

  it('lists the library versions that package.json pins', () => {
    for (const [name, library] of Object.entries(libraries) as [LibraryName, { npm?: string; version?: string }][]) {
      if (library.npm === undefined) continue;
      expect(packageJson.dependencies[library.npm], name).toBe(library.version);
    }
  });

  it('judges a missing or foreign state as a failure, not a crash', () => {
    for (const task of testbedTasks) {
      expect(task.check(null).ok, task.id).toBe(false);
      expect(task.check({ page: 'elsewhere', data: {}, view: {} }).ok, task.id).toBe(false);
    }
  });
});
