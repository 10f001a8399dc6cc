import {
  type PlanCause,
  type PlanVersion,
  type Step,
  type CriterionDraft,
  type SuccessCriterion,
  type PlannedStep,
  type PlanEdit,
  MAX_PATCH_COUNT,
} from '@sandpiper/protocol';
import {
  criterionIdentity,
  criterionText,
  formatIssuePath,
  planVersionSchema,
  QUOTED_TEXT_MAX,
} from '@sandpiper/protocol';
import type { IdGenerator } from '../ports.js';
import { checkPrefixPreserved } from './check-prefix-preserved.js';
import { createPendingStep } from './create-plan-version.js';
import type { PlanInvariantErrorOptions, PlanVersionResult } from './plan-invariant-error.js';
import { describeStep, PlanInvariantError, stepError } from './plan-invariant-error.js';

export interface RevisePlanOptions {
  /** Source of the new version's id and of new step and criterion ids. */
  readonly ids: IdGenerator;
  /** Why the revision is made; never `initial`. */
  readonly cause: PlanCause;
  /** One sentence on why; absent when there is nothing to say. */
  readonly rationale?: string;
  /** The new version's number in its run. */
  readonly number: number;
}

const TEXT_LIMIT = QUOTED_TEXT_MAX;

/** Statuses of a pending step that may still be edited: not yet started, or stopped by a failure. */
const EDITABLE_STATUSES: ReadonlySet<Step['status']> = new Set(['pending', 'failed', 'recovery']);

/** The revision being built: a private working copy, so the parent is never touched. */
interface Draft {
  readonly parent: PlanVersion;
  readonly ids: IdGenerator;
  pending: Step[];
  constraints: string[];
  successCriteria: SuccessCriterion[];
}

/**
 * Apply `edits` in order to the editable part of `parent` and return the result as a new
 * `proposal` version whose parent is `parent`. Completed steps are copied unchanged; an edit that
 * targets a completed, running or unknown step, leaves a step without text, or points outside the
 * list rejects the whole revision with an error naming the step and why. Never throws for invalid
 * edits, and never mutates its inputs.
 */
export function revisePlan(
  parent: PlanVersion,
  edits: readonly PlanEdit[],
  options: RevisePlanOptions,
): PlanVersionResult {
  if (options.cause === 'initial') {
    return reject({ reason: 'cause-invalid', message: 'A revision cannot have the cause "initial"' });
  }
  const draft: Draft = {
    parent,
    ids: options.ids,
    pending: [...parent.pending],
    constraints: [...parent.constraints],
    successCriteria: [...parent.successCriteria],
  };
  for (const [editIndex, edit] of edits.entries()) {
    const error = applyEdit(draft, edit, editIndex);
    if (error !== undefined) return reject(error);
  }
  const version: PlanVersion = {
    id: options.ids.next('plan'),
    number: options.number,
    parentId: parent.id,
    cause: options.cause,
    ...(options.rationale === undefined ? {} : { rationale: options.rationale }),
    state: 'proposal',
    analysis: parent.analysis,
    constraints: draft.constraints,
    successCriteria: draft.successCriteria,
    completed: [...parent.completed],
    pending: draft.pending,
  };
  const broken = checkPrefixPreserved(parent, version);
  if (broken !== undefined) return { ok: false, error: broken };
  const parsed = planVersionSchema.safeParse(version);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined ? '' : ` at ${formatIssuePath(issue.path) || '(root)'}: ${issue.message}`;
    return reject({ reason: 'plan-invalid', message: `The revised plan is not a valid plan version${where}` });
  }
  return { ok: true, version };
}

function reject(error: PlanInvariantError | PlanInvariantErrorOptions): PlanVersionResult {
  return { ok: false, error: PlanInvariantError.isInstance(error) ? error : new PlanInvariantError(error) };
}

