import { createHandle, type Handle } from '@sandpiper/core';
import type { Action, Modifier, MouseButton, Point } from '@sandpiper/protocol';
import type { InputDevice, InputOutcome, PointerButton } from './input-device.js';
import { keysymOfKeyName } from './key-symbols.js';
import { sleep } from './waiting.js';

/** Pixels of scrolling one wheel click stands for; X has no pixel scrolling, only wheel buttons. */
export const WHEEL_CLICK_PX = 100;
/** The most wheel clicks one scroll action sends in each direction. */
const MAX_WHEEL_CLICKS = 50;
/** Pointer positions between the ends of a drag, so applications that track motion see a path. */
const DRAG_STEPS = 10;

const BUTTONS: Readonly<Record<MouseButton, PointerButton>> = { left: 1, middle: 2, right: 3 };
const OK: InputOutcome = { ok: true };

/** The input actions this module performs; `open` and the agent's own actions are handled elsewhere. */
export type InputAction = Extract<
  Action,
  { type: 'click' | 'double-click' | 'move' | 'drag' | 'scroll' | 'type' | 'key' | 'hold-and-press' | 'wait' }
>;

/**
 * Perform one input action with `device` on a screen of `screen` pixels. Points off the screen
 * and keys that name nothing come back as `{ ok: false }` before any event is sent.
 */
export async function performInputAction(
  handle: Handle,
  device: InputDevice,
  screen: { readonly width: number; readonly height: number },
  action: InputAction,
): Promise<InputOutcome> {
  const outside = pointOutside(action, screen);
  if (outside !== undefined) return { ok: false, error: outside };
  switch (action.type) {
    case 'click':
      return withModifiers(handle, device, action.modifiers, async () => {
        device.move(action.at.x, action.at.y);
        pressButton(device, BUTTONS[action.button], action.count);
        return OK;
      });
    case 'double-click':
      return withModifiers(handle, device, action.modifiers, async () => {
        device.move(action.at.x, action.at.y);
        pressButton(device, 1, 2);
        return OK;
      });
    case 'move':
      device.move(action.to.x, action.to.y);
      return finish(handle, device, OK);
    case 'drag':
      return drag(handle, device, action.from, action.to, BUTTONS[action.button]);
    case 'scroll':
      return scroll(handle, device, action.at ?? { x: screen.width / 2, y: screen.height / 2 }, action);
    case 'type':
      return finish(handle, device, await device.type(handle, action.text));
    case 'key':
      return pressKeys(handle, device, action.keys, []);
    case 'hold-and-press':
      return pressKeys(handle, device, action.hold, action.press);
    case 'wait':
      await sleep(handle, action.ms);
      return OK;
  }
}

function pointOutside(action: InputAction, screen: { width: number; height: number }): string | undefined {
  const points: Point[] = [];
  if (action.type === 'click' || action.type === 'double-click') points.push(action.at);
  if (action.type === 'move') points.push(action.to);
  if (action.type === 'drag') points.push(action.from, action.to);
  if (action.type === 'scroll' && action.at !== undefined) points.push(action.at);
  const bad = points.find((point) => point.x >= screen.width || point.y >= screen.height);
  if (bad === undefined) return undefined;
  return `Point (${bad.x}, ${bad.y}) is outside the ${screen.width}x${screen.height} screen.`;
}

function pressButton(device: InputDevice, button: PointerButton, count: number): void {
  for (let press = 0; press < count; press++) {
    device.button(button, true);
    device.button(button, false);
  }
}

async function finish(handle: Handle, device: InputDevice, outcome: InputOutcome): Promise<InputOutcome> {
  await device.flush(handle);
  return outcome;
}

async function drag(
  handle: Handle,
  device: InputDevice,
  from: Point,
  to: Point,
  button: PointerButton,
): Promise<InputOutcome> {
  device.move(from.x, from.y);
  device.button(button, true);
  try {
    for (let step = 1; step <= DRAG_STEPS; step++) {
      device.move(from.x + ((to.x - from.x) * step) / DRAG_STEPS, from.y + ((to.y - from.y) * step) / DRAG_STEPS);
      // Toolkits start a drag only after seeing motion with the button down, so let each step land.
      await device.flush(handle);
    }
  } finally {
    device.button(button, false);
    await device.flush(createHandle());
  }
  return OK;
}

async function scroll(
  handle: Handle,
  device: InputDevice,
  at: Point,
  delta: { readonly deltaX: number; readonly deltaY: number },
): Promise<InputOutcome> {
  device.move(at.x, at.y);
  const clicks = (pixels: number): number =>
    pixels === 0 ? 0 : Math.min(MAX_WHEEL_CLICKS, Math.max(1, Math.round(Math.abs(pixels) / WHEEL_CLICK_PX)));
  pressButton(device, delta.deltaY > 0 ? 5 : 4, clicks(delta.deltaY));
  pressButton(device, delta.deltaX > 0 ? 7 : 6, clicks(delta.deltaX));
  return finish(handle, device, OK);
}

const MODIFIER_KEYS: Readonly<Record<Modifier, string>> = {
  Alt: 'Alt',
  Control: 'Control',
  Meta: 'Meta',
  Shift: 'Shift',
};

async function withModifiers(
  handle: Handle,
  device: InputDevice,
  modifiers: readonly Modifier[],
  work: () => Promise<InputOutcome>,
): Promise<InputOutcome> {
  return pressKeys(
    handle,
    device,
    modifiers.map((modifier) => MODIFIER_KEYS[modifier]),
    [],
    work,
  );
}

/**
 * Hold `hold` in order, press and release each of `press` in turn (or run `work`), then release
 * the held keys in reverse. A `key` chord is all hold and no press. Keys are resolved first, so a
 * name that means nothing fails before anything is pressed; held keys are always released.
 */
async function pressKeys(
  handle: Handle,
  device: InputDevice,
  hold: readonly string[],
  press: readonly string[],
  work?: () => Promise<InputOutcome>,
): Promise<InputOutcome> {
  const held = hold.map((name) => ({ name, keysym: keysymOfKeyName(name) }));
  const pressed = press.map((name) => ({ name, keysym: keysymOfKeyName(name) }));
  const unknown = [...held, ...pressed].find((key) => key.keysym === undefined);
  if (unknown !== undefined) return { ok: false, error: `'${unknown.name}' is not a key name this desktop knows.` };
  const down: number[] = [];
  let outcome: InputOutcome = OK;
  try {
    for (const { keysym } of held) {
      outcome = await device.key(handle, keysym!, true);
      if (!outcome.ok) return outcome;
      down.push(keysym!);
    }
    for (const { keysym } of pressed) {
      outcome = await device.key(handle, keysym!, true);
      if (!outcome.ok) return outcome;
      await device.key(handle, keysym!, false);
    }
    if (work !== undefined) outcome = await work();
  } finally {
    // Released even when the handle was aborted: a key left down would corrupt every later action.
    for (const keysym of down.reverse()) await device.key(handle, keysym, false);
    await device.flush(createHandle());
  }
  return outcome;
}
