import { planEditListSchema } from '@sandpiper/protocol';
import { createPlanVersion, revisePlan } from '@sandpiper/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { draftFromSteps, moveRow, stepEditsFor, type DraftStep } from './step-edits.js';

/** Ids as the run would make them; `scope` keeps the revision's new ids apart from the plan's. */
function sequentialIds(scope = 'plan') {
  let counter = 0;
  return { next: (prefix: string) => `${prefix}-${scope}-${(counter += 1)}` };
}

function planWith(texts: readonly string[]) {
  return createPlanVersion(sequentialIds(), {
    analysis: 'test plan',
    constraints: [],
    successCriteria: [],
    steps: texts.map((text) => ({ text })),
    number: 1,
  });
}

/** One thing a person can do in the steps editor. */
type EditorOperation =
  | { type: 'rewrite'; at: number; text: string }
  | { type: 'insert'; at: number; text: string }
  | { type: 'delete'; at: number }
  | { type: 'move'; at: number; direction: -1 | 1 };

const stepText = fc.stringMatching(/^[A-Z][a-z]{1,8}( [a-z]{1,8}){0,3}$/);
const operation: fc.Arbitrary<EditorOperation> = fc.oneof(
  fc.record({ type: fc.constant('rewrite' as const), at: fc.nat(20), text: stepText }),
  fc.record({ type: fc.constant('insert' as const), at: fc.nat(20), text: stepText }),
  fc.record({ type: fc.constant('delete' as const), at: fc.nat(20) }),
  fc.record({
    type: fc.constant('move' as const),
    at: fc.nat(20),
    direction: fc.constantFrom(-1 as const, 1 as const),
  }),
);

function perform(rows: DraftStep[], step: EditorOperation, key: string): DraftStep[] {
  if (rows.length === 0 && step.type !== 'insert') return rows;
  const at = rows.length === 0 ? 0 : step.at % (step.type === 'insert' ? rows.length + 1 : rows.length);
  switch (step.type) {
    case 'rewrite':
      return rows.map((row, index) => (index === at ? { ...row, text: step.text } : row));
    case 'insert':
      return [...rows.slice(0, at), { key, text: step.text }, ...rows.slice(at)];
    case 'delete':
      return rows.filter((_, index) => index !== at);
    case 'move':
      return moveRow(rows, at, step.direction);
  }
}

describe('the edits sent for the steps editor', () => {
  it('turn the plan into exactly the rows the person left, keeping the ids of kept steps', () => {
    fc.assert(
      fc.property(
        fc.array(stepText, { minLength: 1, maxLength: 8 }),
        fc.array(operation, { maxLength: 12 }),
        (texts, operations) => {
          const plan = planWith(texts);
          let rows = draftFromSteps(plan.pending);
          operations.forEach((step, index) => {
            rows = perform(rows, step, `new-${index}`);
          });
          const result = stepEditsFor(plan.pending, rows);
          expect(result.ok).toBe(true);
          if (!result.ok || result.edits.length === 0) return;
          expect(planEditListSchema.safeParse(result.edits).success).toBe(true);
          const revised = revisePlan(plan, result.edits, {
            ids: sequentialIds('revision'),
            cause: 'plan-edit',
            number: 2,
          });
          expect(revised.ok).toBe(true);
          if (!revised.ok) return;
          expect(revised.version.pending.map((step) => step.text)).toEqual(rows.map((row) => row.text));
          for (const [index, row] of rows.entries()) {
            if (row.stepId !== undefined) expect(revised.version.pending[index]!.id).toBe(row.stepId);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('are empty when nothing changed', () => {
    const plan = planWith(['Click Next', 'Type hello into Name']);
    expect(stepEditsFor(plan.pending, draftFromSteps(plan.pending))).toEqual({ ok: true, edits: [] });
  });

  it('are refused, naming the row, when a step is left blank', () => {
    const plan = planWith(['Click Next', 'Type hello into Name']);
    const rows = draftFromSteps(plan.pending).map((row, index) => (index === 1 ? { ...row, text: '   ' } : row));
    const result = stepEditsFor(plan.pending, rows);
    expect(result).toMatchObject({ ok: false, key: plan.pending[1]!.id });
  });
});
