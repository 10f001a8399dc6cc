import { describe, expect, it } from 'vitest';
import { click, entry, moving, repeat, scrollDown } from './detector-test-support.js';
import { loopMetrics, markLoopSteps } from './loop-metrics.js';

describe('markLoopSteps', () => {
  it('marks the whole repeated span once the stuck detector fires, and nothing before it', () => {
    const history = [...moving([click('Open'), click('Menu')], 20), ...repeat([entry(click('Save'))], 4)];
    expect(markLoopSteps(history)).toEqual([false, false, true, true, true, true]);
  });

  it('near miss: a repetition that moves the screen marks nothing', () => {
    expect(markLoopSteps(moving([scrollDown(), scrollDown(), scrollDown(), scrollDown()], 8))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('loopMetrics', () => {
  it('computes LF over failed runs, LA over all runs and WSR over all steps', () => {
    const metrics = loopMetrics([
      { failed: true, steps: 10, loopSteps: 4 },
      { failed: true, steps: 10, loopSteps: 0 },
      { failed: false, steps: 20, loopSteps: 2 },
      { failed: false, steps: 10, loopSteps: 0 },
    ]);
    expect(metrics).toMatchObject({ loopFailed: 0.5, loopAll: 0.5, wastedStepRatio: 6 / 50, loopRuns: 2 });
  });

  it('gives undefined, not NaN, when a denominator is zero', () => {
    expect(loopMetrics([])).toMatchObject({ loopFailed: undefined, loopAll: undefined, wastedStepRatio: undefined });
    expect(loopMetrics([{ failed: false, steps: 0, loopSteps: 0 }]).loopFailed).toBeUndefined();
  });
});
