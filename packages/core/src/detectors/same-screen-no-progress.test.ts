import { describe, expect, it } from 'vitest';
import { BASE_SCREEN, click, entry, flipped, press, repeat, wait } from './detector-test-support.js';
import { sameScreenNoProgress } from './same-screen-no-progress.js';

const tried = [entry(click('Save')), entry(press('Enter')), entry(click('Save', { x: 700, y: 20 }, 'menuitem'))];

describe('sameScreenNoProgress (loop breaker tier 2)', () => {
  it('fires when three different attempts leave the same screen, and lists what was tried', () => {
    const detection = sameScreenNoProgress([entry(click('Open'), { changed: true }), ...tried]);
    expect(detection).toMatchObject({
      fired: true,
      detector: 'same-screen-no-progress',
      pattern: 'SAME_SCREEN_N3',
      evidence: { count: 3, start: 1, distances: [0, 0, 0] },
    });
    expect(detection.fired && detection.evidence.unit).toHaveLength(3);
  });

  it('near miss: the same screen only twice does not fire', () => {
    expect(sameScreenNoProgress([entry(click('Open'), { changed: true }), ...tried.slice(1)]).fired).toBe(false);
  });

  it('near miss: an attempt that changed something visibly breaks the run', () => {
    const history = [tried[0]!, entry(press('Enter'), { changed: true }), tried[2]!];
    expect(sameScreenNoProgress(history).fired).toBe(false);
  });

  it('near miss: a screen farther than the threshold from the newest is another state', () => {
    const history = [entry(click('Save'), { screen: flipped(BASE_SCREEN, 9) }), tried[1]!, tried[2]!];
    expect(sameScreenNoProgress(history).fired).toBe(false);
  });

  it('waits on a loading screen need waitRepeats screens, not three', () => {
    expect(sameScreenNoProgress(repeat([entry(wait())], 4)).fired).toBe(false);
    expect(sameScreenNoProgress(repeat([entry(wait())], 5))).toMatchObject({ fired: true, pattern: 'SAME_SCREEN_N5' });
  });

  it('never fires on a history shorter than its window', () => {
    expect(sameScreenNoProgress([]).fired).toBe(false);
    expect(sameScreenNoProgress(tried.slice(0, 2)).fired).toBe(false);
  });
});
