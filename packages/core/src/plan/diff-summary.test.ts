import type { PlanVersion, PlanEdit } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { advancePlan } from './advance-plan.js';
import { createPlanVersion } from './create-plan-version.js';
import { diffPlans } from './diff-plans.js';
import { buildPlan, createSequentialIds, FORM_STEPS } from './plan-test-support.js';
import { revisePlan } from './revise-plan.js';

const ids = createSequentialIds();
const base = buildPlan(ids, FORM_STEPS, 1);

function summaryOf(edits: readonly PlanEdit[]): string {
  const result = revisePlan(base, edits, { ids, cause: 'plan-edit', number: 2 });
  if (!result.ok) throw result.error;
  return diffPlans(base, result.version).summary;
}

describe('diff summary', () => {
  it('says "No changes." for a version compared with itself', () => {
    expect(diffPlans(base, base).summary).toBe('No changes.');
  });

  it('counts additions, removals and moves and names a single rewritten step', () => {
    expect(
      summaryOf([
        { type: 'rewrite', stepId: 'step-3', text: "Type 'ada@example.org' into the Email field" },
        { type: 'remove', stepId: 'step-4' },
        { type: 'add', index: 3, text: "Click 'Preview'" },
        { type: 'add', index: 4, text: "Close 'Preview'" },
        { type: 'move', stepId: 'step-2', toIndex: 1 },
      ]),
    ).toBe(`Adds 2 steps, removes 1, rewrites step 2 ("Type 'ada@example.org' into the Email..."), moves 1.`);
  });

  it('names the noun once when a single step is added', () => {
    expect(summaryOf([{ type: 'add', index: 0, text: 'Dismiss the banner' }])).toBe('Adds 1 step.');
    expect(
      summaryOf([
        { type: 'remove', stepId: 'step-2' },
        { type: 'move', stepId: 'step-5', toIndex: 0 },
      ]),
    ).toBe('Removes 1 step, moves 1.');
  });

  it('counts several rewrites', () => {
    expect(
      summaryOf([
        { type: 'rewrite', stepId: 'step-2', text: 'A' },
        { type: 'rewrite', stepId: 'step-5', text: 'B', expectedOutcome: 'Saved' },
      ]),
    ).toBe('Rewrites 2 steps.');
  });

  it('reports a step that ran as completed, not removed', () => {
    const advanced = advancePlan(base, 'step-2', 'completed');
    if (!advanced.ok) throw advanced.error;
    expect(diffPlans(base, advanced.version).summary).toBe(`Completes step 2 ("Type 'Ada' into the Name field").`);
  });

  it('counts a step that ran and is added again as completed and added, not the same plan', () => {
    const first = base.pending[0]!;
    const advanced = advancePlan(base, first.id, 'completed');
    if (!advanced.ok) throw advanced.error;
    const redone = revisePlan(advanced.version, [{ type: 'add', index: 0, text: first.text }], {
      ids,
      cause: 'resume',
      number: 2,
    });
    if (!redone.ok) throw redone.error;
    expect(diffPlans(base, redone.version).summary).toBe(
      `Completes step ${base.completed.length + 1} ("Type 'Ada' into the Name field"), adds 1 step.`,
    );
  });

  it('reports a status change on its own', () => {
    const failed = advancePlan(base, 'step-2', 'failed');
    if (!failed.ok) throw failed.error;
    expect(diffPlans(base, failed.version).summary).toBe('Marks step 2 as failed.');
  });

  it('mentions changed criteria and constraints', () => {
    const other: PlanVersion = { ...base, constraints: [], successCriteria: [] };
    expect(diffPlans(base, other).summary).toBe('Updates the success criteria, updates the constraints.');
  });
});

describe('a regenerated plan', () => {
  it('says it is identical when the planner wrote the same steps again under fresh ids', () => {
    const again = createPlanVersion(ids, {
      analysis: base.analysis,
      constraints: [...base.constraints],
      successCriteria: base.successCriteria.map(({ text, check }) => ({ text, check })),
      steps: base.pending.map(({ text, expectedOutcome }) => ({
        text,
        ...(expectedOutcome ? { expectedOutcome } : {}),
      })),
      cause: 'regenerate',
      number: 2,
      parent: base,
    });
    expect(diffPlans(base, again).summary).toBe(
      `Identical to the version it replaces: the same ${base.pending.length} steps as before.`,
    );
  });

  it('still names what changed when only some steps came back the same', () => {
    const changed = createPlanVersion(ids, {
      analysis: base.analysis,
      constraints: [...base.constraints],
      successCriteria: base.successCriteria.map(({ text, check }) => ({ text, check })),
      steps: [...base.pending.slice(0, -1).map(({ text }) => ({ text })), { text: "Click 'Send'" }],
      cause: 'regenerate',
      number: 2,
      parent: base,
    });
    expect(diffPlans(base, changed).summary).toBe(
      `Keeps the same ${base.pending.length - 1} steps as before, adds 1 step, removes 1.`,
    );
  });
});
