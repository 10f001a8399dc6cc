/**
 * The shapes the API fuzzer passes between its parts: a case (one seeded request and what the
 * answer must look like), how it is sent, and what came back.
 */

/** Where a run stands when a request reaches it, as the fuzzer tells states apart. */
export const runStates = ['plan-approval', 'action-approval', 'working', 'paused', 'taken-over', 'ended'] as const;
export type RunState = (typeof runStates)[number];

/** The run a request is aimed at: one the pool keeps in a state, or an id no run has. */
export type RunTarget = RunState | 'unknown';

/** How the access token travels (or does not) with a request. */
export type TokenPlacement =
  | 'header'
  | 'none'
  | 'wrong'
  | 'short'
  | 'basic-scheme'
  | 'bearer-without-token'
  | 'bearer-with-extra'
  | 'query'
  | 'cookie'
  | 'custom-header'
  | 'body-field';

/** What the sender fills in when the case is sent: values only known at run time. */
export interface SendContext {
  readonly token: string;
  readonly host: string;
  readonly port: number;
  /** The target run's id, URL-encoded; `r-missing` for an unknown run. */
  readonly runId: string;
  /** A pending step of the target run, or a made-up id when it has none. */
  readonly stepId: string;
  /** A screenshot hash of the target run, or a made-up one. */
  readonly screenshotHash: string;
}

/** A body as it is sent; built on demand, since some are megabytes. */
export interface BodySpec {
  readonly contentType: string | undefined;
  /** The bytes; `{step}` and `{shot}` in JSON text are replaced with the context's values. */
  build(context: SendContext): Buffer;
  /** What the body is, short enough to print. */
  readonly summary: string;
}

export interface HttpRequestSpec {
  readonly transport: 'http';
  readonly method: string;
  /** Path and query as sent, `{run}` and `{blob}` filled in at send time; never normalised. */
  readonly path: string;
  readonly token: TokenPlacement;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: BodySpec;
}

/** Bytes written to a bare TCP connection: requests an HTTP client library would refuse to send. */
export interface RawRequestSpec {
  readonly transport: 'raw';
  build(context: SendContext): Buffer;
  readonly summary: string;
}

/** What the client does once a WebSocket is open. */
export type SocketBehaviour =
  'listen' | 'text-garbage' | 'binary-garbage' | 'oversized-frame' | 'bogus-frame-bytes' | 'huge-declared-length';

export interface SocketRequestSpec {
  readonly transport: 'ws';
  /** Path and query, `{run}` filled in at send time. */
  readonly path: string;
  readonly token: TokenPlacement;
  readonly headers: Readonly<Record<string, string>>;
  readonly behaviour: SocketBehaviour;
  /** Break the handshake itself: no key, an old protocol version. */
  readonly handshake?: 'no-key' | 'unknown-version' | 'not-websocket';
}

export type RequestSpec = HttpRequestSpec | RawRequestSpec | SocketRequestSpec;

/** What a fitting answer looks like. */
export interface Expectation {
  /** Statuses that fit; 101 for a WebSocket that opens. */
  readonly statuses: readonly number[];
  /** A field the error must name (in `issues` or its message); absent when no one field is at fault. */
  readonly names?: string;
  /** Why a 5xx is an honest answer here (an environment that cannot open); absent: no 5xx fits. */
  readonly serverErrorReason?: string;
}

export interface FuzzCase {
  /** Position in the seeded sequence; with the seed it names the case exactly. */
  readonly index: number;
  /** The mutation applied to a valid request. */
  readonly kind: string;
  /** The route template the request started from, `METHOD /path`, or `(no route)`. */
  readonly route: string;
  readonly target?: RunTarget;
  /** What the mutation did, in words. */
  readonly note: string;
  readonly request: RequestSpec;
  readonly expect: Expectation;
  /** Send the request this many times, one after the other or all at once; once when absent. */
  readonly repeat?: { readonly times: number; readonly concurrent: boolean };
  /** Bound on the answer in milliseconds; the default bound when absent. */
  readonly timeoutMs?: number;
}

/** One answer as the client saw it. */
export interface Answer {
  /** HTTP status, 101 for an opened WebSocket; undefined when none came. */
  readonly status: number | undefined;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
  readonly durationMs: number;
  /** The bound passed before the answer was complete. */
  readonly timedOut: boolean;
  /** The connection failed without an answer (reset, closed early), with the reason. */
  readonly transportError?: string;
  /** For WebSockets: the messages received and how the connection ended. */
  readonly socket?: {
    readonly messages: readonly { readonly binary: boolean; readonly data: Buffer }[];
    readonly closeCode: number | undefined;
    readonly closedByServer: boolean;
  };
}

export type AnswerClass = '2xx' | '3xx' | '4xx' | '5xx' | 'hang' | 'no-answer' | 'opened';

export interface CaseResult {
  readonly index: number;
  readonly kind: string;
  readonly route: string;
  readonly target: RunTarget | undefined;
  /** The state the target run was seen in just before the request. */
  readonly seenState: string | undefined;
  /** Reproducible description: seed, case, method, path, body. */
  readonly description: string;
  readonly statuses: readonly (number | undefined)[];
  /** The `error` of each error answer, shortened, so the messages can be read over. */
  readonly errors: readonly string[];
  readonly classes: readonly AnswerClass[];
  readonly durationMs: number;
  /** Every way an answer broke the rules; empty when the case passed. */
  readonly problems: readonly string[];
  /** An error answer whose body does not say what is wrong. */
  readonly unclear: boolean;
}
