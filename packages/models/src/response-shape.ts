import { z } from 'zod';
import { ModelError, type ModelErrorReason } from './errors.js';
import type { Redactor } from './redact.js';

/**
 * What every adapter needs to check a response body before reading it: a body that is not what
 * the vendor's API documents becomes a `bad-response` error naming what was wrong, never a
 * `TypeError` somewhere further down.
 */

/**
 * A token count as a response reports it: a whole number, not negative, and below a billion (no
 * single call comes near; a larger figure is a broken server, and would blow every budget).
 */
export const tokenCount = z.number().int().min(0).max(1_000_000_000);

/** How a body that is not a JSON object reads in an error message. */
export function describeBody(body: unknown): string {
  if (body === undefined || body === null || (typeof body === 'string' && body.trim() === '')) return 'an empty body';
  if (typeof body === 'string') {
    if (body.trimStart().startsWith('<')) {
      const title = /<title>([^<]{1,120})<\/title>/i.exec(body)?.[1]?.trim();
      return `an HTML page${title === undefined || title === '' ? '' : ` ("${title}")`}, not JSON`;
    }
    return 'text that is not JSON';
  }
  if (Array.isArray(body)) return 'a JSON array instead of an object';
  return `a JSON ${typeof body} instead of an object`;
}

/** A `bad-response` error: `provider answered <what>`. */
export function badResponse(provider: string, what: string): ModelError {
  return new ModelError('bad-response', `${provider} answered ${what}`);
}

/** The first problems zod found, as `path: message`, for an error message (never the whole body). */
export function shapeProblems(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length === 0 ? '(root)' : issue.path.join('.')}: ${issue.message}`)
    .join('; ');
}

/** Whether a body is an error report (`{"error": …}`) in place of an answer. */
export function isErrorReport(body: unknown): body is { readonly error: unknown } {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'error' in body && body.error != null;
}

/**
 * The error a server reported in the body of an HTTP 200, as OpenAI-style gateways (`{"error":
 * {"message","type","code"}}`) and Ollama (`{"error": "…"}`) do when an upstream fails after the
 * status line went out. A numeric `code` is read as the HTTP status it stands for.
 */
export function reportedError(provider: string, report: unknown, redact: Redactor): ModelError {
  const detail = typeof report === 'object' && report !== null ? (report as Record<string, unknown>) : {};
  const message =
    typeof report === 'string' ? report : typeof detail.message === 'string' ? detail.message : 'no message';
  const type = typeof detail.type === 'string' ? detail.type : undefined;
  const code = typeof detail.code === 'number' ? detail.code : Number.parseInt(String(detail.code ?? ''), 10);
  const reason = reasonOf(Number.isFinite(code) ? code : undefined, `${type ?? ''} ${message}`);
  return new ModelError(
    reason,
    `${provider} answered with an error instead of an answer${type === undefined ? '' : ` (${type})`}: ${redact(message).slice(0, 500)}`,
  );
}

function reasonOf(code: number | undefined, text: string): ModelErrorReason {
  if (code === 429 || /rate.?limit/i.test(text)) return 'rate-limit';
  if (code === 401 || code === 403 || /authentication|unauthori[sz]ed|permission|api key/i.test(text)) return 'auth';
  if (code === 503 || code === 529 || /overload/i.test(text)) return 'overloaded';
  if (code === 408 || code === 504 || /timeout|timed out/i.test(text)) return 'timeout';
  if (code !== undefined && code >= 400 && code < 500) return 'bad-request';
  return 'server';
}
