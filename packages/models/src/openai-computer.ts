import { canonicalKeyName } from '@sandpiper/protocol';
import { z } from 'zod';
import type { ComputerAction, ComputerToolRequest, DisplayPoint, SafetyCheck, ToolCall } from './contract.js';
import { COMPUTER_TOOL_NAME } from './contract.js';
import { pointOnDisplay, wheelNotches } from './computer-display.js';
import type { ComputerUseCapability } from './profiles.js';

/**
 * OpenAI's computer-use tool on the Responses API, in its two forms: `computer` (GPT-5.4 and
 * later), whose calls may batch several actions in `actions`, and `computer_use_preview` (the
 * `computer-use-preview` model), declared with the display size and one action per call. Both
 * answer with `computer_call` output items; the caller performs them and sends back a
 * `computer_call_output` holding the screenshot after them. Points are pixels of the screenshot as
 * sent (the preview tool is told its size; the current tool reads it from the image). Follows the
 * computer-use guide (https://platform.openai.com/docs/guides/tools-computer-use) and the
 * Responses API reference (https://platform.openai.com/docs/api-reference/responses).
 */

/** The tool entry for a request's `tools`. */
export function openAIComputerTool(
  capability: ComputerUseCapability,
  display: ComputerToolRequest,
): Record<string, unknown> {
  if (capability.tool === 'computer_use_preview') {
    return {
      type: 'computer_use_preview',
      display_width: display.displayWidth,
      display_height: display.displayHeight,
      environment: display.environment ?? 'linux',
    };
  }
  return { type: capability.tool };
}

const point = z.object({ x: z.number(), y: z.number() });
/** Keys held during a pointer action, which this agent does not perform. */
const held = z.array(z.string()).nullish();

/** One action as the reference describes it; unknown fields pass. */
const actionSchema = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('click'),
    button: z.string().nullish(),
    x: z.number(),
    y: z.number(),
    keys: held,
  }),
  z.looseObject({ type: z.literal('double_click'), x: z.number(), y: z.number(), keys: held }),
  z.looseObject({ type: z.literal('drag'), path: z.array(point), keys: held }),
  z.looseObject({ type: z.literal('keypress'), keys: z.array(z.string()) }),
  z.looseObject({ type: z.literal('move'), x: z.number(), y: z.number(), keys: held }),
  z.looseObject({ type: z.literal('screenshot') }),
  z.looseObject({
    type: z.literal('scroll'),
    x: z.number().nullish(),
    y: z.number().nullish(),
    scroll_x: z.number().nullish(),
    scroll_y: z.number().nullish(),
    keys: held,
  }),
  z.looseObject({ type: z.literal('type'), text: z.string() }),
  z.looseObject({ type: z.literal('wait') }),
]);
type OpenAIAction = z.infer<typeof actionSchema>;

/** A `computer_call` output item; unknown fields pass and are sent back as they came. */
export const computerCallSchema = z.looseObject({
  type: z.literal('computer_call'),
  id: z.string().nullish(),
  call_id: z.string(),
  action: z.unknown().optional(),
  actions: z.array(z.unknown()).nullish(),
  pending_safety_checks: z
    .array(z.looseObject({ id: z.string(), code: z.string().nullish(), message: z.string().nullish() }))
    .nullish(),
});
export type ComputerCallItem = z.infer<typeof computerCallSchema>;

/** Pixels of scroll distance counted as one wheel notch. */
const PIXELS_PER_NOTCH = 100;
/** How long a `wait` lasts: the action carries no duration, and the guide's example waits two seconds. */
const WAIT_MS = 2000;
/** Actions one call may batch before it is refused as runaway. */
const MAX_BATCH = 20;

const BUTTONS: Readonly<Record<string, 'left' | 'right' | 'middle'>> = {
  left: 'left',
  right: 'right',
  wheel: 'middle',
};

/**
 * A `computer_call` as a {@link ToolCall}: its actions read and checked against the display, or
 * why they cannot be carried out, and the safety checks it raised. The item itself is the call's
 * `input`, so it can be sent back as the model wrote it.
 */
export function readOpenAIComputerCall(item: ComputerCallItem, display: ComputerToolRequest): ToolCall {
  const checks: SafetyCheck[] = (item.pending_safety_checks ?? []).map((check) => ({
    id: check.id,
    ...(check.code ? { code: check.code } : {}),
    ...(check.message ? { message: check.message } : {}),
  }));
  const raw = item.actions ?? (item.action === undefined || item.action === null ? [] : [item.action]);
  const read = readActions(raw, display);
  return {
    id: item.call_id,
    name: COMPUTER_TOOL_NAME,
    input: item,
    ...('actions' in read ? { computerActions: read.actions } : { computerProblem: read.problem }),
    ...(checks.length === 0 ? {} : { safetyChecks: checks }),
  };
}

