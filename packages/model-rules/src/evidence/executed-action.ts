import type { PerformedAction } from '@sandpiper/core';
import type { Action, Point } from '@sandpiper/protocol';
import { actionPoints } from '@sandpiper/vision';

/**
 * What was actually executed during a step, as stage 1 sees it: action types and screen points,
 * never the step's wording. Conditioning the evidence on this rather than on the intention keeps
 * "what the step wanted" from colouring "what changed".
 */
export interface ExecutedActions {
  /** Actions the environment performed (`ok`), oldest first. */
  readonly actions: readonly Action[];
  /** Every screen point an action was aimed at: click points, drag ends, positioned scrolls. */
  readonly points: readonly Point[];
  /** The last pointer point, where the step's final click or move happened; absent for keyboard-only steps. */
  readonly lastPoint?: Point;
  /** Whether text was entered from the keyboard (a `type` action), which changes only the focused field. */
  readonly typed: boolean;
  /** Key chords pressed, joined with `+`, oldest first. */
  readonly chords: readonly string[];
  /** Whether any action could navigate or replace the page: a click, Enter, or opening an address. */
  readonly canNavigate: boolean;
  /** Whether the page was scrolled, by the wheel or by a key that scrolls (PageDown, End...); positions on the screen before are then stale. */
  readonly scrolled: boolean;
}

/**
 * Keys that may scroll what is on screen: paging keys, and keys that move a cursor or the focus
 * (an arrow at a sheet's last visible row, Tab onto a field below the fold) bring more into view.
 */
const SCROLL_KEYS = new Set([
  'PageDown',
  'PageUp',
  'End',
  'Home',
  'ArrowDown',
  'ArrowUp',
  'ArrowLeft',
  'ArrowRight',
  'Tab',
]);

export function summarizeExecuted(performed: readonly PerformedAction[]): ExecutedActions {
  const actions = performed.filter((entry) => entry.ok).map((entry) => entry.action);
  const points = actions.flatMap((action) => actionPoints(action));
  const chords = actions.flatMap((action) => (action.type === 'key' ? [action.keys.join('+')] : []));
  const lastPoint = points.at(-1);
  return {
    actions,
    points,
    ...(lastPoint === undefined ? {} : { lastPoint }),
    typed: actions.some((action) => action.type === 'type'),
    chords,
    canNavigate: actions.some(
      (action) =>
        action.type === 'click' ||
        action.type === 'double-click' ||
        action.type === 'open' ||
        (action.type === 'key' && action.keys.includes('Enter')),
    ),
    scrolled: actions.some(
      (action) =>
        action.type === 'scroll' || (action.type === 'key' && action.keys.some((key) => SCROLL_KEYS.has(key))),
    ),
  };
}

/** Actions with a place on screen, for the marker on the screen before. */
export function pointedActions(executed: ExecutedActions): Action[] {
  return executed.actions.filter((action) => actionPoints(action).length > 0);
}