function applyEdit(draft: Draft, edit: PlanEdit, editIndex: number): PlanInvariantError | undefined {
  switch (edit.type) {
    case 'add': {
      const step = newStep(draft, edit, editIndex, `The new step at position ${edit.index + 1}`);
      if (PlanInvariantError.isInstance(step)) return step;
      const blocked = checkInsertionPoint(draft.pending, edit.index, draft.pending.length, editIndex, draft);
      if (blocked !== undefined) return blocked;
      draft.pending.splice(edit.index, 0, step);
      return undefined;
    }
    case 'remove': {
      const index = locateEditable(draft, edit.stepId, editIndex);
      if (typeof index !== 'number') return index;
      draft.pending.splice(index, 1);
      return undefined;
    }
    case 'move': {
      const index = locateEditable(draft, edit.stepId, editIndex);
      if (typeof index !== 'number') return index;
      const [step] = draft.pending.splice(index, 1);
      const blocked = checkInsertionPoint(draft.pending, edit.toIndex, draft.pending.length, editIndex, draft);
      if (blocked !== undefined) return blocked;
      draft.pending.splice(edit.toIndex, 0, step!);
      return undefined;
    }
    case 'rewrite': {
      const index = locateEditable(draft, edit.stepId, editIndex);
      if (typeof index !== 'number') return index;
      const current = draft.pending[index]!;
      const label = `The rewrite of ${describeStep(current, stepNumber(draft, index))}`;
      const replacement = newStep(draft, edit, editIndex, label, current.id);
      if (PlanInvariantError.isInstance(replacement)) return replacement;
      // A rewritten instruction has not been attempted yet, whatever happened to the old wording.
      draft.pending[index] = { ...replacement, id: current.id };
      return undefined;
    }
    case 'patch':
      return applyPatch(draft, edit.fromStepId, edit.count, edit.steps, editIndex);
    case 'replace-pending': {
      for (const [index, step] of draft.pending.entries()) {
        const frozen = checkEditable(draft, step, index, editIndex);
        if (frozen !== undefined) return frozen;
      }
      const steps = newSteps(draft, edit.steps, editIndex, 'of the replacement');
      if (PlanInvariantError.isInstance(steps)) return steps;
      draft.pending = steps;
      return undefined;
    }
    case 'set-criteria':
      return setCriteria(draft, edit.criteria, editIndex);
    case 'set-constraints':
      draft.constraints = [...edit.constraints];
      return undefined;
    default:
      return new PlanInvariantError({
        reason: 'plan-invalid',
        editIndex,
        message: `Edit ${editIndex + 1} has an unknown type "${String((edit as { type?: unknown }).type)}"`,
      });
  }
}

function applyPatch(
  draft: Draft,
  fromStepId: string,
  count: number,
  planned: readonly PlannedStep[],
  editIndex: number,
): PlanInvariantError | undefined {
  const start = locateEditable(draft, fromStepId, editIndex);
  if (typeof start !== 'number') return start;
  if (!Number.isInteger(count) || count < 1 || count > MAX_PATCH_COUNT || start + count > draft.pending.length) {
    const first = draft.pending[start]!;
    return stepError(
      'count-invalid',
      first,
      stepNumber(draft, start),
      `starts a patch of ${String(count)} steps, but a patch covers 1 to ${MAX_PATCH_COUNT} pending steps and ${draft.pending.length - start} remain from here`,
      editIndex,
    );
  }
  for (let index = start; index < start + count; index += 1) {
    const frozen = checkEditable(draft, draft.pending[index]!, index, editIndex);
    if (frozen !== undefined) return frozen;
  }
  const steps = newSteps(draft, planned, editIndex, 'of the patch');
  if (PlanInvariantError.isInstance(steps)) return steps;
  const rest = [...draft.pending.slice(0, start), ...draft.pending.slice(start + count)];
  if (steps.length > 0) {
    const blocked = checkInsertionPoint(rest, start, rest.length, editIndex, draft);
    if (blocked !== undefined) return blocked;
  }
  draft.pending.splice(start, count, ...steps);
  return undefined;
}

function setCriteria(
  draft: Draft,
  criteria: readonly CriterionDraft[],
  editIndex: number,
): PlanInvariantError | undefined {
  const next: SuccessCriterion[] = [];
  for (const [index, criterion] of criteria.entries()) {
    const text = criterionText(criterion).trim();
    if (text === '') {
      return new PlanInvariantError({
        reason: 'text-empty',
        editIndex,
        message: `Success criterion ${index + 1} has no text`,
      });
    }
    // Keeping the id and status of an unchanged criterion keeps evidence already gathered for it.
    const identity = criterionIdentity({ text, check: criterion.check });
    const existing = draft.successCriteria.find((old) => criterionIdentity(old) === identity);
    next.push(existing ?? { id: draft.ids.next('criterion'), text, check: criterion.check, status: 'unknown' });
  }
  draft.successCriteria = next;
  return undefined;
}

