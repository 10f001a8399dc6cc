import { z } from 'zod';
import { checkBoundedValue, MODEL_JSON_LIMITS } from './bounded-json.js';
import { findJsonCandidates } from './json-extract.js';
import { dropOptionalNulls } from './optional-nulls.js';

/** The outcome of reading a structured answer. */
export type StructuredParse<T> =
  | {
      readonly ok: true;
      /** The value after parsing with the schema (defaults applied). */
      readonly value: T;
      /** True when the JSON had to be cut out of prose or a ``` fence around it. */
      readonly extracted: boolean;
    }
  | {
      readonly ok: false;
      /** What was wrong, one problem per line, each naming the failing path; quoted back in a re-ask. */
      readonly problems: string;
    };

/**
 * Validate an already-decoded value (a tool input, a strict-mode answer) against `schema`,
 * tolerating `null` where the schema allows the field to be absent: strict vendor modes and many
 * local models write `null` for every field they leave out. Values nested or sized beyond the
 * limits of `bounded-json.ts` fail without being walked.
 */
export function validateTolerantly<T>(schema: z.ZodType<T>, value: unknown): StructuredParse<T> {
  const bounded = checkBoundedValue(value);
  if (!bounded.ok) return { ok: false, problems: `(root): ${bounded.message}` };
  // A pipe (`z.preprocess`, `.transform`) validates what its first half produced, so its two
  // halves are read one after the other and each drops its own nulls. A pipe with checks of its
  // own is read whole, so that those checks still run.
  if (schema instanceof z.ZodPipe && (schema.def.checks ?? []).length === 0) {
    const first = validateTolerantly(schema.in as z.ZodType, value);
    return first.ok ? validateTolerantly(schema.out as z.ZodType<T>, first.value) : first;
  }
  return validateWithoutNulls(schema, dropOptionalNulls(schema, value));
}

/**
 * The schema's verdict once optional nulls are gone. Nulls the JSON Schema walk could not place
 * (inside an ambiguous union, under a schema without a JSON form) are removed where the schema
 * complains about them, unless removing one makes it complain about the same path: then the field
 * is required and the null is the model's mistake, reported as it is.
 */
function validateWithoutNulls<T>(schema: z.ZodType<T>, value: unknown): StructuredParse<T> {
  const required = new Set<string>();
  for (let round = 0; round < 20; round += 1) {
    const result = schema.safeParse(value);
    if (result.success) return { ok: true, value: result.data, extracted: false };
    const stripped = withoutFailingNulls(value, result.error.issues, required);
    if (stripped === undefined) return { ok: false, problems: describeIssues(result.error.issues) };
    const retried = schema.safeParse(stripped.value);
    if (retried.success) return { ok: true, value: retried.data, extracted: false };
    const complaints = new Set(retried.error.issues.map((issue) => pathKey(issue.path)));
    const newlyRequired = stripped.paths.filter((path) => complaints.has(path));
    if (newlyRequired.length === 0) return { ok: false, problems: describeIssues(retried.error.issues) };
    for (const path of newlyRequired) required.add(path);
  }
  return { ok: false, problems: '(root): the answer could not be made to match the schema' };
}

/**
 * Read a structured answer from free text: the JSON may be the whole text, sit in a ```json fence
 * or be wrapped in prose. The first candidate that validates wins; otherwise the problems of the
 * most likely candidate are reported.
 */
export function parseStructuredText<T>(schema: z.ZodType<T>, text: string): StructuredParse<T> {
  // Scanning is linear, but an answer this long is a runaway generation, not a JSON object.
  if (text.length > 2 * MODEL_JSON_LIMITS.maxLength) {
    return {
      ok: false,
      problems: `(root): the answer is ${text.length} characters long; answer with one short JSON object only`,
    };
  }
  const { candidates, overLimit } = findJsonCandidates(text);
  if (candidates.length === 0) {
    return {
      ok: false,
      problems: `(root): ${overLimit ?? 'the answer holds no JSON object; answer with one JSON object only'}`,
    };
  }
  let first: StructuredParse<T> | undefined;
  for (const candidate of candidates) {
    const result = validateTolerantly(schema, candidate.value);
    if (result.ok) return { ok: true, value: result.value, extracted: candidate.source !== 'whole' };
    first ??= result;
  }
  return first ?? { ok: false, problems: '(root): no candidate validated' };
}

/**
 * A copy of `value` without the null-valued object fields the issues point at (except those known
 * to be required), and the paths removed; undefined when there is nothing to remove.
 */
function withoutFailingNulls(
  value: unknown,
  issues: readonly z.core.$ZodIssue[],
  required: ReadonlySet<string>,
): { value: unknown; paths: string[] } | undefined {
  const copy = structuredClone(value);
  const paths: string[] = [];
  for (const issue of issues) {
    // Any kind of complaint counts: zod calls a null in an enum `invalid_value`, in a union `invalid_union`.
    if (issue.path.length === 0 || required.has(pathKey(issue.path))) continue;
    const parent = valueAt(copy, issue.path.slice(0, -1));
    const key = issue.path[issue.path.length - 1];
    if (!isRecord(parent) || typeof key !== 'string' || parent[key] !== null) continue;
    delete parent[key];
    paths.push(pathKey(issue.path));
  }
  return paths.length === 0 ? undefined : { value: copy, paths };
}

function pathKey(path: readonly PropertyKey[]): string {
  return JSON.stringify(path.map((part) => (typeof part === 'symbol' ? String(part) : part)));
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (Array.isArray(current) && typeof key === 'number') current = current[key];
    else if (isRecord(current) && typeof key === 'string') current = current[key];
    else return undefined;
  }
  return current;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One line per issue, `path: message`, in the order the schema reported them. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`).join('\n');
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
    .join('');
}
