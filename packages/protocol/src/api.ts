import { z } from 'zod';
import { actionSchema } from './action.js';
import { annotationSchema } from './annotation.js';
import { runEventSchema, runStatusSchema } from './event.js';
import { boxSchema } from './geometry.js';
import { imageHashSchema } from './observation.js';
import { planEditListSchema } from './plan-edit.js';
import { runStateSchema, userPromptSchema } from './run-state.js';
import {
  approvalPolicySchema,
  budgetsSchema,
  documentFormatSchema,
  environmentSpecSchema,
  taskSchema,
} from './task.js';

/**
 * The HTTP and WebSocket contract of `sandpiper serve`, in one place: every route's body, query
 * and answer, and every stream message. The server validates what it sends with these schemas;
 * the web client validates what it receives. Request objects are strict, so a misspelt field is
 * named instead of ignored.
 */

// ----- Requests --------------------------------------------------------------------------------

/** `POST /api/runs`: start a run on a built-in scenario, a URL, a browser attached over CDP, an executor or a desktop. */
export const createRunRequestSchema = z
  .strictObject({
    /** A built-in scenario's name; the short form of `environment: { type: 'scenario', name }`. */
    scenario: z.string().trim().min(1).max(64).optional(),
    /** Where the run acts: a scenario, a URL opened in a fresh Chromium, an attached browser, an executor, a desktop. */
    environment: environmentSpecSchema.optional(),
    /** The task in plain language; a scenario's example task when absent. */
    instruction: taskSchema.shape.instruction.optional(),
    /** `builtin`, or a model as `provider:model[@baseURL]`; the server's own engine when absent. */
    model: z.string().trim().min(1).max(500).optional(),
    /** Who approves plans and sensitive actions; `ask` (the person, in the UI) when absent. */
    approval: approvalPolicySchema.default('ask'),
    /** Limits of the run; each absent field takes the server's configured value, then the default. */
    budgets: budgetsSchema.partial().strict().optional(),
  })
  .refine((request) => (request.scenario === undefined) !== (request.environment === undefined), {
    message: 'give a scenario or an environment (a URL or a DevTools endpoint), not both',
    path: ['scenario'],
  });
export type CreateRunRequest = z.infer<typeof createRunRequestSchema>;
export type CreateRunRequestInput = z.input<typeof createRunRequestSchema>;

/** A command without arguments (`regenerate`, `pause`, `resume`, `takeover`, `handback`). */
export const emptyRequestSchema = z.strictObject({});

/**
 * The question an approval or a rejection answers: the `requestId` of the `approval-request` the
 * person saw (also in the waiting prompt). The run refuses the answer when it now waits on another
 * question. Absent: the answer goes to whatever question waits, as older clients expect.
 */
const answeredRequestIdSchema = z.string().trim().min(1).max(200).optional();

/** `POST /api/runs/:id/approve`. */
export const approveRequestSchema = z.strictObject({ requestId: answeredRequestIdSchema });

/** `POST /api/runs/:id/reject`. */
export const rejectRequestSchema = z.strictObject({
  /** Why the plan or action is rejected; the planner reads it when it plans again. */
  reason: z.string().trim().min(1).max(2000),
  requestId: answeredRequestIdSchema,
});

/** `POST /api/runs/:id/cancel`. */
export const cancelRequestSchema = z.strictObject({
  /** Why the run is stopped; recorded in the log. A generic reason when absent. */
  reason: z.string().trim().min(1).max(2000).optional(),
});

/** `POST /api/runs/:id/edit`: edits applied together, as one new plan version. */
export const editRequestSchema = z.strictObject({ edits: planEditListSchema });

/** `POST /api/runs/:id/guidance`: free-text advice for the planner. */
export const guidanceRequestSchema = z.strictObject({
  /** The advice, as the person wrote it. */
  text: z.string().trim().min(1).max(4000),
});

/** `POST /api/runs/:id/annotation`: marks on one screenshot of the run; the server adds their bounding box. */
export const annotationRequestSchema = annotationSchema.omit({ box: true }).strict();
export type AnnotationRequest = z.infer<typeof annotationRequestSchema>;

/** `POST /api/runs/:id/input`: one action the person performs on the live view during a takeover. */
export const takeoverInputRequestSchema = z.strictObject({ action: actionSchema });

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

// ----- Answers ---------------------------------------------------------------------------------

/**
 * Where a run stands according to its log: `created` before `run-start`, `running` until
 * `run-end`, then its status. `interrupted`: the run has not ended and no live process drives it (its process died or was
 * stopped); `sandpiper resume` or `POST /api/runs/:id/recover` takes it up again.
 */
export const storedRunStatusSchema = z.union([z.enum(['created', 'running', 'interrupted']), runStatusSchema]);
export type StoredRunStatus = z.infer<typeof storedRunStatusSchema>;

