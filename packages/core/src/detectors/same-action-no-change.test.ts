import { describe, expect, it } from 'vitest';
import { BASE_SCREEN, click, entry, flipped, press, wait } from './detector-test-support.js';
import { sameActionNoChange } from './same-action-no-change.js';

describe('sameActionNoChange (loop breaker tier 1)', () => {
  it('fires after the same click twice with no visible change, and blocks the mouse', () => {
    const detection = sameActionNoChange([
      entry(click('Open'), { changed: true }),
      entry(click('Save')),
      entry(click('Save')),
    ]);
    expect(detection).toMatchObject({
      fired: true,
      detector: 'same-action-no-change',
      pattern: 'SAME_ACTION_NO_CHANGE_N2',
      evidence: { count: 2, start: 1, blockedModality: 'mouse', alternatives: ['keyboard', 'menu', 'command'] },
    });
  });

  it('near miss: the same click twice where the second one changed the screen does not fire', () => {
    const history = [entry(click('Save')), entry(click('Save'), { changed: true, screen: flipped(BASE_SCREEN, 12) })];
    expect(sameActionNoChange(history).fired).toBe(false);
  });

  it('near miss: two dead clicks on different targets do not fire', () => {
    expect(sameActionNoChange([entry(click('Save')), entry(click('Submit'))]).fired).toBe(false);
  });

  it('blocks the keyboard after a dead shortcut and suggests the menu first', () => {
    const detection = sameActionNoChange([entry(press('Control', 's')), entry(press('ctrl', 'S'))]);
    expect(detection.fired && detection.evidence.blockedModality).toBe('keyboard');
    expect(detection.fired && detection.evidence.alternatives[0]).toBe('menu');
  });

  it('never fires on waits, which are not an interaction', () => {
    expect(sameActionNoChange([entry(wait()), entry(wait()), entry(wait())]).fired).toBe(false);
  });

  it('never fires on a history shorter than its window', () => {
    expect(sameActionNoChange([]).fired).toBe(false);
    expect(sameActionNoChange([entry(click('Save'))]).fired).toBe(false);
  });
});
