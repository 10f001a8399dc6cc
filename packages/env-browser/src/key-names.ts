/**
 * Spellings models and people use for keys, mapped to the names Playwright's keyboard expects
 * (the DOM `KeyboardEvent.key` / `code` spelling). Looked up case-insensitively.
 */
const KEY_ALIASES: ReadonlyMap<string, string> = new Map([
  ['ctrl', 'Control'],
  ['control', 'Control'],
  ['cmd', 'Meta'],
  ['command', 'Meta'],
  ['meta', 'Meta'],
  ['super', 'Meta'],
  ['win', 'Meta'],
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
  ['arrowup', 'ArrowUp'],
  ['down', 'ArrowDown'],
  ['arrowdown', 'ArrowDown'],
  ['left', 'ArrowLeft'],
  ['arrowleft', 'ArrowLeft'],
  ['right', 'ArrowRight'],
  ['arrowright', 'ArrowRight'],
  ['capslock', 'CapsLock'],
  ['contextmenu', 'ContextMenu'],
  ['menu', 'ContextMenu'],
]);

/**
 * Normalise one key name for Playwright. Single characters pass through unchanged (so `A` still
 * types a capital letter); `f1`…`f24` become `F1`…`F24`; unknown names are returned as given and
 * Playwright rejects them when pressed.
 */
export function normalizeKeyName(key: string): string {
  if (key.length === 1) return key;
  const lowered = key.toLowerCase();
  const alias = KEY_ALIASES.get(lowered);
  if (alias !== undefined) return alias;
  if (/^f([1-9]|1[0-9]|2[0-4])$/.test(lowered)) return lowered.toUpperCase();
  return key;
}

const SHIFTED_SYMBOLS: ReadonlyMap<string, string> = new Map(
  [..."`1234567890-=[]\\;',./"].map((key, index) => [key, '~!@#$%^&*()_+{}|:"<>?'[index] ?? key]),
);

/**
 * The character a US keyboard produces for `key` while Shift is held. Playwright sends the key as
 * named, so without this a held Shift plus `a` would still type `a`, unlike a real keyboard.
 */
export function shiftedKey(key: string): string {
  if (key.length !== 1) return key;
  if (key >= 'a' && key <= 'z') return key.toUpperCase();
  return SHIFTED_SYMBOLS.get(key) ?? key;
}
