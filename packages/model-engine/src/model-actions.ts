import { toEnvironmentPoint } from '@sandpiper/models';
import { canonicalKeyName, normalizeKeyName, type Action, type Point } from '@sandpiper/protocol';
import { z } from 'zod';
import type { ModelScreen } from './screen-context.js';

/** Longest chain of actions the operator may return in one decision. */
export const MAX_CHAIN = 5;
/** Screen pixels per wheel notch of a model's scroll. */
export const PIXELS_PER_NOTCH = 100;

const point = z.object({ x: z.number(), y: z.number() });
const element = z.string().trim().min(1).max(200);
const keyName = z.string().min(1).max(32);

/**
 * The actions as a model writes them: points in the model's own space (converted later, in one
 * place), or an element description for the grounder instead of a point.
 */
export const modelActionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('click'),
    at: point.optional(),
    element: element.optional(),
    button: z.enum(['left', 'right', 'middle']).optional(),
    count: z.number().int().min(1).max(3).optional(),
  }),
  z.object({ type: z.literal('double-click'), at: point.optional(), element: element.optional() }),
  z.object({ type: z.literal('move'), to: point.optional(), element: element.optional() }),
  z.object({ type: z.literal('drag'), from: point, to: point }),
  z.object({
    type: z.literal('scroll'),
    direction: z.enum(['up', 'down', 'left', 'right']),
    amount: z.number().int().min(1).max(20).optional(),
    at: point.optional(),
  }),
  z.object({ type: z.literal('type'), text: z.string().max(10_000) }),
  z.object({ type: z.literal('key'), keys: z.array(keyName).min(1).max(6) }),
  z.object({
    type: z.literal('hold-and-press'),
    hold: z.array(keyName).min(1).max(4),
    press: z.array(keyName).min(1).max(20),
  }),
  z.object({ type: z.literal('wait'), ms: z.number().int().min(0).max(60_000) }),
  z.object({ type: z.literal('open'), target: z.string().trim().min(1).max(4096) }),
  z.object({ type: z.literal('done'), summary: z.string().trim().min(1).max(2000) }),
  z.object({ type: z.literal('fail'), reason: z.string().trim().min(1).max(2000) }),
  /**
   * `search` needs `query`, `code` needs `command` ({@link actionIssues} checks which). Named fields
   * rather than a free record, so the schema stays expressible in OpenAI's strict mode.
   */
  z.object({
    type: z.literal('tool-call'),
    tool: z.enum(['search', 'code']),
    input: z.object({
      query: z.string().max(500).optional(),
      limit: z.number().int().min(1).max(10).optional(),
      command: z.string().max(4000).optional(),
    }),
  }),
]);
export type ModelAction = z.infer<typeof modelActionSchema>;

/** One action with the line people see. */
export const modelPlannedActionSchema = z.object({
  summary: z.string().trim().min(1).max(200),
  action: modelActionSchema,
});
export type ModelPlannedAction = z.infer<typeof modelPlannedActionSchema>;

type Issue = { readonly path: (string | number)[]; readonly message: string };

/** The points an action carries, with their field names. */
function pointsOf(action: ModelAction): { field: string; point: Point }[] {
  const points: { field: string; point: Point | undefined }[] = [];
  switch (action.type) {
    case 'click':
    case 'double-click':
    case 'scroll':
      points.push({ field: 'at', point: action.at });
      break;
    case 'move':
      points.push({ field: 'to', point: action.to });
      break;
    case 'drag':
      points.push({ field: 'from', point: action.from }, { field: 'to', point: action.to });
      break;
    default:
      break;
  }
  return points.filter((entry): entry is { field: string; point: Point } => entry.point !== undefined);
}

/**
 * What is wrong with an action on this screen: points outside the image or grid (hallucinated
 * coordinates), a pointer action with neither a point nor an element, unknown key names. Paths are
 * relative to the action.
 */
export function actionIssues(action: ModelAction, view: ModelScreen): Issue[] {
  const issues: Issue[] = [];
  for (const { field, point: at } of pointsOf(action)) {
    const converted = toEnvironmentPoint(at, view.space, view.frame);
    if (!converted.ok) issues.push({ path: [field], message: `${converted.reason}; give a point on the screen` });
  }
  if (action.type === 'click' || action.type === 'double-click' || action.type === 'move') {
    const given = action.type === 'move' ? action.to : action.at;
    if (given === undefined && action.element === undefined) {
      issues.push({ path: [], message: `a ${action.type} needs a point or an element description` });
    }
  }
  if (action.type === 'tool-call') {
    const field = action.tool === 'search' ? 'query' : 'command';
    const value = action.input[field];
    if (typeof value !== 'string' || value.trim() === '') {
      issues.push({ path: ['input', field], message: `a ${action.tool} call needs a non-empty "${field}" string` });
    }
  }
  const keys =
    action.type === 'key' ? action.keys : action.type === 'hold-and-press' ? [...action.hold, ...action.press] : [];
  for (const key of keys) {
    if (key.length > 1 && canonicalKeyName(key) === undefined) {
      issues.push({
        path: ['keys'],
        message: `"${key}" is not a key name; use names like Enter, Tab, Control, ArrowDown`,
      });
    }
  }
  return issues;
}

