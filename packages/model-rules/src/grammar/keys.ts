import { canonicalKeyName, modifierKeyNames } from '@sandpiper/protocol';
export const modifierKeys: ReadonlySet<string> = modifierKeyNames;

function canonicalKey(part: string): string | undefined {
  if (part.length === 1) return /^[A-Za-z0-9/\-=[\]\\`*#]$/.test(part) ? part.toUpperCase() : undefined;
  return canonicalKeyName(part);
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
