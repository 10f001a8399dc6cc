import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenAIClient, validateTolerantly } from '../src/index.js';
import { OPENAI_TEST_KEY, recordingHandle } from './support/helpers.js';
import { loadFixture, startReplayServer, type ReplayServer } from './support/replay-server.js';

const point = z.object({ x: z.number(), y: z.number() });
const action = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('click'),
    at: point.optional(),
    element: z.string().min(1).optional(),
    button: z.enum(['left', 'right', 'middle']).optional(),
    count: z.number().int().min(1).max(3).optional(),
  }),
  z.object({ type: z.literal('type'), text: z.string() }),
]);
const decision = z.object({
  thought: z.string().max(2000).optional(),
  actions: z.array(z.object({ summary: z.string(), action })).min(1),
});

describe('a null in any optional field counts as absent, at any depth', () => {
  it('drops a null in an optional enum, which zod reports as invalid_value rather than invalid_type', () => {
    expect(z.enum(['left']).optional().safeParse(null).error?.issues[0]?.code).toBe('invalid_value');
    const result = validateTolerantly(decision, {
      actions: [{ summary: 'Click', action: { type: 'click', at: { x: 1, y: 2 }, button: null } }],
    });
    expect(result).toEqual({
      ok: true,
      value: { actions: [{ summary: 'Click', action: { type: 'click', at: { x: 1, y: 2 } } }] },
      extracted: false,
    });
  });

  it('drops nulls whose schema is a refined string, a number range or an object', () => {
    const result = validateTolerantly(decision, {
      thought: null,
      actions: [{ summary: 'Click', action: { type: 'click', at: null, element: null, count: null, button: null } }],
    });
    expect(result.ok && result.value).toEqual({ actions: [{ summary: 'Click', action: { type: 'click' } }] });
  });

  it('keeps a null where the field is required, or where null is a real value', () => {
    const required = validateTolerantly(decision, {
      actions: [{ summary: null, action: { type: 'type', text: 'a' } }],
    });
    expect(required).toEqual({
      ok: false,
      problems: 'actions[0].summary: Invalid input: expected string, received null',
    });
    const nullable = z.object({ note: z.string().nullable().optional() });
    expect(validateTolerantly(nullable, { note: null })).toEqual({ ok: true, value: { note: null }, extracted: false });
  });

  it('reads through a preprocess wrapper and a recursive schema', () => {
    const wrapped = z.preprocess(
      (value) => (typeof value === 'object' && value !== null && 'answer' in value ? value : { answer: value }),
      z.object({ answer: decision }),
    );
    const bare = { actions: [{ summary: 'Click', action: { type: 'click', button: null } }] };
    expect(validateTolerantly(wrapped, bare)).toEqual({
      ok: true,
      value: { answer: { actions: [{ summary: 'Click', action: { type: 'click' } }] } },
      extracted: false,
    });
    type Tree = { name: string; color?: 'red' | 'blue'; children?: Tree[] };
    const tree: z.ZodType<Tree> = z.lazy(() =>
      z.object({ name: z.string(), color: z.enum(['red', 'blue']).optional(), children: z.array(tree).optional() }),
    );
    const nested = { name: 'a', color: null, children: [{ name: 'b', color: null, children: null }] };
    expect(validateTolerantly(z.object({ root: tree }), { root: nested })).toEqual({
      ok: true,
      value: { root: { name: 'a', children: [{ name: 'b' }] } },
      extracted: false,
    });
  });
});

describe('strict structured output with nulls for optional fields, on the wire', () => {
  let server: ReplayServer;
  beforeAll(async () => {
    server = await startReplayServer();
  });
  afterAll(() => server.close());

  it('parses an action list whose optional enum and strings came back null', async () => {
    const client = createOpenAIClient({ model: 'gpt-4.1', apiKey: OPENAI_TEST_KEY, baseURL: `${server.origin}/v1` });
    server.enqueue(loadFixture('openai', 'structured-null-enum'));
    const before = server.requests.length;
    const response = await client.complete(recordingHandle().handle, {
      messages: [{ role: 'user', content: 'Next?' }],
      outputSchema: decision,
    });
    expect(response.parsed).toEqual({
      actions: [
        { summary: "Clicking 'Export'", action: { type: 'click', at: { x: 1204, y: 88 } } },
        { summary: "Typing 'Q3'", action: { type: 'type', text: 'Q3' } },
      ],
    });
    const sent = server.requests[before]?.body as { response_format: { json_schema: { strict: boolean } } };
    expect(sent.response_format.json_schema.strict).toBe(true);
  });
});
