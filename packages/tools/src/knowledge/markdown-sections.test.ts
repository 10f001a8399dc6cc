import { describe, expect, it } from 'vitest';
import { splitMarkdownSections } from './markdown-sections.js';

describe('splitting markdown into sections', () => {
  it('makes one section per heading with text, named by the heading path', () => {
    const sections = splitMarkdownSections(
      [
        'Intro before any heading.',
        '# Native selects',
        'Overview text.',
        '## By keyboard',
        'Type the first letters.',
        '### Deeper',
        'A detail.',
        '## By mouse',
        'Click the option.',
      ].join('\n'),
      'native selects',
    );
    expect(sections).toEqual([
      { heading: 'native selects', text: 'Intro before any heading.' },
      { heading: 'Native selects', text: 'Overview text.' },
      { heading: 'Native selects › By keyboard', text: 'Type the first letters.' },
      { heading: 'Native selects › By keyboard › Deeper', text: 'A detail.' },
      { heading: 'Native selects › By mouse', text: 'Click the option.' },
    ]);
  });

  it('skips headings without text but keeps them in the path of their subsections', () => {
    const sections = splitMarkdownSections('# Dates\n\n## Typing\nType MM/DD/YYYY.\n## Empty\n\n', 'dates');
    expect(sections).toEqual([{ heading: 'Dates › Typing', text: 'Type MM/DD/YYYY.' }]);
  });

  it('does not treat a shell comment inside a code fence as a heading', () => {
    const sections = splitMarkdownSections(
      '# Terminal\nList files:\n```bash\n# newest first\nls -lt\n```\nDone.',
      'terminal',
    );
    expect(sections).toHaveLength(1);
    expect(sections[0]!.text).toContain('# newest first');
    expect(sections[0]!.text).toContain('Done.');
  });

  it('ignores front matter, closing hashes and Windows line endings', () => {
    const sections = splitMarkdownSections('---\ntitle: x\n---\r\n## Dialogs ##\r\nPress Escape.\r\n', 'dialogs');
    expect(sections).toEqual([{ heading: 'Dialogs', text: 'Press Escape.' }]);
  });

  it('returns nothing for a document that is only headings', () => {
    expect(splitMarkdownSections('# One\n## Two\n', 'empty')).toEqual([]);
  });
});
