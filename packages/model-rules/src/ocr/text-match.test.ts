import { describe, expect, it } from 'vitest';
import { ocrLine } from '../test-support/ocr-lines.js';
import { DEFAULT_MIN_SCORE, findTextMatches, normalizeForMatch, similarity } from './index.js';

describe('findTextMatches', () => {
  it('matches a phrase across words, ignoring case, with the box spanning the words', () => {
    const [match] = findTextMatches([ocrLine('Employee name')], 'employee NAME');
    expect(match).toMatchObject({ text: 'Employee name', score: 1, coverage: 1 });
    expect(match?.box).toEqual({ x: 0, y: 0, width: 126, height: 10 });
  });

  it('matches only the label part of a line and reports partial coverage', () => {
    const [match] = findTextMatches([ocrLine('Employee name (as on passport)')], 'Employee name');
    expect(match?.text).toBe('Employee name');
    expect(match?.score).toBe(1);
    expect(match?.coverage).toBeLessThan(0.6);
  });

  it('treats the query as the target text only: a described target does not match', () => {
    expect(findTextMatches([ocrLine('Employee name')], 'employee name field')).toEqual([]);
    expect(findTextMatches([ocrLine('Employee name')], 'employee name')).toHaveLength(1);
  });

  it.each([
    ['Name:', 'Name'],
    ['Email *', 'Email'],
    ['"Submit"', 'Submit'],
    ['0rder', 'Order'],
    ['Emai1', 'Email'],
    ['EmaiI', 'Email'],
    ['Log|n', 'Login'],
    ['Subrnit', 'Submit'],
    ['Sa5ve', 'Sa5ve'],
    ['Reset pass word', 'Reset password'],
    ['Employeename', 'Employee name'],
    ['vvork phone', 'Work phone'],
  ])('reads %j as an exact match for %j', (ocrText, query) => {
    expect(findTextMatches([ocrLine(ocrText)], query)[0]?.score).toBe(1);
  });

  it('accepts one stray character in a short word but not a different word', () => {
    const score = findTextMatches([ocrLine('Emaill')], 'Email')[0]?.score ?? 0;
    expect(score).toBeGreaterThanOrEqual(DEFAULT_MIN_SCORE);
    expect(score).toBeLessThan(1);
    expect(findTextMatches([ocrLine('Cancel')], 'Submit')).toEqual([]);
    expect(findTextMatches([ocrLine('Employee')], 'Employee name')).toEqual([]);
  });

  it('ranks a whole-line match before the same words inside running text', () => {
    const lines = [ocrLine('Press Submit when you are done', 0), ocrLine('Submit', 40)];
    const matches = findTextMatches(lines, 'Submit');
    expect(matches.map((match) => match.line.text)).toEqual(['Submit', 'Press Submit when you are done']);
  });

  it('ranks a better score first, whatever the line', () => {
    const matches = findTextMatches([ocrLine('Cancal', 0), ocrLine('Cancel', 40)], 'Cancel');
    expect(matches.map((match) => match.text)).toEqual(['Cancel', 'Cancal']);
  });

  it('reports each occurrence in a line once', () => {
    const matches = findTextMatches([ocrLine('Save and Save')], 'Save');
    expect(matches.map((match) => match.box.x)).toEqual([0, 82]);
  });

  it('finds nothing for a query without letters or digits', () => {
    expect(findTextMatches([ocrLine('Submit')], ' :: ')).toEqual([]);
  });

  it('honours a custom threshold', () => {
    expect(findTextMatches([ocrLine('Emaill')], 'Email', { minScore: 0.95 })).toEqual([]);
  });
});

describe('normalizeForMatch and similarity', () => {
  it('folds confusable characters the same way on both sides', () => {
    expect(normalizeForMatch('C0nfirm 1D:')).toBe(normalizeForMatch('Confirm ID'));
    expect(normalizeForMatch('Modern')).toBe(normalizeForMatch('Modem'));
  });

  it('is 1 minus the edit distance over the longer length', () => {
    expect(similarity('abcd', 'abcd')).toBe(1);
    expect(similarity('abcd', 'abce')).toBe(0.75);
    expect(similarity('', '')).toBe(1);
    expect(similarity('abc', '')).toBe(0);
  });
});
