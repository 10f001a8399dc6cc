import { describe, expect, it } from 'vitest';
import {
  actionSchema,
  actionTypes,
  ContractError,
  environmentSpecSchema,
  eventDraftSchema,
  MAX_TARGET_NESTING,
  parseContract,
  targetRefSchema,
  taskSchema,
  type TargetRef,
} from './index.js';

describe('the contracts', () => {
  it('fills pointer defaults and keeps coordinates in screen space', () => {
    const click = parseContract(actionSchema, { type: 'click', at: { x: 10, y: 20 } }, 'action');
    expect(click).toEqual({ type: 'click', at: { x: 10, y: 20 }, button: 'left', count: 1, modifiers: [] });
    expect(() => parseContract(actionSchema, { type: 'click', at: { x: -1, y: 2 } }, 'action')).toThrow(
      'Invalid action: at.x',
    );
  });

  it('lists every action type, and rejects an invented one naming the field', () => {
    expect(actionTypes).toEqual([
      'click',
      'double-click',
      'move',
      'drag',
      'scroll',
      'type',
      'key',
      'hold-and-press',
      'wait',
      'open',
      'done',
      'fail',
      'tool-call',
    ]);
    const error = (() => {
      try {
        parseContract(actionSchema, { type: 'teleport', to: { x: 1, y: 1 } }, 'model action');
      } catch (caught: unknown) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).issues[0]?.path).toBe('type');
  });

  it('names nested paths in event drafts', () => {
    expect(() =>
      parseContract(
        eventDraftSchema,
        { source: 'agent', payload: { type: 'step-start', stepId: 's', attempt: 0 } },
        'event draft',
      ),
    ).toThrow('Invalid event draft: payload.attempt');
  });

  it('applies the default budgets and approval policy to a task', () => {
    const task = taskSchema.parse({ instruction: ' press Enter ', environment: { type: 'scenario', name: 'x' } });
    expect(task.instruction).toBe('press Enter');
    expect(task.approval).toBe('ask');
    expect(task.budgets.maxActions).toBe(200);
  });

  it('bounds how deeply targets nest', () => {
    const nested = (depth: number): TargetRef =>
      depth === 0 ? { name: 'Delete', role: 'button' } : { role: 'row', within: nested(depth - 1) };
    expect(targetRefSchema.safeParse(nested(MAX_TARGET_NESTING)).success).toBe(true);
    expect(() => parseContract(targetRefSchema, nested(MAX_TARGET_NESTING + 1), 'target')).toThrow(
      `at most ${MAX_TARGET_NESTING} others`,
    );
  });

  it('names a misspelt field of an environment instead of dropping it', () => {
    expect(() =>
      parseContract(environmentSpecSchema, { type: 'url', url: 'https://example.org', headed: true }, 'environment'),
    ).toThrow('headed');
    expect(parseContract(environmentSpecSchema, { type: 'scenario', name: 'machine-status' }, 'environment')).toEqual({
      type: 'scenario',
      name: 'machine-status',
    });
  });
});
