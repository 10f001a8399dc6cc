import type { AccessibilityNode, Box } from '@sandpiper/protocol';
import { area, intersects } from './geometry.js';
import type { NodeChange } from './node-changes.js';

/**
 * Known noise: screen changes that happen on their own, whatever the agent does. Each rule is a
 * small predicate over one region and the accessibility changes inside it, and says why it fired.
 */

const TIME_PATTERN = /\d{1,2}:\d{2}|\b\d+\s*(?:s|sec|secs|seconds?|min|mins|minutes?|h|hours?)\s+ago\b/i;
const NUMBER_ONLY = /^[\s\d.,:%+-]+$/;
const BUSY_NAME = /\b(?:loading|spinner|spinning|busy|please wait|in progress|progress)\b/i;
const BUSY_ROLES = new Set(['progressbar', 'status', 'img', 'alert', 'timer', 'marquee']);
const TEXT_ROLES = new Set(['text', 'StaticText', 'status', 'timer', 'heading', 'marquee']);

/** A caret is a bar at most this wide, in pixels. */
const CARET_MAX_WIDTH = 4;
/** A caret is about one line of text tall, in pixels. */
const CARET_HEIGHT = { min: 6, max: 48 } as const;

const digitsMasked = (text: string) => text.replace(/\d/g, '#');

/** Whether this text reads like a clock, a timestamp or a bare counter. */
export function looksLikeTicker(text: string): boolean {
  const trimmed = text.trim();
  return trimmed !== '' && (TIME_PATTERN.test(trimmed) || NUMBER_ONLY.test(trimmed));
}

/**
 * Text that changed only in its digits and reads like a clock or counter: the text before and
 * after, when every appearing and disappearing text in the region pairs up that way; otherwise
 * undefined.
 */
export function tickingText(changes: readonly NodeChange[]): { before: string; after: string } | undefined {
  const gone = changes.filter((change) => change.kind === 'disappeared' && TEXT_ROLES.has(change.node.role));
  const added = changes.filter((change) => change.kind === 'appeared' && TEXT_ROLES.has(change.node.role));
  const others = changes.filter(
    (change) => !(change.kind === 'appeared' || change.kind === 'disappeared') || !TEXT_ROLES.has(change.node.role),
  );
  if (others.length > 0 || added.length === 0 || added.length !== gone.length) return undefined;
  const unmatched = [...gone];
  let example: { before: string; after: string } | undefined;
  for (const change of added) {
    const name = change.node.name;
    const index = unmatched.findIndex(
      (old) => digitsMasked(old.node.name) === digitsMasked(name) && looksLikeTicker(name),
    );
    if (index === -1) return undefined;
    example ??= { before: unmatched[index]!.node.name, after: name };
    unmatched.splice(index, 1);
  }
  return example;
}

/** A busy indicator (spinner, progress bar, "Loading" status) overlapping the region; undefined when none. */
export function busyIndicator(
  box: Box,
  before: readonly AccessibilityNode[] | undefined,
  after: readonly AccessibilityNode[] | undefined,
): AccessibilityNode | undefined {
  for (const node of [...(after ?? []), ...(before ?? [])]) {
    if (!intersects(node.box, box)) continue;
    if (node.role === 'progressbar') return node;
    if (BUSY_ROLES.has(node.role) && BUSY_NAME.test(node.name)) return node;
  }
  return undefined;
}

/** A thin upright bar the height of a line of text: a text caret blinking. */
export function caretShaped(box: Box): boolean {
  return box.width <= CARET_MAX_WIDTH && box.height >= CARET_HEIGHT.min && box.height <= CARET_HEIGHT.max;
}

/** A small region that also changed while nothing was done (between two screens with no action between them). */
export function animatesOnItsOwn(box: Box, idleChanges: readonly Box[], maxArea: number): boolean {
  return area(box) <= maxArea && idleChanges.some((idle) => intersects(idle, box));
}
