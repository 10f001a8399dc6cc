import { z } from 'zod';
import { actionResultSchema, actionSchema } from './action.js';
import { annotationSchema } from './annotation.js';
import { detectorNameSchema, detectorPatternSchema, modelRoleSchema } from './detectors.js';
import { boxSchema } from './geometry.js';
import { imageHashSchema, observationSchema } from './observation.js';
import { planVersionIdSchema, planVersionSchema, stepIdSchema, stepSchema } from './plan.js';
import { taskSchema } from './task.js';
import { EVENT_SCHEMA_VERSION } from './version.js';

/** Who caused an event: the person, the agent (including approval by policy), or the environment. */
export const eventSourceSchema = z.enum(['user', 'agent', 'environment']);
export type EventSource = z.infer<typeof eventSourceSchema>;

/** How the target of an action was found on screen. */
export const groundingSchema = z.object({
  /** What was looked for, as parsed from the step ("Submit", role button). */
  query: z.string(),
  role: z.string().optional(),
  method: z.enum(['accessibility', 'ocr', 'coordinates', 'none']),
  /** The chosen target's box in screen space; absent when nothing was found. */
  box: boxSchema.optional(),
  /** Match quality in [0, 1]. */
  score: z.number().min(0).max(1).optional(),
  /** True when several candidates matched about equally well and one was picked by role and position. */
  ambiguous: z.boolean(),
  /** Runner-up candidates, best first, for the log and for later disambiguation. */
  alternatives: z
    .array(z.object({ label: z.string(), role: z.string().optional(), box: boxSchema, score: z.number() }))
    .max(10),
});
export type Grounding = z.infer<typeof groundingSchema>;

export const approvalSubjectSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('plan'), versionId: planVersionIdSchema }),
  z.object({
    type: z.literal('action'),
    stepId: stepIdSchema,
    /** Human-readable summary of the action awaiting approval. */
    summary: z.string(),
    /** Why it needs approval ("submits a form"). */
    reason: z.string(),
  }),
  /**
   * Every step ran, but the screen does not show that the task is done: the person is asked to
   * look and say whether it is. Accepted: the run succeeds on their word; rejected: it fails.
   */
  z.object({
    type: z.literal('result'),
    /** What was done, in one line. */
    summary: z.string(),
    /** What the screen leaves open ("nothing shows that 'Archive' had its effect"). */
    reason: z.string(),
  }),
]);
export type ApprovalSubject = z.infer<typeof approvalSubjectSchema>;

/**
 * What a passed step check rests on. `state`: the state the step was meant to leave was read on
 * the screen (a box checked, a field's value, the selected tab, a new address, a message that
 * confirms it). `change`: only that something changed where the action explains it, which does
 * not show that it was the change asked for.
 */
export const checkBasisSchema = z.enum(['state', 'change']);
export type CheckBasis = z.infer<typeof checkBasisSchema>;

/** One changed region of a pre/post screenshot pair, as the reflector saw it. */
export const changeRegionEvidenceSchema = z.object({
  /** The number drawn beside the region on the marked screenshot, from 1. */
  id: z.number().int().positive(),
  box: boxSchema,
  /** Pixels that differ inside the region. */
  changedPixels: z.number().int().nonnegative(),
  /**
   * `action-relevant`: caused by the executed action. `noise`: changes that happen on their own
   * (clock, caret, spinner, animation). `unrelated`: a real change elsewhere, a possible side effect.
   */
  relevance: z.enum(['action-relevant', 'noise', 'unrelated']),
  /** What changed, in a few words: "text in the Name field", "a dialog appeared". */
  description: z.string(),
});
export type ChangeRegionEvidence = z.infer<typeof changeRegionEvidenceSchema>;

export const runStatusSchema = z.enum(['succeeded', 'failed', 'cancelled', 'needs-input', 'budget-exhausted']);
export type RunStatus = z.infer<typeof runStatusSchema>;

