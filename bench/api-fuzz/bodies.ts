/**
 * Building request bodies: JSON values and the positions inside them a mutation can change, raw
 * text no serializer would write (duplicate keys, `1e999`, 10,000 levels of nesting), and the
 * placeholders for values only known when the case is sent.
 */
import type { BodySpec, SendContext } from './types.js';

export type FieldPath = readonly (string | number)[];

/** `edits[0].text`, as the server's issues spell a path; empty for the whole body. */
export function formatPath(path: FieldPath): string {
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${part}`))
    .join('');
}

/** Every position inside `value` (objects' fields and arrays' items), outermost first. */
export function listFields(value: unknown, prefix: FieldPath = []): { path: FieldPath; value: unknown }[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => [
      { path: [...prefix, index], value: item },
      ...listFields(item, [...prefix, index]),
    ]);
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      { path: [...prefix, key], value: item },
      ...listFields(item, [...prefix, key]),
    ]);
  }
  return [];
}

/** A copy of `value` with the position at `path` replaced (or removed, for `undefined`). */
export function replaceAt(value: unknown, path: FieldPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let holder = copy;
  for (const part of path.slice(0, -1)) holder = holder[part] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (replacement !== undefined) defineOwn(holder, last, replacement);
  else if (Array.isArray(holder) && typeof last === 'number') holder.splice(last, 1);
  else delete holder[last];
  return copy;
}

/** Set a field as an own property, so `__proto__` becomes a key and not the prototype. */
export function defineOwn(holder: Record<string | number, unknown>, key: string | number, value: unknown): void {
  Object.defineProperty(holder, key, { value, enumerable: true, writable: true, configurable: true });
}

const RAW_MARK = '@@raw-literal@@';

/** JSON text of `value` with the position at `path` written as `raw` verbatim (`1e999`, `NaN`, deep nesting). */
export function jsonWithRaw(value: unknown, path: FieldPath, raw: string): string {
  return JSON.stringify(replaceAt(value, path, RAW_MARK)).replace(`"${RAW_MARK}"`, () => raw);
}

/** Arrays nested `depth` levels deep, as text: JSON.stringify cannot write them. */
export function deepArrays(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** Objects nested `depth` levels deep under `key`, as text. */
export function deepObjects(depth: number, key: string, innermost = '{}'): string {
  return `${`{"${key}":`.repeat(depth)}${innermost}${'}'.repeat(depth)}`;
}

/** Fill the placeholders a body may hold with the values of the run it is sent to. */
export function fillPlaceholders(text: string, context: Pick<SendContext, 'stepId' | 'screenshotHash'>): string {
  return text.replaceAll('{step}', context.stepId).replaceAll('{shot}', context.screenshotHash);
}

/** Values standing in for the placeholders when a body is judged before it is sent. */
export const placeholderStandIns = { stepId: 'step-1', screenshotHash: 'c'.repeat(64) } as const;

export function jsonBody(value: unknown, contentType: string | undefined = 'application/json'): BodySpec {
  return textBody(JSON.stringify(value), contentType);
}

export function textBody(text: string, contentType: string | undefined = 'application/json'): BodySpec {
  return {
    contentType,
    build: (context) => Buffer.from(fillPlaceholders(text, context), 'utf8'),
    summary: summarize(text),
  };
}

/** A body of exact bytes (invalid UTF-8, megabytes), described by `summary` instead of its contents. */
export function bytesBody(build: () => Buffer, summary: string, contentType: string | undefined): BodySpec {
  return { contentType, build, summary };
}

/** Text short enough to print: long runs of one character are counted instead of shown. */
export function summarize(text: string, limit = 240): string {
  const squeezed = text.replace(/(.)\1{40,}/gs, (run, character: string) => `${character}…(${run.length}×)`);
  return squeezed.length <= limit ? squeezed : `${squeezed.slice(0, limit)}…(${text.length} chars)`;
}
