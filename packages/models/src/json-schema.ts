import { z } from 'zod';
import { ModelError } from './errors.js';

/** A JSON Schema document, as vendors take it. */
export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema of what a model should write for `schema`. Uses the schema's *input* side, so
 * fields with defaults are optional for the model and filled in when we parse. The root must be an
 * object: both vendors take object schemas only.
 *
 * @throws ModelError `bad-request` when the schema has no JSON form (dates, transforms on output,
 *   bigints) or its root is not an object.
 */
export function toObjectJsonSchema(schema: z.ZodType, subject: string): JsonSchema {
  let converted: JsonSchema;
  try {
    converted = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
  } catch (error: unknown) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new ModelError('bad-request', `${subject} cannot be expressed as JSON Schema: ${detail}`);
  }
  const { $schema: _dialect, ...rest } = converted;
  if (rest.type !== 'object') {
    throw new ModelError('bad-request', `${subject} must be an object schema (z.object), not ${String(rest.type)}`);
  }
  return rest;
}

/** Keywords OpenAI's strict mode accepts, which we send as they are. */
const STRICT_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'enum',
  'const',
  'description',
  'title',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'pattern',
  'format',
  'minItems',
  'maxItems',
]);

/** Keywords strict mode rejects but that only narrow the answer; we drop them and let zod check them locally. */
const DROPPABLE_KEYWORDS = new Set(['default', 'minLength', 'maxLength', 'examples']);

/**
 * The strict-mode form of an object schema: every property listed as required, the optional ones
 * made nullable instead (the tolerant parser turns those nulls back into absent fields), and no
 * extra properties anywhere. `strict` is false, and the schema returned unchanged, when it uses
 * something strict mode cannot express (records, tuples, references, intersections).
 */
export function toStrictJsonSchema(schema: JsonSchema): { readonly schema: JsonSchema; readonly strict: boolean } {
  const strict = strictify(schema);
  return strict === undefined ? { schema, strict: false } : { schema: strict, strict: true };
}

function strictify(node: unknown): JsonSchema | undefined {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROPPABLE_KEYWORDS.has(key)) continue;
    // zod writes discriminated unions as oneOf; their branches exclude each other, so anyOf means the same.
    if (key === 'oneOf' && !('anyOf' in node)) {
      result.anyOf = value;
      continue;
    }
    if (!STRICT_KEYWORDS.has(key)) return undefined;
    result[key] = value;
  }
  if (result.anyOf !== undefined) {
    if (!Array.isArray(result.anyOf)) return undefined;
    const branches = result.anyOf.map(strictify);
    if (branches.some((branch) => branch === undefined)) return undefined;
    result.anyOf = branches;
  }
  if (result.items !== undefined) {
    const items = strictify(result.items);
    if (items === undefined) return undefined;
    result.items = items;
  }
  if (result.type === 'object') return strictObject(result);
  return result;
}

function strictObject(node: JsonSchema): JsonSchema | undefined {
  const properties = node.properties ?? {};
  if (typeof properties !== 'object' || properties === null) return undefined;
  if (node.additionalProperties !== undefined && node.additionalProperties !== false) return undefined;
  const required = new Set(Array.isArray(node.required) ? (node.required as unknown[]) : []);
  const strictProperties: JsonSchema = {};
  for (const [name, property] of Object.entries(properties as JsonSchema)) {
    const strict = strictify(property);
    if (strict === undefined) return undefined;
    strictProperties[name] = required.has(name) || allowsNull(strict) ? strict : { anyOf: [strict, { type: 'null' }] };
  }
  return {
    ...node,
    properties: strictProperties,
    required: Object.keys(strictProperties),
    additionalProperties: false,
  };
}

function allowsNull(node: JsonSchema): boolean {
  if (node.type === 'null') return true;
  return Array.isArray(node.anyOf) && node.anyOf.some((branch) => (branch as JsonSchema).type === 'null');
}
