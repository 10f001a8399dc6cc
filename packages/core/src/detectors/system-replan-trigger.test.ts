import { describe, expect, it } from 'vitest';
import { defaultDetectorConfig } from './detector-config.js';
import { BASE_SCREEN, click, entry, flipped, moving, repeat, scrollDown, typeInto } from './detector-test-support.js';
import { systemReplanTrigger } from './system-replan-trigger.js';

describe('systemReplanTrigger', () => {
  it('fires when the same action repeats and the screen does not move', () => {
    const detection = systemReplanTrigger(repeat([entry(click('Save'))], 3));
    expect(detection).toMatchObject({
      fired: true,
      detector: 'system-replan-trigger',
      pattern: 'REPEAT_SEQ_L1_R3',
      evidence: { repeats: 3, visual: { maxDistance: 0 } },
    });
    expect(detection.fired && detection.reason).toMatch(/did not visibly change/);
  });

  it('near miss: the same repetition while the screen moves each time (scrolling a list) does not fire', () => {
    expect(systemReplanTrigger(moving([scrollDown(), scrollDown(), scrollDown(), scrollDown()], 6)).fired).toBe(false);
  });

  it('near miss: a still screen without repetition (similar fields, different labels) does not fire', () => {
    const history = ['First name', 'Last name', 'Email'].map((field) => entry(typeInto(field)));
    expect(systemReplanTrigger(history).fired).toBe(false);
  });

  it('fires on an oscillation between two different screens, comparing the ends of each repetition', () => {
    const tabs = [
      entry(click('Summary', undefined, 'tab'), { screen: BASE_SCREEN, changed: true }),
      entry(click('Details', undefined, 'tab'), { screen: flipped(BASE_SCREEN, 6), changed: true }),
    ];
    expect(systemReplanTrigger(repeat(tabs, 3))).toMatchObject({ fired: true, pattern: 'REPEAT_SEQ_L2_R3' });
    const plover = { ...defaultDetectorConfig, visualAlignment: 'consecutive' as const };
    expect(systemReplanTrigger(repeat(tabs, 3), plover).fired).toBe(false);
  });

  it('never fires on a history shorter than its window', () => {
    expect(systemReplanTrigger([]).fired).toBe(false);
    expect(systemReplanTrigger(repeat([entry(click('Save'))], 2)).fired).toBe(false);
  });
});
