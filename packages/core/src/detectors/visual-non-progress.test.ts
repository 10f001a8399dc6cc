import { describe, expect, it } from 'vitest';
import { BASE_SCREEN, click, entry, flipped } from './detector-test-support.js';
import { visualNonProgress } from './visual-non-progress.js';

const at = (screen: bigint) => entry(click('Save'), { screen });

describe('visualNonProgress', () => {
  it('fires when the last three screens are within the threshold of one another', () => {
    const detection = visualNonProgress([at(BASE_SCREEN), at(flipped(BASE_SCREEN, 1)), at(BASE_SCREEN)]);
    expect(detection).toMatchObject({
      fired: true,
      detector: 'visual-non-progress',
      pattern: 'VISUAL_STABLE_W3',
      evidence: { distances: [1, 1], maxDistance: 1, indexes: [0, 1, 2] },
    });
  });

  it('near miss: one large jump inside the window clears it', () => {
    expect(visualNonProgress([at(BASE_SCREEN), at(flipped(BASE_SCREEN, 20)), at(flipped(BASE_SCREEN, 20))]).fired).toBe(
      false,
    );
  });

  it('looks only at the window: an old jump before it does not matter', () => {
    const history = [at(flipped(BASE_SCREEN, 30)), at(BASE_SCREEN), at(BASE_SCREEN), at(BASE_SCREEN)];
    expect(visualNonProgress(history).fired).toBe(true);
  });

  it('with a stride, compares the ends of repetitions: an oscillation between two screens fires', () => {
    const tabA = BASE_SCREEN;
    const tabB = flipped(BASE_SCREEN, 6);
    const history = [at(tabA), at(tabB), at(tabA), at(tabB), at(tabA), at(tabB)];
    expect(visualNonProgress(history).fired).toBe(false);
    expect(visualNonProgress(history, undefined, 2)).toMatchObject({
      fired: true,
      pattern: 'VISUAL_STABLE_W3_S2',
      evidence: { indexes: [1, 3, 5] },
    });
  });

  it('never fires on a history shorter than the window', () => {
    expect(visualNonProgress([]).fired).toBe(false);
    expect(visualNonProgress([at(BASE_SCREEN), at(BASE_SCREEN)]).fired).toBe(false);
    expect(
      visualNonProgress([at(BASE_SCREEN), at(BASE_SCREEN), at(BASE_SCREEN), at(BASE_SCREEN)], undefined, 2).fired,
    ).toBe(false);
  });
});
