import type { AccessibilityNode, Box, Point } from '@sandpiper/protocol';
import { interactiveRoles } from '@sandpiper/protocol';
import { plain } from './sensitive-lexicon.js';

/** What is known about where an action lands, from its grounding and the action itself. */
export interface TargetHint {
  /** The grounded target's box. */
  readonly box?: Box;
  /** Where a pointer action lands. */
  readonly at?: Point;
  /** The name the target was looked up by. */
  readonly name?: string;
  /** Keyboard actions go to the focused element when nothing else says where. */
  readonly focused?: boolean;
}

/**
 * The snapshot node an action acts on: the control with the grounded box (the one of that name
 * when several share it), else the smallest control under the pointer, else the focused element
 * for keyboard actions. Undefined when the snapshot does not show it.
 */
export function locateTarget(nodes: readonly AccessibilityNode[], hint: TargetHint): AccessibilityNode | undefined {
  const controls = nodes.filter((node) => interactiveRoles.has(node.role));
  if (hint.box) {
    const box = hint.box;
    const same = controls.filter((node) => overlap(node.box, box) > 0.9);
    const named = hint.name === undefined ? undefined : same.find((node) => plain(node.name) === plain(hint.name!));
    const closest = controls.reduce<AccessibilityNode | undefined>(
      (best, node) => (overlap(node.box, box) > (best ? overlap(best.box, box) : 0.5) ? node : best),
      undefined,
    );
    const found = named ?? same[0] ?? closest;
    if (found) return found;
  }
  if (hint.at) {
    const at = hint.at;
    const under = controls.filter((node) => holds(node.box, at));
    if (under.length > 0) return under.reduce((small, node) => (area(node.box) < area(small.box) ? node : small));
  }
  return hint.focused ? nodes.find((node) => node.focused === true) : undefined;
}

/** Whether the point lies in the box, edges included. */
export function holds(box: Box, point: Point): boolean {
  return point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height;
}

function area(box: Box): number {
  return box.width * box.height;
}

/** Intersection over union of two boxes, in [0, 1]. */
function overlap(a: Box, b: Box): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  const shared = width * height;
  return shared / (area(a) + area(b) - shared);
}