/** One run as the store lists it. */
export const runSummarySchema = z.object({
  id: z.string().min(1),
  /** The instruction as stored, after redaction. */
  instruction: z.string(),
  environment: environmentSpecSchema,
  status: storedRunStatusSchema,
  /** Milliseconds since the Unix epoch. */
  createdAt: z.number().int().nonnegative(),
  /** Time of the latest event (or `createdAt` before any). */
  updatedAt: z.number().int().nonnegative(),
  /** Time of the `run-end` event; absent while the run has not ended. */
  endedAt: z.number().int().nonnegative().optional(),
  /** Number of events in the log, which is also its last sequence number. */
  eventCount: z.number().int().nonnegative(),
  /** From creation to the end, or to the latest event while running. */
  durationMs: z.number().nonnegative(),
});
export type RunSummaryWire = z.infer<typeof runSummarySchema>;

/**
 * A change or takeover the server accepted while the run worked, not yet taken in: the run takes
 * it at its next safe point (after the action under way, or once the question it waits on is
 * answered). It says what was asked, so the person can see their intent is kept.
 */
export const queuedChangeSchema = z.discriminatedUnion('type', [
  /** Edits to the plan in force, applied together as one revision. */
  z.object({ type: z.literal('edit'), edits: planEditListSchema }),
  /** Advice for the planner, as the person wrote it. */
  z.object({ type: z.literal('guidance'), text: z.string() }),
  /** Marks on a screenshot; `sentence` is what the person wrote with them, absent when nothing. */
  z.object({ type: z.literal('annotation'), sentence: z.string().optional() }),
  /** The person asked to take over the screen. */
  z.object({ type: z.literal('takeover') }),
]);
export type QueuedChange = z.infer<typeof queuedChangeSchema>;

/** Who is in control of a run right now. */
export const runControlSchema = z.object({
  /** The run is driven by this server; commands are accepted only then. */
  active: z.boolean(),
  /** The question the run waits on; absent while it works on its own. */
  waitingFor: userPromptSchema.optional(),
  /** A pause was asked for and the run has not reached a safe point to take it yet. */
  pauseRequested: z.boolean(),
  /** A cancel was asked for and the run has not reached a safe point to take it yet. */
  cancelRequested: z.boolean(),
  /** Changes and takeovers accepted while the run worked, waiting for its next safe point. */
  queued: z.number().int().nonnegative(),
  /** Those changes and takeovers, oldest first; absent (as from servers that predate it) means none. */
  queuedChanges: z.array(queuedChangeSchema).optional(),
});
export type RunControl = z.infer<typeof runControlSchema>;

/** `GET /api/runs/:id`: the run's summary, projected state and control status. */
export const runViewSchema = z.object({ summary: runSummarySchema, state: runStateSchema, control: runControlSchema });
export type RunView = z.infer<typeof runViewSchema>;

/** `POST /api/runs` (201): the new run's id and view. */
export const runCreatedSchema = runViewSchema.extend({ id: z.string().min(1) });

/** One row of `GET /api/runs`. */
export const runListItemSchema = runSummarySchema.extend({
  /** The run is driven by this server right now and takes commands. */
  active: z.boolean(),
  /** What the run's model calls added up to; all zero for the built-in engine. */
  usage: runStateSchema.shape.usage,
});
export type RunListItem = z.infer<typeof runListItemSchema>;

export const runListSchema = z.object({ runs: z.array(runListItemSchema) });

/** `GET /api/info`: what this server offers a new run: its default engine and the built-in scenarios. */
export const serverInfoSchema = z.object({
  /** The engine runs use unless they name their own. */
  engine: z.object({ kind: z.enum(['builtin', 'models', 'custom']), label: z.string() }),
  scenarios: z.array(z.object({ name: z.string().min(1), title: z.string(), defaultTask: z.string() })),
  /** The built-in desktop scenarios (LibreOffice documents) a `desktop` environment can open. */
  desktopScenarios: z.array(
    z.object({
      name: z.string().min(1),
      title: z.string(),
      /** The document formats it can be prepared in, the default first. */
      formats: z.array(documentFormatSchema).min(1),
      exampleTask: z.string(),
    }),
  ),
});
export type ServerInfo = z.infer<typeof serverInfoSchema>;

/** `GET /api/runs/:id/events`: the events after `after`, in order. */
export const eventPageSchema = z.object({
  runId: z.string().min(1),
  after: z.number().int().nonnegative(),
  lastSeq: z.number().int().nonnegative(),
  events: z.array(runEventSchema),
});

/** The answer to a command: it was handed to the run (202). */
export const commandAcceptedSchema = z.object({
  accepted: z.literal(true),
  command: z.string().min(1),
  /** For annotations: the bounding box of the marks, in screen pixels. */
  box: boxSchema.optional(),
});

