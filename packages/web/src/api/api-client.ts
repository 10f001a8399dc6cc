import type { PlanEdit } from '@sandpiper/core';
import type { ActionInput, AnnotationMark } from '@sandpiper/protocol';
import type {
  ApiError,
  ApiResult,
  CreateRunRequest,
  FieldIssue,
  RunCommandName,
  RunListItem,
  RunView,
} from './api-types.js';

/** The body each command takes; commands without arguments take none. */
export interface RunCommandBodies {
  readonly approve: undefined;
  readonly reject: { readonly reason: string };
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

/** A typed client of the Sandpiper API. Expected refusals come back as `ApiError`, never thrown. */
export interface ApiClient {
  listRuns(): Promise<ApiResult<{ readonly runs: readonly RunListItem[] }>>;
  getRun(runId: string): Promise<ApiResult<RunView>>;
  /** Events after sequence number `after`, in order. */
  listEvents(runId: string, after: number): Promise<ApiResult<{ readonly events: readonly unknown[] }>>;
  createRun(request: CreateRunRequest): Promise<ApiResult<RunView & { readonly id: string }>>;
  command<N extends RunCommandName>(runId: string, name: N, body: RunCommandBodies[N]): Promise<ApiResult<unknown>>;
  /** Address of a stored image, with the token in the query (an `<img>` cannot send headers). */
  blobUrl(hash: string): string;
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

  async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ApiResult<T>> {
    let response: Response;
    try {
      response = await doFetch(`${origin}${path}`, {
        method,
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
    if (response.ok) return { ok: true, value: parsed as T };
    return toApiError(response.status, parsed);
  }

  return {
    listRuns: () => request('GET', '/api/runs'),
    getRun: (runId) => request('GET', run(runId)),
    listEvents: (runId, after) => request('GET', `${run(runId)}/events?after=${after}`),
    createRun: (body) => request('POST', '/api/runs', body),
    command: (runId, name, body) => request('POST', `${run(runId)}/${name}`, body ?? {}),
    blobUrl: (hash) => `${origin}/api/blobs/${encodeURIComponent(hash)}?token=${encodeURIComponent(token)}`,
    streamUrl: (runId, after) => `${wsOrigin}${run(runId)}/stream?after=${after}&token=${encodeURIComponent(token)}`,
    liveUrl: (runId) => `${wsOrigin}${run(runId)}/live?token=${encodeURIComponent(token)}`,
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
  if (typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string') {
    const { error, issues } = body as { error: string; issues?: unknown };
    const fieldIssues = Array.isArray(issues) ? issues.filter(isFieldIssue) : undefined;
    return { ok: false, status, error, ...(fieldIssues && fieldIssues.length > 0 ? { issues: fieldIssues } : {}) };
  }
  const detail = typeof body === 'string' && body.length > 0 ? `: ${body.slice(0, 200)}` : '';
  return { ok: false, status, error: `The server answered ${status}${detail}.` };
}

function isFieldIssue(value: unknown): value is FieldIssue {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { path?: unknown }).path === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}
