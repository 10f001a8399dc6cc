import { planEditListSchema } from '@sandpiper/core';
import {
  actionSchema,
  annotationSchema,
  approvalPolicySchema,
  budgetsSchema,
  environmentSpecSchema,
  imageHashSchema,
  taskSchema,
} from '@sandpiper/protocol';
import { scenarioNames } from '@sandpiper/runtime';
import { z } from 'zod';

/**
 * Bodies and query strings the API accepts. Every object is strict, so a misspelt field is
 * reported by name instead of being silently ignored.
 */

/** `POST /api/runs`: start a run on a built-in scenario, a URL or an attached browser. */
export const createRunRequestSchema = z
  .strictObject({
    /** Which built-in scenario app the run acts on; the short form of `environment: { type: 'scenario', name }`. */
    scenario: z.enum(scenarioNames).optional(),
    /** Where the run acts: a scenario, a URL opened in a fresh Chromium, or a browser attached over its DevTools endpoint. */
    environment: environmentSpecSchema.optional(),
    /** The engine: `builtin`, or a model as `provider:model[@baseURL]`; the server's own engine when absent. */
    model: z.string().trim().min(1).max(500).optional(),
    /** The task in plain language; the scenario's default task when absent. */
    instruction: taskSchema.shape.instruction.optional(),
    /** Who approves plans and sensitive actions; `ask` (the person, in the UI) when absent. */
    approval: approvalPolicySchema.default('ask'),
    /** Limits of the run; each absent field takes the task contract's default. */
    budgets: budgetsSchema.partial().strict().optional(),
  })
  .refine((request) => (request.scenario === undefined) !== (request.environment === undefined), {
    message: 'give a scenario or an environment (a URL or a DevTools endpoint), not both',
    path: ['scenario'],
  });
export type CreateRunRequest = z.infer<typeof createRunRequestSchema>;

/** A command without arguments (`approve`, `regenerate`, `pause`, `resume`, `takeover`, `handback`). */
export const emptyRequestSchema = z.strictObject({});

/** `POST /api/runs/:id/reject`. */
export const rejectRequestSchema = z.strictObject({
  /** Why the plan or action is rejected; the planner reads it when it plans again. */
  reason: z.string().trim().min(1).max(2000),
});

/** `POST /api/runs/:id/cancel`. */
export const cancelRequestSchema = z.strictObject({
  /** Why the run is stopped; recorded in the log. A generic reason when absent. */
  reason: z.string().trim().min(1).max(2000).optional(),
});

/** `POST /api/runs/:id/edit`: edits applied together, as one new plan version. */
export const editRequestSchema = z.strictObject({
  edits: planEditListSchema,
});

/** `POST /api/runs/:id/guidance`: free-text advice for the planner. */
export const guidanceRequestSchema = z.strictObject({
  /** The advice, as the person wrote it. */
  text: z.string().trim().min(1).max(4000),
});

/** `POST /api/runs/:id/annotation`: marks on one screenshot of the run, with an optional sentence; the server adds their bounding box. */
export const annotationRequestSchema = annotationSchema.omit({ box: true }).strict();
export type AnnotationRequest = z.infer<typeof annotationRequestSchema>;

/** `POST /api/runs/:id/input`: one action the person performs on the live view during a takeover. */
export const takeoverInputRequestSchema = z.strictObject({
  action: actionSchema,
});

/** `?after=N`: the last sequence number the client has; 0 (everything) when absent. */
export const afterQuerySchema = z.strictObject({
  after: z.coerce.number().int().nonnegative().default(0),
});

/** `GET /api/runs?limit=&offset=`: a page of the run list, newest first. */
export const listRunsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().nonnegative().default(0),
});

/** `GET /api/blobs/:hash`. */
export const blobParamsSchema = z.strictObject({ hash: imageHashSchema });
