import {
  apiErrorBodySchema,
  apiRoutes,
  commandRoute,
  formatIssuePath,
  type ActionInput,
  type AnnotationMark,
  type PlanEdit,
  type RouteContract,
  type RunEvent,
  type ServerInfo,
} from '@sandpiper/protocol';
import type { z } from 'zod';
import type { ApiError, ApiResult, CreateRunRequest, RunCommandName, RunListItem, RunView } from './api-types.js';

/** The body each command takes; commands without arguments take none. */
export interface RunCommandBodies {
  /** `requestId`: the approval request the person answers; the run refuses it once that question is over. */
  readonly approve: { readonly requestId?: string } | undefined;
  readonly reject: { readonly reason: string; readonly requestId?: string };
  readonly regenerate: undefined;
  readonly edit: { readonly edits: readonly PlanEdit[] };
  readonly pause: undefined;
  readonly resume: undefined;
  readonly cancel: { readonly reason?: string } | undefined;
  readonly guidance: { readonly text: string };
  readonly annotation: {
    readonly screenshotHash: string;
    readonly marks: readonly AnnotationMark[];
    readonly sentence?: string;
  };
  readonly takeover: undefined;
  readonly input: { readonly action: ActionInput };
  readonly handback: undefined;
}

/**
 * A typed client of the Sandpiper API. Every JSON answer is checked against the route's schema
 * in the contract; refusals and answers that do not fit come back as `ApiError`, never thrown.
 */
export interface ApiClient {
  /** The server's default engine and its built-in scenarios, for the new-run form. */
  info(): Promise<ApiResult<ServerInfo>>;
  listRuns(): Promise<ApiResult<{ readonly runs: readonly RunListItem[] }>>;
  getRun(runId: string): Promise<ApiResult<RunView>>;
  /** Events after sequence number `after`, in order. */
  listEvents(runId: string, after: number): Promise<ApiResult<{ readonly events: readonly RunEvent[] }>>;
  createRun(request: CreateRunRequest): Promise<ApiResult<RunView & { readonly id: string }>>;
  command<N extends RunCommandName>(runId: string, name: N, body: RunCommandBodies[N]): Promise<ApiResult<unknown>>;
  /** Take up an interrupted run on the server: it opens the run's environment again and goes on from its log. */
  recover(runId: string): Promise<ApiResult<RunView>>;
  /** Address of a stored image, with the token in the query (an `<img>` cannot send headers). */
  blobUrl(hash: string): string;
  /** Address of a run's HTML report, with the token in the query, to open as a page. */
  reportUrl(runId: string): string;
  /** WebSocket address of a run's event stream from after `after`. */
  streamUrl(runId: string, after: number): string;
  /** WebSocket address of a run's live view (binary JPEG frames). */
  liveUrl(runId: string): string;
}

export interface ApiClientOptions {
  readonly token: string;
  /** Origin of the server, such as `http://127.0.0.1:7788`. */
  readonly origin: string;
  readonly fetch?: typeof fetch;
}

export function createApiClient({ token, origin, fetch: doFetch = fetch }: ApiClientOptions): ApiClient {
  const wsOrigin = origin.replace(/^http/, 'ws');
  const run = (runId: string) => `/api/runs/${encodeURIComponent(runId)}`;
  const withToken = (path: string) => `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;

  async function request<T>(route: RouteContract, path: string, body?: unknown): Promise<ApiResult<T>> {
    let response: Response;
    try {
      response = await doFetch(`${origin}${path}`, {
        method: route.method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error: unknown) {
      return { ok: false, status: 0, error: `The server did not answer: ${(error as Error).message}` };
    }
    const parsed = await readJson(response);
    if (!response.ok) return toApiError(response.status, parsed);
    return checkAnswer<T>(route, response.status, parsed);
  }

  return {
    info: () => request(apiRoutes.info, '/api/info'),
    listRuns: () => request(apiRoutes.listRuns, '/api/runs'),
    getRun: (runId) => request(apiRoutes.getRun, run(runId)),
    listEvents: (runId, after) => request(apiRoutes.listEvents, `${run(runId)}/events?after=${after}`),
    createRun: (body) => request(apiRoutes.createRun, '/api/runs', body),
    command: (runId, name, body) => request(commandRoute(name), `${run(runId)}/${name}`, body ?? {}),
    recover: (runId) => request(apiRoutes.recover, `${run(runId)}/recover`, {}),
    blobUrl: (hash) => `${origin}${withToken(`/api/blobs/${encodeURIComponent(hash)}`)}`,
    reportUrl: (runId) => `${origin}${withToken(`${run(runId)}/report`)}`,
    streamUrl: (runId, after) => `${wsOrigin}${withToken(`${run(runId)}/stream?after=${after}`)}`,
    liveUrl: (runId) => `${wsOrigin}${withToken(`${run(runId)}/live`)}`,
  };
}

/** A 2xx answer checked against the route's schema; one that does not fit is an error naming the field. */
export function checkAnswer<T>(route: RouteContract, status: number, body: unknown): ApiResult<T> {
  if (route.answer.kind !== 'json') return { ok: true, value: body as T };
  const checked = (route.answer.schema as z.ZodType).safeParse(body);
  if (checked.success) return { ok: true, value: checked.data as T };
  const issue = checked.error.issues[0];
  const where = issue ? `${formatIssuePath(issue.path) || '(answer)'}: ${issue.message}` : 'unknown';
  return {
    ok: false,
    status,
    error: `The server's answer to ${route.method} ${route.path} does not match this page's contract (${where}). Reload the page; if it persists, the server and the UI are from different versions.`,
  };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The server's `{error, issues}` body, or a plain sentence when the body is something else. */
export function toApiError(status: number, body: unknown): ApiError {
  const parsed = apiErrorBodySchema.safeParse(body);
  if (parsed.success) {
    const { error, issues } = parsed.data;
    return { ok: false, status, error, ...(issues && issues.length > 0 ? { issues } : {}) };
  }
  const detail = typeof body === 'string' && body.length > 0 ? `: ${body.slice(0, 200)}` : '';
  return { ok: false, status, error: `The server answered ${status}${detail}.` };
}
