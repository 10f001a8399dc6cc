import type { Action, Point } from '@sandpiper/protocol';
import { normalizeKeyName } from '@sandpiper/protocol';

/**
 * The coarse kind of an action. Pointer presses are split by what they usually mean: a right
 * click opens a context menu, a repeated press selects.
 */
export type CanonicalActionKind =
  | 'click'
  | 'double-click'
  | 'context-click'
  | 'hover'
  | 'drag'
  | 'scroll'
  | 'type'
  | 'key'
  | 'wait'
  | 'open'
  | 'tool'
  | 'done'
  | 'fail';

/**
 * How an action reaches the application. The loop breaker forbids a modality that keeps failing
 * and suggests the others. `none` is for actions that do not touch the interface (wait, done, fail).
 */
export type ActionModality = 'mouse' | 'keyboard' | 'menu' | 'command' | 'none';

/** An action reduced to what matters for noticing repetition: near-identical actions compare equal. */
export interface CanonicalAction {
  readonly kind: CanonicalActionKind;
  /**
   * Coarse target key: `label:<normalized label>`, `at:<x>,<y>` (the 40-pixel cell of an
   * unlabelled point, for display), `dir:<up|down|left|right>`, `keys:<Control+S>`,
   * `field:<label>` or `field:(focused)` for typing, `url:<address>`, `tool:<name>`; empty for
   * kinds without a target (wait, done, fail). Compare with {@link sameCanonicalAction}, which
   * matches unlabelled points by distance rather than by this key.
   */
  readonly target: string;
  readonly modality: ActionModality;
  /**
   * Where an unlabelled pointer action happened, in screen logical pixels; the start of a drag.
   * Absent when the target has a label or the action has no coordinates.
   */
  readonly point?: Point;
  /** Where an unlabelled drag ended, in screen logical pixels; absent for every other action. */
  readonly endPoint?: Point;
  /** The target's label, normalized (lower case, single spaces, no quotes or trailing marks); absent when unknown. */
  readonly label?: string;
  /** The target's role hint in lower case ("button", "field", "tab"); absent when unknown. */
  readonly role?: string;
}

/** What the grounder knew about the element an action aimed at. */
export interface ActionTarget {
  /** The visible label or text of the element. */
  readonly label?: string;
  /** The element's role: button, link, field, tab, menuitem... */
  readonly role?: string;
}

/** Side of the square, in logical pixels, within which two unlabelled pointer actions count as the same. */
export const DEFAULT_COORDINATE_TOLERANCE_PX = 40;

const menuRoles: ReadonlySet<string> = new Set(['menu', 'menuitem', 'menubar', 'menu item', 'context menu']);

const modifierOrder = ['Control', 'Alt', 'Shift', 'Meta'];

/** Lower case, single spaces, no surrounding quotes, and no trailing required-field marks or colons. */
export function normalizeLabel(label: string): string {
  return label
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'\u2018\u2019\u201c\u201d]+|["'\u2018\u2019\u201c\u201d]+$/g, '')
    .replace(/[\s:*]+$/, '')
    .trim();
}

function normalizeKey(key: string): string {
  return key.length === 1 && key !== ' ' ? key.toUpperCase() : normalizeKeyName(key);
}

/** A chord as one key: modifiers first in a fixed order, then the other keys in press order. */
export function normalizeChord(keys: readonly string[]): string {
  const normalized = [...new Set(keys.map(normalizeKey))];
  const modifiers = modifierOrder.filter((modifier) => normalized.includes(modifier));
  const others = normalized.filter((key) => !modifierOrder.includes(key));
  return [...modifiers, ...others].join('+');
}

function usablePoint(point: Point | undefined): Point | undefined {
  if (point === undefined || !Number.isFinite(point.x) || !Number.isFinite(point.y)) return undefined;
  return { x: Math.round(point.x), y: Math.round(point.y) };
}

function cellKey(point: Point | undefined, tolerancePx: number): string {
  if (point === undefined) return 'at:?';
  return `at:${Math.floor(point.x / tolerancePx)},${Math.floor(point.y / tolerancePx)}`;
}

interface TargetParts {
  readonly label?: string;
  readonly role?: string;
}

function targetParts(target: ActionTarget | undefined): TargetParts {
  const label = target?.label === undefined ? '' : normalizeLabel(target.label);
  const role = target?.role === undefined ? '' : target.role.trim().toLowerCase();
  return { ...(label === '' ? {} : { label }), ...(role === '' ? {} : { role }) };
}

function pointerAction(
  kind: CanonicalActionKind,
  at: Point | undefined,
  parts: TargetParts,
  tolerancePx: number,
): CanonicalAction {
  const modality: ActionModality =
    kind === 'context-click' || (parts.role !== undefined && menuRoles.has(parts.role)) ? 'menu' : 'mouse';
  if (parts.label !== undefined) return { kind, target: `label:${parts.label}`, modality, ...parts };
  const point = usablePoint(at);
  return { kind, target: cellKey(point, tolerancePx), modality, ...(point ? { point } : {}), ...parts };
}

