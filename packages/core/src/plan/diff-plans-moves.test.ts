import type { PlanVersion } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { applyPlanDiff, diffPlans } from './diff-plans.js';
import { buildPlan, createSequentialIds, FORM_STEPS } from './plan-test-support.js';

const base = buildPlan(createSequentialIds(), FORM_STEPS);

function reordered(order: readonly number[]): PlanVersion {
  return { ...base, id: 'plan-other', pending: order.map((index) => base.pending[index]!) };
}

describe('diffPlans detects moves minimally', () => {
  it('reports exactly the one step moved, for every move within a list of five', () => {
    for (let from = 0; from < 5; from += 1) {
      for (let to = 0; to < 5; to += 1) {
        if (from === to) continue;
        const order = [0, 1, 2, 3, 4].filter((index) => index !== from);
        order.splice(to, 0, from);
        const diff = diffPlans(base, reordered(order));
        // Moving a step by one place is the same as moving its neighbour the other way; either is minimal.
        expect(diff.changes).toHaveLength(1);
        const [change] = diff.changes;
        expect(change?.type).toBe('moved');
        if (Math.abs(from - to) > 1) expect(change).toMatchObject({ step: base.pending[from], from, to });
      }
    }
  });

  it('reports four moves for a reversed list of five', () => {
    const diff = diffPlans(base, reordered([4, 3, 2, 1, 0]));
    expect(diff.changes.filter((change) => change.type === 'moved')).toHaveLength(4);
    expect(applyPlanDiff(base, diff)).toEqual(reordered([4, 3, 2, 1, 0]).pending);
  });

  it('does not count steps shifted by an insertion or a removal as moved', () => {
    const other: PlanVersion = {
      ...base,
      id: 'plan-other',
      pending: [{ id: 'step-new', text: 'Dismiss the banner', status: 'pending' }, ...base.pending.slice(0, 4)],
    };
    const diff = diffPlans(base, other);
    expect(diff.changes).toEqual([
      { type: 'removed', step: base.pending[4], index: 4 },
      { type: 'added', step: other.pending[0], index: 0 },
    ]);
  });

  it('reports a step that moved and was rewritten as both', () => {
    const rewritten = { ...base.pending[0]!, text: "Open 'Contacts'" };
    const other: PlanVersion = { ...base, id: 'plan-other', pending: [...base.pending.slice(1), rewritten] };
    const diff = diffPlans(base, other);
    expect(diff.changes).toEqual([
      { type: 'moved', step: rewritten, from: 0, to: 4 },
      { type: 'changed', before: base.pending[0], after: rewritten, index: 4 },
    ]);
    expect(applyPlanDiff(base, diff)).toEqual(other.pending);
  });

  it('refuses to apply a diff to a list it was not computed from', () => {
    const diff = diffPlans(base, reordered([1, 0, 2, 3, 4]));
    const unrelated = buildPlan(createSequentialIds(), ['Something else']);
    expect(() => applyPlanDiff(unrelated, diff)).toThrow(/does not fit this plan/);
  });
});
