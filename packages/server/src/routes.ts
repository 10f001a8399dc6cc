import { projectRun, type UserCommand } from '@sandpiper/core';
import { buildReport, loadImages, renderReportHtml, reportContentSecurityPolicy } from '@sandpiper/report';
import type { Runtime } from '@sandpiper/runtime';
import type { z } from 'zod';
import { failure, queryOf, validate, type ApiFailure } from './http-io.js';
import {
  afterQuerySchema,
  annotationRequestSchema,
  blobParamsSchema,
  cancelRequestSchema,
  createRunRequestSchema,
  editRequestSchema,
  emptyRequestSchema,
  guidanceRequestSchema,
  listRunsQuerySchema,
  rejectRequestSchema,
  takeoverInputRequestSchema,
  type AnnotationRequest,
} from './request-schemas.js';
import type { ManagerRefusal, RunManager } from './run-manager.js';

/** What a handler answers: JSON, raw bytes (images), or a failure with its status. */
export type Reply =
  | { readonly kind: 'json'; readonly status: number; readonly body: unknown }
  | { readonly kind: 'bytes'; readonly contentType: string; readonly bytes: Uint8Array }
  /** A page of its own (a run's report), with the Content-Security-Policy it needs. */
  | { readonly kind: 'page'; readonly html: string; readonly contentSecurityPolicy: string }
  | ApiFailure;

export interface RouteContext {
  /** Path parameters by name (`id`, `hash`), already URL-decoded. */
  readonly params: Readonly<Record<string, string>>;
  readonly url: URL;
  /** The body after validation with the route's schema; `{}` for routes without one. */
  readonly body: unknown;
}

/** One endpoint of the API. */
export interface Route {
  readonly method: 'GET' | 'POST';
  /** Path template with `:name` parameters: `/api/runs/:id/approve`. */
  readonly path: string;
  /** Whether `?token=` is accepted besides the header (image URLs and the WebSocket). */
  readonly tokenInQuery: boolean;
  /** Schema of the JSON body; only POST routes have one. */
  readonly body?: z.ZodType;
  handle(context: RouteContext): Promise<Reply>;
}

export interface RouteDependencies {
  readonly manager: RunManager;
  readonly runtime: Runtime;
}

/** Path of the WebSocket stream; also a route, so a plain GET on it is authenticated and told to upgrade. */
export const STREAM_PATH = '/api/runs/:id/stream';

/** Path of the live view's WebSocket: binary JPEG frames of the run's screen while it is driven. */
export const LIVE_PATH = '/api/runs/:id/live';

