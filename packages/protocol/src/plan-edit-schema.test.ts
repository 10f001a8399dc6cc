import { describe, expect, it } from 'vitest';
import { planEditListSchema, planEditSchema } from './plan-edit.js';

describe('planEditSchema', () => {
  it('accepts each kind of edit and trims step text', () => {
    const edits = [
      { type: 'add', index: 0, text: '  Click Save ', expectedOutcome: 'Saved' },
      { type: 'remove', stepId: 'step-1' },
      { type: 'move', stepId: 'step-1', toIndex: 2 },
      { type: 'rewrite', stepId: 'step-1', text: 'Click Submit' },
      { type: 'patch', fromStepId: 'step-2', count: 5, steps: [{ text: 'A' }] },
      { type: 'replace-pending', steps: [] },
      { type: 'set-criteria', criteria: [{ text: 'Saved', check: { kind: 'text-visible', text: '42', exact: true } }] },
      { type: 'set-constraints', constraints: ['Do not submit'] },
    ];
    const parsed = planEditListSchema.parse(edits);
    expect(parsed).toHaveLength(8);
    expect(parsed[0]).toEqual({ type: 'add', index: 0, text: 'Click Save', expectedOutcome: 'Saved' });
  });

  it.each([
    ['blank text', { type: 'add', index: 0, text: '   ' }, ['text']],
    ['a negative position', { type: 'move', stepId: 'step-1', toIndex: -1 }, ['toIndex']],
    ['a patch over five steps', { type: 'patch', fromStepId: 'step-1', count: 6, steps: [] }, ['count']],
    ['an empty step id', { type: 'remove', stepId: '' }, ['stepId']],
    ['an unknown type', { type: 'delete', stepId: 'step-1' }, ['type']],
  ])('rejects %s, naming the field', (_, edit, path) => {
    const result = planEditSchema.safeParse(edit);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(path);
  });

  it('rejects an empty batch', () => {
    expect(planEditListSchema.safeParse([]).success).toBe(false);
  });
});
