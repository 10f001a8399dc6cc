import { ModelError, type ModelErrorReason } from './errors.js';
import type { Redactor } from './redact.js';

/** What an adapter learned about a failed call, from its SDK's error, before normalizing it. */
export interface CallFailure {
  /** HTTP status, when a response arrived. */
  readonly status?: number;
  /** Response headers, when a response arrived. */
  readonly headers?: Headers;
  /** The vendor's error type (`rate_limit_error`, `insufficient_quota`...), when the body named one. */
  readonly vendorType?: string;
  /** The vendor's error code, when the body gave one. */
  readonly vendorCode?: string;
  /** The vendor's explanation, unredacted. */
  readonly vendorMessage?: string;
  /** The vendor's request id, when known. */
  readonly requestId?: string;
  /** True when the connection itself failed (refused, reset, DNS). */
  readonly connectionFailed?: boolean;
  /** True when the SDK gave up waiting for the response. */
  readonly timedOut?: boolean;
}

/**
 * Normalize a failed call. The vendor's message is kept because it usually says what to fix
 * ("model not found", "image too large"), but passes through `redact` first: some vendors echo
 * part of the key in their 401 messages.
 */
export function toModelError(provider: string, failure: CallFailure, redact: Redactor, now: () => number): ModelError {
  const kind = kindOf(failure);
  const detail = failure.vendorMessage === undefined ? '' : `: ${redact(failure.vendorMessage)}`;
  const what =
    failure.status !== undefined
      ? `HTTP ${failure.status}${failure.vendorType === undefined ? '' : ` (${failure.vendorType})`}`
      : failure.timedOut === true
        ? 'no response in time'
        : failure.connectionFailed === true
          ? 'connection failed'
          : (failure.vendorType ?? 'unknown failure');
  const quotaExhausted = failure.vendorCode === 'insufficient_quota' || failure.vendorType === 'insufficient_quota';
  return new ModelError(kind, `${provider} request failed, ${what}${detail}`, {
    status: failure.status,
    requestId: failure.requestId ?? undefined,
    retryAfterMs: failure.headers === undefined ? undefined : retryAfterMs(failure.headers, now),
    ...(quotaExhausted ? { retryable: false } : {}),
    ...(failure.status === undefined && failure.connectionFailed === true ? { unreachable: true } : {}),
  });
}

function kindOf(failure: CallFailure): ModelErrorReason {
  const status = failure.status;
  if (status === undefined) {
    if (failure.timedOut === true) return 'timeout';
    if (failure.connectionFailed === true) return 'server';
    return kindOfVendorType(failure.vendorType) ?? 'server';
  }
  if (status === 401 || status === 402 || status === 403) return 'auth';
  if (status === 408 || status === 504) return 'timeout';
  if (status === 429) return 'rate-limit';
  if (status === 503 || status === 529) return 'overloaded';
  if (status >= 500) return kindOfVendorType(failure.vendorType) ?? 'server';
  return 'bad-request';
}

function kindOfVendorType(type: string | undefined): ModelErrorReason | undefined {
  switch (type) {
    case 'overloaded_error':
      return 'overloaded';
    case 'rate_limit_error':
      return 'rate-limit';
    case 'api_error':
      return 'server';
    case 'timeout_error':
      return 'timeout';
    case 'authentication_error':
    case 'permission_error':
      return 'auth';
    case 'invalid_request_error':
    case 'not_found_error':
    case 'request_too_large':
      return 'bad-request';
    default:
      return undefined;
  }
}

/**
 * The wait a response asks for: `retry-after-ms` (OpenAI) in milliseconds, else `retry-after` in
 * seconds or as an HTTP date. Undefined when absent or unreadable.
 */
export function retryAfterMs(headers: Headers, now: () => number): number | undefined {
  const milliseconds = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const raw = headers.get('retry-after');
  if (raw === null) return undefined;
  const seconds = Number(raw.trim());
  if (raw.trim() !== '' && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now());
}

/**
 * A failure the SDK raised while reading a response rather than fetching it (a JSON body that
 * does not parse, a stream event that is not JSON, a stream in the wrong order): the server
 * answered, but not with its API's format. The SDK's own message says where it broke.
 */
export function unreadableFailure(provider: string, error: unknown, redact: Redactor): ModelError {
  const detail = error instanceof Error ? error.message : String(error);
  return new ModelError(
    'bad-response',
    `${provider} answered a body that could not be read (${redact(detail).slice(0, 300)})`,
  );
}
