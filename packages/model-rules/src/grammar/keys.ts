const modifierNames = new Map<string, string>([
  ['control', 'Control'],
  ['ctrl', 'Control'],
  ['ctl', 'Control'],
  ['shift', 'Shift'],
  ['alt', 'Alt'],
  ['option', 'Alt'],
  ['meta', 'Meta'],
  ['cmd', 'Meta'],
  ['command', 'Meta'],
  ['super', 'Meta'],
  ['win', 'Meta'],
  ['windows', 'Meta'],
]);

const namedKeys = new Map<string, string>([
  ['enter', 'Enter'],
  ['return', 'Enter'],
  ['tab', 'Tab'],
  ['esc', 'Escape'],
  ['escape', 'Escape'],
  ['space', 'Space'],
  ['spacebar', 'Space'],
  ['backspace', 'Backspace'],
  ['delete', 'Delete'],
  ['del', 'Delete'],
  ['insert', 'Insert'],
  ['home', 'Home'],
  ['end', 'End'],
  ['pageup', 'PageUp'],
  ['pgup', 'PageUp'],
  ['pagedown', 'PageDown'],
  ['pgdn', 'PageDown'],
  ['up', 'ArrowUp'],
  ['down', 'ArrowDown'],
  ['left', 'ArrowLeft'],
  ['right', 'ArrowRight'],
  ['arrowup', 'ArrowUp'],
  ['arrowdown', 'ArrowDown'],
  ['arrowleft', 'ArrowLeft'],
  ['arrowright', 'ArrowRight'],
  ['uparrow', 'ArrowUp'],
  ['downarrow', 'ArrowDown'],
  ['leftarrow', 'ArrowLeft'],
  ['rightarrow', 'ArrowRight'],
]);

export const modifierKeys: ReadonlySet<string> = new Set(['Control', 'Shift', 'Alt', 'Meta']);

function canonicalKey(part: string): string | undefined {
  if (part.length === 1) return /^[A-Za-z0-9/\-=[\]\\`*#]$/.test(part) ? part.toUpperCase() : undefined;
  const compact = part.toLowerCase().replace(/[\s_-]+/g, '');
  const named = modifierNames.get(compact) ?? namedKeys.get(compact);
  if (named !== undefined) return named;
  const functionKey = /^f([1-9]|1[0-2])$/.exec(compact);
  return functionKey ? `F${functionKey[1]}` : undefined;
}

/**
 * Read a key or chord as people write it ("Enter", "ctrl+shift+k", "Up arrow") into canonical key
 * names, modifiers first. Undefined when any part is not a key or a non-modifier precedes the end.
 */
export function parseKeys(text: string): string[] | undefined {
  const parts = text.split(/\s*\+\s*/);
  if (parts.length === 0 || parts.length > 6) return undefined;
  const keys: string[] = [];
  for (const part of parts) {
    const key = canonicalKey(part.trim());
    if (key === undefined) return undefined;
    keys.push(key);
  }
  const leading = keys.slice(0, -1);
  if (!leading.every((key) => modifierKeys.has(key))) return undefined;
  return new Set(keys).size === keys.length ? keys : undefined;
}
