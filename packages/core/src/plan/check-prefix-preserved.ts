import type { PlanVersion, Step } from '@sandpiper/protocol';
import { sameStep } from './same-step.js';
import type { PlanInvariantError } from './plan-invariant-error.js';
import { stepError } from './plan-invariant-error.js';

/**
 * The one check of the plan's central rule: a version may never change what has already run.
 * `child.completed` must begin with `parent.completed`, step by step (id, text, status, expected
 * outcome). Any further completed step in the child must be the parent's next pending step, in
 * order, now marked completed: execution is the only thing that completes steps. Step ids must be
 * unique within the child, since diffs match steps by id.
 *
 * Returns undefined when the child is acceptable, otherwise an error naming the first step at fault.
 */
export function checkPrefixPreserved(parent: PlanVersion, child: PlanVersion): PlanInvariantError | undefined {
  const childLabel = `plan version ${child.number}`;
  const parentLabel = `plan version ${parent.number}`;
  for (const [index, kept] of parent.completed.entries()) {
    const candidate = child.completed[index];
    const number = index + 1;
    if (candidate === undefined) {
      return stepError(
        'prefix-changed',
        kept,
        number,
        `was completed in ${parentLabel} but is missing from ${childLabel}`,
      );
    }
    const difference = describeDifference(kept, candidate);
    if (difference !== undefined) {
      return stepError(
        'prefix-changed',
        kept,
        number,
        `is completed and cannot be changed (${childLabel} ${difference})`,
      );
    }
  }
  for (let index = parent.completed.length; index < child.completed.length; index += 1) {
    const candidate = child.completed[index]!;
    const next = parent.pending[index - parent.completed.length];
    if (
      next === undefined ||
      candidate.status !== 'completed' ||
      describeDifference({ ...next, status: 'completed' }, candidate) !== undefined
    ) {
      return stepError(
        'completed-out-of-order',
        candidate,
        index + 1,
        `is marked completed in ${childLabel} but was not the next step to run in ${parentLabel}`,
      );
    }
  }
  return findDuplicateId(child);
}

function describeDifference(expected: Step, actual: Step): string | undefined {
  if (actual.id !== expected.id) return `has step ${actual.id} in its place`;
  if (actual.text !== expected.text) return `changes its text to "${actual.text}"`;
  if (actual.status !== expected.status) return `changes its status to ${actual.status}`;
  if (actual.expectedOutcome !== expected.expectedOutcome) return 'changes its expected outcome';
  if (!sameStep(actual, { ...expected, status: actual.status })) return 'changes its marked area';
  return undefined;
}

function findDuplicateId(version: PlanVersion): PlanInvariantError | undefined {
  const seen = new Set<string>();
  const steps = [...version.completed, ...version.pending];
  for (const [index, step] of steps.entries()) {
    if (seen.has(step.id)) {
      return stepError(
        'duplicate-step-id',
        step,
        index + 1,
        `reuses an id already taken by an earlier step of plan version ${version.number}`,
      );
    }
    seen.add(step.id);
  }
  return undefined;
}
