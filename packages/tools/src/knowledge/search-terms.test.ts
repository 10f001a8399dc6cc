import { describe, expect, it } from 'vitest';
import { stem, tokenize, toTerm } from './search-terms.js';

describe('query words and section words meet in one form', () => {
  it.each([
    ['selecting', 'selected', 'selects', 'select'],
    ['scrolling', 'scrolled', 'scrolls', 'scroll'],
    ['dates', 'date', 'dated', 'date'],
    ['boxes', 'box', 'box', 'box'],
    ['committed', 'commits', 'commit', 'commit'],
    ['presses', 'pressing', 'press', 'press'],
    ['goes', 'go', 'go', 'go'],
  ])('%s, %s and %s fold together', (a, b, c) => {
    expect(new Set([stem(a), stem(b), stem(c)]).size).toBe(1);
  });

  it('keeps words apart that only look alike', () => {
    expect(stem('status')).not.toBe(stem('stat'));
    expect(stem('press')).not.toBe(stem('pre'));
    expect(stem('tab')).not.toBe(stem('table'));
  });

  it('drops words without meaning in a question and splits on punctuation', () => {
    expect(tokenize('How do I pick "Finance" in a <select>?')).toEqual([
      'How',
      'do',
      'I',
      'pick',
      'Finance',
      'in',
      'a',
      'select',
    ]);
    expect(['How', 'do', 'I', 'pick', 'in', 'a'].map(toTerm)).toEqual([
      undefined,
      undefined,
      undefined,
      'pick',
      undefined,
      undefined,
    ]);
  });
});
