import {
  criterionText,
  type CriterionDraft,
  type PlanCause,
  type PlanVersion,
  type PlannedStep,
  type Step,
} from '@sandpiper/protocol';
import type { IdGenerator } from '../ports.js';

export interface CreatePlanVersionInput {
  /** The planner's reading of the task. */
  readonly analysis: string;
  /** Rules the execution must respect. */
  readonly constraints: readonly string[];
  /** Conditions for done; each gets a fresh id and starts `unknown`. */
  readonly successCriteria: readonly CriterionDraft[];
  /** The steps still to do; each gets a fresh id and starts `pending`. */
  readonly steps: readonly PlannedStep[];
  /** Why this version exists; `initial` when absent. */
  readonly cause?: PlanCause;
  /** The version this one replaces; absent for the first plan of a run. Its completed steps are kept. */
  readonly parent?: PlanVersion;
  /** One sentence on why this version was made; absent when there is nothing to say. */
  readonly rationale?: string;
  /** The version's number in its run, from 1. */
  readonly number: number;
}

/**
 * A new plan version from planner output. Initial plans and regenerations start as drafts (they
 * are reviewed before anything runs); any other cause is a proposal. With a parent, the parent's
 * completed steps are carried over unchanged, so the result always preserves the completed prefix.
 */
export function createPlanVersion(ids: IdGenerator, input: CreatePlanVersionInput): PlanVersion {
  const cause = input.cause ?? 'initial';
  return {
    id: ids.next('plan'),
    number: input.number,
    ...(input.parent === undefined ? {} : { parentId: input.parent.id }),
    cause,
    ...(input.rationale === undefined ? {} : { rationale: input.rationale }),
    state: cause === 'initial' || cause === 'regenerate' ? 'draft' : 'proposal',
    analysis: input.analysis,
    constraints: [...input.constraints],
    successCriteria: input.successCriteria.map((criterion) => ({
      id: ids.next('criterion'),
      text: criterionText(criterion),
      check: criterion.check,
      status: 'unknown',
    })),
    completed: input.parent === undefined ? [] : [...input.parent.completed],
    pending: input.steps.map((step) => createPendingStep(ids, step)),
  };
}

/** A fresh pending step; text and outcome are trimmed, and a blank outcome counts as none. */
export function createPendingStep(ids: IdGenerator, step: PlannedStep): Step {
  const expectedOutcome = typeof step.expectedOutcome === 'string' ? step.expectedOutcome.trim() : '';
  return {
    id: ids.next('step'),
    text: typeof step.text === 'string' ? step.text.trim() : '',
    status: 'pending',
    ...(expectedOutcome === '' ? {} : { expectedOutcome }),
    ...(step.region === undefined ? {} : { region: step.region }),
    ...(step.intent === undefined ? {} : { intent: step.intent }),
  };
}
