import { describe, expect, it } from 'vitest';
import { defaultDetectorConfig } from './detector-config.js';
import { click, entry, repeat, typeInto, wait } from './detector-test-support.js';
import { repeatedSubsequence } from './repeated-subsequence.js';

const save = entry(click('Save'));
const summary = entry(click('Summary', undefined, 'tab'));
const details = entry(click('Details', undefined, 'tab'));

describe('repeatedSubsequence', () => {
  it('fires when one action is repeated R times at the end of the history', () => {
    const detection = repeatedSubsequence([entry(click('Open')), ...repeat([save], 3)]);
    expect(detection).toMatchObject({
      fired: true,
      detector: 'repeated-subsequence',
      pattern: 'REPEAT_SEQ_L1_R3',
      evidence: { length: 1, repeats: 3, start: 1 },
    });
  });

  it('near miss: R-1 repetitions do not fire', () => {
    expect(repeatedSubsequence([entry(click('Open')), ...repeat([save], 2)]).fired).toBe(false);
  });

  it('fires on an oscillation between two actions (L2) and reports the unit', () => {
    const detection = repeatedSubsequence(repeat([summary, details], 3));
    expect(detection.fired && detection.pattern).toBe('REPEAT_SEQ_L2_R3');
    expect(detection.fired && detection.evidence.unit).toEqual([summary.action, details.action]);
  });

  it('near miss: an oscillation broken by one different action in its first copy does not fire', () => {
    const history = [summary, entry(click('History', undefined, 'tab')), ...repeat([summary, details], 2)];
    expect(repeatedSubsequence(history).fired).toBe(false);
  });

  it('finds a unit of three repeated three times', () => {
    const unit = [entry(typeInto('Email')), entry(click('Submit')), entry(click('OK'))];
    expect(repeatedSubsequence(repeat(unit, 3))).toMatchObject({ fired: true, pattern: 'REPEAT_SEQ_L3_R3' });
  });

  it('reports the shortest unit: six identical clicks are one action repeated six times', () => {
    expect(repeatedSubsequence(repeat([save], 6))).toMatchObject({ fired: true, pattern: 'REPEAT_SEQ_L1_R6' });
  });

  it('does not look for units longer than maxSubsequenceLength', () => {
    const unit = [entry(typeInto('Email')), entry(click('Submit')), entry(click('OK'))];
    expect(repeatedSubsequence(repeat(unit, 3), { ...defaultDetectorConfig, maxSubsequenceLength: 2 }).fired).toBe(
      false,
    );
  });

  it('is patient with waits: four waits do not fire, five do', () => {
    expect(repeatedSubsequence(repeat([entry(wait())], 4)).fired).toBe(false);
    expect(repeatedSubsequence(repeat([entry(wait())], 5))).toMatchObject({ fired: true, pattern: 'REPEAT_SEQ_L1_R5' });
  });

  it('never fires on a history shorter than L·R, including an empty one', () => {
    expect(repeatedSubsequence([]).fired).toBe(false);
    expect(repeatedSubsequence([save, save]).fired).toBe(false);
  });
});
