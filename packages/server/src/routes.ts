import { projectRun, type UserCommand } from '@sandpiper/core';
import {
  apiRoutes,
  blobParamsSchema,
  commandRoute,
  type AnnotationRequest,
  type CreateRunRequest,
  type RouteContract,
  type RunCommandName,
} from '@sandpiper/protocol';
import type { z } from 'zod';
import { buildReport, loadImages, renderReportHtml, reportContentSecurityPolicy } from '@sandpiper/report';
import { desktopScenarios, scenarios, type Runtime } from '@sandpiper/runtime';
import { failure, queryOf, validate, type ApiFailure } from './http-io.js';
import type { ManagerRefusal, RunManager } from './run-manager.js';

/** What a handler answers: JSON (checked against the route's answer schema), raw bytes, a page, or a failure. */
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
  /** The query after validation with the route's schema; `{}` for routes without one. */
  readonly query: unknown;
}

/** One endpoint of the API: its contract from the protocol, and the handler. */
export interface Route extends RouteContract {
  handle(context: RouteContext): Promise<Reply>;
}

export interface RouteDependencies {
  readonly manager: RunManager;
  readonly runtime: Runtime;
}

/** Path of the WebSocket stream; also a route, so a plain GET on it is authenticated and told to upgrade. */
export const STREAM_PATH = apiRoutes.stream.path;

/** Path of the live view's WebSocket: binary JPEG frames of the run's screen while it is driven. */
export const LIVE_PATH = apiRoutes.live.path;

/** How each command's body becomes the command handed to the run. */
const commands: { readonly [N in RunCommandName]: (body: never) => UserCommand } = {
  approve: (body: { requestId?: string }) => ({
    type: 'approve',
    ...(body.requestId ? { requestId: body.requestId } : {}),
  }),
  reject: (body: { reason: string; requestId?: string }) => ({
    type: 'reject',
    reason: body.reason,
    ...(body.requestId ? { requestId: body.requestId } : {}),
  }),
  regenerate: () => ({ type: 'regenerate' }),
  edit: (body: { edits: Extract<UserCommand, { type: 'edit' }>['edits'] }) => ({ type: 'edit', edits: body.edits }),
  pause: () => ({ type: 'pause' }),
  resume: () => ({ type: 'resume' }),
  cancel: (body: { reason?: string }) => ({ type: 'cancel', ...(body.reason ? { reason: body.reason } : {}) }),
  guidance: (body: { text: string }) => ({ type: 'guidance', text: body.text }),
  // Annotations are checked against the run's screenshots first; see the route below.
  annotation: () => {
    throw new Error('annotations have their own route');
  },
  takeover: () => ({ type: 'takeover' }),
  input: (body: { action: Extract<UserCommand, { type: 'input' }>['action'] }) => ({
    type: 'input',
    action: body.action,
  }),
  handback: () => ({ type: 'handback' }),
};

