import { createHandle } from '@sandpiper/core';
import type { AccessibilityNode } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { node, performedOf, screenOf, stepOf } from '../test-support/screens.js';
import { createEvidenceReflector } from './evidence-reflector.js';
import { click } from './test-pairs.js';

const page = [
  node('heading', 'Reports', [20, 20, 300, 30]),
  node('StaticText', 'Quarterly report', [20, 80, 200, 20]),
  node('button', 'Archive', [240, 80, 80, 24]),
];

function check(after: AccessibilityNode[]) {
  return createEvidenceReflector().check(createHandle(), {
    step: stepOf("Archive 'Quarterly report'"),
    performed: performedOf(click(280, 92)),
    before: screenOf({ nodes: page }),
    after: screenOf({ nodes: after }),
  });
}

describe('news after a command', () => {
  it('confirms the command when it names the verb', async () => {
    const result = await check([...page, node('StaticText', 'Quarterly report archived.', [20, 400, 300, 20])]);
    expect(result).toMatchObject({ passed: true, evidence: expect.stringContaining("'Quarterly report archived.'") });
  });

  it('is no confirmation when it says the command went wrong', async () => {
    for (const text of ['Archive failed: try again later.', 'Could not archive the report']) {
      const result = await check([...page, node('StaticText', text, [20, 400, 300, 20])]);
      expect(result.evidence, text).not.toContain('the page says');
    }
  });
});
