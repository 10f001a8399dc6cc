import type { ActionInput } from '@sandpiper/protocol';
import { modifierKeyNames, normalizeKeyName } from '@sandpiper/protocol';

/** The parts of a DOM keyboard event that decide what to send. */
export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
}

/**
 * What a key press on the live view becomes during a takeover: plain characters are text to type
 * (batched by the caller), anything else is a key chord; a modifier pressed on its own is nothing
 * yet, since it only matters with the key that follows.
 */
export type KeyInput =
  { readonly kind: 'text'; readonly text: string } | { readonly kind: 'chord'; readonly keys: string[] };

export function keyPressInput(press: KeyPress): KeyInput | undefined {
  const key = normalizeKeyName(press.key);
  if (modifierKeyNames.has(key) || press.key === 'Unidentified' || press.key === 'Dead') return undefined;
  const chorded = press.ctrlKey || press.altKey || press.metaKey;
  if (press.key.length === 1 && !chorded) return { kind: 'text', text: press.key };
  const keys: string[] = [];
  if (press.ctrlKey) keys.push('Control');
  if (press.altKey) keys.push('Alt');
  if (press.metaKey) keys.push('Meta');
  // A shifted character already says so (`A`, `!`); Shift is only spelled out for named keys.
  if (press.shiftKey && key.length > 1) keys.push('Shift');
  keys.push(chorded && key.length === 1 ? key.toLowerCase() : key);
  return { kind: 'chord', keys };
}

/** The action for a finished piece of input. */
export function inputAction(input: KeyInput): ActionInput {
  return input.kind === 'text' ? { type: 'type', text: input.text } : { type: 'key', keys: input.keys };
}
