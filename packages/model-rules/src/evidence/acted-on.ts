import type { Handle, Screen } from '@sandpiper/core';
import type { AccessibilityNode, Box, Point } from '@sandpiper/protocol';
import type { Directive } from '../grammar/index.js';
import type { TargetCandidate } from '../grounding/candidates.js';
import { locateTarget } from '../grounding/grounder.js';
import { targetQuery } from '../grounding/target-query.js';
import type { ScreenReader } from '../screen/screen-reader.js';
import type { ExecutedActions } from './executed-action.js';
import { area, containsPoint, grow } from './geometry.js';
import type { ActedOn } from './region-labels.js';

const INTERACTIVE = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'spinbutton',
  'combobox',
  'listbox',
  'option',
  'checkbox',
  'radio',
  'switch',
  'slider',
  'tab',
  'menuitem',
  'columnheader',
]);

/** Ground the step's target on the screen before, as the operator did; undefined when it names none or none is found. */
export async function groundTarget(
  handle: Handle,
  reader: ScreenReader,
  screen: Screen,
  directive: Directive | undefined,
): Promise<TargetCandidate | undefined> {
  const query = targetQuery(directive);
  if (query === undefined) return undefined;
  return (await locateTarget(handle, reader, screen, query)).best;
}

function smallestAt(nodes: readonly AccessibilityNode[], executed: ExecutedActions): AccessibilityNode | undefined {
  const point = executed.lastPoint;
  if (point === undefined) return undefined;
  const under = nodes.filter((node) => containsPoint(node.box, point));
  const interactive = under.filter((node) => INTERACTIVE.has(node.role));
  const pool = interactive.length > 0 ? interactive : under;
  return [...pool].sort((first, second) => area(first.box) - area(second.box))[0];
}

/** The target's box moved so its centre is on the point: where it was when clicked, after a scroll. */
function scrolledTo(target: TargetCandidate, point: Point): Box {
  const box = target.box;
  return { ...box, x: point.x - box.width / 2, y: point.y - box.height / 2 };
}

/**
 * The element the executed actions landed on. The step's grounded target counts only when an
 * executed point falls on it (so evidence follows what was done, not what was meant); otherwise
 * the smallest element under the last point, or the focused element for keyboard-only steps.
 * When the step scrolled first, positions on the screen before are stale: a point on the
 * target's row or column is taken as on the target, and elements are looked up on the screen after.
 */
export function actedOnElement(
  executed: ExecutedActions,
  target: TargetCandidate | undefined,
  screens: { readonly before?: readonly AccessibilityNode[]; readonly after?: readonly AccessibilityNode[] },
  margin: number,
): ActedOn | undefined {
  const point = executed.lastPoint;
  if (target !== undefined) {
    const role = target.node?.role ?? target.role;
    const described = { name: target.node?.name ?? target.label, ...(role === undefined ? {} : { role }) };
    if (executed.points.some((at) => containsPoint(grow(target.box, margin), at)))
      return { box: target.box, ...described };
    if (executed.scrolled && point !== undefined && inLine(target.box, point, margin)) {
      return { box: scrolledTo(target, point), ...described };
    }
  }
  const nodes = executed.scrolled ? screens.after : screens.before;
  const under = smallestAt(nodes ?? [], executed);
  if (under !== undefined) return { box: under.box, name: under.name, role: under.role };
  if (executed.points.length > 0) return undefined;
  const focused = (screens.before ?? []).find((node) => node.focused === true);
  return focused === undefined ? undefined : { box: focused.box, name: focused.name, role: focused.role };
}

/** Whether the point is level with the box, across or down, as a scroll leaves it. */
function inLine(box: Box, point: Point, margin: number): boolean {
  const across = point.x >= box.x - margin && point.x <= box.x + box.width + margin;
  const down = point.y >= box.y - margin && point.y <= box.y + box.height + margin;
  return across || down;
}