const payloads = [
  z.object({
    type: z.literal('run-start'),
    task: taskSchema,
    /** The engine that drives the run, as people read it ("built-in rules", "openai:gpt-4.1"); absent in older logs. */
    engine: z.string().min(1).max(300).optional(),
  }),
  /** The planner started writing a plan (initially or on regeneration). */
  z.object({ type: z.literal('plan-start'), reason: z.enum(['initial', 'regenerate']) }),
  z.object({ type: z.literal('plan-version-create'), version: planVersionSchema }),
  /** The planner could not understand part of the instruction and will not guess. */
  z.object({
    type: z.literal('clarification-request'),
    question: z.string(),
    /** The parts of the instruction that were not understood, verbatim. */
    unparsed: z.array(z.string()),
  }),
  z.object({ type: z.literal('approval-request'), requestId: z.string().min(1), subject: approvalSubjectSchema }),
  z.object({
    type: z.literal('approval-response'),
    requestId: z.string().min(1),
    decision: z.enum(['accepted', 'rejected']),
    /** Who decided: the person, or the approval policy on their behalf. */
    by: z.enum(['user', 'policy']),
    reason: z.string().optional(),
  }),
  z.object({ type: z.literal('step-start'), stepId: stepIdSchema, attempt: z.number().int().positive() }),
  z.object({ type: z.literal('observation'), observation: observationSchema }),
  z.object({
    type: z.literal('action-start'),
    stepId: stepIdSchema,
    action: actionSchema,
    /** Present-progressive one-liner for people: "Typing 'Ada' into Name". */
    summary: z.string(),
    grounding: groundingSchema.optional(),
  }),
  z.object({ type: z.literal('action-end'), stepId: stepIdSchema, result: actionResultSchema }),
  /** The check of a step's visible outcome after its actions. */
  z.object({
    type: z.literal('step-check'),
    stepId: stepIdSchema,
    passed: z.boolean(),
    /** What was seen that decided it. */
    evidence: z.string(),
    /** What a pass rests on: the step's state read on screen, or only a change there; absent when the reflector does not say. */
    basis: checkBasisSchema.optional(),
  }),
  /** What the reflector saw an action (or a step's chain of actions) change, and its verdict. */
  z.object({
    type: z.literal('reflection'),
    stepId: stepIdSchema,
    /** `evidence-first`: regions described and filtered before judging. `one-shot`: one judgment from both screens. */
    method: z.enum(['evidence-first', 'one-shot']),
    verdict: z.enum(['success', 'failure']),
    /** The evidence the verdict rests on, in one sentence. */
    keyEvidence: z.string(),
    /** Where the step stands now, for the person and the planner. */
    summary: z.string(),
    regions: z.array(changeRegionEvidenceSchema).max(50),
    /** Marked screenshots: the action marker on the screen before, numbered change boxes on the screen after. */
    marked: z.object({ before: imageHashSchema.optional(), after: imageHashSchema.optional() }),
  }),
  /**
   * The status of the success criteria after a step, read from the screen. Logged when a status or
   * its evidence changed, so the person sees the criteria fill in as the run goes.
   */
  z.object({
    type: z.literal('criteria-update'),
    /** The step after which the criteria were read; absent for the check at the end of the run. */
    stepId: stepIdSchema.optional(),
    criteria: z
      .array(
        z.object({
          id: z.string().min(1).max(64),
          status: z.enum(['unknown', 'satisfied', 'unsatisfied']),
          /** What was seen, in one sentence: the literal value for exact criteria. */
          evidence: z.string().max(2000),
        }),
      )
      .max(10),
  }),
  /**
   * The agent claimed the task done: the completion gate (every criterion satisfied, screen
   * stable) and the conservative judge each gave a verdict, and both must accept.
   */
  z.object({
    type: z.literal('completion-check'),
    /** 1 for the first claim of the run, then one more per rejected claim. */
    claim: z.number().int().positive(),
    gate: z.object({
      /** `skipped` when the gate is turned off in the configuration. */
      verdict: z.enum(['done', 'continue', 'skipped']),
      /** The screen did not change between two looks a moment apart. */
      stable: z.boolean(),
      /** Ids of the criteria not yet seen satisfied. */
      unmet: z.array(z.string()).max(10),
      reason: z.string(),
    }),
    /** Absent when the gate already said continue, or when the judge is turned off. */
    judge: z
      .object({
        verdict: z.enum(['accept', 'reject']),
        reason: z.string(),
        /** What is still needed, as the judge put it. */
        missing: z.array(z.string().max(1000)).max(10),
        /** The judge's own verdict was accept, but it was not certain or still listed missing work, so it counts as reject. */
        hedged: z.boolean(),
      })
      .optional(),
    accepted: z.boolean(),
  }),
  /** Whether the task can still be done, and the evidence, after a step could not be carried out. */
  z.object({
    type: z.literal('feasibility-check'),
    stepId: stepIdSchema.optional(),
    verdict: z.enum(['feasible', 'uncertain', 'infeasible']),
    /** What was checked and seen, one entry per probe. */
    evidence: z.array(z.string().max(2000)).min(1).max(10),
  }),
  /** A stuck or loop detector fired. */
  z.object({
    type: z.literal('detector-fire'),
    /** Which detector or loop-breaker tier fired. */
    detector: detectorNameSchema,
    /** Loop-breaker tier (1 switch modality, 2 change strategy, 3 judge); absent for system replanning. */
    tier: z.number().int().min(1).max(3).optional(),
    /** The pattern that fired, such as `REPEAT_SEQ_L3_R3`. */
    pattern: detectorPatternSchema,
    reason: z.string(),
    stepId: stepIdSchema.optional(),
  }),
  z.object({
    type: z.literal('step-end'),
    stepId: stepIdSchema,
    status: z.enum(['completed', 'failed']),
    reason: z.string(),
  }),
  z.object({ type: z.literal('run-pause'), reason: z.string().optional() }),
  z.object({ type: z.literal('run-resume') }),
  z.object({ type: z.literal('run-cancel'), reason: z.string().optional() }),
  /** A process picked the run up from its log after the previous one stopped mid-run. */
  z.object({
    type: z.literal('run-recover'),
    /** The step that was executing when the previous process stopped, if any; it is re-checked, not re-run blindly. */
    interruptedStepId: stepIdSchema.optional(),
    /**
     * Whether the environment is the one the run had (`kept`: an attached browser) or was opened
     * afresh (`reopened`: the browser that held the page is gone, and with it what the page held).
     */
    environment: z.enum(['kept', 'reopened']).optional(),
  }),
  z.object({ type: z.literal('warning'), message: z.string() }),
  /** Free-text advice from the person; the planner answers with a proposal or a warning. */
  z.object({ type: z.literal('guidance'), text: z.string().min(1).max(4000) }),
  /** Marks the person drew on a screenshot; the planner answers with a proposal grounded in the marked area. */
  z.object({ type: z.literal('annotation'), ...annotationSchema.shape }),
  /** The person took control of the environment; the run holds until they hand it back. */
  z.object({ type: z.literal('takeover-start') }),
  /** One action the person performed during a takeover, and what the environment said. */
  z.object({ type: z.literal('manual-action'), action: actionSchema, result: actionResultSchema }),
  /** The person handed control back; the agent looks at the screen again before it goes on. */
  z.object({
    type: z.literal('takeover-end'),
    /** How many actions the person performed while in control. */
    manualActions: z.number().int().nonnegative(),
  }),
  /** One call to a model: which role, what it cost, how it went. Never holds prompts or keys. */
  z.object({
    type: z.literal('model-call'),
    /** The role that called. */
    role: modelRoleSchema,
    /** Provider and model: `anthropic:claude-sonnet-4-5`. */
    model: z.string().min(1).max(200),
    inputTokens: z.number().int().nonnegative(),
    outputTokens: z.number().int().nonnegative(),
    /** US dollars from the price table; absent when the model has no price. */
    costUsd: z.number().nonnegative().optional(),
    durationMs: z.number().nonnegative(),
    /** `repaired`: the first answer was invalid and a re-ask fixed it. */
    outcome: z.enum(['ok', 'repaired', 'error']),
    /** What went wrong, for `error`; never includes credentials. */
    error: z.string().max(2000).optional(),
    stepId: stepIdSchema.optional(),
  }),
  z.object({
    type: z.literal('run-end'),
    status: runStatusSchema,
    /** One sentence for people on how the run ended and why. */
    reason: z.string(),
  }),
] as const;

