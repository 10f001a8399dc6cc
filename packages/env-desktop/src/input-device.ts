import type { Handle } from '@sandpiper/core';

/** Which mechanism sends input: the XTEST extension over this process's own connection, or `xdotool`. */
export type InputBackend = 'xtest' | 'xdotool';

/** X pointer buttons: 1 left, 2 middle, 3 right; 4/5 wheel up/down, 6/7 wheel left/right. */
export type PointerButton = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** What an input primitive reports when it cannot produce what was asked. */
export type InputOutcome = { readonly ok: true } | { readonly ok: false; readonly error: string };

/**
 * Low-level input on one X display, in root-window pixels. Pointer and key events may be
 * buffered; {@link InputDevice.flush} returns once the server has processed all of them.
 */
export interface InputDevice {
  readonly backend: InputBackend;
  move(x: number, y: number): void;
  button(button: PointerButton, down: boolean): void;
  /** Press or release the key that produces `keysym` (adding Shift where the keymap needs it). */
  key(handle: Handle, keysym: number, down: boolean): Promise<InputOutcome>;
  /** Type text into whatever has the keyboard focus, with no modifiers held. */
  type(handle: Handle, text: string): Promise<InputOutcome>;
  flush(handle: Handle): Promise<void>;
  /** Undo what the device changed on the server (borrowed keycodes) and release its resources. */
  close(): Promise<void>;
}

/** `U+00E9` for a character, for messages about one that cannot be typed. */
export function describeCharacter(character: string): string {
  const codePoint = character.codePointAt(0) ?? 0;
  return `'${character}' (U+${codePoint.toString(16).toUpperCase().padStart(4, '0')})`;
}