/** Every route of the API, in matching order. */
export function createRoutes({ manager, runtime }: RouteDependencies): Route[] {
  const store = runtime.store;
  const runCommand = (path: string, schema: z.ZodType, toCommand: (body: never) => UserCommand): Route =>
    post(path, schema, async ({ params, body }) => {
      const command = toCommand(body as never);
      const result = manager.command(params['id']!, command);
      if (!result.ok) return refusal(result);
      return json(202, { accepted: true, command: command.type });
    });

  return [
    post('/api/runs', createRunRequestSchema, async ({ body }) => {
      const created = await manager.create(body as z.infer<typeof createRunRequestSchema>);
      if (!created.ok) return refusal(created);
      const view = await manager.view(created.runId);
      return json(201, { id: created.runId, ...view });
    }),
    get('/api/runs', async ({ url }) => {
      const query = validate(listRunsQuerySchema, queryOf(url), 'query');
      if (!query.ok) return query;
      const summaries = store.listRuns(query.value);
      // Model usage is not in the summary row; each run's log says it (all zero for the built-in engine).
      const runs = await Promise.all(
        summaries.map(async (summary) => ({
          ...summary,
          active: manager.isActive(summary.id),
          usage: projectRun(summary.id, await store.read(summary.id)).usage,
        })),
      );
      return json(200, { runs });
    }),
    get('/api/runs/:id', async ({ params }) => {
      const view = await manager.view(params['id']!);
      return view ? json(200, view) : refusal(unknown(params['id']!));
    }),
    get('/api/runs/:id/events', async ({ params, url }) => {
      const query = validate(afterQuerySchema, queryOf(url), 'query');
      if (!query.ok) return query;
      const runId = params['id']!;
      const summary = store.getRun(runId);
      if (!summary) return refusal(unknown(runId));
      const events = await store.read(runId, query.value.after);
      return json(200, { runId, after: query.value.after, lastSeq: events.at(-1)?.seq ?? query.value.after, events });
    }),
    get('/api/runs/:id/report.json', async ({ params }) => {
      const runId = params['id']!;
      if (!store.getRun(runId)) return refusal(unknown(runId));
      return json(200, buildReport(runId, await store.read(runId)));
    }),
    {
      method: 'GET',
      path: '/api/runs/:id/report',
      // Opened as a page from the UI, which cannot send a header with a link.
      tokenInQuery: true,
      async handle({ params }) {
        const runId = params['id']!;
        if (!store.getRun(runId)) return refusal(unknown(runId));
        const report = buildReport(runId, await store.read(runId));
        const html = renderReportHtml(report, await loadImages(report, store.blobs));
        return { kind: 'page', html, contentSecurityPolicy: reportContentSecurityPolicy() };
      },
    },
    {
      method: 'GET',
      path: STREAM_PATH,
      tokenInQuery: true,
      handle: async () => failure(426, 'This is a WebSocket endpoint: connect with a WebSocket client.'),
    },
    {
      method: 'GET',
      path: LIVE_PATH,
      tokenInQuery: true,
      handle: async () => failure(426, 'This is a WebSocket endpoint: connect with a WebSocket client.'),
    },
    runCommand('/api/runs/:id/approve', emptyRequestSchema, () => ({ type: 'approve' })),
    runCommand('/api/runs/:id/reject', rejectRequestSchema, (body: { reason: string }) => ({
      type: 'reject',
      reason: body.reason,
    })),
    runCommand('/api/runs/:id/regenerate', emptyRequestSchema, () => ({ type: 'regenerate' })),
    runCommand('/api/runs/:id/edit', editRequestSchema, (body: z.infer<typeof editRequestSchema>) => ({
      type: 'edit',
      edits: body.edits,
    })),
    runCommand('/api/runs/:id/pause', emptyRequestSchema, () => ({ type: 'pause' })),
    runCommand('/api/runs/:id/resume', emptyRequestSchema, () => ({ type: 'resume' })),
    runCommand('/api/runs/:id/cancel', cancelRequestSchema, (body: { reason?: string }) => ({
      type: 'cancel',
      ...(body.reason ? { reason: body.reason } : {}),
    })),
    runCommand('/api/runs/:id/guidance', guidanceRequestSchema, (body: { text: string }) => ({
      type: 'guidance',
      text: body.text,
    })),
    post('/api/runs/:id/annotation', annotationRequestSchema, async ({ params, body }) => {
      const request = body as AnnotationRequest;
      const result = await manager.annotate(params['id']!, request);
      if (!result.ok) return refusal(result);
      return json(202, { accepted: true, command: 'annotation', box: result.box });
    }),
    runCommand('/api/runs/:id/takeover', emptyRequestSchema, () => ({ type: 'takeover' })),
    runCommand(
      '/api/runs/:id/input',
      takeoverInputRequestSchema,
      (body: z.infer<typeof takeoverInputRequestSchema>) => ({
        type: 'input',
        action: body.action,
      }),
    ),
    runCommand('/api/runs/:id/handback', emptyRequestSchema, () => ({ type: 'handback' })),
    {
      method: 'GET',
      path: '/api/blobs/:hash',
      tokenInQuery: true,
      async handle({ params }) {
        const checked = validate(blobParamsSchema, params, 'image address');
        if (!checked.ok) return checked;
        const hash = checked.value.hash;
        const path = store.blobs.pathFor(hash);
        const bytes = path === undefined ? undefined : await store.blobs.get(hash);
        if (path === undefined || bytes === undefined) return failure(404, `There is no image ${hash}.`);
        return { kind: 'bytes', contentType: path.endsWith('.jpg') ? 'image/jpeg' : 'image/png', bytes };
      },
    },
  ];
}

export type RouteMatch =
  | { readonly type: 'found'; readonly route: Route; readonly params: Record<string, string> }
  | { readonly type: 'wrong-method'; readonly allowed: readonly string[]; readonly tokenInQuery: boolean }
  | { readonly type: 'none' };

/** Find the route for a request. A path that exists under another method is told apart from no path at all. */
export function matchRoute(routes: readonly Route[], method: string, pathname: string): RouteMatch {
  const allowed: string[] = [];
  let tokenInQuery = false;
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (!params) continue;
    if (route.method === method) return { type: 'found', route, params };
    allowed.push(route.method);
    tokenInQuery ||= route.tokenInQuery;
  }
  return allowed.length > 0 ? { type: 'wrong-method', allowed, tokenInQuery } : { type: 'none' };
}

/** The parameters of `pathname` under `template`, or undefined when it does not fit. */
export function matchPath(template: string, pathname: string): Record<string, string> | undefined {
  const want = template.split('/');
  const have = pathname.split('/');
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const actual = have[index]!;
    if (part.startsWith(':')) {
      if (actual === '') return undefined;
      try {
        params[part.slice(1)] = decodeURIComponent(actual);
      } catch {
        return undefined;
      }
    } else if (part !== actual) {
      return undefined;
    }
  }
  return params;
}

function post<S extends z.ZodType>(path: string, body: S, handle: (context: RouteContext) => Promise<Reply>): Route {
  return { method: 'POST', path, tokenInQuery: false, body, handle };
}

function get(path: string, handle: (context: RouteContext) => Promise<Reply>): Route {
  return { method: 'GET', path, tokenInQuery: false, handle };
}

function json(status: number, body: unknown): Reply {
  return { kind: 'json', status, body };
}

function unknown(runId: string): ManagerRefusal {
  return { ok: false, kind: 'unknown-run', reason: `There is no run ${JSON.stringify(runId)}.` };
}

function refusal(refused: ManagerRefusal): ApiFailure {
  switch (refused.kind) {
    case 'unknown-run':
      return failure(404, refused.reason);
    case 'conflict':
      return failure(409, refused.reason, refused.issues);
    case 'unavailable':
      return failure(503, refused.reason);
    case 'invalid':
      return failure(400, refused.reason, refused.issues);
  }
}