export const eventPayloadSchema = z.discriminatedUnion('type', payloads);
export type EventPayload = z.infer<typeof eventPayloadSchema>;
export type EventType = EventPayload['type'];
export type PayloadOf<T extends EventType> = Extract<EventPayload, { type: T }>;

/** What a writer hands to the event log; the log assigns the sequence number and the time. */
export const eventDraftSchema = z.object({
  source: eventSourceSchema,
  /** Sequence number of the event that caused this one (an observation names its action). */
  cause: z.number().int().positive().optional(),
  payload: eventPayloadSchema,
});
export type EventDraft = z.infer<typeof eventDraftSchema>;

/** An event as stored and delivered: the envelope plus its payload. */
export const runEventSchema = z.object({
  schemaVersion: z.literal(EVENT_SCHEMA_VERSION),
  runId: z.string().min(1),
  /** 1, 2, 3... per run, assigned by the store, no gaps. */
  seq: z.number().int().positive(),
  /** Milliseconds since the Unix epoch, assigned by the store. */
  at: z.number().int().nonnegative(),
  source: eventSourceSchema,
  cause: z.number().int().positive().optional(),
  payload: eventPayloadSchema,
});
export type RunEvent = z.infer<typeof runEventSchema>;

/** A stored step snapshot, re-exported for projections that copy steps into summaries. */
export { stepSchema };