/** Position of `stepId` in the working pending list, or why it may not be edited. */
function locateEditable(draft: Draft, stepId: string, editIndex: number): number | PlanInvariantError {
  const completedIndex = draft.parent.completed.findIndex((step) => step.id === stepId);
  if (completedIndex >= 0) {
    const step = draft.parent.completed[completedIndex]!;
    return stepError('step-completed', step, completedIndex + 1, 'is completed and cannot be changed', editIndex);
  }
  const index = draft.pending.findIndex((step) => step.id === stepId);
  if (index < 0) {
    const removed = draft.parent.pending.find((step) => step.id === stepId);
    const message =
      removed === undefined
        ? `Edit ${editIndex + 1} targets step ${String(stepId)}, which is not in plan version ${draft.parent.number}`
        : `Edit ${editIndex + 1} targets step "${removed.text}" (${removed.id}), which an earlier edit removed`;
    return new PlanInvariantError({ reason: 'step-unknown', stepId, editIndex, message });
  }
  return checkEditable(draft, draft.pending[index]!, index, editIndex) ?? index;
}

function checkEditable(draft: Draft, step: Step, index: number, editIndex: number): PlanInvariantError | undefined {
  if (EDITABLE_STATUSES.has(step.status)) return undefined;
  const reason = step.status === 'executing' ? 'step-executing' : 'step-completed';
  return stepError(reason, step, stepNumber(draft, index), `is ${step.status} and cannot be changed`, editIndex);
}

/**
 * A new or moved step may go anywhere after the last running step: placing it earlier would run
 * it out of order with the step already under way.
 */
function checkInsertionPoint(
  list: readonly Step[],
  position: number,
  maxPosition: number,
  editIndex: number,
  draft: Draft,
): PlanInvariantError | undefined {
  if (!Number.isInteger(position) || position < 0 || position > maxPosition) {
    return new PlanInvariantError({
      reason: 'position-invalid',
      editIndex,
      message: `Edit ${editIndex + 1} uses position ${String(position)}, but the pending list has positions 0 to ${maxPosition}`,
    });
  }
  const lastFrozen = list.findLastIndex((step) => !EDITABLE_STATUSES.has(step.status));
  if (position > lastFrozen) return undefined;
  const frozen = list[lastFrozen]!;
  return stepError(
    frozen.status === 'executing' ? 'step-executing' : 'step-completed',
    frozen,
    stepNumber(draft, lastFrozen),
    `is ${frozen.status}; no step can be placed before it`,
    editIndex,
  );
}

function newSteps(
  draft: Draft,
  planned: readonly PlannedStep[],
  editIndex: number,
  context: string,
): Step[] | PlanInvariantError {
  const steps: Step[] = [];
  for (const [index, step] of planned.entries()) {
    const created = newStep(draft, step, editIndex, `New step ${index + 1} ${context}`);
    if (PlanInvariantError.isInstance(created)) return created;
    steps.push(created);
  }
  return steps;
}

function newStep(
  draft: Draft,
  planned: PlannedStep,
  editIndex: number,
  label: string,
  stepId?: string,
): Step | PlanInvariantError {
  const step = createPendingStep(draft.ids, planned);
  const about = { editIndex, ...(stepId === undefined ? {} : { stepId }) };
  if (step.text === '') {
    return new PlanInvariantError({ reason: 'text-empty', message: `${label} has no text`, ...about });
  }
  if (step.text.length > TEXT_LIMIT || (step.expectedOutcome?.length ?? 0) > TEXT_LIMIT) {
    const message = `${label} is longer than ${TEXT_LIMIT} characters`;
    return new PlanInvariantError({ reason: 'text-too-long', message, ...about });
  }
  return step;
}

function stepNumber(draft: Draft, pendingIndex: number): number {
  return draft.parent.completed.length + pendingIndex + 1;
}
