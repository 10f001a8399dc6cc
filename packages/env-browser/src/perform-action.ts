import type { Handle } from '@sandpiper/core';
import { resolveAddress, type Action, type Modifier, type Point } from '@sandpiper/protocol';
import type { Keyboard, Page } from 'playwright-core';
import { normalizeKeyName, shiftedKey } from './key-names.js';
import { navigate } from './navigation.js';
import { sleep } from './waiting.js';

/** Whether an action was carried out; `error` says why not, in words a planner can act on. */
export type ActionOutcome = { ok: true } | { ok: false; error: string };

/** Steps of pointer movement during a drag, so pages that track `mousemove` see a path. */
const DRAG_STEPS = 10;

const OK: ActionOutcome = { ok: true };

/**
 * Perform one action on `page` with real input events at viewport coordinates. Actions that are
 * the agent's business (`done`, `fail`, `tool-call`) and points outside the viewport come back as
 * `{ ok: false }`; Playwright errors propagate for the caller to classify.
 */
export async function performAction(
  handle: Handle,
  page: Page,
  viewport: { readonly width: number; readonly height: number },
  action: Action,
): Promise<ActionOutcome> {
  const outside = outsideViewport(action, viewport);
  if (outside !== undefined) return { ok: false, error: outside };
  const { mouse, keyboard } = page;
  switch (action.type) {
    case 'click':
      await withModifiers(keyboard, action.modifiers, () =>
        mouse.click(action.at.x, action.at.y, { button: action.button, clickCount: action.count }),
      );
      return OK;
    case 'double-click':
      await withModifiers(keyboard, action.modifiers, () => mouse.dblclick(action.at.x, action.at.y));
      return OK;
    case 'move':
      await mouse.move(action.to.x, action.to.y);
      return OK;
    case 'drag':
      await mouse.move(action.from.x, action.from.y);
      await mouse.down({ button: action.button });
      try {
        await mouse.move(action.to.x, action.to.y, { steps: DRAG_STEPS });
      } finally {
        await mouse.up({ button: action.button });
      }
      return OK;
    case 'scroll': {
      const at = action.at ?? { x: viewport.width / 2, y: viewport.height / 2 };
      await mouse.move(at.x, at.y);
      await mouse.wheel(action.deltaX, action.deltaY);
      return OK;
    }
    case 'type':
      await keyboard.type(action.text);
      return OK;
    case 'key':
      await pressChord(keyboard, action.keys.map(normalizeKeyName));
      return OK;
    case 'hold-and-press':
      await holdAndPress(keyboard, action.hold.map(normalizeKeyName), action.press.map(normalizeKeyName));
      return OK;
    case 'wait':
      await sleep(handle, action.ms);
      return OK;
    case 'open':
      return open(handle, page, action.target);
    case 'done':
    case 'fail':
    case 'tool-call':
      return { ok: false, error: `The browser environment does not perform '${action.type}'; the agent handles it.` };
  }
}

function outsideViewport(action: Action, viewport: { width: number; height: number }): string | undefined {
  const points: Point[] = [];
  if (action.type === 'click' || action.type === 'double-click') points.push(action.at);
  if (action.type === 'move') points.push(action.to);
  if (action.type === 'drag') points.push(action.from, action.to);
  if (action.type === 'scroll' && action.at !== undefined) points.push(action.at);
  const bad = points.find((point) => point.x >= viewport.width || point.y >= viewport.height);
  if (bad === undefined) return undefined;
  return (
    `Point (${bad.x}, ${bad.y}) is outside the ${viewport.width}x${viewport.height} viewport; ` +
    'scroll the target into view first.'
  );
}

async function withModifiers(keyboard: Keyboard, modifiers: readonly Modifier[], work: () => Promise<void>) {
  const held: string[] = [];
  try {
    for (const modifier of modifiers) {
      await keyboard.down(modifier);
      held.push(modifier);
    }
    await work();
  } finally {
    for (const modifier of held.reverse()) await keyboard.up(modifier);
  }
}

/** Every key down in order, then released in reverse, as a person plays a chord. */
async function pressChord(keyboard: Keyboard, keys: readonly string[]): Promise<void> {
  const held: string[] = [];
  try {
    for (const key of keys) {
      const sent = held.includes('Shift') ? shiftedKey(key) : key;
      await keyboard.down(sent);
      held.push(sent);
    }
  } finally {
    for (const key of held.reverse()) await keyboard.up(key);
  }
}

async function holdAndPress(keyboard: Keyboard, hold: readonly string[], press: readonly string[]): Promise<void> {
  const held: string[] = [];
  try {
    for (const key of hold) {
      await keyboard.down(key);
      held.push(key);
    }
    for (const key of press) await keyboard.press(held.includes('Shift') ? shiftedKey(key) : key);
  } finally {
    for (const key of held.reverse()) await keyboard.up(key);
  }
}

async function open(handle: Handle, page: Page, target: string): Promise<ActionOutcome> {
  const url = resolveAddress(target, page.url());
  if (url === undefined) return { ok: false, error: `'${target}' is not an address that can be opened.` };
  const outcome = await navigate(handle, page, url);
  return outcome.ok ? OK : { ok: false, error: `Could not open ${outcome.url}: ${outcome.reason}` };
}
