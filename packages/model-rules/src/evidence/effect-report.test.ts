import { createHandle } from '@sandpiper/core';
import { describe, expect, it } from 'vitest';
import { node, performedOf, screenOf, stepOf } from '../test-support/screens.js';
import { createEvidenceReflector } from './evidence-reflector.js';
import { click } from './test-pairs.js';

const files = [
  node('tree', 'Files', [10, 50, 300, 300], { ref: 'tree' }),
  node('treeitem', 'tests', [10, 60, 300, 24], { ref: 'tests', parent: 'tree', expanded: true }),
  node('treeitem', 'button.test.tsx', [30, 86, 280, 24], { ref: 'file', parent: 'tests' }),
  node('treeitem', 'README.md', [10, 112, 300, 24], { ref: 'readme', parent: 'tree' }),
];

async function checkDelete(message: string, left: ReturnType<typeof node>[]) {
  return createEvidenceReflector().check(createHandle(), {
    step: stepOf("Delete 'button.test.tsx'"),
    performed: performedOf(click(160, 98)),
    before: screenOf({ nodes: files }),
    after: screenOf({ nodes: [...left, node('status', message, [10, 400, 300, 20])] }),
  });
}

describe('a page reporting what a command did', () => {
  it('confirms the command when the report names its object', async () => {
    const check = await checkDelete('Deleted button.test.tsx.', [files[0]!, files[1]!, files[3]!]);
    expect(check.passed).toBe(true);
  });

  it('refuses the command when the report names another item that was on screen', async () => {
    const check = await checkDelete('Deleted tests.', [files[0]!, files[3]!]);
    expect(check.passed).toBe(false);
    expect(check.evidence).toContain("that names 'tests', not 'button.test.tsx'");
  });
});
