import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_KNOWLEDGE_DIRECTORY, createKnowledgeBase } from './knowledge-base.js';

describe('the built-in knowledge files', () => {
  it('are all indexed, each with several sections, and nothing is skipped', async () => {
    const base = await createKnowledgeBase();
    const onDisk = readdirSync(BUILT_IN_KNOWLEDGE_DIRECTORY).filter(
      (name) => name.endsWith('.md') && name !== 'README.md',
    );
    expect(onDisk.length).toBeGreaterThanOrEqual(9);
    expect(base.skipped).toEqual([]);
    expect(base.files.map((file) => file.file).sort()).toEqual(onDisk.sort());
    for (const file of base.files) expect(file.sections, file.file).toBeGreaterThanOrEqual(3);
  });

  it('cover each built-in scenario app', async () => {
    const base = await createKnowledgeBase();
    expect(base.search('Northwind Expenses expense report')[0]?.file).toBe('app-expense-report.md');
    expect(base.search('Fleet Monitor machine status')[0]?.file).toBe('app-machine-status.md');
    expect(base.search('Sales Insights sales charts')[0]?.file).toBe('app-sales-charts.md');
  });
});
