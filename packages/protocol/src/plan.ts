import { z } from 'zod';
import { criterionCheckSchema } from './criteria.js';
import { QUOTED_TEXT_MAX } from './quoting.js';
import { boxSchema } from './geometry.js';
import { stepIntentSchema } from './step-intent.js';

export const stepStatusSchema = z.enum(['pending', 'executing', 'completed', 'failed', 'recovery']);
export type StepStatus = z.infer<typeof stepStatusSchema>;

/** Identifier of a step, stable across plan versions so diffs can tell a moved step from a new one. */
export const stepIdSchema = z.string().min(1).max(64);

/** Where on the screen a step's target is, as the person marked it on a screenshot. */
export const stepRegionSchema = z.object({
  /** The marked area in screen pixels; the grounder prefers targets inside it. */
  box: boxSchema,
  /** What the marked area holds, as the planner read it ("checkbox 'Select fra-03'"); absent when unread. */
  label: z.string().max(300).optional(),
});
export type StepRegion = z.infer<typeof stepRegionSchema>;

/** One deterministic UI instruction, such as "Type 'Ada' into the Name field". */
export const stepSchema = z.object({
  id: stepIdSchema,
  /** The instruction as the user reads and edits it; the executor interprets this text. */
  text: z.string().trim().min(1).max(QUOTED_TEXT_MAX),
  status: stepStatusSchema,
  /** What should be visible on screen once the step has had its effect; absent when the planner could not say. */
  expectedOutcome: z.string().max(QUOTED_TEXT_MAX).optional(),
  /** The area the person marked for this step's target; absent when the target may be anywhere. */
  region: stepRegionSchema.optional(),
  /**
   * What the step does, as typed data, when the planner knew it; `text` is its rendering. Absent
   * when the step was written or edited as free text, which the executor then interprets.
   */
  intent: stepIntentSchema.optional(),
});
export type Step = z.infer<typeof stepSchema>;

/** A condition that must be visible on screen for the task to count as done. */
export const successCriterionSchema = z.object({
  id: z.string().min(1).max(64),
  /** The condition as people read it; rendered from `check`, or written out for `described` checks. */
  text: z.string().min(1).max(QUOTED_TEXT_MAX),
  /** What to look for, as typed data: the roles check criteria by kind, never by parsing `text`. */
  check: criterionCheckSchema,
  /** Latest status from evidence; `unknown` until something has been observed. */
  status: z.enum(['unknown', 'satisfied', 'unsatisfied']).default('unknown'),
});
export type SuccessCriterion = z.infer<typeof successCriterionSchema>;

/**
 * Why a plan version exists. `initial` is the first plan of a run; the others are revisions of a
 * parent version.
 */
export const planCauseSchema = z.enum([
  'initial',
  'regenerate',
  'plan-edit',
  'guidance',
  'annotation',
  'system-replan',
  'verifier-rejection',
  /** Completed steps redone because a resumed run found the page reopened and their effects gone. */
  'resume',
  /** The plan without a step whose action the person declined, proposed to them. */
  'declined',
]);
export type PlanCause = z.infer<typeof planCauseSchema>;

/** Draft: being written or reviewed before the first approval. Proposal: a revision awaiting approval. Locked: approved. */
export const planStateSchema = z.enum(['draft', 'proposal', 'locked', 'rejected', 'superseded']);
export type PlanState = z.infer<typeof planStateSchema>;

export const planVersionIdSchema = z.string().min(1).max(64);

export const planVersionSchema = z.object({
  id: planVersionIdSchema,
  /** 1 for the first version of a run, then increasing by one per version. */
  number: z.number().int().positive(),
  /** The version this one revises; absent only for the initial version. */
  parentId: planVersionIdSchema.optional(),
  cause: planCauseSchema,
  /** One sentence on why this version was made (the user's guidance, the detector that fired...). */
  rationale: z.string().max(2000).optional(),
  state: planStateSchema,
  /** The planner's reading of the task: what it is asked to do and how. */
  analysis: z.string().max(4000),
  /** Rules the execution must respect, derived from the task ("do not submit", "use the 'Ops' team"). */
  constraints: z.array(z.string().max(QUOTED_TEXT_MAX)).max(50),
  successCriteria: z.array(successCriterionSchema).max(10),
  /** Steps already done when this version was made. Immutable: every descendant keeps them unchanged. */
  completed: z.array(stepSchema).max(500),
  /** Steps still to do, in order. Editable until executed. */
  pending: z.array(stepSchema).max(500),
});
export type PlanVersion = z.infer<typeof planVersionSchema>;
export type PlanVersionInput = z.input<typeof planVersionSchema>;

/** One entry of a diff between two plan versions. Positions are indexes into the pending lists. */
export const planChangeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('added'), step: stepSchema, index: z.number().int().nonnegative() }),
  z.object({ type: z.literal('removed'), step: stepSchema, index: z.number().int().nonnegative() }),
  z.object({
    type: z.literal('changed'),
    before: stepSchema,
    after: stepSchema,
    index: z.number().int().nonnegative(),
  }),
  z.object({
    type: z.literal('moved'),
    step: stepSchema,
    from: z.number().int().nonnegative(),
    to: z.number().int().nonnegative(),
  }),
]);
export type PlanChange = z.infer<typeof planChangeSchema>;

export const planDiffSchema = z.object({
  fromId: planVersionIdSchema,
  toId: planVersionIdSchema,
  changes: z.array(planChangeSchema),
  /** One line a person can read: "Adds 1 step, rewrites step 4." */
  summary: z.string(),
});
export type PlanDiff = z.infer<typeof planDiffSchema>;