function readActions(
  raw: readonly unknown[],
  display: ComputerToolRequest,
): { readonly actions: ComputerAction[] } | { readonly problem: string } {
  if (raw.length === 0) return { problem: 'the computer call carried no action' };
  if (raw.length > MAX_BATCH)
    return { problem: `the computer call batched ${raw.length} actions; at most ${MAX_BATCH}` };
  const actions: ComputerAction[] = [];
  for (const each of raw) {
    const parsed = actionSchema.safeParse(each);
    if (!parsed.success) {
      const type = (each as { type?: unknown } | null)?.type;
      return {
        problem:
          typeof type === 'string' && !KNOWN.has(type)
            ? `"${type}" is not available here; use click, double_click, drag, keypress, move, screenshot, scroll, type or wait`
            : 'a computer action was missing fields it needs',
      };
    }
    const read = readAction(parsed.data, display);
    if ('problem' in read) return read;
    actions.push(read.action);
  }
  return { actions };
}

const KNOWN = new Set(['click', 'double_click', 'drag', 'keypress', 'move', 'screenshot', 'scroll', 'type', 'wait']);

function readAction(
  action: OpenAIAction,
  display: ComputerToolRequest,
): { readonly action: ComputerAction } | { readonly problem: string } {
  const on = (x: number, y: number): DisplayPoint | string => pointOnDisplay(x, y, display);
  const heldKeys = action.type === 'keypress' ? [] : ((action as { keys?: readonly string[] | null }).keys ?? []);
  if (heldKeys.length > 0) {
    return { problem: `"${action.type}" with keys held is not performed here; press the keys on their own` };
  }
  switch (action.type) {
    case 'click': {
      const button = BUTTONS[action.button ?? 'left'];
      if (button === undefined) return { problem: `the "${action.button}" mouse button is not available here` };
      const at = on(action.x, action.y);
      return typeof at === 'string' ? { problem: at } : { action: { kind: 'click', at, button, count: 1 } };
    }
    case 'double_click': {
      const at = on(action.x, action.y);
      return typeof at === 'string' ? { problem: at } : { action: { kind: 'click', at, button: 'left', count: 2 } };
    }
    case 'move': {
      const to = on(action.x, action.y);
      return typeof to === 'string' ? { problem: to } : { action: { kind: 'move', to } };
    }
    case 'drag': {
      // The path's ends: this agent drags in a straight line.
      const first = action.path[0];
      const last = action.path.at(-1);
      if (first === undefined || last === undefined || action.path.length < 2) {
        return { problem: 'a drag needs a path of at least two points' };
      }
      const from = on(first.x, first.y);
      const to = on(last.x, last.y);
      if (typeof from === 'string') return { problem: from };
      return typeof to === 'string' ? { problem: to } : { action: { kind: 'drag', from, to } };
    }
    case 'keypress': {
      const keys = keyChord(action.keys);
      return keys === undefined
        ? { problem: `${JSON.stringify(action.keys)} is not a key or key combination` }
        : { action: { kind: 'keys', chords: [keys] } };
    }
    case 'scroll':
      return scrollOf(action, on);
    case 'type':
      return action.text === ''
        ? { problem: '"type" needs text to type' }
        : { action: { kind: 'type', text: action.text } };
    case 'wait':
      return { action: { kind: 'wait', ms: WAIT_MS } };
    case 'screenshot':
      return { action: { kind: 'screenshot' } };
  }
}

/** A scroll by pixel distances, as wheel notches along its larger axis. */
function scrollOf(
  action: Extract<OpenAIAction, { type: 'scroll' }>,
  on: (x: number, y: number) => DisplayPoint | string,
): { readonly action: ComputerAction } | { readonly problem: string } {
  const dx = action.scroll_x ?? 0;
  const dy = action.scroll_y ?? 0;
  if (dx === 0 && dy === 0) return { problem: 'a scroll needs a distance (scroll_x or scroll_y)' };
  const vertical = Math.abs(dy) >= Math.abs(dx);
  const distance = vertical ? dy : dx;
  const direction = vertical ? (distance > 0 ? 'down' : 'up') : distance > 0 ? 'right' : 'left';
  const amount = wheelNotches(Math.abs(distance) / PIXELS_PER_NOTCH);
  if (action.x === undefined || action.x === null || action.y === undefined || action.y === null) {
    return { action: { kind: 'scroll', direction, amount } };
  }
  const at = on(action.x, action.y);
  return typeof at === 'string' ? { problem: at } : { action: { kind: 'scroll', at, direction, amount } };
}

/**
 * The keys of one `keypress`, pressed together: named keys in any case the model writes them
 * (`CTRL`, `ENTER`, `ArrowDown`), single characters as letters (`["CTRL", "A"]` is Control+a; a
 * capital would mean Shift). Undefined when a name is not a key.
 */
function keyChord(names: readonly string[]): string[] | undefined {
  if (names.length === 0 || names.length > 6) return undefined;
  const keys = names.map((name) => (name.length === 1 && name !== ' ' ? name.toLowerCase() : canonicalKeyName(name)));
  return keys.every((key): key is string => key !== undefined && key !== '') ? keys : undefined;
}
