export { normalizeKeyName } from '@sandpiper/protocol';

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
