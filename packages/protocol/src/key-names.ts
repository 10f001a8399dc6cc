/**
 * One table of the spellings people and models use for keys, mapped to the DOM
 * `KeyboardEvent.key` names that actions carry (`Control`, `Escape`, `ArrowUp`...). Every part of
 * Sandpiper that reads a key name — the browser environment, the instruction grammar, the stuck
 * detectors — goes through it, so "esc", "Esc" and "Escape" are the same key everywhere.
 */
const KEY_ALIASES: ReadonlyMap<string, string> = new Map([
  ['ctrl', 'Control'],
  ['ctl', 'Control'],
  ['control', 'Control'],
  ['cmd', 'Meta'],
  ['command', 'Meta'],
  ['meta', 'Meta'],
  ['super', 'Meta'],
  ['win', 'Meta'],
  ['windows', 'Meta'],
  ['alt', 'Alt'],
  ['option', 'Alt'],
  ['shift', 'Shift'],
  ['esc', 'Escape'],
  ['escape', 'Escape'],
  ['return', 'Enter'],
  ['enter', 'Enter'],
  ['tab', 'Tab'],
  ['space', 'Space'],
  ['spacebar', 'Space'],
  ['backspace', 'Backspace'],
  ['del', 'Delete'],
  ['delete', 'Delete'],
  ['ins', 'Insert'],
  ['insert', 'Insert'],
  ['home', 'Home'],
  ['end', 'End'],
  ['pageup', 'PageUp'],
  ['pgup', 'PageUp'],
  ['pagedown', 'PageDown'],
  ['pgdn', 'PageDown'],
  ['up', 'ArrowUp'],
  ['uparrow', 'ArrowUp'],
  ['arrowup', 'ArrowUp'],
  ['down', 'ArrowDown'],
  ['downarrow', 'ArrowDown'],
  ['arrowdown', 'ArrowDown'],
  ['left', 'ArrowLeft'],
  ['leftarrow', 'ArrowLeft'],
  ['arrowleft', 'ArrowLeft'],
  ['right', 'ArrowRight'],
  ['rightarrow', 'ArrowRight'],
  ['arrowright', 'ArrowRight'],
  ['capslock', 'CapsLock'],
  ['contextmenu', 'ContextMenu'],
  ['menu', 'ContextMenu'],
]);

/** The modifier keys, by their canonical names. */
export const modifierKeyNames: ReadonlySet<string> = new Set(['Control', 'Shift', 'Alt', 'Meta']);

/**
 * The canonical name of a named key ("ctrl", "Page Down", "up_arrow", "f5"), or undefined when
 * `name` is not one. Case, spaces, underscores and hyphens are ignored; single characters are not
 * named keys (see {@link normalizeKeyName}).
 */
export function canonicalKeyName(name: string): string | undefined {
  if (name.length <= 1) return name === ' ' ? 'Space' : undefined;
  const compact = name.toLowerCase().replace(/[\s_-]+/g, '');
  const alias = KEY_ALIASES.get(compact);
  if (alias !== undefined) return alias;
  const functionKey = /^f([1-9]|1[0-9]|2[0-4])$/.exec(compact);
  return functionKey ? `F${functionKey[1]}` : undefined;
}

/**
 * Normalise one key name: named keys become canonical; single characters and unknown names are
 * returned as given (so `A` still means a capital letter, and an environment can reject a name it
 * does not know with its own error).
 */
export function normalizeKeyName(key: string): string {
  return canonicalKeyName(key) ?? key;
}
