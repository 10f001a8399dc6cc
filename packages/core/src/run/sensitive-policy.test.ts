import { describe, expect, it } from 'vitest';
import type { Action } from '@sandpiper/protocol';
import type { SensitivityVerdict } from './sensitive-action.js';
import { sensitiveCategories } from './sensitive-lexicon.js';
import { DEFAULT_ACTION_GUARD, guardDecision, type ActionGuard } from './sensitive-policy.js';

const click: Action = { type: 'click', at: { x: 1, y: 1 }, button: 'left', count: 1, modifiers: [] };
const harmless: SensitivityVerdict = { sensitive: false };
const uncertain: SensitivityVerdict = {
  sensitive: false,
  uncertain: "clicks 'OK', and the screen does not show what it answers",
};
const of = (category: (typeof sensitiveCategories)[number]): SensitivityVerdict => ({
  sensitive: true,
  category,
  reason: `reads as ${category}`,
});
const asks = (guard: ActionGuard | undefined, verdict: SensitivityVerdict, action: Action = click) =>
  guardDecision(guard, verdict, action).ask;

describe('action guard policies', () => {
  it('conservative is the default: sensitive and uncertain actions ask, with the reason the guard read', () => {
    expect(DEFAULT_ACTION_GUARD).toBe('conservative');
    for (const category of sensitiveCategories) {
      expect(guardDecision(undefined, of(category), click)).toEqual({ ask: true, reason: `reads as ${category}` });
    }
    expect(guardDecision(undefined, uncertain, click)).toEqual({ ask: true, reason: uncertain.uncertain });
    expect(asks(undefined, harmless)).toBe(false);
  });

  it('permissive asks only for destructive, money and shell actions, and programs started', () => {
    const asked = sensitiveCategories.filter((category) => asks('permissive', of(category)));
    expect(asked).toEqual(['destructive', 'money', 'shell', 'program']);
    expect(asks('permissive', uncertain)).toBe(false);
    expect(asks('permissive', harmless)).toBe(false);
  });

  it('always asks for every action that reaches the screen or a tool, never for the agent finishing', () => {
    expect(guardDecision('always', harmless, click)).toEqual({
      ask: true,
      reason: 'the action guard asks before every action',
    });
    expect(guardDecision('always', of('money'), click)).toEqual({ ask: true, reason: 'reads as money' });
    expect(asks('always', harmless, { type: 'scroll', deltaX: 0, deltaY: 200 })).toBe(true);
    expect(asks('always', harmless, { type: 'done', summary: 'finished' })).toBe(false);
    expect(asks('always', harmless, { type: 'fail', reason: 'stuck' })).toBe(false);
  });

  it('never asks, not even for a shell command', () => {
    for (const category of sensitiveCategories) expect(asks('never', of(category))).toBe(false);
    expect(asks('never', uncertain)).toBe(false);
  });
});
