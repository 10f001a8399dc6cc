import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testbedTasks } from '../src/index.js';

/** The readable instruction sets written apart from the tasks (the held-out set is never read here). */
const sets = { probe: 3, fresh: 2 } as const;
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

  it(`give every task ${perTask} instructions, in different styles`, () => {
    expect(entries).toHaveLength(testbedTasks.length * perTask);
    for (const task of testbedTasks) {
      const own = entries.filter((entry) => entry.taskId === task.id);
      expect(own, task.id).toHaveLength(perTask);
      expect(new Set(own.map((entry) => entry.style)).size, task.id).toBe(perTask);
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
