import { describe, expect, it } from 'vitest';
import { advancePlan } from './advance-plan.js';
import { checkPrefixPreserved } from './check-prefix-preserved.js';
import { PlanInvariantError } from './plan-invariant-error.js';
import { buildPlan, createSequentialIds, deepFreeze, FORM_STEPS } from './plan-test-support.js';

describe('advancePlan', () => {
  const plan = deepFreeze(buildPlan(createSequentialIds(), FORM_STEPS, 1));

  it('moves the first pending step to the end of completed when it completes', () => {
    const result = advancePlan(plan, 'step-2', 'completed');
    if (!result.ok) throw result.error;
    expect(result.version.id).toBe(plan.id);
    expect(result.version.completed.map((step) => [step.id, step.status])).toEqual([
      ['step-1', 'completed'],
      ['step-2', 'completed'],
    ]);
    expect(result.version.pending.map((step) => step.id)).toEqual(['step-3', 'step-4', 'step-5']);
    expect(checkPrefixPreserved(plan, result.version)).toBeUndefined();
  });

  it.each(['executing', 'failed', 'recovery'] as const)('sets %s in place without moving the step', (status) => {
    const result = advancePlan(plan, 'step-3', status);
    if (!result.ok) throw result.error;
    expect(result.version.pending.map((step) => [step.id, step.status])).toEqual([
      ['step-2', 'pending'],
      ['step-3', status],
      ['step-4', 'pending'],
      ['step-5', 'pending'],
    ]);
    expect(result.version.completed).toBe(plan.completed);
  });

  it('refuses to complete a step that is not next, naming both steps', () => {
    const result = advancePlan(plan, 'step-4', 'completed');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.reason).toBe('completed-out-of-order');
    expect(result.error.stepId).toBe('step-4');
    expect(result.error.message).toBe(
      `Step 4 "Tick 'I agree'" (step-4) cannot complete before step 2 "Type 'Ada' into the Name field" (step-2)`,
    );
  });

  it('refuses to change a completed step', () => {
    const result = advancePlan(plan, 'step-1', 'failed');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(PlanInvariantError.isInstance(result.error)).toBe(true);
    expect(result.error.message).toBe(`Step 1 "Open 'Contact'" (step-1) is completed and cannot be changed`);
  });

  it('refuses an unknown step', () => {
    const result = advancePlan(plan, 'step-99', 'executing');
    expect(result.ok ? undefined : result.error.reason).toBe('step-unknown');
  });
});
