import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { extractJsonCandidates, parseStructuredText, validateTolerantly } from '../src/index.js';

const schema = z.object({
  summary: z.string(),
  steps: z.array(z.object({ text: z.string(), done: z.boolean().default(false) })),
  note: z.string().optional(),
});

describe('finding JSON in what a model wrote', () => {
  it('reads bare JSON as it is', () => {
    const result = parseStructuredText(schema, '{"summary":"s","steps":[]}');
    expect(result).toEqual({ ok: true, value: { summary: 's', steps: [] }, extracted: false });
  });

  it('cuts JSON out of a ```json fence with prose around it', () => {
    const text = 'Here you go:\n```json\n{"summary": "s", "steps": [{"text": "Open"}]}\n```\nAnything else?';
    expect(parseStructuredText(schema, text)).toEqual({
      ok: true,
      value: { summary: 's', steps: [{ text: 'Open', done: false }] },
      extracted: true,
    });
  });

  it('cuts JSON out of plain prose, ignoring braces inside strings', () => {
    const text = 'I think {this} is it: {"summary": "use {curly} braces", "steps": []} — done.';
    const result = parseStructuredText(schema, text);
    expect(result.ok && result.value.summary).toBe('use {curly} braces');
  });

  it('prefers the last object in prose, where models put their final answer', () => {
    const text = 'Example: {"summary": "example", "steps": []}. My answer: {"summary": "real", "steps": []}';
    const result = parseStructuredText(schema, text);
    expect(result.ok && result.value.summary).toBe('real');
  });

  it('forgives trailing commas', () => {
    const result = parseStructuredText(schema, '{"summary": "s", "steps": [],}');
    expect(result.ok).toBe(true);
  });

  it('treats null for an optional field as absent, but not null for a required one', () => {
    expect(validateTolerantly(schema, { summary: 's', steps: [], note: null })).toEqual({
      ok: true,
      value: { summary: 's', steps: [] },
      extracted: false,
    });
    const required = validateTolerantly(schema, { summary: null, steps: [], note: null });
    expect(required).toEqual({ ok: false, problems: 'summary: Invalid input: expected string, received null' });
  });

  it('reports every problem with its path, one per line', () => {
    const result = parseStructuredText(schema, '{"summary": 3, "steps": [{"done": "yes"}]}');
    expect(result).toEqual({
      ok: false,
      problems: [
        'summary: Invalid input: expected string, received number',
        'steps[0].text: Invalid input: expected string, received undefined',
        'steps[0].done: Invalid input: expected boolean, received string',
      ].join('\n'),
    });
  });

  it('says so when there is no JSON at all', () => {
    const result = parseStructuredText(schema, 'I clicked the button.');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toContain('holds no JSON object');
  });

  it('recovers any object embedded in any prose without braces', () => {
    const prose = fc.string().filter((text) => !/[{}[\]`]/.test(text));
    fc.assert(
      fc.property(prose, fc.dictionary(fc.string(), fc.jsonValue()), prose, (before, value, after) => {
        const text = `${before}${JSON.stringify(value)}${after}`;
        const found = extractJsonCandidates(text).map((candidate) => candidate.value);
        expect(found).toContainEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