/** Every route of the API, in matching order. */
export function createRoutes({ manager, runtime }: RouteDependencies): Route[] {
  const store = runtime.store;
  const runCommand = (name: Exclude<RunCommandName, 'annotation'>): Route => ({
    ...commandRoute(name),
    async handle({ params, body }) {
      const command = commands[name](body as never);
      const result = manager.command(params['id']!, command);
      if (!result.ok) return refusal(result);
      return json(202, { accepted: true, command: command.type });
    },
  });
  const requireRun = (runId: string) => (store.getRun(runId) ? undefined : refusal(unknown(runId)));

  return [
    route(apiRoutes.info, async () =>
      json(200, {
        engine: { kind: runtime.engine.kind, label: runtime.engine.label },
        scenarios: scenarios.map(({ name, title, defaultTask }) => ({ name, title, defaultTask })),
        desktopScenarios: desktopScenarios.map(({ name, title, formats, exampleTask }) => ({
          name,
          title,
          formats: [...formats],
          exampleTask,
        })),
      }),
    ),
    route(apiRoutes.createRun, async ({ body }) => {
      const created = await manager.create(body as CreateRunRequest);
      if (!created.ok) return refusal(created);
      const view = await manager.view(created.runId);
      return json(201, { id: created.runId, ...view });
    }),
    route(apiRoutes.listRuns, async ({ query }) => {
      const summaries = store.listRuns(query as { limit: number; offset: number });
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
    route(apiRoutes.getRun, async ({ params }) => {
      const view = await manager.view(params['id']!);
      return view ? json(200, view) : refusal(unknown(params['id']!));
    }),
    route(apiRoutes.listEvents, async ({ params, query }) => {
      const runId = params['id']!;
      const { after } = query as { after: number };
      const missing = requireRun(runId);
      if (missing) return missing;
      const events = await store.read(runId, after);
      return json(200, { runId, after, lastSeq: events.at(-1)?.seq ?? after, events });
    }),
    route(apiRoutes.reportJson, async ({ params }) => {
      const runId = params['id']!;
      return requireRun(runId) ?? json(200, buildReport(runId, await store.read(runId)));
    }),
    route(apiRoutes.report, async ({ params }) => {
      const runId = params['id']!;
      const missing = requireRun(runId);
      if (missing) return missing;
      const report = buildReport(runId, await store.read(runId));
      const html = renderReportHtml(report, await loadImages(report, store.blobs));
      return { kind: 'page', html, contentSecurityPolicy: reportContentSecurityPolicy() };
    }),
    route(apiRoutes.stream, async () => failure(426, 'This is a WebSocket endpoint: connect with a WebSocket client.')),
    route(apiRoutes.live, async () => failure(426, 'This is a WebSocket endpoint: connect with a WebSocket client.')),
    runCommand('approve'),
    runCommand('reject'),
    runCommand('regenerate'),
    runCommand('edit'),
    runCommand('pause'),
    runCommand('resume'),
    runCommand('cancel'),
    runCommand('guidance'),
    {
      ...commandRoute('annotation'),
      async handle({ params, body }) {
        const result = await manager.annotate(params['id']!, body as AnnotationRequest);
        if (!result.ok) return refusal(result);
        return json(202, { accepted: true, command: 'annotation', box: result.box });
      },
    },
    runCommand('takeover'),
    runCommand('input'),
    runCommand('handback'),
    route(apiRoutes.recover, async ({ params }) => {
      const recovered = await manager.recover(params['id']!);
      if (!recovered.ok) return refusal(recovered);
      return json(202, await manager.view(params['id']!));
    }),
    route(apiRoutes.blob, async ({ params }) => {
      const checked = validate(blobParamsSchema, params, 'image address');
      if (!checked.ok) return checked;
      const hash = checked.value.hash;
      const path = store.blobs.pathFor(hash);
      const bytes = path === undefined ? undefined : await store.blobs.get(hash);
      if (path === undefined || bytes === undefined) return failure(404, `There is no image ${hash}.`);
      return { kind: 'bytes', contentType: path.endsWith('.jpg') ? 'image/jpeg' : 'image/png', bytes };
    }),
  ];
}

/**
 * Check a JSON reply against the route's answer schema before it is sent, so the server never
 * answers outside its own contract. A mismatch is a bug: the reply becomes a 500 naming the field.
 */
export function checkReply(route: RouteContract, reply: Reply): Reply {
  if ('ok' in reply || reply.kind !== 'json' || route.answer.kind !== 'json' || reply.status !== route.answer.status) {
    return reply;
  }
  const checked = validate(route.answer.schema as z.ZodType, reply.body, `answer of ${route.method} ${route.path}`);
  if (checked.ok) return { ...reply, body: checked.value };
  return failure(500, `The server's answer did not match its contract: ${checked.error}`, checked.issues);
}

/** Parse a route's query string with its schema, when it has one. */
export function readQuery(route: RouteContract, url: URL): { ok: true; value: unknown } | ApiFailure {
  return route.query ? validate(route.query, queryOf(url), 'query') : { ok: true, value: {} };
}

export type RouteMatch =
  | { readonly type: 'found'; readonly route: Route; readonly params: Record<string, string> }
  | { readonly type: 'wrong-method'; readonly allowed: readonly string[]; readonly tokenInQuery: boolean }
  | { readonly type: 'none' };

/** Find the route for a request. A path that exists under another method is told apart from no path at all. */
export function matchRoute(routes: readonly Route[], method: string, pathname: string): RouteMatch {
  const allowed: string[] = [];
  let tokenInQuery = false;
  for (const candidate of routes) {
    const params = matchPath(candidate.path, pathname);
    if (!params) continue;
    if (candidate.method === method) return { type: 'found', route: candidate, params };
    allowed.push(candidate.method);
    tokenInQuery ||= candidate.tokenInQuery;
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

function route(contract: RouteContract, handle: (context: RouteContext) => Promise<Reply>): Route {
  return { ...contract, handle };
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
