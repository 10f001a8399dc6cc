import { z } from 'zod';
import { criterionDraftSchema, type CriterionDraft } from './criteria.js';
import { QUOTED_TEXT_MAX } from './quoting.js';
import { stepIdSchema, stepSchema, type StepRegion } from './plan.js';
import type { StepIntent } from './step-intent.js';

/** A step as a planner writes it, before it has an id and a status. */
export interface PlannedStep {
  readonly text: string;
  /** What should be visible once the step ran; absent when the planner could not say. */
  readonly expectedOutcome?: string;
  /** The area the person marked for this step's target; absent when the target may be anywhere. */
  readonly region?: StepRegion;
  /** What the step does as typed data, when the planner knows it; `text` renders it. */
  readonly intent?: StepIntent;
}

/** Insert a new step into the pending list. */
export interface AddStepEdit {
  readonly type: 'add';
  /** Zero-based position in the pending list the new step will occupy; `pending.length` appends. */
  readonly index: number;
  /** The instruction; surrounding whitespace is dropped and it must not be blank. */
  readonly text: string;
  /** What should be visible once the step ran; absent when unknown. */
  readonly expectedOutcome?: string;
  /** The area the person marked for the step's target; absent when it may be anywhere. */
  readonly region?: StepRegion;
  /** What the new step does as typed data, when the writer knows it; absent: read from `text`. */
  readonly intent?: StepIntent;
}

/** Delete one pending step. */
export interface RemoveStepEdit {
  readonly type: 'remove';
  readonly stepId: string;
}

/** Move one pending step to another position. */
export interface MoveStepEdit {
  readonly type: 'move';
  readonly stepId: string;
  /** Zero-based position of the step in the pending list after the move. */
  readonly toIndex: number;
}

/** Local edit: replace the wording of one pending step, keeping its id. */
export interface RewriteStepEdit {
  readonly type: 'rewrite';
  readonly stepId: string;
  /** The new instruction; must not be blank. */
  readonly text: string;
  /**
   * The new expected outcome. Absent means the rewritten step has none: the old outcome described
   * the old instruction, so it is not kept.
   */
  readonly expectedOutcome?: string;
  /** The area the person marked for the step's target; absent drops any earlier mark. */
  readonly region?: StepRegion;
  /** What the rewritten step does as typed data; absent: it is read from the new `text`. */
  readonly intent?: StepIntent;
}

/** Regional patch: replace a short contiguous run of pending steps with new ones. */
export interface PatchStepsEdit {
  readonly type: 'patch';
  /** Id of the first pending step of the run. */
  readonly fromStepId: string;
  /** How many steps the run covers, 1 to 5. */
  readonly count: number;
  /** The steps that take the run's place (fresh ids); empty deletes the run. */
  readonly steps: readonly PlannedStep[];
}

/** Full replan: replace every pending step. */
export interface ReplacePendingEdit {
  readonly type: 'replace-pending';
  readonly steps: readonly PlannedStep[];
}

/** Replace the success criteria; a criterion whose text and check are unchanged keeps its id and status. */
export interface SetCriteriaEdit {
  readonly type: 'set-criteria';
  readonly criteria: readonly CriterionDraft[];
}

/** Replace the constraints. */
export interface SetConstraintsEdit {
  readonly type: 'set-constraints';
  readonly constraints: readonly string[];
}

/** One change a person, the planner or the run engine asks of a plan's editable part. */
export type PlanEdit =
  | AddStepEdit
  | RemoveStepEdit
  | MoveStepEdit
  | RewriteStepEdit
  | PatchStepsEdit
  | ReplacePendingEdit
  | SetCriteriaEdit
  | SetConstraintsEdit;

/** Longest run a regional patch may replace; a longer change is a full replan. */
export const MAX_PATCH_COUNT = 5;

/** A step as the planner writes it: text and, optionally, the outcome to expect and the marked area. */
export const plannedStepSchema = stepSchema.pick({ text: true, expectedOutcome: true, region: true, intent: true });

const positionSchema = z.number().int().nonnegative();

/** Validates one edit sent by a person or a client (server, CLI) before it reaches `revisePlan`. */
export const planEditSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('add'), index: positionSchema, ...plannedStepSchema.shape }),
  z.object({ type: z.literal('remove'), stepId: stepIdSchema }),
  z.object({ type: z.literal('move'), stepId: stepIdSchema, toIndex: positionSchema }),
  z.object({ type: z.literal('rewrite'), stepId: stepIdSchema, ...plannedStepSchema.shape }),
  z.object({
    type: z.literal('patch'),
    fromStepId: stepIdSchema,
    count: z.number().int().min(1).max(MAX_PATCH_COUNT),
    steps: z.array(plannedStepSchema).max(2 * MAX_PATCH_COUNT),
  }),
  z.object({ type: z.literal('replace-pending'), steps: z.array(plannedStepSchema).max(500) }),
  z.object({
    type: z.literal('set-criteria'),
    criteria: z.array(criterionDraftSchema).max(10),
  }),
  z.object({ type: z.literal('set-constraints'), constraints: z.array(z.string().max(QUOTED_TEXT_MAX)).max(50) }),
]) satisfies z.ZodType<PlanEdit>;

/** A batch of edits applied together as one revision. */
export const planEditListSchema = z.array(planEditSchema).min(1).max(100);
