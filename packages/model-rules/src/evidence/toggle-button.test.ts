import { createHandle } from '@sandpiper/core';
import type { AccessibilityNode } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { node, performedOf, screenOf, stepOf } from '../test-support/screens.js';
import { createEvidenceReflector } from './evidence-reflector.js';
import { click } from './test-pairs.js';

// A message list whose rows each carry a "Star" toggle button (aria-pressed).
const list = (pressed: boolean): AccessibilityNode[] => [
  node('list', '', [200, 60, 400, 120], { ref: 'messages' }),
  node('listitem', '', [200, 60, 400, 56], { ref: 'm1', parent: 'messages' }),
  node('button', 'Lena Fischer · Team offsite in June', [200, 60, 360, 56], { parent: 'm1' }),
  node('button', 'Star', [560, 70, 36, 32], { parent: 'm1', pressed }),
];

function check(step: string, before: boolean, after: boolean) {
  return createEvidenceReflector().check(createHandle(), {
    step: stepOf(step),
    performed: performedOf(click(578, 86)),
    before: screenOf({ nodes: list(before) }),
    after: screenOf({ nodes: list(after) }),
  });
}

describe('a command carried out by a toggle button', () => {
  it('is done, read as a state, when the button named for it becomes pressed', async () => {
    const result = await check("Star the 'Lena Fischer' card", false, true);
    expect(result).toMatchObject({
      passed: true,
      basis: 'state',
      evidence: expect.stringContaining("'Star' is now pressed"),
    });
  });

  it('is not done when the button went the other way', async () => {
    const result = await check("Star the 'Lena Fischer' card", true, false);
    expect(result.passed).toBe(false);
    const undone = await check("Unstar the 'Lena Fischer' card", true, false);
    expect(undone).toMatchObject({ passed: true, basis: 'state' });
  });
});

describe('a toggle button that renames itself as it turns', () => {
  // "♥ Liked" while pressed, "♡ Like" when not, as many feeds label their like buttons.
  const post = (pressed: boolean): AccessibilityNode[] => [
    node('article', 'Sam Ortiz', [100, 60, 600, 200], { ref: 'p1' }),
    node('text', 'Morning swim at 6 a.m.', [120, 100, 300, 20], { parent: 'p1' }),
    node('button', pressed ? '♥ Liked' : '♡ Like', [120, 200, 88, 32], { parent: 'p1', pressed }),
  ];

  function checkUnlike(after: boolean) {
    return createEvidenceReflector().check(createHandle(), {
      step: stepOf("Unlike the 'Sam Ortiz' card"),
      performed: performedOf(click(160, 216)),
      before: screenOf({ nodes: post(true) }),
      after: screenOf({ nodes: post(after) }),
    });
  }

  it('is read where it was clicked', async () => {
    expect(await checkUnlike(false)).toMatchObject({
      passed: true,
      basis: 'state',
      evidence: expect.stringContaining("'♡ Like' is now not pressed"),
    });
    expect((await checkUnlike(true)).passed).toBe(false);
  });
});
