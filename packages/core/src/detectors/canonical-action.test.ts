import type { Action } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import {
  canonicalizeAction,
  describeCanonicalAction,
  normalizeChord,
  sameCanonicalAction,
} from './canonical-action.js';
import { click, clickAction } from './detector-test-support.js';

describe('canonicalizeAction', () => {
  it('treats two clicks on the same label as the same action wherever they land', () => {
    expect(sameCanonicalAction(click('Save', { x: 10, y: 10 }), click(' save: ', { x: 300, y: 90 }))).toBe(true);
  });

  it('near miss: the same point with different labels is two actions', () => {
    expect(sameCanonicalAction(click('Save', { x: 10, y: 10 }), click('Cancel', { x: 10, y: 10 }))).toBe(false);
  });

  it('treats unlabelled clicks a few pixels apart as one action, even across a 40 px cell border', () => {
    expect(sameCanonicalAction(click(undefined, { x: 38, y: 50 }), click(undefined, { x: 42, y: 55 }))).toBe(true);
  });

  it('near miss: unlabelled clicks 30 px apart are different actions', () => {
    expect(sameCanonicalAction(click(undefined, { x: 38, y: 50 }), click(undefined, { x: 68, y: 50 }))).toBe(false);
  });

  it('keeps only the field of typed text, so retyping different text compares equal', () => {
    const first = canonicalizeAction({ type: 'type', text: 'ada@example' }, { label: 'Email' });
    const second = canonicalizeAction({ type: 'type', text: 'ada@example.com' }, { label: 'email' });
    expect(first.target).toBe('field:email');
    expect(sameCanonicalAction(first, second)).toBe(true);
  });

  it('near miss: typing into similar fields with different labels is not the same action', () => {
    const first = canonicalizeAction({ type: 'type', text: 'Ada' }, { label: 'First name' });
    const second = canonicalizeAction({ type: 'type', text: 'Ada' }, { label: 'Last name' });
    expect(sameCanonicalAction(first, second)).toBe(false);
  });

  it('spells chords one way: modifiers first in a fixed order, aliases resolved, letters upper case', () => {
    expect(normalizeChord(['s', 'ctrl'])).toBe('Control+S');
    expect(normalizeChord(['Shift', 'Control', 'k'])).toBe('Control+Shift+K');
    expect(normalizeChord(['esc'])).toBe('Escape');
    expect(canonicalizeAction({ type: 'key', keys: ['Control', 's'] }).target).toBe('keys:Control+S');
  });

  it('reduces a scroll to its direction and ignores the distance', () => {
    const short = canonicalizeAction({ type: 'scroll', deltaX: 0, deltaY: 120 });
    const long = canonicalizeAction({ type: 'scroll', deltaX: 0, deltaY: 900, at: { x: 5, y: 5 } });
    const up = canonicalizeAction({ type: 'scroll', deltaX: 0, deltaY: -120 });
    expect(sameCanonicalAction(short, long)).toBe(true);
    expect(sameCanonicalAction(short, up)).toBe(false);
  });

  it('separates a double click and a right click from a click at the same place', () => {
    const double = canonicalizeAction({ ...clickAction(), count: 2 } as Action);
    const right = canonicalizeAction({ ...clickAction(), button: 'right' } as Action);
    expect(double.kind).toBe('double-click');
    expect(right).toMatchObject({ kind: 'context-click', modality: 'menu' });
    expect(sameCanonicalAction(click(undefined), double)).toBe(false);
  });

  it('assigns modalities: pointer, keyboard, menu items, commands, and none for waits', () => {
    expect(click('Save').modality).toBe('mouse');
    expect(click('Export', undefined, 'menuitem').modality).toBe('menu');
    expect(canonicalizeAction({ type: 'type', text: 'a' }).modality).toBe('keyboard');
    expect(canonicalizeAction({ type: 'open', target: 'https://www.Example.com/' })).toMatchObject({
      target: 'url:example.com',
      modality: 'command',
    });
    expect(canonicalizeAction({ type: 'wait', ms: 10 }).modality).toBe('none');
  });

  it('handles actions without coordinates and a click whose point is missing, without crashing', () => {
    expect(canonicalizeAction({ type: 'scroll', deltaX: 0, deltaY: 10 }).point).toBeUndefined();
    expect(canonicalizeAction({ type: 'done', summary: 'ok' })).toEqual({ kind: 'done', target: '', modality: 'none' });
    const broken = { type: 'click', button: 'left', count: 1, modifiers: [] } as unknown as Action;
    const canonical = canonicalizeAction(broken);
    expect(canonical).toMatchObject({ kind: 'click', target: 'at:?' });
    expect(sameCanonicalAction(canonical, canonicalizeAction(broken))).toBe(true);
    expect(describeCanonicalAction(canonical)).toBe('click an unknown point');
  });

  it('describes actions in a few words for reasons', () => {
    expect(describeCanonicalAction(click('Save'))).toBe("click 'save'");
    expect(describeCanonicalAction(click(undefined, { x: 12, y: 34 }))).toBe('click near (12, 34)');
    expect(describeCanonicalAction(canonicalizeAction({ type: 'key', keys: ['Enter'] }))).toBe('press Enter');
  });
});