/**
 * `GET /api/runs/:id/report.json`: the run's JSON report. Its full shape is `RunReport` in
 * `@sandpiper/report`; the contract pins the fields a client relies on and lets the rest through.
 */
export const runReportSchema = z.looseObject({
  runId: z.string().min(1),
  status: z.union([runStatusSchema, z.literal('running')]),
  steps: z.array(z.looseObject({ id: z.string(), number: z.number().int().positive(), text: z.string() })),
});

/** One failing field of a request: its dotted path (`edits[0].text`, empty for the whole body) and why. */
export const fieldIssueSchema = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** Every non-2xx answer: one sentence for the person, and the failing fields of a bad request. */
export const apiErrorBodySchema = z.object({ error: z.string(), issues: z.array(fieldIssueSchema).optional() });

/** One message of `/api/runs/:id/stream`: the next event, or `caught-up` once the stored backlog is sent. */
export const streamMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('event'), event: runEventSchema }),
  z.object({ type: z.literal('caught-up'), lastSeq: z.number().int().nonnegative() }),
]);
export type StreamMessage = z.infer<typeof streamMessageSchema>;

// ----- Routes ----------------------------------------------------------------------------------

/** The commands `POST /api/runs/:id/<name>` accepts, with the body each takes. */
export const runCommandBodies = {
  approve: approveRequestSchema,
  reject: rejectRequestSchema,
  regenerate: emptyRequestSchema,
  edit: editRequestSchema,
  pause: emptyRequestSchema,
  resume: emptyRequestSchema,
  cancel: cancelRequestSchema,
  guidance: guidanceRequestSchema,
  annotation: annotationRequestSchema,
  takeover: emptyRequestSchema,
  input: takeoverInputRequestSchema,
  handback: emptyRequestSchema,
} as const;
export type RunCommandName = keyof typeof runCommandBodies;
export const runCommandNames = Object.keys(runCommandBodies) as RunCommandName[];

/** How an answer is delivered: JSON checked by a schema, an image, a whole page, or a WebSocket. */
export type RouteAnswer =
  | { readonly kind: 'json'; readonly status: number; readonly schema: z.ZodType }
  | { readonly kind: 'image' | 'page' | 'websocket' };

export interface RouteContract {
  readonly method: 'GET' | 'POST';
  /** Path template with `:name` parameters. */
  readonly path: string;
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly answer: RouteAnswer;
  /** Whether `?token=` is accepted besides the header: for addresses a page opens without headers. */
  readonly tokenInQuery: boolean;
}

const json = (schema: z.ZodType, status = 200): RouteAnswer => ({ kind: 'json', status, schema });

/** Every route of the API. */
export const apiRoutes = {
  info: { method: 'GET', path: '/api/info', answer: json(serverInfoSchema), tokenInQuery: false },
  createRun: {
    method: 'POST',
    path: '/api/runs',
    body: createRunRequestSchema,
    answer: json(runCreatedSchema, 201),
    tokenInQuery: false,
  },
  listRuns: {
    method: 'GET',
    path: '/api/runs',
    query: listRunsQuerySchema,
    answer: json(runListSchema),
    tokenInQuery: false,
  },
  getRun: { method: 'GET', path: '/api/runs/:id', answer: json(runViewSchema), tokenInQuery: false },
  listEvents: {
    method: 'GET',
    path: '/api/runs/:id/events',
    query: afterQuerySchema,
    answer: json(eventPageSchema),
    tokenInQuery: false,
  },
  reportJson: { method: 'GET', path: '/api/runs/:id/report.json', answer: json(runReportSchema), tokenInQuery: false },
  report: { method: 'GET', path: '/api/runs/:id/report', answer: { kind: 'page' }, tokenInQuery: true },
  stream: {
    method: 'GET',
    path: '/api/runs/:id/stream',
    query: afterQuerySchema,
    answer: { kind: 'websocket' },
    tokenInQuery: true,
  },
  live: { method: 'GET', path: '/api/runs/:id/live', answer: { kind: 'websocket' }, tokenInQuery: true },
  blob: { method: 'GET', path: '/api/blobs/:hash', answer: { kind: 'image' }, tokenInQuery: true },
  /** Take up an interrupted run: open its environment again and go on from its log, as `sandpiper resume` does. */
  recover: {
    method: 'POST',
    path: '/api/runs/:id/recover',
    body: emptyRequestSchema,
    answer: json(runViewSchema, 202),
    tokenInQuery: false,
  },
} as const satisfies Record<string, RouteContract>;

/** The route of one run command. */
export function commandRoute(name: RunCommandName): RouteContract {
  return {
    method: 'POST',
    path: `/api/runs/:id/${name}`,
    body: runCommandBodies[name],
    answer: json(commandAcceptedSchema, 202),
    tokenInQuery: false,
  };
}
