import { actionSchema } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { inputAction, keyPressInput, type KeyPress } from './takeover-input.js';

const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  shiftKey: false,
  ...modifiers,
});

describe('key presses during a takeover', () => {
  it('turn printable characters into text, shifted ones included', () => {
    expect(keyPressInput(press('a'))).toEqual({ kind: 'text', text: 'a' });
    expect(keyPressInput(press('A', { shiftKey: true }))).toEqual({ kind: 'text', text: 'A' });
    expect(keyPressInput(press(' '))).toEqual({ kind: 'text', text: ' ' });
  });

  it('turn named keys and shortcuts into chords with canonical names', () => {
    expect(keyPressInput(press('Enter'))).toEqual({ kind: 'chord', keys: ['Enter'] });
    expect(keyPressInput(press('Tab', { shiftKey: true }))).toEqual({ kind: 'chord', keys: ['Shift', 'Tab'] });
    expect(keyPressInput(press('A', { ctrlKey: true }))).toEqual({ kind: 'chord', keys: ['Control', 'a'] });
  });

  it('wait for the next key when only a modifier went down', () => {
    expect(keyPressInput(press('Shift', { shiftKey: true }))).toBeUndefined();
    expect(keyPressInput(press('Control', { ctrlKey: true }))).toBeUndefined();
  });

  it('become actions the action contract accepts', () => {
    for (const input of [
      keyPressInput(press('x')),
      keyPressInput(press('Escape')),
      keyPressInput(press('c', { metaKey: true })),
    ]) {
      expect(actionSchema.safeParse(inputAction(input!)).success).toBe(true);
    }
  });
});
