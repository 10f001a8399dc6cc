import type { PlanVersion, StepStatus } from '@sandpiper/protocol';
import type { PlanVersionResult } from './plan-invariant-error.js';
import { describeStep, PlanInvariantError, stepError } from './plan-invariant-error.js';

/**
 * The live view of `version` after one step's status changed during execution. It keeps the
 * version's id, number and state: it is the same version, further along.
 *
 * Completing moves the step from the head of `pending` to the end of `completed`; only the first
 * pending step may complete, because steps run in order. Any other status is set in place.
 * Completed steps never change. Pure and linear in the plan's length.
 */
export function advancePlan(version: PlanVersion, stepId: string, status: StepStatus): PlanVersionResult {
  const completedIndex = version.completed.findIndex((step) => step.id === stepId);
  if (completedIndex >= 0) {
    const step = version.completed[completedIndex]!;
    return fail(stepError('step-completed', step, completedIndex + 1, 'is completed and cannot be changed'));
  }
  const index = version.pending.findIndex((step) => step.id === stepId);
  if (index < 0) {
    return fail(
      new PlanInvariantError({
        reason: 'step-unknown',
        stepId,
        message: `Step ${stepId} is not in plan version ${version.number}`,
      }),
    );
  }
  const step = version.pending[index]!;
  const number = version.completed.length + index + 1;
  if (status === 'completed') {
    if (index > 0) {
      const next = version.pending[0]!;
      const why = `cannot complete before ${describeStep(next, version.completed.length + 1).replace(/^Step/, 'step')}`;
      return fail(stepError('completed-out-of-order', step, number, why));
    }
    return {
      ok: true,
      version: {
        ...version,
        completed: [...version.completed, { ...step, status }],
        pending: version.pending.slice(1),
      },
    };
  }
  if (step.status === status) return { ok: true, version };
  const pending = [...version.pending];
  pending[index] = { ...step, status };
  return { ok: true, version: { ...version, pending } };
}

function fail(error: PlanInvariantError): PlanVersionResult {
  return { ok: false, error };
}
