import { QUOTED_TEXT_MAX, type PlanVersion, type PlanEdit } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { advancePlan } from './advance-plan.js';
import { PlanInvariantError } from './plan-invariant-error.js';
import { buildPlan, createSequentialIds, deepFreeze, FORM_STEPS } from './plan-test-support.js';
import { revisePlan } from './revise-plan.js';

/** Two steps done, step 3 running. */
function runningPlan(): PlanVersion {
  const plan = buildPlan(createSequentialIds(), FORM_STEPS, 2);
  const result = advancePlan(plan, 'step-3', 'executing');
  if (!result.ok) throw result.error;
  return deepFreeze(result.version);
}

function rejection(edits: readonly PlanEdit[], parent = runningPlan()): PlanInvariantError {
  const snapshot = structuredClone(parent);
  const result = revisePlan(parent, edits, { ids: createSequentialIds(), cause: 'plan-edit', number: 2 });
  expect(parent).toEqual(snapshot);
  if (result.ok) throw new Error('expected the revision to be rejected');
  expect(PlanInvariantError.isInstance(result.error)).toBe(true);
  return result.error;
}

describe('revisePlan rejects edits that break the plan’s rules', () => {
  it('names a completed step and says it cannot be changed', () => {
    const error = rejection([{ type: 'rewrite', stepId: 'step-2', text: "Type 'Bo'" }]);
    expect(error.message).toBe(`Step 2 "Type 'Ada' into the Name field" (step-2) is completed and cannot be changed`);
    expect(error).toMatchObject({ reason: 'step-completed', stepId: 'step-2', editIndex: 0 });
  });

  it.each<[string, PlanEdit]>([
    ['remove', { type: 'remove', stepId: 'step-1' }],
    ['move', { type: 'move', stepId: 'step-1', toIndex: 2 }],
    ['patch', { type: 'patch', fromStepId: 'step-1', count: 1, steps: [] }],
  ])('refuses a %s of a completed step', (_, edit) => {
    expect(rejection([edit])).toMatchObject({ reason: 'step-completed', stepId: 'step-1' });
  });

  it('names the running step when an edit touches it', () => {
    const error = rejection([{ type: 'remove', stepId: 'step-3' }]);
    expect(error.message).toBe(
      `Step 3 "Type 'ada@example.com' into the Email field" (step-3) is executing and cannot be changed`,
    );
    expect(error.reason).toBe('step-executing');
  });

  it('refuses a full replan or a patch that covers the running step', () => {
    expect(rejection([{ type: 'replace-pending', steps: [{ text: 'x' }] }]).stepId).toBe('step-3');
    expect(rejection([{ type: 'patch', fromStepId: 'step-3', count: 2, steps: [] }]).stepId).toBe('step-3');
  });

  it('refuses to place a step before the running step', () => {
    const added = rejection([{ type: 'add', index: 0, text: 'Scroll up' }]);
    expect(added.message).toBe(
      `Step 3 "Type 'ada@example.com' into the Email field" (step-3) is executing; no step can be placed before it`,
    );
    expect(rejection([{ type: 'move', stepId: 'step-5', toIndex: 0 }]).stepId).toBe('step-3');
  });

  it('accepts edits after the running step', () => {
    const parent = runningPlan();
    const result = revisePlan(parent, [{ type: 'add', index: 1, text: 'Scroll up' }], {
      ids: { next: (prefix) => `${prefix}-new` },
      cause: 'plan-edit',
      number: 2,
    });
    expect(result.ok).toBe(true);
  });

  it('names an unknown step id', () => {
    const error = rejection([{ type: 'remove', stepId: 'step-42' }]);
    expect(error.message).toBe('Edit 1 targets step step-42, which is not in plan version 1');
    expect(error).toMatchObject({ reason: 'step-unknown', stepId: 'step-42' });
  });

  it('says when an earlier edit of the batch removed the target', () => {
    const error = rejection([
      { type: 'remove', stepId: 'step-4' },
      { type: 'rewrite', stepId: 'step-4', text: 'Tick it' },
    ]);
    expect(error.message).toBe(`Edit 2 targets step "Tick 'I agree'" (step-4), which an earlier edit removed`);
    expect(error.editIndex).toBe(1);
  });

  it('refuses blank text, naming the step being rewritten', () => {
    const error = rejection([{ type: 'rewrite', stepId: 'step-4', text: '   ' }]);
    expect(error.message).toBe(`The rewrite of Step 4 "Tick 'I agree'" (step-4) has no text`);
    expect(error).toMatchObject({ reason: 'text-empty', stepId: 'step-4' });
    expect(rejection([{ type: 'add', index: 1, text: '' }]).reason).toBe('text-empty');
    expect(
      rejection([{ type: 'replace-pending', steps: [{ text: ' ' }] }], buildPlan(createSequentialIds(), FORM_STEPS))
        .message,
    ).toBe('New step 1 of the replacement has no text');
  });

  it('refuses text over the contract’s length limit', () => {
    expect(rejection([{ type: 'add', index: 1, text: 'x'.repeat(QUOTED_TEXT_MAX + 1) }]).reason).toBe('text-too-long');
  });

  it('refuses positions outside the pending list', () => {
    expect(rejection([{ type: 'add', index: 4, text: 'Late' }]).reason).toBe('position-invalid');
    expect(rejection([{ type: 'move', stepId: 'step-4', toIndex: 3 }]).reason).toBe('position-invalid');
    expect(rejection([{ type: 'add', index: -1, text: 'Early' }]).reason).toBe('position-invalid');
  });

  it('refuses a patch longer than five steps or running past the end', () => {
    const plan = buildPlan(createSequentialIds(), [...FORM_STEPS, ...FORM_STEPS]);
    expect(rejection([{ type: 'patch', fromStepId: 'step-1', count: 6, steps: [] }], plan).reason).toBe(
      'count-invalid',
    );
    const error = rejection([{ type: 'patch', fromStepId: 'step-4', count: 3, steps: [] }]);
    expect(error.message).toBe(
      `Step 4 "Tick 'I agree'" (step-4) starts a patch of 3 steps, but a patch covers 1 to 5 pending steps and 2 remain from here`,
    );
  });

  it('refuses a revision that calls itself initial', () => {
    const result = revisePlan(runningPlan(), [], { ids: createSequentialIds(), cause: 'initial', number: 2 });
    expect(result.ok ? undefined : result.error.reason).toBe('cause-invalid');
  });

  it('refuses a result the plan contract does not allow', () => {
    const result = revisePlan(runningPlan(), [], { ids: createSequentialIds(), cause: 'plan-edit', number: 0 });
    expect(result.ok ? undefined : result.error.message).toBe(
      'The revised plan is not a valid plan version at number: Too small: expected number to be >0',
    );
  });
});
