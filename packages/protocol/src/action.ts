import { z } from 'zod';
import { pointSchema, type Point } from './geometry.js';

/** Keyboard modifiers that may be held during a pointer action. */
export const modifierSchema = z.enum(['Alt', 'Control', 'Meta', 'Shift']);
export type Modifier = z.infer<typeof modifierSchema>;

export const mouseButtonSchema = z.enum(['left', 'right', 'middle']);
export type MouseButton = z.infer<typeof mouseButtonSchema>;

/**
 * A key name as Playwright and the DOM `KeyboardEvent.key` spell it: `Enter`, `Tab`, `ArrowDown`,
 * `a`, `F5`. Modifier names are keys too.
 */
export const keyNameSchema = z.string().min(1).max(32);

/** Press a mouse button `count` times at a point (screen space, see `pointSchema`). */
export const clickActionSchema = z.object({
  type: z.literal('click'),
  at: pointSchema,
  /** Defaults to `left`. */
  button: mouseButtonSchema.default('left'),
  /** Number of presses: 1 for a click, 2 for a double click, 3 to select a line. */
  count: z.number().int().min(1).max(3).default(1),
  /** Modifiers held while clicking; empty when none. */
  modifiers: z.array(modifierSchema).default([]),
});

export const doubleClickActionSchema = z.object({
  type: z.literal('double-click'),
  at: pointSchema,
  modifiers: z.array(modifierSchema).default([]),
});

/** Move the pointer without pressing anything (hover). */
export const moveActionSchema = z.object({ type: z.literal('move'), to: pointSchema });

/** Press at `from`, move to `to`, release. */
export const dragActionSchema = z.object({
  type: z.literal('drag'),
  from: pointSchema,
  to: pointSchema,
  button: mouseButtonSchema.default('left'),
});

/** The largest scroll distance of one action, in pixels: farther than any page a person scrolls, finite for every environment. */
export const MAX_SCROLL_DELTA = 100_000;

/** Scroll by a number of pixels; positive `deltaY` scrolls down. `at` is where the wheel turns (screen centre when absent). */
export const scrollActionSchema = z.object({
  type: z.literal('scroll'),
  at: pointSchema.optional(),
  deltaX: z.number().finite().min(-MAX_SCROLL_DELTA).max(MAX_SCROLL_DELTA).default(0),
  deltaY: z.number().finite().min(-MAX_SCROLL_DELTA).max(MAX_SCROLL_DELTA),
});

/** Type literal text into whatever has keyboard focus. */
export const typeActionSchema = z.object({ type: z.literal('type'), text: z.string().max(10_000) });

/** Press a chord: every key goes down in order, then all are released (`['Control', 'a']`). */
export const keyActionSchema = z.object({ type: z.literal('key'), keys: z.array(keyNameSchema).min(1).max(6) });

/** Hold some keys down while pressing others in sequence, then release the held keys. */
export const holdAndPressActionSchema = z.object({
  type: z.literal('hold-and-press'),
  hold: z.array(keyNameSchema).min(1).max(4),
  press: z.array(keyNameSchema).min(1).max(20),
});

/** Do nothing for `ms` milliseconds (for slow loads and animations). */
export const waitActionSchema = z.object({ type: z.literal('wait'), ms: z.number().int().min(0).max(60_000) });

/** Navigate to an address (browser) or launch a program (desktop). */
export const openActionSchema = z.object({ type: z.literal('open'), target: z.string().min(1).max(4096) });

/** The agent claims the task is finished; `summary` says what is visible that shows it. */
export const doneActionSchema = z.object({ type: z.literal('done'), summary: z.string().max(2000) });

/** The agent gives up on the task; `reason` says why. */
export const failActionSchema = z.object({ type: z.literal('fail'), reason: z.string().max(2000) });

/**
 * A call to a tool that is not a GUI primitive (search, code, ...). `tool` names it; `input` is
 * validated by the tool itself.
 */
export const toolCallActionSchema = z.object({
  type: z.literal('tool-call'),
  tool: z.enum(['search', 'code']),
  input: z.record(z.string(), z.unknown()),
});

export const actionSchema = z.discriminatedUnion('type', [
  clickActionSchema,
  doubleClickActionSchema,
  moveActionSchema,
  dragActionSchema,
  scrollActionSchema,
  typeActionSchema,
  keyActionSchema,
  holdAndPressActionSchema,
  waitActionSchema,
  openActionSchema,
  doneActionSchema,
  failActionSchema,
  toolCallActionSchema,
]);
export type Action = z.infer<typeof actionSchema>;
/** What callers may write: defaults (button, count, modifiers) filled in by parsing. */
export type ActionInput = z.input<typeof actionSchema>;
export type ActionType = Action['type'];
export const actionTypes = actionSchema.options.map((option) => option.shape.type.value) as readonly ActionType[];

/** What the environment reports after performing one action. */
export const actionResultSchema = z.object({
  /** False when the environment could not perform the action at all (not whether it had the intended effect). */
  ok: z.boolean(),
  /** Why the action could not be performed; absent when `ok`. */
  error: z.string().optional(),
  /** Wall time the environment spent performing the action, in milliseconds. */
  durationMs: z.number().nonnegative(),
  /** What a tool call returned (search results, a command's report), for the next decision; absent for UI actions. */
  output: z.string().max(20_000).optional(),
});
export type ActionResult = z.infer<typeof actionResultSchema>;

/**
 * The screen points an action was executed at: one for a click, double click, move or scroll
 * that names where the wheel turned; start and end for a drag; none for actions without
 * coordinates (typing, keys, waiting, opening, finishing, tool calls) and for a scroll without
 * `at`, whose position was not chosen by the agent.
 */
export function actionPoints(action: Action): Point[] {
  switch (action.type) {
    case 'click':
    case 'double-click':
      return [action.at];
    case 'move':
      return [action.to];
    case 'scroll':
      return action.at === undefined ? [] : [action.at];
    case 'drag':
      return [action.from, action.to];
    case 'type':
    case 'key':
    case 'hold-and-press':
    case 'wait':
    case 'open':
    case 'done':
    case 'fail':
    case 'tool-call':
      return [];
  }
}
