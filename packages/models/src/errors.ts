import { SandpiperError } from '@sandpiper/protocol';
import type { Usage } from './contract.js';

/**
 * Why a model call failed:
 * - `auth`: the key is missing, wrong or lacks permission;
 * - `bad-request`: the request itself is wrong (unknown model, bad schema, image too large);
 * - `rate-limit`: too many requests or tokens for now;
 * - `overloaded`: the vendor is temporarily out of capacity;
 * - `server`: the vendor failed (5xx) or the connection broke;
 * - `timeout`: no answer in time, from the server or before the handle's deadline;
 * - `bad-response`: the server answered, but not with a response of its API: an empty or HTML
 *   body, an error object where the answer should be, a missing or mistyped field, a token count
 *   that is not a whole number, a stream that stopped before it finished. Usually a proxy or a
 *   struggling server, so it is retried like a server failure;
 * - `refusal`: the model declined to produce the structured answer asked for;
 * - `truncated`: the structured answer or a tool input was cut off at the token limit;
 * - `invalid-output`: the answer did not match the schema, even after repair;
 * - `cancelled`: the handle was aborted.
 */
export type ModelErrorReason =
  | 'auth'
  | 'bad-request'
  | 'rate-limit'
  | 'overloaded'
  | 'server'
  | 'timeout'
  | 'bad-response'
  | 'refusal'
  | 'truncated'
  | 'invalid-output'
  | 'cancelled';

const RETRYABLE_KINDS: ReadonlySet<ModelErrorReason> = new Set([
  'rate-limit',
  'overloaded',
  'server',
  'timeout',
  'bad-response',
]);

/** Whether an error of this kind may succeed when the same request is sent again later. */
export function isRetryableReason(kind: ModelErrorReason): boolean {
  return RETRYABLE_KINDS.has(kind);
}

/** Details a {@link ModelError} can carry besides its kind and message. */
export interface ModelErrorDetails {
  /** Overrides the kind's default (rate limits for an exhausted quota are not worth retrying). */
  readonly retryable?: boolean;
  /** How long the server asked us to wait before retrying, in milliseconds; absent when it did not say. */
  readonly retryAfterMs?: number;
  /** HTTP status of the failed response; absent for failures without one (abort, parse, network). */
  readonly status?: number;
  /** The model's last answer, for `invalid-output`, `refusal` and `truncated`; absent otherwise. */
  readonly lastText?: string;
  /** The validation problems, one per line, for `invalid-output`; absent otherwise. */
  readonly validation?: string;
  /** The vendor's request id, for support requests; absent when the server sent none. */
  readonly requestId?: string;
  /** Tokens spent on a call that was billed but failed on its output (invalid, refused, truncated). */
  readonly usage?: Usage;
  /** True when no connection to the server could be made (refused, reset, unknown host). */
  readonly unreachable?: boolean;
  /** The underlying error, only when it is known to carry no secret. */
  readonly cause?: unknown;
}

const MODEL_ERROR_MARKER = Symbol.for('sandpiper.model-error');

/**
 * The one error type model calls throw. Check it with {@link ModelError.isInstance} and branch on
 * `reason`, never on the message. Messages never contain API keys.
 */
export class ModelError extends SandpiperError {
  override readonly name = 'ModelError';
  private readonly marker = MODEL_ERROR_MARKER;
  /** Why the call failed. */
  readonly reason: ModelErrorReason;
  /** Server-requested wait before a retry, in milliseconds; absent when unspecified. */
  readonly retryAfterMs: number | undefined;
  /** HTTP status, when there was a response. */
  readonly status: number | undefined;
  /** The model's last answer, for output errors. */
  readonly lastText: string | undefined;
  /** Validation problems, for `invalid-output`. */
  readonly validation: string | undefined;
  /** The vendor's request id, when known. */
  readonly requestId: string | undefined;
  /** Tokens the failed call was billed for; absent when the call produced no answer. */
  readonly usage: Usage | undefined;
  /** True when the server could not be reached at all. */
  readonly unreachable: boolean;

  constructor(reason: ModelErrorReason, message: string, details: ModelErrorDetails = {}) {
    // A cancelled call is the run's cancellation, not a model failure.
    super(reason === 'cancelled' ? 'cancelled' : 'model', message, {
      cause: details.cause,
      retryable: details.retryable ?? isRetryableReason(reason),
    });
    this.reason = reason;
    this.retryAfterMs = details.retryAfterMs;
    this.status = details.status;
    this.lastText = details.lastText;
    this.validation = details.validation;
    this.requestId = details.requestId;
    this.usage = details.usage;
    this.unreachable = details.unreachable === true;
  }

  static override isInstance(error: unknown): error is ModelError {
    return typeof error === 'object' && error !== null && (error as { marker?: unknown }).marker === MODEL_ERROR_MARKER;
  }
}

/** The same error with the usage of the call that produced it attached (when it had none). */
export function withUsage(error: unknown, usage: Usage): unknown {
  if (!ModelError.isInstance(error) || error.usage !== undefined) return error;
  return new ModelError(error.reason, error.message, {
    retryable: error.retryable,
    retryAfterMs: error.retryAfterMs,
    status: error.status,
    lastText: error.lastText,
    validation: error.validation,
    requestId: error.requestId,
    unreachable: error.unreachable,
    usage,
  });
}
