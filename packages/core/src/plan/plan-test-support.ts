import { legacyCriterion } from '@sandpiper/testing';
import type { PlanVersion, PlannedStep } from '@sandpiper/protocol';
import type { IdGenerator } from '../ports.js';
import { advancePlan } from './advance-plan.js';
import { createPlanVersion } from './create-plan-version.js';

/** Ids `step-1`, `step-2`, `plan-1`... counted per prefix, so tests read and repeat the same way. */
export function createSequentialIds(): IdGenerator {
  const counters = new Map<string, number>();
  return {
    next(prefix) {
      const next = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, next);
      return `${prefix}-${next}`;
    },
  };
}

/** Freeze a value and everything under it, so any mutation by the code under test throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** A plan version with the given step texts, the first `completedCount` of them already run. */
export function buildPlan(ids: IdGenerator, steps: readonly (string | PlannedStep)[], completedCount = 0): PlanVersion {
  let version = createPlanVersion(ids, {
    analysis: 'Fill in the contact form.',
    constraints: ['Do not submit'],
    successCriteria: [legacyCriterion('The form shows Ada', 'Ada')],
    steps: steps.map((step) => (typeof step === 'string' ? { text: step } : step)),
    number: 1,
  });
  for (let index = 0; index < completedCount; index += 1) {
    const result = advancePlan(version, version.pending[0]!.id, 'completed');
    if (!result.ok) throw result.error;
    version = result.version;
  }
  return version;
}

export const FORM_STEPS = [
  "Open 'Contact'",
  "Type 'Ada' into the Name field",
  "Type 'ada@example.com' into the Email field",
  "Tick 'I agree'",
  "Click 'Save draft'",
] as const;
