import { describe, expect, it } from 'vitest';
import { reaches, scoreText } from './text-score.js';

describe('scoreText', () => {
  it('ranks the tiers from exact down to contained', () => {
    const scores = [
      scoreText('Save', 'save'),
      scoreText('harbour view inn in oslo', 'Harbour View Inn, Oslo'),
      scoreText('Save', 'Save changes'),
      scoreText('changes', 'Save changes now'),
      scoreText('save changes', 'Save'),
    ];
    expect(scores.map((score) => score?.tier)).toEqual(['exact', 'same-words', 'prefix', 'contains', 'contained']);
    const values = scores.map((score) => score!.score);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
  });

  it('reads a name with every word asked for in another order as containing it', () => {
    const reordered = scoreText('March 2024 invoice', 'Invoice March 2024 · €180.00');
    expect(reordered?.tier).toBe('contains');
    expect(reordered!.score).toBeGreaterThanOrEqual(0.7);
    // Below the same words in the order asked.
    expect(reordered!.score).toBeLessThan(scoreText('invoice march 2024', 'Invoice March 2024 · €180.00')!.score);
    // And above a name holding only part of them.
    expect(reordered!.score).toBeGreaterThan(scoreText('March 2024 invoice', '2024')!.score);
  });

  it('does not take a name missing one of the words, or another number, for a reordering', () => {
    expect(reaches(scoreText('March 2024 invoice', 'Invoice April 2024'), 'contains')).toBe(false);
    expect(reaches(scoreText('March 2025 invoice', 'Invoice March 2024'), 'contains')).toBe(false);
    expect(scoreText('Invoice 2025', 'Invoice 2024')).toBeUndefined();
  });

  it('takes no name inside the query that leaves out its code for a match', () => {
    // "guides" is where deploy.md is, not deploy.md.
    expect(scoreText('deploy.md in the guides folder', 'guides')).toBeUndefined();
    expect(scoreText('deploy.md in the guides folder', 'deploy.md')?.tier).toBe('contained');
    expect(scoreText('the Boiler B-02 row', 'Boiler')).toBeUndefined();
    // Without a code the query may hold the name.
    expect(scoreText('save changes', 'Save')?.tier).toBe('contained');
  });
});

describe('names made of marks alone', () => {
  it('match only themselves', () => {
    expect(scoreText('×', '×')?.tier).toBe('exact');
    expect(scoreText('×', '+')).toBeUndefined();
    expect(scoreText('Remove', '×')).toBeUndefined();
  });
});
