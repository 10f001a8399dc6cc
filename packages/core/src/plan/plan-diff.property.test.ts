import type { PlanVersion, Step } from '@sandpiper/protocol';
import { planDiffSchema } from '@sandpiper/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPlanDiff, diffPlans } from './diff-plans.js';
import {
  initialPlanArbitrary,
  operationArbitrary,
  simulatePlanHistory,
  textArbitrary,
} from './plan-test-arbitraries.js';
import { buildPlan, createSequentialIds } from './plan-test-support.js';

/** Every version a simulated run went through: the first plan, each live view and each accepted revision. */
function historyOf(trace: ReturnType<typeof simulatePlanHistory>): PlanVersion[] {
  const versions: PlanVersion[] = [];
  for (const entry of trace) {
    if (versions.length === 0) versions.push(entry.kind === 'advance' ? entry.version : entry.parent);
    if (entry.result.ok) versions.push(entry.result.version);
  }
  return versions;
}

/** Length of a longest increasing subsequence by the quadratic textbook method, as an oracle. */
function lisLength(values: readonly number[]): number {
  const best = values.map(() => 1);
  for (let right = 0; right < values.length; right += 1) {
    for (let left = 0; left < right; left += 1) {
      if (values[left]! < values[right]!) best[right] = Math.max(best[right]!, best[left]! + 1);
    }
  }
  return Math.max(0, ...best);
}

function expectRoundTrip(from: PlanVersion, to: PlanVersion): void {
  const diff = diffPlans(from, to);
  expect(planDiffSchema.parse(diff)).toEqual(diff);
  expect(applyPlanDiff(from, diff)).toEqual(to.pending);
}

describe('plan diffs', () => {
  it('rebuild the target pending list between any two versions of a simulated run', () => {
    fc.assert(
      fc.property(
        initialPlanArbitrary,
        fc.array(operationArbitrary, { minLength: 1, maxLength: 15 }),
        (initial, operations) => {
          const versions = historyOf(simulatePlanHistory(initial, operations));
          for (const from of versions) for (const to of versions) expectRoundTrip(from, to);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('rebuild any reshuffle with additions, removals and rewrites, reporting the fewest moves', () => {
    const reshuffle = fc
      .record({
        size: fc.integer({ min: 0, max: 12 }),
        keep: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        order: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 12, maxLength: 12 }),
        rewrites: fc.array(fc.option(textArbitrary, { nil: undefined }), { minLength: 12, maxLength: 12 }),
        additions: fc.array(fc.record({ text: textArbitrary, at: fc.nat(20) }), { maxLength: 5 }),
      })
      .map(({ size, keep, order, rewrites, additions }) => {
        const texts = Array.from({ length: size }, (_, index) => `Step ${index}`);
        const from = buildPlan(createSequentialIds(), texts.length > 0 ? texts : ['Only']);
        const survivors = from.pending
          .map((step, index) => ({ step, index, rank: order[index]! }))
          .filter(({ index }) => keep[index])
          .sort((a, b) => a.rank - b.rank || a.index - b.index);
        const pending: Step[] = survivors.map(({ step, index }) => {
          const text = rewrites[index];
          return text === undefined ? step : { ...step, text };
        });
        for (const [number, addition] of additions.entries()) {
          pending.splice(addition.at % (pending.length + 1), 0, {
            id: `added-${number}`,
            text: addition.text,
            status: 'pending',
          });
        }
        const to: PlanVersion = { ...from, id: 'plan-to', pending };
        return { from, to, survivorOrder: survivors.map(({ index }) => index) };
      });
    fc.assert(
      fc.property(reshuffle, ({ from, to, survivorOrder }) => {
        expectRoundTrip(from, to);
        expectRoundTrip(to, from);
        const moved = diffPlans(from, to).changes.filter((change) => change.type === 'moved');
        expect(moved).toHaveLength(survivorOrder.length - lisLength(survivorOrder));
      }),
      { numRuns: 500 },
    );
  });

  it('are empty, with the summary "No changes.", between a version and itself', () => {
    fc.assert(
      fc.property(initialPlanArbitrary, (initial) => {
        const version = buildPlan(createSequentialIds(), initial.steps, initial.completed);
        const diff = diffPlans(version, version);
        expect(diff).toEqual({ fromId: version.id, toId: version.id, changes: [], summary: 'No changes.' });
      }),
    );
  });
});
