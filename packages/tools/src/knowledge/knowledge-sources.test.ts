import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createKnowledgeBase } from './knowledge-base.js';
import { MAX_KNOWLEDGE_FILE_BYTES } from './load-knowledge-files.js';

describe('where knowledge comes from', () => {
  const scratch: string[] = [];
  afterEach(() => {
    for (const directory of scratch.splice(0)) rmSync(directory, { recursive: true, force: true });
  });
  function directoryWith(files: Record<string, string | Uint8Array>): string {
    const directory = mkdtempSync(join(tmpdir(), 'knowledge-'));
    scratch.push(directory);
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(join(directory, name, '..'), { recursive: true });
      writeFileSync(join(directory, name), content);
    }
    return directory;
  }

  it('adds the user files to the built-in ones, and a user section wins on its own subject', async () => {
    const user = directoryWith({
      'payroll.md': '# Payroll portal\n\n## Approving timesheets\nOpen Timesheets, tick each week, press Approve.\n',
      'team/printers.md': '# Office printers\nThe third-floor printer is called Kestrel.\n',
    });
    const base = await createKnowledgeBase({ directories: [user] });
    const builtInOnly = await createKnowledgeBase();
    expect(base.sectionCount).toBe(builtInOnly.sectionCount + 2);
    expect(base.files.filter((file) => file.source === 'user').map((file) => file.file)).toEqual([
      'payroll.md',
      'team/printers.md',
    ]);

    const [timesheets] = base.search('approve timesheets in the payroll portal');
    expect(timesheets).toMatchObject({
      file: 'payroll.md',
      directory: user,
      source: 'user',
      heading: 'Payroll portal › Approving timesheets',
      excerpt: 'Open Timesheets, tick each week, press Approve.',
    });
    expect(base.search('Kestrel printer')[0]).toMatchObject({ file: 'team/printers.md', heading: 'Office printers' });
    expect(base.search('native select')[0]).toMatchObject({ file: 'native-selects.md', source: 'built-in' });
  });

  it('can leave the built-in knowledge out', async () => {
    const user = directoryWith({
      'only.md': '# Only note\nNative select boxes in our intranet need a double click.\n',
    });
    const base = await createKnowledgeBase({ directories: [user], builtIn: false });
    expect(base.files).toEqual([{ directory: user, file: 'only.md', source: 'user', sections: 1 }]);
    expect(base.search('native select').map((hit) => hit.file)).toEqual(['only.md']);
  });

  it('skips empty, binary, non-UTF-8, heading-only and oversized files, and says why', async () => {
    const user = directoryWith({
      'empty.md': '  \n\n',
      'binary.md': Uint8Array.from([0x23, 0x20, 0x00, 0x01, 0x02]),
      'latin1.md': Uint8Array.from([0x23, 0x20, 0x63, 0x61, 0x66, 0xe9]),
      'headings.md': '# One\n## Two\n',
      'huge.md': `# Huge\n${'word '.repeat(MAX_KNOWLEDGE_FILE_BYTES / 5 + 10)}`,
      'good.md': '# Good\nThis one is indexed.\n',
      'notes.txt': 'not markdown, not read',
      'README.md': '# About this folder\nExplains the folder.\n',
      '.draft.md': '# Hidden draft\nNot ready.\n',
    });
    const base = await createKnowledgeBase({ directories: [user], builtIn: false });
    expect(base.files.map((file) => file.file)).toEqual(['good.md']);
    const reasons = Object.fromEntries(base.skipped.map((entry) => [entry.path.slice(user.length + 1), entry.reason]));
    expect(reasons).toEqual({
      'binary.md': 'the file is binary, not markdown text',
      'empty.md': 'the file is empty',
      'headings.md': 'the file has no text under any heading',
      'huge.md': expect.stringMatching(/^the file has \d+ bytes, more than the 524288 allowed$/),
      'latin1.md': 'the file is not UTF-8 text',
    });
    expect(base.search('folder')).toEqual([]);
    expect(base.search('draft')).toEqual([]);
  });

  it('reports a user directory that does not exist and still serves the built-in knowledge', async () => {
    const missing = join(tmpdir(), 'sandpiper-no-such-knowledge-directory');
    const base = await createKnowledgeBase({ directories: [missing] });
    expect(base.skipped).toEqual([{ path: missing, reason: 'the directory does not exist' }]);
    expect(base.search('date field').length).toBeGreaterThan(0);
  });

  it('cuts long sections at a word boundary and marks the cut', async () => {
    const long = `${'alpha beta gamma '.repeat(200)}omega`;
    const user = directoryWith({ 'long.md': `# Long\n${long}\n` });
    const base = await createKnowledgeBase({ directories: [user], builtIn: false, excerptChars: 100 });
    const [hit] = base.search('omega');
    expect(hit!.excerpt.length).toBeLessThanOrEqual(102);
    expect(hit!.excerpt).toMatch(/(alpha|beta|gamma) …$/);
  });
});
