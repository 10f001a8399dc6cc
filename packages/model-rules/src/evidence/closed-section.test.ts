import { createHandle, type PerformedAction } from '@sandpiper/core';
import type { AccessibilityNode } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { node, performedOf, screenOf, stepOf } from '../test-support/screens.js';
import { createEvidenceReflector } from './evidence-reflector.js';
import { click } from './test-pairs.js';

// A page of questions; the open one shows its answer under its header button.
const faq = (expanded: boolean, top = 100): AccessibilityNode[] => [
  node('heading', 'What payment methods do you accept?', [100, top, 600, 40], { ref: 'h' }),
  node('button', 'What payment methods do you accept?', [100, top, 600, 40], { parent: 'h', expanded }),
  ...(expanded ? [node('text', 'Visa, Mastercard and PayPal.', [100, top + 50, 600, 20])] : []),
];
const escape: PerformedAction = {
  action: { type: 'key', keys: ['Escape'] },
  summary: 'Closing it with Escape',
  ok: true,
};

function check(before: AccessibilityNode[], after: AccessibilityNode[], performed: PerformedAction[]) {
  return createEvidenceReflector().check(createHandle(), {
    step: stepOf("Close the 'payment methods' section"),
    performed,
    before: screenOf({ nodes: before }),
    after: screenOf({ nodes: after }),
  });
}

describe('closing a section', () => {
  it('is done when the section is collapsed', async () => {
    const result = await check(faq(true), faq(false), performedOf(click(400, 120)));
    expect(result).toMatchObject({ passed: true, evidence: expect.stringContaining('collapsed') });
  });

  it('is not done when the section was only out of view, before and after', async () => {
    const result = await check(faq(true, 2000), faq(true, 2000), [escape]);
    expect(result.passed).toBe(false);
  });
});
