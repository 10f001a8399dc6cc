import { z } from 'zod';
import { approvalSubjectSchema, runStatusSchema } from './event.js';
import { observationSchema } from './observation.js';
import { planVersionSchema, stepIdSchema } from './plan.js';
import { taskSchema } from './task.js';

/**
 * Where a run stands. `taken-over`: the person controls the environment and the run holds until
 * they hand it back; `waiting-for-user`: a question or a sensitive action waits for an answer.
 */
export const runPhaseSchema = z.enum([
  'created',
  'planning',
  'awaiting-approval',
  'executing',
  'paused',
  'taken-over',
  'waiting-for-user',
  'ended',
]);
export type RunPhase = z.infer<typeof runPhaseSchema>;

/** What a run's model calls added up to; all zero for the built-in engine. */
export const runUsageSchema = z.object({
  calls: z.number().int().nonnegative(),
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  /** US dollars, counting only calls to models with a price. */
  costUsd: z.number().nonnegative(),
});
export type RunUsage = z.infer<typeof runUsageSchema>;

/** What a running loop waits for, so a front end can ask the right question. */
/**
 * The `approval-request` event a question belongs to, so an answer can say which question it
 * answers; absent from prompts made by callers that predate it.
 */
const approvalRequestIdSchema = z.string().min(1).optional();

export const userPromptSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('plan-approval'), versionId: z.string().min(1), requestId: approvalRequestIdSchema }),
  z.object({
    type: z.literal('action-approval'),
    summary: z.string(),
    reason: z.string(),
    requestId: approvalRequestIdSchema,
  }),
  /** Every step ran but the screen leaves the result open: is the task done? */
  z.object({
    type: z.literal('result-confirmation'),
    summary: z.string(),
    reason: z.string(),
    requestId: approvalRequestIdSchema,
  }),
  /**
   * The run cannot go on without the person's words: it did not understand the instruction, the
   * screen leaves a choice open, or the page turned an action down. Guidance answers it; approve
   * means "try again as it is" (after the person changed something on screen).
   */
  z.object({ type: z.literal('question'), question: z.string() }),
  z.object({ type: z.literal('paused') }),
  /** The person controls the environment: `input` actions are performed until `handback`. */
  z.object({ type: z.literal('taken-over') }),
]);
export type UserPrompt = z.infer<typeof userPromptSchema>;

/**
 * A run's state as the projection of its log folds it (see `projectRun` in the core), in the
 * shape it travels in: fields the projection leaves undefined are absent.
 */
export const runStateSchema = z.object({
  runId: z.string().min(1),
  task: taskSchema.optional(),
  /** The engine that drives the run, as its `run-start` event names it; absent before it or in older logs. */
  engine: z.string().optional(),
  phase: runPhaseSchema,
  /** Set once the run has ended. */
  status: runStatusSchema.optional(),
  endReason: z.string().optional(),
  /** Every plan version in creation order, with its current state. */
  versions: z.array(planVersionSchema),
  /** The approved plan as it stands now: steps move to `completed` as they finish. */
  plan: planVersionSchema.optional(),
  pendingApproval: z.object({ requestId: z.string().min(1), subject: approvalSubjectSchema }).optional(),
  /** The step being executed and its attempt number; absent between steps. */
  currentStep: z
    .object({
      stepId: stepIdSchema,
      attempt: z.number().int().positive(),
      startSeq: z.number().int().positive(),
    })
    .optional(),
  clarification: z.object({ question: z.string(), unparsed: z.array(z.string()) }).optional(),
  actionCount: z.number().int().nonnegative(),
  lastObservation: observationSchema.optional(),
  /** Milliseconds since the Unix epoch. */
  startedAt: z.number().int().nonnegative().optional(),
  lastEventAt: z.number().int().nonnegative().optional(),
  lastSeq: z.number().int().nonnegative(),
  /** The latest evidence for each success criterion, by criterion id. */
  criteriaEvidence: z.record(z.string(), z.string()),
  /** Completion claims made so far (accepted or not). */
  completionClaims: z.number().int().nonnegative(),
  /** Actions the person performed during takeovers. */
  manualActions: z.number().int().nonnegative(),
  /** The person paused the run and has not resumed it. */
  paused: z.boolean(),
  usage: runUsageSchema,
});
export type RunStateWire = z.infer<typeof runStateSchema>;
