import type { PlanChange, PlanDiff, PlanVersion, Step } from '@sandpiper/protocol';
import { summarizePlanDiff } from './diff-summary.js';
import { sameStep } from './same-step.js';
import { longestIncreasingSubsequence } from './longest-increasing-subsequence.js';
import { PlanInvariantError } from './plan-invariant-error.js';

/**
 * What changed in the pending steps from one version to another, matching steps by id. Indexes of
 * `added`, `changed` and a move's `to` point into `to.pending`; those of `removed` and a move's
 * `from` point into `from.pending`. A step whose content and position both changed appears twice
 * (`changed` and `moved`). Changes are listed removed, added, moved, changed, each by index.
 */
export function diffPlans(from: PlanVersion, to: PlanVersion): PlanDiff {
  const fromIndexById = new Map(from.pending.map((step, index) => [step.id, index]));
  const toIds = new Set(to.pending.map((step) => step.id));
  const changes: PlanChange[] = [];
  for (const [index, step] of from.pending.entries()) {
    if (!toIds.has(step.id)) changes.push({ type: 'removed', step, index });
  }
  const survivors: { step: Step; before: Step; fromIndex: number; toIndex: number }[] = [];
  for (const [toIndex, step] of to.pending.entries()) {
    const fromIndex = fromIndexById.get(step.id);
    if (fromIndex === undefined) changes.push({ type: 'added', step, index: toIndex });
    else survivors.push({ step, before: from.pending[fromIndex]!, fromIndex, toIndex });
  }
  const inOrder = longestIncreasingSubsequence(survivors.map((survivor) => survivor.fromIndex));
  for (const [position, survivor] of survivors.entries()) {
    if (!inOrder.has(position)) {
      changes.push({ type: 'moved', step: survivor.step, from: survivor.fromIndex, to: survivor.toIndex });
    }
  }
  for (const survivor of survivors) {
    if (!sameStep(survivor.before, survivor.step)) {
      changes.push({ type: 'changed', before: survivor.before, after: survivor.step, index: survivor.toIndex });
    }
  }
  return { fromId: from.id, toId: to.id, changes, summary: summarizePlanDiff(from, to, changes) };
}

/**
 * Rebuild the `to` pending list from `from` and the diff between them. Throws a
 * `PlanInvariantError` (`diff-mismatch`) when the diff was not computed from `from`, which is a
 * programming error rather than an expected outcome.
 */
export function applyPlanDiff(from: PlanVersion, diff: PlanDiff): Step[] {
  const leaving = new Set<number>();
  const placed = new Map<number, Step>();
  let added = 0;
  let removed = 0;
  for (const change of diff.changes) {
    if (change.type === 'removed' || change.type === 'moved') {
      const fromIndex = change.type === 'removed' ? change.index : change.from;
      if (from.pending[fromIndex]?.id !== change.step.id || leaving.has(fromIndex)) {
        throw mismatch(diff, `step ${change.step.id} is not at pending position ${fromIndex}`);
      }
      leaving.add(fromIndex);
    }
    if (change.type === 'removed') removed += 1;
    if (change.type === 'added') added += 1;
    if (change.type === 'added' || change.type === 'moved') {
      const toIndex = change.type === 'added' ? change.index : change.to;
      if (placed.has(toIndex)) throw mismatch(diff, `two steps land on position ${toIndex}`);
      placed.set(toIndex, change.step);
    }
  }
  const length = from.pending.length - removed + added;
  const staying = from.pending.filter((_, index) => !leaving.has(index));
  const result: Step[] = [];
  let next = 0;
  for (let index = 0; index < length; index += 1) {
    const step = placed.get(index) ?? staying[next++];
    if (step === undefined) throw mismatch(diff, `nothing lands on position ${index}`);
    result.push(step);
  }
  if (next !== staying.length || placed.size !== [...placed.keys()].filter((key) => key < length).length) {
    throw mismatch(diff, 'its positions do not add up to the pending list');
  }
  for (const change of diff.changes) {
    if (change.type !== 'changed') continue;
    if (result[change.index]?.id !== change.after.id) {
      throw mismatch(diff, `step ${change.after.id} is not at position ${change.index}`);
    }
    result[change.index] = change.after;
  }
  return result;
}

function mismatch(diff: PlanDiff, why: string): PlanInvariantError {
  return new PlanInvariantError({
    reason: 'diff-mismatch',
    message: `The diff from ${diff.fromId} to ${diff.toId} does not fit this plan: ${why}`,
  });
}
