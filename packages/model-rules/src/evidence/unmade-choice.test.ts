import { createHandle } from '@sandpiper/core';
import type { Action } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { node, performedOf, screenOf, stepOf } from '../test-support/screens.js';
import { createEvidenceReflector } from './evidence-reflector.js';
import { unmadeChoice } from './judgment.js';
import { click } from './test-pairs.js';

/** A "Theme" group whose radios are named Light and Dark, with `checked` the one chosen. */
function themes(checked: 'Light' | 'Dark') {
  return screenOf({
    nodes: [
      node('group', 'Theme', [20, 400, 400, 80], { ref: 'g' }),
      node('StaticText', 'Theme', [24, 404, 60, 18], { parent: 'g' }),
      node('radio', 'Light', [30, 440, 16, 16], { parent: 'g', checked: checked === 'Light' }),
      node('radio', 'Dark', [130, 440, 16, 16], { parent: 'g', checked: checked === 'Dark' }),
    ],
  });
}

function check(after: ReturnType<typeof themes>, actions: Action[]) {
  return createEvidenceReflector().check(createHandle(), {
    step: stepOf("Set 'theme' to 'dark'"),
    performed: performedOf(...actions),
    before: themes('Light'),
    after,
  });
}

describe('a value that names a choice', () => {
  it('is not set while the choice named like it is not made, though its name is on screen', () => {
    const nodes = themes('Light').capture.accessibility ?? [];
    expect(unmadeChoice(nodes, 'dark')).toMatchObject({ role: 'radio', name: 'Dark' });
    expect(unmadeChoice(themes('Dark').capture.accessibility ?? [], 'dark')).toBeUndefined();
    expect(unmadeChoice(nodes, 'Blue')).toBeUndefined();
  });

  it('is set once the choice is made', async () => {
    const result = await check(themes('Dark'), [click(138, 448)]);
    // (When the field is found only by its text on screen, the value's text alone is not taken for it.)
    expect(result).toMatchObject({ passed: true, evidence: expect.stringMatching(/selected/) });
  });
});
