import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelError, toObjectJsonSchema, toStrictJsonSchema } from '../src/index.js';

describe('JSON Schemas for vendors', () => {
  it('uses the input side, so fields with defaults are optional for the model', () => {
    const schema = z.object({ done: z.boolean().default(false), text: z.string() });
    expect(toObjectJsonSchema(schema, 'answer')).toEqual({
      type: 'object',
      properties: { done: { type: 'boolean', default: false }, text: { type: 'string' } },
      required: ['text'],
    });
  });

  it('refuses non-object roots and types without a JSON form, as bad requests', () => {
    const root = (() => {
      try {
        toObjectJsonSchema(z.array(z.string()), 'the output schema');
        return undefined;
      } catch (error: unknown) {
        return error;
      }
    })();
    expect(ModelError.isInstance(root) && root.reason).toBe('bad-request');
    expect(() => toObjectJsonSchema(z.object({ when: z.date() }), 'the output schema')).toThrow(/JSON Schema/);
  });

  it('makes every property required in strict form, optional ones nullable, nested ones too', () => {
    const schema = z.object({
      steps: z.array(z.object({ text: z.string().min(1), hint: z.string().optional() })),
      kind: z.enum(['a', 'b']).nullable(),
      count: z.number().int().default(1),
    });
    const strict = toStrictJsonSchema(toObjectJsonSchema(schema, 'answer'));
    expect(strict.strict).toBe(true);
    expect(strict.schema).toEqual({
      type: 'object',
      properties: {
        steps: {
          type: 'array',
          items: {
            type: 'object',
            properties: { text: { type: 'string' }, hint: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
            required: ['text', 'hint'],
            additionalProperties: false,
          },
        },
        kind: { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] },
        count: {
          anyOf: [
            { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
            { type: 'null' },
          ],
        },
      },
      required: ['steps', 'kind', 'count'],
      additionalProperties: false,
    });
  });

  it.each([
    ['a record', z.object({ counts: z.record(z.string(), z.number()) })],
    ['a tuple', z.object({ point: z.tuple([z.number(), z.number()]) })],
    ['a catch-all', z.object({ tag: z.string() }).catchall(z.number())],
  ])('leaves a schema with %s non-strict and unchanged', (_name, schema) => {
    const json = toObjectJsonSchema(schema, 'answer');
    expect(toStrictJsonSchema(json)).toEqual({ schema: json, strict: false });
  });
});
