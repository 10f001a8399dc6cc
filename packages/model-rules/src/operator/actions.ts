import type { PerformedAction, PlannedAction, Screen } from '@sandpiper/core';
import type { Action, Box, Grounding, Point } from '@sandpiper/protocol';
import { boxCenter } from '@sandpiper/protocol';

/** Fraction of the screen height one "scroll down" moves. */
export const SCROLL_FRACTION = 0.8;

function onScreen(point: Point, screen: Screen): Point {
  return {
    x: Math.round(Math.min(Math.max(point.x, 0), screen.capture.width - 1)),
    y: Math.round(Math.min(Math.max(point.y, 0), screen.capture.height - 1)),
  };
}

/** The centre of the box, kept on screen so the environment accepts it. */
export function pointIn(box: Box, screen: Screen): Point {
  return onScreen(boxCenter(box), screen);
}

/** Inset from a field's left edge where it is clicked, in pixels. */
const FIELD_INSET = 10;

/**
 * Where to click a text field: near its left edge, vertically centred. A date field's first
 * segment (the month) sits there, so typed digits fill the segments in order; clicking its middle
 * can land on the day, the year or the calendar button instead.
 */
export function fieldPoint(box: Box, screen: Screen): Point {
  return onScreen({ x: box.x + Math.min(FIELD_INSET, box.width / 2), y: box.y + box.height / 2 }, screen);
}

export function planned(action: Action, summary: string, grounding?: Grounding): PlannedAction {
  return grounding === undefined ? { action, summary } : { action, summary, grounding };
}

/**
 * An action that only looks for what a step acts on (a menu opened, a tab shown, a scroll): it
 * never carries the step out, so the loop never counts its effect as the step's.
 */
export function exploring(action: Action, summary: string): PlannedAction {
  return { action, summary, preparatory: true };
}

export function clickAt(at: Point): Action {
  return { type: 'click', at, button: 'left', count: 1, modifiers: [] };
}

/** Keys as the environment presses them: letters lower case unless Shift is part of the chord. */
export function keyAction(keys: readonly string[]): Action {
  const shifted = keys.includes('Shift');
  return {
    type: 'key',
    keys: keys.map((key) => (key.length === 1 && !shifted ? key.toLowerCase() : key)),
  };
}

export const selectAll: Action = { type: 'key', keys: ['Control', 'a'] };

/** Scroll so the box's centre comes to the middle of the screen. */
export function scrollToward(box: Box, screen: Screen): Action {
  const deltaY = Math.round(box.y + box.height / 2 - screen.capture.height / 2);
  return { type: 'scroll', deltaX: 0, deltaY };
}

export function scrollByScreens(screen: Screen, direction: 'up' | 'down'): Action {
  const distance = Math.round(screen.capture.height * SCROLL_FRACTION);
  return { type: 'scroll', deltaX: 0, deltaY: direction === 'down' ? distance : -distance };
}

/** How the summary of an action that only looks for a target begins (see explore.ts). */
export const EXPLORING = 'Exploring';

/**
 * Ok actions of the given type performed in this attempt to carry the step out. Actions that only
 * looked for the target (expanding a folder, opening a menu, switching a tab) are left out: a
 * click that opened the way to the target is not the click on it.
 */
export function performedOfType<T extends Action['type']>(
  performed: readonly PerformedAction[],
  type: T,
): Extract<Action, { type: T }>[] {
  return performed.flatMap((entry) =>
    entry.ok && entry.action.type === type && !entry.summary.startsWith(EXPLORING)
      ? [entry.action as Extract<Action, { type: T }>]
      : [],
  );
}

export function sameKeys(action: Extract<Action, { type: 'key' }>, keys: readonly string[]): boolean {
  return (
    action.keys.length === keys.length &&
    action.keys.every((key, index) => key.toLowerCase() === (keys[index] ?? '').toLowerCase())
  );
}

export function formatPoint(point: Point): string {
  return `(${Math.round(point.x)}, ${Math.round(point.y)})`;
}
