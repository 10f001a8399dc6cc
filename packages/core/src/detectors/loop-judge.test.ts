import { describe, expect, it } from 'vitest';
import { click, entry, repeat, typeInto } from './detector-test-support.js';
import { applyLoopVerdict, isBlacklisted } from './loop-judge.js';

const summary = click('Summary', undefined, 'tab');
const details = click('Details', undefined, 'tab');

describe('applyLoopVerdict and isBlacklisted (loop breaker tier 3)', () => {
  it('a switch verdict blacklists both sides of an oscillation for the next decision', () => {
    const effect = applyLoopVerdict(
      { verdict: 'switch', reason: 'cycling between two tabs' },
      repeat([entry(summary), entry(details)], 3),
    );
    expect(effect.blacklist).toEqual([summary, details]);
    expect(isBlacklisted(click('summary', { x: 900, y: 9 }), effect.blacklist)).toBe(true);
  });

  it('near miss: a keep verdict on the same history blacklists nothing', () => {
    const effect = applyLoopVerdict(
      { verdict: 'keep', reason: 'progressing' },
      repeat([entry(summary), entry(details)], 3),
    );
    expect(effect.blacklist).toEqual([]);
  });

  it('a switch verdict with nothing repeated blacklists the last action', () => {
    const history = ['First name', 'Last name', 'Email'].map((field) => entry(typeInto(field)));
    expect(applyLoopVerdict({ verdict: 'switch', reason: 'wrong form' }, history).blacklist).toEqual([
      typeInto('Email'),
    ]);
  });

  it('looks back only judgeWindow entries for repeated actions', () => {
    const history = [
      entry(summary),
      entry(summary),
      ...['A', 'B', 'C', 'D', 'E', 'F'].map((label) => entry(click(label))),
    ];
    expect(applyLoopVerdict({ verdict: 'switch', reason: 'x' }, history).blacklist).toEqual([click('F')]);
  });

  it('an empty history gives an empty blacklist; an action not on the list is allowed', () => {
    expect(applyLoopVerdict({ verdict: 'switch', reason: 'x' }, []).blacklist).toEqual([]);
    expect(isBlacklisted(click('History', undefined, 'tab'), [summary, details])).toBe(false);
  });
});
