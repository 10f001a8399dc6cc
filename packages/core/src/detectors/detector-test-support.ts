import type { Action, Point } from '@sandpiper/protocol';
import { canonicalizeAction, type ActionTarget, type CanonicalAction } from './canonical-action.js';
import type { TrajectoryEntry } from './trajectory.js';

/** A screen hash for tests: a fixed pattern so flipped bits are easy to reason about. */
export const BASE_SCREEN = 0x0f0f_0f0f_3c3c_3c3cn;

/** `hash` with its `count` lowest bits flipped: a screen exactly `count` bits away. */
export function flipped(hash: bigint, count: number): bigint {
  return hash ^ ((1n << BigInt(count)) - 1n);
}

export function clickAction(at: Point = { x: 100, y: 100 }): Action {
  return { type: 'click', at, button: 'left', count: 1, modifiers: [] };
}

export function click(label?: string, at?: Point, role?: string): CanonicalAction {
  const target: ActionTarget | undefined = label === undefined ? undefined : { label, ...(role ? { role } : {}) };
  return canonicalizeAction(clickAction(at), target);
}

export function typeInto(field: string | undefined, text = 'x'): CanonicalAction {
  return canonicalizeAction({ type: 'type', text }, field === undefined ? undefined : { label: field });
}

export const press = (...keys: string[]): CanonicalAction => canonicalizeAction({ type: 'key', keys });
export const scrollDown = (): CanonicalAction => canonicalizeAction({ type: 'scroll', deltaX: 0, deltaY: 400 });
export const wait = (): CanonicalAction => canonicalizeAction({ type: 'wait', ms: 1000 });

export interface EntryOptions {
  readonly screen?: bigint;
  readonly changed?: boolean;
  readonly stepId?: string;
}

export function entry(action: CanonicalAction, options: EntryOptions = {}): TrajectoryEntry {
  return {
    action,
    screenHash: options.screen ?? BASE_SCREEN,
    stepId: options.stepId ?? 'step-1',
    changed: options.changed ?? false,
  };
}

/** `count` copies of the same entries in order, as a loop would leave them. */
export function repeat(entries: readonly TrajectoryEntry[], count: number): TrajectoryEntry[] {
  return Array.from({ length: count }, () => entries).flat();
}

/** Entries whose screens move by `distance` bits from one to the next, each changing the screen. */
export function moving(actions: readonly CanonicalAction[], distance: number, from = BASE_SCREEN): TrajectoryEntry[] {
  let screen = from;
  return actions.map((action, index) => {
    screen = index === 0 ? screen : screen ^ (((1n << BigInt(distance)) - 1n) << BigInt((index * 7) % (64 - distance)));
    return entry(action, { screen, changed: true });
  });
}
