import type { PlanVersion, Step } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { advancePlan } from './advance-plan.js';
import { checkPrefixPreserved } from './check-prefix-preserved.js';
import { buildPlan, createSequentialIds, deepFreeze, FORM_STEPS } from './plan-test-support.js';

const parent = deepFreeze(buildPlan(createSequentialIds(), FORM_STEPS, 2));

function child(changes: { completed?: Step[]; pending?: Step[] }): PlanVersion {
  return { ...parent, id: 'plan-child', number: 2, parentId: parent.id, state: 'proposal', ...changes };
}

const [first, second] = parent.completed as [Step, Step];

describe('checkPrefixPreserved', () => {
  it('accepts a child that keeps the completed steps and changes only pending ones', () => {
    expect(checkPrefixPreserved(parent, child({ pending: [{ id: 'step-9', text: 'New', status: 'pending' }] }))).toBe(
      undefined,
    );
  });

  it('accepts the live view after the next step completed', () => {
    const advanced = advancePlan(parent, 'step-3', 'completed');
    if (!advanced.ok) throw advanced.error;
    expect(checkPrefixPreserved(parent, advanced.version)).toBeUndefined();
  });

  it('names the first completed step whose text changed', () => {
    const error = checkPrefixPreserved(parent, child({ completed: [first, { ...second, text: "Type 'Bo'" }] }));
    expect(error?.message).toBe(
      `Step 2 "Type 'Ada' into the Name field" (step-2) is completed and cannot be changed (plan version 2 changes its text to "Type 'Bo'")`,
    );
    expect(error).toMatchObject({ reason: 'prefix-changed', stepId: 'step-2' });
  });

  it.each<[string, Step[]]>([
    ['status', [first, { ...second, status: 'failed' }]],
    ['expected outcome', [first, { ...second, expectedOutcome: 'Name shows Ada' }]],
    ['order', [second, first]],
  ])('detects a changed %s of a completed step', (_, completed) => {
    expect(checkPrefixPreserved(parent, child({ completed }))?.reason).toBe('prefix-changed');
  });

  it('names a completed step that went missing', () => {
    const error = checkPrefixPreserved(parent, child({ completed: [first] }));
    expect(error?.message).toBe(
      `Step 2 "Type 'Ada' into the Name field" (step-2) was completed in plan version 1 but is missing from plan version 2`,
    );
  });

  it('refuses a completed step that was not the next to run', () => {
    const skipped = { ...parent.pending[1]!, status: 'completed' as const };
    const error = checkPrefixPreserved(parent, child({ completed: [first, second, skipped] }));
    expect(error).toMatchObject({ reason: 'completed-out-of-order', stepId: 'step-4' });
    expect(error?.message).toBe(
      `Step 3 "Tick 'I agree'" (step-4) is marked completed in plan version 2 but was not the next step to run in plan version 1`,
    );
  });

  it('refuses a pending step that reuses a completed step’s id', () => {
    const error = checkPrefixPreserved(
      parent,
      child({ pending: [{ id: 'step-1', text: 'Again', status: 'pending' }] }),
    );
    expect(error).toMatchObject({ reason: 'duplicate-step-id', stepId: 'step-1' });
  });
});