/** Convert one point the model gave; undefined only for a point {@link actionIssues} would reject. */
export function environmentPoint(at: Point, view: ModelScreen): Point | undefined {
  const converted = toEnvironmentPoint(at, view.space, view.frame);
  return converted.ok ? converted.point : undefined;
}

/**
 * The protocol action for a model action, with every point converted to screen pixels. `located`
 * is where the grounder found the action's element, for actions given by element. Undefined when a
 * point cannot be converted or an element was not located.
 */
export function toProtocolAction(action: ModelAction, view: ModelScreen, located?: Point): Action | undefined {
  const convert = (at: Point | undefined): Point | undefined =>
    at === undefined ? located : environmentPoint(at, view);
  switch (action.type) {
    case 'click': {
      const at = convert(action.at);
      return at && { type: 'click', at, button: action.button ?? 'left', count: action.count ?? 1, modifiers: [] };
    }
    case 'double-click': {
      const at = convert(action.at);
      return at && { type: 'double-click', at, modifiers: [] };
    }
    case 'move': {
      const to = convert(action.to);
      return to && { type: 'move', to };
    }
    case 'drag': {
      const from = environmentPoint(action.from, view);
      const to = environmentPoint(action.to, view);
      return from && to && { type: 'drag', from, to, button: 'left' };
    }
    case 'scroll': {
      const distance = (action.amount ?? 5) * PIXELS_PER_NOTCH;
      const at = action.at === undefined ? undefined : environmentPoint(action.at, view);
      if (action.at !== undefined && at === undefined) return undefined;
      const vertical = action.direction === 'up' || action.direction === 'down';
      const sign = action.direction === 'up' || action.direction === 'left' ? -1 : 1;
      return {
        type: 'scroll',
        ...(at === undefined ? {} : { at }),
        deltaX: vertical ? 0 : sign * distance,
        deltaY: vertical ? sign * distance : 0,
      };
    }
    case 'key':
      return { type: 'key', keys: action.keys.map(normalizeKeyName) };
    case 'hold-and-press':
      return {
        type: 'hold-and-press',
        hold: action.hold.map(normalizeKeyName),
        press: action.press.map(normalizeKeyName),
      };
    case 'type':
    case 'wait':
    case 'open':
    case 'done':
    case 'fail':
      return action;
    case 'tool-call': {
      const { query, limit, command } = action.input;
      const input = action.tool === 'search' ? { query, ...(limit === undefined ? {} : { limit }) } : { command };
      return { type: 'tool-call', tool: action.tool, input };
    }
  }
}

/** The element an action names instead of a point, if any. */
export function elementOf(action: ModelAction): string | undefined {
  if (action.type === 'click' || action.type === 'double-click') return action.at ? undefined : action.element;
  if (action.type === 'move') return action.to ? undefined : action.element;
  return undefined;
}

const PROGRESSIVE = /^[A-Z][a-z-]*ing\b/;

/**
 * The summary people see: the model's own when it reads as a present-progressive line, otherwise
 * one made from the action, so a slip in style costs no re-ask.
 */
export function presentProgressive(summary: string, action: Action, element?: string): string {
  const trimmed = summary.trim();
  if (PROGRESSIVE.test(trimmed)) return trimmed;
  const target = element ? ` ${element}` : '';
  switch (action.type) {
    case 'click':
      return `Clicking${target || ` at (${Math.round(action.at.x)}, ${Math.round(action.at.y)})`}`;
    case 'double-click':
      return `Double-clicking${target || ` at (${Math.round(action.at.x)}, ${Math.round(action.at.y)})`}`;
    case 'move':
      return `Hovering${target || ` at (${Math.round(action.to.x)}, ${Math.round(action.to.y)})`}`;
    case 'drag':
      return 'Dragging';
    case 'scroll':
      return action.deltaY > 0 ? 'Scrolling down' : action.deltaY < 0 ? 'Scrolling up' : 'Scrolling sideways';
    case 'type':
      return `Typing '${action.text.length > 40 ? `${action.text.slice(0, 39)}…` : action.text}'`;
    case 'key':
      return `Pressing ${action.keys.join('+')}`;
    case 'hold-and-press':
      return `Holding ${action.hold.join('+')} and pressing ${action.press.join(', ')}`;
    case 'wait':
      return `Waiting ${action.ms} ms`;
    case 'open':
      return `Opening ${action.target}`;
    case 'done':
      return 'Finishing the task';
    case 'fail':
      return 'Giving up on the task';
    case 'tool-call':
      return `Calling ${action.tool}`;
  }
}
