import { planCauseSchema, planVersionSchema, type PlanEdit } from '@sandpiper/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPrefixPreserved } from './check-prefix-preserved.js';
import { PlanInvariantError } from './plan-invariant-error.js';
import { initialPlanArbitrary, operationArbitrary, simulatePlanHistory } from './plan-test-arbitraries.js';
import { buildPlan, createSequentialIds, deepFreeze } from './plan-test-support.js';
import { revisePlan } from './revise-plan.js';

const operationsArbitrary = fc.array(operationArbitrary, { minLength: 1, maxLength: 25 });

describe('plan revisions under random edits, completions and replans', () => {
  it('keep the completed prefix of every accepted revision and leave rejected parents untouched', () => {
    const tally = { accepted: 0, rejected: 0, completed: 0, rejectedCompleted: 0 };
    fc.assert(
      fc.property(initialPlanArbitrary, operationsArbitrary, (initial, operations) => {
        for (const entry of simulatePlanHistory(initial, operations)) {
          if (entry.kind === 'advance') {
            if (!entry.result.ok) {
              expect(entry.version).toEqual(entry.versionBefore);
              continue;
            }
            expect(checkPrefixPreserved(entry.version, entry.result.version)).toBeUndefined();
            expect(entry.result.version.completed.slice(0, entry.version.completed.length)).toEqual(
              entry.version.completed,
            );
            continue;
          }
          const { parent, parentBefore, edits, result } = entry;
          expect(parent).toEqual(parentBefore);
          if (result.ok) {
            tally.accepted += 1;
            if (parent.completed.length > 0) tally.completed += 1;
            expect(result.version.completed).toEqual(parent.completed);
            expect(checkPrefixPreserved(parent, result.version)).toBeUndefined();
            expect(result.version).toMatchObject({ parentId: parent.id, state: 'proposal' });
            expect(planVersionSchema.safeParse(result.version).success).toBe(true);
            continue;
          }
          tally.rejected += 1;
          expect(PlanInvariantError.isInstance(result.error)).toBe(true);
          // An edit aimed at a step that already ran must be refused, and the refusal must name it.
          const [first] = edits;
          const targeted =
            first === undefined || !('stepId' in first || 'fromStepId' in first)
              ? undefined
              : 'stepId' in first
                ? first.stepId
                : first.fromStepId;
          const completedStep = parent.completed.find((step) => step.id === targeted);
          if (completedStep !== undefined) {
            tally.rejectedCompleted += 1;
            expect(result.error.stepId).toBe(completedStep.id);
            expect(result.error.message).toContain(`"${completedStep.text}"`);
          }
        }
      }),
      { numRuns: 300 },
    );
    // Guard against a generator that only ever produces one outcome.
    expect(tally.accepted).toBeGreaterThan(100);
    expect(tally.rejected).toBeGreaterThan(100);
    expect(tally.completed).toBeGreaterThan(50);
    expect(tally.rejectedCompleted).toBeGreaterThan(20);
  });

  it('never throws, even for edits with arbitrary ids, numbers and text', () => {
    const anyNumber = fc.oneof(fc.integer({ min: -3, max: 12 }), fc.double());
    const anyStep = fc.record(
      { text: fc.string({ maxLength: 8 }), expectedOutcome: fc.string({ maxLength: 4 }) },
      {
        requiredKeys: ['text'],
      },
    );
    const anyId = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('step-1', 'step-2', 'step-3', 'step-6'));
    const anyEdit: fc.Arbitrary<PlanEdit> = fc.oneof(
      fc.record({ type: fc.constant('add' as const), index: anyNumber, text: fc.string({ maxLength: 8 }) }),
      fc.record({ type: fc.constant('remove' as const), stepId: anyId }),
      fc.record({ type: fc.constant('move' as const), stepId: anyId, toIndex: anyNumber }),
      fc.record({ type: fc.constant('rewrite' as const), stepId: anyId, text: fc.string({ maxLength: 8 }) }),
      fc.record({
        type: fc.constant('patch' as const),
        fromStepId: anyId,
        count: anyNumber,
        steps: fc.array(anyStep, { maxLength: 7 }),
      }),
      fc.record({ type: fc.constant('replace-pending' as const), steps: fc.array(anyStep, { maxLength: 7 }) }),
      fc.record({
        type: fc.constant('set-criteria' as const),
        criteria: fc.array(
          fc.record({
            text: fc.string({ maxLength: 4 }),
            check: fc.constant({ kind: 'described' as const, mustShow: [] as string[] }),
          }),
          { maxLength: 12 },
        ),
      }),
    );
    fc.assert(
      fc.property(
        initialPlanArbitrary,
        fc.array(anyEdit, { maxLength: 6 }),
        fc.constantFrom(...planCauseSchema.options),
        fc.integer({ min: -1, max: 5 }),
        (initial, edits, cause, number) => {
          const ids = createSequentialIds();
          const parent = deepFreeze(buildPlan(ids, initial.steps, initial.completed));
          const result = revisePlan(parent, deepFreeze(edits), { ids, cause, number });
          if (result.ok) expect(checkPrefixPreserved(parent, result.version)).toBeUndefined();
          else expect(PlanInvariantError.isInstance(result.error)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
