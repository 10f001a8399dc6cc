import { describe, expect, it } from 'vitest';
import { click, entry, press, repeat, scrollDown } from './detector-test-support.js';
import { isActionAllowed, loopBreaker } from './loop-breaker.js';

const arrived = entry(click('Open'), { changed: true });
const deadSave = entry(click('Save'));

describe('loopBreaker', () => {
  it('continues when nothing repeats without effect', () => {
    expect(loopBreaker([arrived, entry(click('Save'), { changed: true })])).toEqual({ type: 'continue', tier: 0 });
  });

  it('tier 1: two dead clicks require another modality; a keyboard action is allowed, the mouse is not', () => {
    const decision = loopBreaker([arrived, deadSave, deadSave]);
    expect(decision).toMatchObject({ type: 'switch-modality', tier: 1, blockedModality: 'mouse' });
    expect(isActionAllowed(decision, press('Enter'))).toBe(true);
    expect(isActionAllowed(decision, scrollDown())).toBe(false);
  });

  it('escalates to tier 2 when the same screen comes back a third time, and bans every action tried on it', () => {
    const decision = loopBreaker([arrived, deadSave, deadSave, entry(press('Enter'))]);
    expect(decision).toMatchObject({ type: 'change-strategy', tier: 2, pattern: 'SAME_SCREEN_N3' });
    expect(isActionAllowed(decision, press('Enter'))).toBe(false);
    expect(isActionAllowed(decision, scrollDown())).toBe(true);
  });

  it('escalates to tier 3 when the judge says switch, whatever the lower tiers say', () => {
    const history = repeat([entry(click('Summary'), { changed: true }), entry(click('Details'), { changed: true })], 3);
    expect(loopBreaker(history).type).toBe('continue');
    const decision = loopBreaker(history, undefined, { verdict: 'switch', reason: 'cycling between tabs' });
    expect(decision).toMatchObject({ type: 'blacklist-action', tier: 3, pattern: 'JUDGE_SWITCH' });
    expect(isActionAllowed(decision, click('Details'))).toBe(false);
  });

  it('near miss: a keep verdict leaves the lower tiers in charge', () => {
    const decision = loopBreaker([arrived, deadSave, deadSave], undefined, { verdict: 'keep', reason: 'fine' });
    expect(decision.tier).toBe(1);
  });

  it('continues on an empty history, even with a switch verdict', () => {
    expect(loopBreaker([], undefined, { verdict: 'switch', reason: 'x' }).tier).toBe(0);
  });
});
