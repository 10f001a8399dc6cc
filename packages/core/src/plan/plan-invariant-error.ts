import { SandpiperError, type PlanVersion, type Step } from '@sandpiper/protocol';

/**
 * Stable code for why a plan change was refused, so callers branch on it instead of parsing the
 * message.
 *
 * - `step-completed`: the change touches a step that has already run.
 * - `step-executing`: the change touches, or places a step before, the step now running.
 * - `step-unknown`: no step has the given id.
 * - `text-empty` / `text-too-long`: a step's text (or expected outcome) is blank or over QUOTED_TEXT_MAX characters.
 * - `position-invalid` / `count-invalid`: an index or a patch length is out of range.
 * - `cause-invalid`: a revision claims to be an `initial` plan.
 * - `prefix-changed`: a new version does not keep its parent's completed steps exactly.
 * - `completed-out-of-order`: a step other than the next one is marked completed.
 * - `duplicate-step-id`: two steps of one version share an id.
 * - `plan-invalid`: the resulting version does not satisfy the plan contract (sizes, lengths).
 * - `diff-mismatch`: a diff was applied to a list it was not computed from.
 */
export type PlanInvariantReason =
  | 'step-completed'
  | 'step-executing'
  | 'step-unknown'
  | 'text-empty'
  | 'text-too-long'
  | 'position-invalid'
  | 'count-invalid'
  | 'cause-invalid'
  | 'prefix-changed'
  | 'completed-out-of-order'
  | 'duplicate-step-id'
  | 'plan-invalid'
  | 'diff-mismatch';

export interface PlanInvariantErrorOptions {
  /** Why the change was refused. */
  readonly reason: PlanInvariantReason;
  /** The full sentence a person reads; names the step when there is one. */
  readonly message: string;
  /** The step the refusal is about; absent when the problem is not tied to one step. */
  readonly stepId?: string;
  /** Zero-based index of the offending edit in the list given to `revisePlan`; absent outside edits. */
  readonly editIndex?: number;
}

/**
 * A plan change that would break the plan's rules: completed steps are immutable, the running
 * step is untouchable, every step has text. Returned in result unions; check with
 * `PlanInvariantError.isInstance`, never by message.
 */
export class PlanInvariantError extends SandpiperError {
  override readonly name = 'PlanInvariantError';
  private readonly marker = PLAN_INVARIANT_MARKER;
  /** Why the change was refused. */
  readonly reason: PlanInvariantReason;
  /** The step the refusal is about; undefined when the problem is not tied to one step. */
  readonly stepId: string | undefined;
  /** Zero-based index of the offending edit; undefined outside `revisePlan`. */
  readonly editIndex: number | undefined;

  constructor(options: PlanInvariantErrorOptions) {
    // A refused change is the requester's to fix (a person's edit, a planner's answer), not a crash.
    super('conflict', options.message);
    this.reason = options.reason;
    this.stepId = options.stepId;
    this.editIndex = options.editIndex;
  }

  static override isInstance(error: unknown): error is PlanInvariantError {
    return (
      typeof error === 'object' && error !== null && (error as { marker?: unknown }).marker === PLAN_INVARIANT_MARKER
    );
  }
}
const PLAN_INVARIANT_MARKER = Symbol.for('sandpiper.plan-invariant');

/** A new version, or the reason it could not be made. */
export type PlanVersionResult =
  { readonly ok: true; readonly version: PlanVersion } | { readonly ok: false; readonly error: PlanInvariantError };

const MESSAGE_TEXT_LIMIT = 80;

/** `Step 2 "Type 'Ada' into the Name field" (step-2)`, with `number` counted over the whole plan from 1. */
export function describeStep(step: Pick<Step, 'id' | 'text'>, number: number): string {
  const text = step.text.length > MESSAGE_TEXT_LIMIT ? `${step.text.slice(0, MESSAGE_TEXT_LIMIT - 3)}...` : step.text;
  return `Step ${number} "${text}" (${step.id})`;
}

export function stepError(
  reason: PlanInvariantReason,
  step: Pick<Step, 'id' | 'text'>,
  number: number,
  why: string,
  editIndex?: number,
): PlanInvariantError {
  return new PlanInvariantError({
    reason,
    stepId: step.id,
    message: `${describeStep(step, number)} ${why}`,
    ...(editIndex === undefined ? {} : { editIndex }),
  });
}
