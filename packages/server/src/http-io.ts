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

/**
 * Deepest nesting of objects and arrays a body may have. The deepest request the contract
 * describes (a criterion's target inside a few holders, inside an edit) is a dozen levels; far
 * deeper bodies overflow the stack of the schema check and of the store's serializer.
 */
export const MAX_BODY_DEPTH = 64;

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
        // An empty key has an empty path, which would otherwise read as the whole body being wrong.
        message:
          key === ''
            ? 'has a field with an empty name, which no request accepts'
            : 'is not a field this request accepts',
      }));
    }
    return [{ path: formatIssuePath(issue.path), message: issue.message }];
  });
}

export function validate<S extends z.ZodType>(schema: S, value: unknown, what: string): Parsed<z.infer<S>> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const issues = fieldIssues(result.error);
  return failure(400, `Invalid ${what}: ${describeIssues(issues)}.`, issues);
}

/** How many failing fields the sentence names; the rest are only in `issues`. */
const NAMED_ISSUES = 4;

/** "check text (Too big: …), marks (…)": each failing field once, with what is wrong with it. */
function describeIssues(issues: readonly FieldIssue[]): string {
  const byPath = new Map<string, string>();
  for (const issue of issues) if (!byPath.has(issue.path)) byPath.set(issue.path, issue.message);
  const named = [...byPath].slice(0, NAMED_ISSUES).map(([path, message]) => `${path || 'the whole body'} (${message})`);
  const more = byPath.size > NAMED_ISSUES ? ` and ${byPath.size - NAMED_ISSUES} more` : '';
  return `check ${named.join(', ')}${more}`;
}

/**
 * Read a JSON body. An empty body reads as `{}`, so commands without arguments need none; anything
 * else must be declared as JSON, which also keeps plain HTML forms from posting here.
 */
export async function readJsonBody(request: IncomingMessage): Promise<Parsed<unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return failure(413, `The body is larger than ${MAX_BODY_BYTES} bytes.`);
      chunks.push(chunk);
    }
  } catch (error: unknown) {
    // The client broke off mid-body or sent a body the parser refused: its mistake, not ours.
    return failure(400, `The body could not be read to its end: ${(error as Error).message}.`);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return { ok: true, value: {} };
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    const problem = `content type "${type}" is not application/json`;
    return failure(415, `Send the body as JSON with the header "Content-Type: application/json": ${problem}.`, [
      { path: '', message: problem },
    ]);
  }
  const depth = nestingDepth(text, MAX_BODY_DEPTH);
  if (depth > MAX_BODY_DEPTH) {
    const problem = `nested more than ${MAX_BODY_DEPTH} levels deep`;
    return failure(400, `The body is ${problem}; no request needs that many.`, [{ path: '', message: problem }]);
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error: unknown) {
    const problem = (error as Error).message;
    return failure(400, `The body is not valid JSON: ${problem}.`, [{ path: '', message: problem }]);
  }
}

/**
 * How deeply JSON text nests objects and arrays, counted without parsing it (brackets inside
 * strings do not count); stops counting once past `limit`. Malformed text gets a number too: the
 * parser then says what is wrong with it.
 */
export function nestingDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text.charCodeAt(index);
    if (inString) {
      if (character === 0x5c) index += 1;
      else if (character === 0x22) inString = false;
    } else if (character === 0x22) {
      inString = true;
    } else if (character === 0x7b || character === 0x5b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (character === 0x7d || character === 0x5d) {
      depth -= 1;
    }
  }
  return deepest;
}

/** The query string as a plain object (the last value wins), without the access token. */
export function queryOf(url: URL): Record<string, string> {
  const query = Object.fromEntries(url.searchParams);
  delete query['token'];
  return query;
}