function scrollDirection(deltaX: number, deltaY: number): string {
  if (Math.abs(deltaX) > Math.abs(deltaY)) return deltaX > 0 ? 'right' : 'left';
  return deltaY < 0 ? 'up' : 'down';
}

/**
 * Reduce an action to its coarse kind and target so that near-identical actions compare equal:
 * the typed text is dropped (only the field counts), chords are spelled one way, a labelled
 * target is known by its label and an unlabelled one by where it was hit. `target` is what the
 * grounder knew about the element; without it pointer actions fall back to coordinates.
 */
export function canonicalizeAction(
  action: Action,
  target?: ActionTarget,
  tolerancePx: number = DEFAULT_COORDINATE_TOLERANCE_PX,
): CanonicalAction {
  const parts = targetParts(target);
  switch (action.type) {
    case 'click': {
      const kind = action.button === 'right' ? 'context-click' : (action.count ?? 1) > 1 ? 'double-click' : 'click';
      return pointerAction(kind, action.at, parts, tolerancePx);
    }
    case 'double-click':
      return pointerAction('double-click', action.at, parts, tolerancePx);
    case 'move':
      return pointerAction('hover', action.to, parts, tolerancePx);
    case 'drag': {
      const start = pointerAction('drag', action.from, parts, tolerancePx);
      if (parts.label !== undefined) return start;
      const end = usablePoint(action.to);
      return {
        ...start,
        target: `${start.target}>${cellKey(end, tolerancePx).slice(3)}`,
        ...(end ? { endPoint: end } : {}),
      };
    }
    case 'scroll': {
      const direction = scrollDirection(action.deltaX ?? 0, action.deltaY);
      const where = parts.label === undefined ? '' : `@${parts.label}`;
      return { kind: 'scroll', target: `dir:${direction}${where}`, modality: 'mouse', ...parts };
    }
    case 'type':
      return { kind: 'type', target: `field:${parts.label ?? '(focused)'}`, modality: 'keyboard', ...parts };
    case 'key':
      return { kind: 'key', target: `keys:${normalizeChord(action.keys)}`, modality: 'keyboard', ...parts };
    case 'hold-and-press':
      return {
        kind: 'key',
        target: `keys:${normalizeChord(action.hold)}+[${action.press.map(normalizeKey).join(',')}]`,
        modality: 'keyboard',
        ...parts,
      };
    case 'wait':
      return { kind: 'wait', target: '', modality: 'none' };
    case 'open':
      return { kind: 'open', target: `url:${normalizeAddress(action.target)}`, modality: 'command' };
    case 'tool-call':
      return { kind: 'tool', target: `tool:${action.tool}`, modality: 'command' };
    case 'done':
      return { kind: 'done', target: '', modality: 'none' };
    case 'fail':
      return { kind: 'fail', target: '', modality: 'none' };
  }
}

function normalizeAddress(address: string): string {
  return address
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');
}

function near(a: Point, b: Point, tolerancePx: number): boolean {
  const half = tolerancePx / 2;
  return Math.abs(a.x - b.x) <= half && Math.abs(a.y - b.y) <= half;
}

/**
 * Whether two canonical actions are the same action on the same target. Unlabelled points match
 * when they lie within a `tolerancePx` square of each other, so two clicks a few pixels apart on
 * either side of a cell border still compare equal.
 */
export function sameCanonicalAction(
  a: CanonicalAction,
  b: CanonicalAction,
  tolerancePx: number = DEFAULT_COORDINATE_TOLERANCE_PX,
): boolean {
  if (a.kind !== b.kind || a.modality !== b.modality) return false;
  if (a.point !== undefined && b.point !== undefined) {
    if (!near(a.point, b.point, tolerancePx)) return false;
    if (a.endPoint === undefined || b.endPoint === undefined) return a.endPoint === b.endPoint;
    return near(a.endPoint, b.endPoint, tolerancePx);
  }
  return a.target === b.target;
}

/** A short phrase naming the action for reasons and rationales: "click 'save'", "press Control+S". */
export function describeCanonicalAction(action: CanonicalAction): string {
  const label = action.label === undefined ? undefined : `'${action.label}'`;
  switch (action.kind) {
    case 'type':
      return `type into ${label ?? 'the focused field'}`;
    case 'key':
      return `press ${action.target.slice('keys:'.length)}`;
    case 'scroll':
      return `scroll ${action.target.slice('dir:'.length).split('@')[0]}`;
    case 'wait':
    case 'done':
    case 'fail':
      return action.kind;
    case 'open':
      return `open ${action.target.slice('url:'.length)}`;
    case 'tool':
      return `call the ${action.target.slice('tool:'.length)} tool`;
    default: {
      const where = label ?? (action.point ? `near (${action.point.x}, ${action.point.y})` : 'an unknown point');
      return `${action.kind.replace('-', ' ')} ${where}`;
    }
  }
}
