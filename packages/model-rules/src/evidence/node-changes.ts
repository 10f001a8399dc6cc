import type { AccessibilityNode } from '@sandpiper/protocol';

/**
 * How the accessibility snapshot changed between the screen before and the screen after. Nodes
 * are paired by role and name (refs are only stable within one snapshot), nearest position first,
 * so a field keeps its identity while its value changes and a moved page still pairs up.
 */
export type NodeChange =
  /** A field's value differs; `node` is the field after. */
  | { readonly kind: 'value'; readonly node: AccessibilityNode; readonly previous: string }
  /** A checkbox, radio or switch changed state; `node` is the control after. */
  | { readonly kind: 'checked'; readonly node: AccessibilityNode; readonly previous: boolean | 'mixed' | undefined }
  /** A node with this role and name exists only after (new text, a dialog, a menu). */
  | { readonly kind: 'appeared'; readonly node: AccessibilityNode }
  /** A node existed only before; `node` is as it was, with its old box. */
  | { readonly kind: 'disappeared'; readonly node: AccessibilityNode }
  /** The node gained or lost keyboard focus. */
  | { readonly kind: 'focus'; readonly node: AccessibilityNode; readonly gained: boolean }
  /** The node became enabled or disabled, expanded or collapsed, pressed or not (a toggle button), selected or not. */
  | {
      readonly kind: 'state';
      readonly node: AccessibilityNode;
      readonly what:
        'enabled' | 'disabled' | 'expanded' | 'collapsed' | 'pressed' | 'not pressed' | 'selected' | 'not selected';
    };

const identity = (node: AccessibilityNode) => `${node.role}\u0000${node.name}`;

function centreDistance(first: AccessibilityNode, second: AccessibilityNode): number {
  const dx = first.box.x + first.box.width / 2 - (second.box.x + second.box.width / 2);
  const dy = first.box.y + first.box.height / 2 - (second.box.y + second.box.height / 2);
  return Math.hypot(dx, dy);
}

/** Pair nodes of one identity, closest first; returns pairs and the leftovers on each side. */
function pairUp(earlier: AccessibilityNode[], later: AccessibilityNode[]) {
  const candidates: { before: number; after: number; distance: number }[] = [];
  earlier.forEach((first, before) =>
    later.forEach((second, after) => candidates.push({ before, after, distance: centreDistance(first, second) })),
  );
  candidates.sort((first, second) => first.distance - second.distance);
  const usedBefore = new Set<number>();
  const usedAfter = new Set<number>();
  const pairs: [AccessibilityNode, AccessibilityNode][] = [];
  for (const candidate of candidates) {
    if (usedBefore.has(candidate.before) || usedAfter.has(candidate.after)) continue;
    usedBefore.add(candidate.before);
    usedAfter.add(candidate.after);
    pairs.push([earlier[candidate.before]!, later[candidate.after]!]);
  }
  return {
    pairs,
    gone: earlier.filter((_, index) => !usedBefore.has(index)),
    added: later.filter((_, index) => !usedAfter.has(index)),
  };
}

function grouped(nodes: readonly AccessibilityNode[]): Map<string, AccessibilityNode[]> {
  const groups = new Map<string, AccessibilityNode[]>();
  for (const node of nodes) {
    const key = identity(node);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [node]);
    else group.push(node);
  }
  return groups;
}

function pairChanges(before: AccessibilityNode, after: AccessibilityNode): NodeChange[] {
  const changes: NodeChange[] = [];
  if ((before.value ?? '') !== (after.value ?? '') && (before.value !== undefined || after.value !== undefined)) {
    changes.push({ kind: 'value', node: after, previous: before.value ?? '' });
  }
  if (before.checked !== after.checked) changes.push({ kind: 'checked', node: after, previous: before.checked });
  if ((before.focused === true) !== (after.focused === true)) {
    changes.push({ kind: 'focus', node: after, gained: after.focused === true });
  }
  if ((before.disabled === true) !== (after.disabled === true)) {
    changes.push({ kind: 'state', node: after, what: after.disabled === true ? 'disabled' : 'enabled' });
  }
  if (before.expanded !== after.expanded && after.expanded !== undefined) {
    changes.push({ kind: 'state', node: after, what: after.expanded ? 'expanded' : 'collapsed' });
  }
  if ((before.pressed === true) !== (after.pressed === true) && after.pressed !== undefined) {
    changes.push({ kind: 'state', node: after, what: after.pressed === true ? 'pressed' : 'not pressed' });
  }
  if ((before.selected === true) !== (after.selected === true) && (before.selected ?? after.selected) !== undefined) {
    changes.push({ kind: 'state', node: after, what: after.selected === true ? 'selected' : 'not selected' });
  }
  return changes;
}

/** Every change between two snapshots; empty when either is missing. */
export function compareNodes(
  before: readonly AccessibilityNode[] | undefined,
  after: readonly AccessibilityNode[] | undefined,
): NodeChange[] {
  if (before === undefined || after === undefined) return [];
  const earlier = grouped(before);
  const later = grouped(after);
  const changes: NodeChange[] = [];
  for (const key of new Set([...earlier.keys(), ...later.keys()])) {
    const { pairs, gone, added } = pairUp(earlier.get(key) ?? [], later.get(key) ?? []);
    for (const [first, second] of pairs) changes.push(...pairChanges(first, second));
    for (const node of gone) changes.push({ kind: 'disappeared', node });
    for (const node of added) changes.push({ kind: 'appeared', node });
  }
  return changes;
}
