import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testbedTasks } from '../src/index.js';

/**
 * The readable instruction sets written apart from the tasks (the held-out set is never read
 * here), and how many instructions each gives a task: `fresh2` left out the few of its texts that
 * came out nearly the same as a held-out one, so some of its tasks have one.
 */
const sets = { probe: { most: 3, least: 3 }, fresh: { most: 2, least: 2 }, fresh2: { most: 2, least: 1 } } as const;
const styles = new Set(['terse', 'polite', 'goal', 'lower', 'quoted', 'casual', 'multi']);
const quoteMarks = /['"‘’“”]/;

interface Entry {
  readonly taskId: string;
  readonly style: string;
  readonly text: string;
}

function read(folder: string): Entry[] {
  const file = fileURLToPath(new URL(`../${folder}/instructions.json`, import.meta.url));
  return JSON.parse(readFileSync(file, 'utf8')) as Entry[];
}

describe.each(Object.entries(sets))('the %s instructions', (folder, perTask) => {
  const entries = read(folder);

  it(`give every task ${perTask.least} to ${perTask.most} instructions, in different styles`, () => {
    expect(entries.every((entry) => testbedTasks.some((task) => task.id === entry.taskId))).toBe(true);
    for (const task of testbedTasks) {
      const own = entries.filter((entry) => entry.taskId === task.id);
      expect(own.length, task.id).toBeGreaterThanOrEqual(perTask.least);
      expect(own.length, task.id).toBeLessThanOrEqual(perTask.most);
      expect(new Set(own.map((entry) => entry.style)).size, task.id).toBe(own.length);
    }
  });

  it('keep to their style, and no text appears twice', () => {
    for (const entry of entries) {
      expect(styles.has(entry.style), entry.style).toBe(true);
      expect(entry.text.trim(), entry.taskId).not.toBe('');
      if (entry.style === 'lower') expect(/[A-Z]|['"‘’“”]/.test(entry.text), entry.text).toBe(false);
      if (entry.style === 'quoted') expect(quoteMarks.test(entry.text), entry.text).toBe(true);
    }
    expect(new Set(entries.map((entry) => entry.text)).size).toBe(entries.length);
  });
});
