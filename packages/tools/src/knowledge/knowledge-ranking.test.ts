import { beforeAll, describe, expect, it } from 'vitest';
import { createKnowledgeBase, type KnowledgeBase } from './knowledge-base.js';

describe('ranking the built-in knowledge with BM25', () => {
  let base: KnowledgeBase;
  beforeAll(async () => {
    base = await createKnowledgeBase();
  });

  it.each([
    ['native select', 'native-selects.md', /^Native select dropdowns/],
    ['how do I choose an option in a native select with the keyboard', 'native-selects.md', /Choosing an option/],
    ['type a date into a date input', 'date-fields.md', /Typing a date/],
    ['clear a date field', 'date-fields.md', /Changing or clearing/],
    ['find a row in a long table', 'scrolling-long-tables.md', /Finding a row/],
    ['confirmation dialog confirm or cancel', 'dialogs-and-confirmations.md', /Answering a confirmation/],
    ['check the value was committed after typing', 'checking-committed-values.md', /./],
    ['where does a downloaded file go', 'browser-downloads.md', /Where the file goes/],
    ['open a terminal on Xfce', 'linux-desktop-shortcuts.md', /Xfce/],
    ['command hangs waiting for input in a pager', 'terminal-basics.md', /must not wait for input/],
    ['restart machines in Fleet Monitor', 'app-machine-status.md', /Restarting machines/],
    ['submit an expense report and get a reference number', 'app-expense-report.md', /./],
    ['export the sales chart as CSV', 'app-sales-charts.md', /Exporting/],
  ])('"%s" finds %s first', (query, file, heading) => {
    const [first] = base.search(query);
    expect(first, `no result for "${query}"`).toBeDefined();
    expect(first!.file).toBe(file);
    expect(first!.heading).toMatch(heading);
    expect(first!.source).toBe('built-in');
  });

  it('returns results best first, at most the limit, with excerpts of the section', () => {
    const hits = base.search('keyboard shortcut to select', { limit: 5 });
    expect(hits).toHaveLength(5);
    const scores = hits.map((hit) => hit.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const hit of hits) expect(hit.excerpt.length).toBeGreaterThan(20);
  });

  it('keeps the limit within 1 to 10 whatever is asked', () => {
    expect(base.search('select', { limit: 100 }).length).toBeLessThanOrEqual(10);
    expect(base.search('select', { limit: 0 })).toHaveLength(1);
  });

  it('finds nothing for a question made only of filler words or unknown words', () => {
    expect(base.search('how do I do it')).toEqual([]);
    expect(base.search('zyxwvut qqqq')).toEqual([]);
  });
});
