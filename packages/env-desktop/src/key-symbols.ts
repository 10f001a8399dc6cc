import { normalizeKeyName } from '@sandpiper/protocol';

/**
 * X keysyms of the canonical key names actions carry (protocol `key-names.ts`). `Meta` is the
 * Super ("Windows") key, which is what a DOM `Meta` key is on Linux.
 */
const NAMED_KEYSYMS: ReadonlyMap<string, number> = new Map([
  ['Control', 0xffe3],
  ['Shift', 0xffe1],
  ['Alt', 0xffe9],
  ['Meta', 0xffeb],
  ['Escape', 0xff1b],
  ['Enter', 0xff0d],
  ['Tab', 0xff09],
  ['Space', 0x0020],
  ['Backspace', 0xff08],
  ['Delete', 0xffff],
  ['Insert', 0xff63],
  ['Home', 0xff50],
  ['End', 0xff57],
  ['PageUp', 0xff55],
  ['PageDown', 0xff56],
  ['ArrowUp', 0xff52],
  ['ArrowDown', 0xff54],
  ['ArrowLeft', 0xff51],
  ['ArrowRight', 0xff53],
  ['CapsLock', 0xffe5],
  ['ContextMenu', 0xff67],
  ['PrintScreen', 0xff61],
  ['Pause', 0xff13],
  ['ScrollLock', 0xff14],
  ['NumLock', 0xff7f],
]);

const F1_KEYSYM = 0xffbe;

/** Control characters that typed text may contain, as the keys that produce them. */
const CONTROL_CHARACTER_KEYSYMS: ReadonlyMap<string, number> = new Map([
  ['\n', 0xff0d],
  ['\r', 0xff0d],
  ['\t', 0xff09],
  ['\b', 0xff08],
]);

/**
 * The keysym that produces one character (a Unicode code point): Latin-1 keysyms equal their
 * code point, every other character has the Unicode keysym `0x01000000 + code point`. Undefined
 * for control characters no key produces.
 */
export function keysymOfCharacter(character: string): number | undefined {
  const control = CONTROL_CHARACTER_KEYSYMS.get(character);
  if (control !== undefined) return control;
  const codePoint = character.codePointAt(0);
  if (codePoint === undefined || codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) return undefined;
  return codePoint <= 0xff ? codePoint : 0x0100_0000 + codePoint;
}

/**
 * The keysym of a key name as actions carry it: a canonical name (`Enter`, `F5`, `Control`), any
 * spelling the protocol normalizes to one (`ctrl`, `esc`), or a single character (`a`, `A`, `%`,
 * `é`). Undefined when the name means no key.
 */
export function keysymOfKeyName(name: string): number | undefined {
  const canonical = normalizeKeyName(name);
  const named = NAMED_KEYSYMS.get(canonical);
  if (named !== undefined) return named;
  const functionKey = /^F([1-9]|1\d|2[0-4])$/.exec(canonical);
  if (functionKey) return F1_KEYSYM + Number(functionKey[1]) - 1;
  return [...canonical].length === 1 ? keysymOfCharacter(canonical) : undefined;
}

/** Split text into the characters a keyboard types one at a time (code points, not UTF-16 units). */
export function charactersOf(text: string): string[] {
  return [...text.replace(/\r\n/g, '\n')];
}
