import type { PlanEdit } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { testPlan } from '../test-support/run-events.js';
import { countEdits, describeEdit } from './describe-edits.js';

/** Two steps done, three pending: the pending ones are numbered 3 to 5, as the step list shows them. */
const plan = {
  ...testPlan('p1', ["Click 'Restart selected'", "Click 'Confirm'", 'Press Tab']),
  completed: [
    { id: 'd1', text: "Select 'Error' from the 'Status' dropdown", status: 'completed' as const },
    { id: 'd2', text: "Check the 'Select all' checkbox", status: 'completed' as const },
  ],
};

describe('edits in words', () => {
  it.each([
    [{ type: 'rewrite', stepId: 's2', text: "Click 'Cancel'" }, "Step 4 “Click 'Confirm'” becomes “Click 'Cancel'”."],
    [{ type: 'add', index: 3, text: 'scroll to the top' }, 'New step 6: “scroll to the top”.'],
    [{ type: 'remove', stepId: 's3' }, 'Step 5 “Press Tab” is removed.'],
    [{ type: 'move', stepId: 's3', toIndex: 0 }, 'Step 5 “Press Tab” moves to position 3.'],
    [
      { type: 'patch', fromStepId: 's1', count: 2, steps: [{ text: 'Press Enter' }] },
      '2 steps from step 3 are replaced by 1 new step.',
    ],
    [
      { type: 'replace-pending', steps: [{ text: 'a' }, { text: 'b' }] },
      'Every step not done yet is replaced by 2 new steps.',
    ],
    [{ type: 'set-constraints', constraints: ['only Error machines'] }, 'The constraints become 1 constraint.'],
  ] satisfies [PlanEdit, string][])('describes %j against the steps shown', (edit, sentence) => {
    expect(describeEdit(edit, plan)).toBe(sentence);
  });

  it('names a step the plan no longer has by its id', () => {
    expect(describeEdit({ type: 'remove', stepId: 'gone' }, plan)).toBe('Step gone is removed.');
  });

  it('counts edits by kind, in the order they first appear', () => {
    const edits: PlanEdit[] = [
      { type: 'rewrite', stepId: 's1', text: 'a' },
      { type: 'add', index: 0, text: 'b' },
      { type: 'add', index: 1, text: 'c' },
    ];
    expect(countEdits(edits)).toBe('1 rewrite, 2 additions');
  });
});
