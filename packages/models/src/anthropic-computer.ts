import type { BetaToolUnion } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import { canonicalKeyName } from '@sandpiper/protocol';
import { z } from 'zod';
import type { ComputerAction, ComputerToolRequest, DisplayPoint } from './contract.js';
import { COMPUTER_TOOL_NAME } from './contract.js';
import { pointOnDisplay, wheelNotches } from './computer-display.js';
import type { ComputerUseCapability } from './profiles.js';

/**
 * Anthropic's computer-use tool (the `computer` tool of the Messages API beta): its definition in
 * a request, and its calls read into our {@link ComputerAction}. The documented loop is: offer the
 * tool with the display size, the model calls it, the caller performs the action and answers with
 * a `tool_result` holding a screenshot. The display size is the size of the screenshots sent, so
 * the model's coordinates are pixels of those images (the profile's image limits keep them within
 * what the API would otherwise shrink, 1568 pixels on the long edge and about 1.15 megapixels).
 */

/** The tool definition for a request. */
export function anthropicComputerTool(capability: ComputerUseCapability, display: ComputerToolRequest): BetaToolUnion {
  return {
    type: capability.tool,
    name: COMPUTER_TOOL_NAME,
    display_width_px: display.displayWidth,
    display_height_px: display.displayHeight,
  } as BetaToolUnion;
}

const coordinate = z.tuple([z.number(), z.number()]);

/** The input as the tool's documentation describes it; unknown fields pass. */
const inputSchema = z.looseObject({
  action: z.string(),
  coordinate: coordinate.nullish(),
  start_coordinate: coordinate.nullish(),
  text: z.string().nullish(),
  scroll_direction: z.enum(['up', 'down', 'left', 'right']).nullish(),
  scroll_amount: z.number().nullish(),
  duration: z.number().nullish(),
});

/** Clicks the tool offers, by action name. */
const CLICKS: Readonly<Record<string, { button: 'left' | 'right' | 'middle'; count: 1 | 2 | 3 }>> = {
  left_click: { button: 'left', count: 1 },
  right_click: { button: 'right', count: 1 },
  middle_click: { button: 'middle', count: 1 },
  double_click: { button: 'left', count: 2 },
  triple_click: { button: 'left', count: 3 },
};

/** The longest wait a model may ask for, in seconds. */
const MAX_WAIT_S = 30;

/**
 * One call's action, or why it cannot be carried out. Points must lie on the display; actions
 * this agent does not perform (pressing and releasing the button separately, holding a key for a
 * time, asking where the pointer is, zooming) are named, so the model can choose another.
 */
export function readAnthropicComputerAction(
  input: unknown,
  display: ComputerToolRequest,
): { readonly action: ComputerAction } | { readonly problem: string } {
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) return { problem: 'the computer tool input needs an "action" and well-formed fields' };
  const call = parsed.data;
  const point = (field: 'coordinate' | 'start_coordinate'): DisplayPoint | string => {
    const value = call[field];
    if (value === undefined || value === null) return `"${call.action}" needs a "${field}" [x, y]`;
    const at = pointOnDisplay(value[0], value[1], display);
    return typeof at === 'string' ? `${field} ${at}` : at;
  };
  const click = CLICKS[call.action];
  if (click !== undefined) {
    const at = point('coordinate');
    return typeof at === 'string' ? { problem: at } : { action: { kind: 'click', at, ...click } };
  }
  switch (call.action) {
    case 'screenshot':
      return { action: { kind: 'screenshot' } };
    case 'mouse_move': {
      const to = point('coordinate');
      return typeof to === 'string' ? { problem: to } : { action: { kind: 'move', to } };
    }
    case 'left_click_drag': {
      const from = point('start_coordinate');
      const to = point('coordinate');
      if (typeof from === 'string') return { problem: from };
      return typeof to === 'string' ? { problem: to } : { action: { kind: 'drag', from, to } };
    }
    case 'type':
      return call.text ? { action: { kind: 'type', text: call.text } } : { problem: '"type" needs the "text" to type' };
    case 'key': {
      const chords = call.text ? keyChords(call.text) : undefined;
      if (chords === undefined) return { problem: `"${call.text ?? ''}" is not a key or key combination` };
      return { action: { kind: 'keys', chords } };
    }
    case 'scroll': {
      if (!call.scroll_direction) return { problem: '"scroll" needs a "scroll_direction"' };
      const amount = wheelNotches(call.scroll_amount ?? 3);
      if (call.coordinate === undefined || call.coordinate === null) {
        return { action: { kind: 'scroll', direction: call.scroll_direction, amount } };
      }
      const at = point('coordinate');
      if (typeof at === 'string') return { problem: at };
      return { action: { kind: 'scroll', at, direction: call.scroll_direction, amount } };
    }
    case 'wait': {
      const seconds = Math.min(MAX_WAIT_S, Math.max(0, call.duration ?? 1));
      return { action: { kind: 'wait', ms: Math.round(seconds * 1000) } };
    }
    default:
      return {
        problem:
          `"${call.action}" is not available here; use screenshot, left_click, right_click, middle_click, ` +
          'double_click, triple_click, mouse_move, left_click_drag, type, key, scroll or wait',
      };
  }
}

/**
 * Key combinations in xdotool's syntax, as the tool's documentation gives them ("ctrl+s",
 * "Return", "alt+Tab", "Page_Down"): chords joined by `+`, several chords separated by spaces.
 * Undefined when a name is not a key.
 */
function keyChords(text: string): string[][] | undefined {
  const chords = text
    .trim()
    .split(/\s+/)
    .filter((chord) => chord !== '')
    .map((chord) => chord.split('+').map((key) => (key.length === 1 ? key : canonicalKeyName(key))));
  if (chords.length === 0 || chords.length > 10) return undefined;
  if (chords.some((chord) => chord.length > 6 || chord.some((key) => key === undefined || key === '')))
    return undefined;
  return chords as string[][];
}
