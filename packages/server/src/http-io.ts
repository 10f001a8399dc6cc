import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatIssuePath, type FieldIssue } from '@sandpiper/protocol';
import type { z } from 'zod';

/** An answer the API gives instead of doing what was asked. */
export interface ApiFailure {
  readonly ok: false;
  readonly status: number;
  /** One sentence for the person. */
  readonly error: string;
  /** The failing fields, for validation errors. */
  readonly issues?: readonly FieldIssue[];
}

export type Parsed<T> = { readonly ok: true; readonly value: T } | ApiFailure;

/** Largest request body the API reads; plan edits and annotations fit well within it. */
export const MAX_BODY_BYTES = 1024 * 1024;

const securityHeaders = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...securityHeaders,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

export function sendFailure(response: ServerResponse, failure: Omit<ApiFailure, 'ok'>): void {
  sendJson(response, failure.status, {
    error: failure.error,
    ...(failure.issues ? { issues: failure.issues } : {}),
  });
}

export function sendBytes(response: ServerResponse, contentType: string, bytes: Uint8Array): void {
  response.writeHead(200, {
    ...securityHeaders,
    // Content-addressed: the bytes behind a hash never change, but they stay private to the token holder.
    'cache-control': 'private, max-age=31536000, immutable',
    'content-type': contentType,
    'content-length': bytes.byteLength,
  });
  response.end(bytes);
}

/** A whole HTML page of the API's own (a run's report), under its own Content-Security-Policy. */
export function sendPage(response: ServerResponse, html: string, contentSecurityPolicy: string): void {
  response.writeHead(200, {
    ...securityHeaders,
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'content-security-policy': contentSecurityPolicy,
  });
  response.end(html);
}

export function failure(status: number, error: string, issues?: readonly FieldIssue[]): ApiFailure {
  return { ok: false, status, error, ...(issues ? { issues } : {}) };
}

/** Validation issues named by field; an unknown key is reported at its own path. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: formatIssuePath([...issue.path, key]),
        message: 'is not a field this request accepts',
      }));
    }
    return [{ path: formatIssuePath(issue.path), message: issue.message }];
  });
}

export function validate<S extends z.ZodType>(schema: S, value: unknown, what: string): Parsed<z.infer<S>> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const issues = fieldIssues(result.error);
  const named = issues.map((issue) => issue.path || '(the whole body)').join(', ');
  return failure(400, `Invalid ${what}: check ${named}.`, issues);
}

/**
 * Read a JSON body. An empty body reads as `{}`, so commands without arguments need none; anything
 * else must be declared as JSON, which also keeps plain HTML forms from posting here.
 */
export async function readJsonBody(request: IncomingMessage): Promise<Parsed<unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return failure(413, `The body is larger than ${MAX_BODY_BYTES} bytes.`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return { ok: true, value: {} };
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return failure(415, 'Send the body as JSON with the header "Content-Type: application/json".', [
      { path: '', message: `content type "${type}" is not application/json` },
    ]);
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error: unknown) {
    return failure(400, 'The body is not valid JSON.', [{ path: '', message: (error as Error).message }]);
  }
}

/** The query string as a plain object (the last value wins), without the access token. */
export function queryOf(url: URL): Record<string, string> {
  const query = Object.fromEntries(url.searchParams);
  delete query['token'];
  return query;
}
