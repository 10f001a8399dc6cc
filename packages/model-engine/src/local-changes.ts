import type { PerformedAction } from '@sandpiper/core';
import { actionPoints, type AccessibilityNode, type Box } from '@sandpiper/protocol';
import type { ChangedRegion } from './change-evidence.js';

/**
 * The reflector's first stage without a model, when the screens themselves say what changed:
 * every region the pixel comparison found overlaps an element whose accessible state changed
 * (a value typed, a box ticked, a panel opened, an element that appeared or went away). Such a
 * region needs no one to look at it; it is described from the accessibility trees. When any
 * region has no such element (an animation, a picture, a canvas, a page without a tree), the
 * evidence is ambiguous and the model describes the regions instead.
 *
 * Nothing is ever set aside as noise here: a region is `action-relevant` when an action landed
 * in it or its element is the one the step names, `unrelated` otherwise, and both reach stage 2.
 */

/** One described change, as stage 1 would write it. */
export interface LocalChange {
  readonly region: number;
  readonly description: string;
  readonly relevance: 'action-relevant' | 'unrelated';
}

/** Stage 1's answer, written locally. */
export interface LocalDescription {
  readonly changes: readonly LocalChange[];
  readonly summary: string;
}

/** Most elements described for one region; a region that moved a whole list is one change. */
const PER_REGION = 3;

/** How far outside a region an action point may land and still count as landing in it, in pixels. */
const NEAR = 12;

/** The state of an element that a person would notice changing. */
const STATE_KEYS = ['value', 'checked', 'expanded', 'selected', 'pressed', 'disabled', 'invalid'] as const;

/** One element whose state differs between the two trees. */
interface NodeChange {
  readonly box: Box;
  readonly label: string;
  readonly description: string;
}

/**
 * Stage 1 from the two trees, or undefined when a region is left unexplained (or a tree is
 * missing) and a model must look.
 */
export function describeLocally(
  regions: readonly ChangedRegion[],
  before: readonly AccessibilityNode[] | undefined,
  after: readonly AccessibilityNode[] | undefined,
  performed: readonly PerformedAction[],
  stepText: string,
): LocalDescription | undefined {
  if (before === undefined || after === undefined) return undefined;
  if (regions.length === 0) {
    return { changes: [], summary: 'Nothing on the screen changed: the pixels before and after are the same.' };
  }
  const changes = nodeChanges(before, after);
  const points = performed.flatMap((entry) => actionPoints(entry.action));
  const step = stepText.toLowerCase();
  const described: LocalChange[] = [];
  for (const region of regions) {
    const inside = changes.filter((change) => overlaps(change.box, region.box));
    if (inside.length === 0) return undefined;
    const shown = inside.slice(0, PER_REGION).map((change) => change.description);
    const more = inside.length - shown.length;
    const landed = points.some((point) => near(point, region.box));
    const named = inside.some((change) => change.label !== '' && step.includes(change.label.toLowerCase()));
    described.push({
      region: region.id,
      description: `${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`,
      relevance: landed || named ? 'action-relevant' : 'unrelated',
    });
  }
  const relevant = described.filter((change) => change.relevance === 'action-relevant').length;
  return {
    changes: described,
    summary:
      `${regions.length} changed ${regions.length === 1 ? 'region' : 'regions'}, each explained by the accessibility tree` +
      ` (${relevant} where the actions landed or on what the step names).`,
  };
}

function nodeChanges(before: readonly AccessibilityNode[], after: readonly AccessibilityNode[]): NodeChange[] {
  const unmatched = [...before];
  const changes: NodeChange[] = [];
  for (const node of after) {
    const index = matchIndex(unmatched, node);
    if (index === -1) {
      changes.push({ box: node.box, label: node.name, description: `${describeNode(node)} appeared` });
      continue;
    }
    const old = unmatched.splice(index, 1)[0]!;
    const differences = STATE_KEYS.filter((key) => old[key] !== node[key]).map(
      (key) => `${key} ${show(old[key])} → ${show(node[key])}`,
    );
    if (old.name !== node.name) differences.unshift(`name ${show(old.name)} → ${show(node.name)}`);
    if (old.focused !== node.focused) differences.push(node.focused === true ? 'took the focus' : 'lost the focus');
    if (differences.length > 0) {
      changes.push({
        box: node.box,
        label: node.name,
        description: `${describeNode(node)}: ${differences.join(', ')}`,
      });
    }
  }
  for (const gone of unmatched) {
    changes.push({ box: gone.box, label: gone.name, description: `${describeNode(gone)} went away` });
  }
  return changes;
}

/** The same element in the other tree: same role and name where one exists, else same role and place. */
function matchIndex(candidates: readonly AccessibilityNode[], node: AccessibilityNode): number {
  const named = candidates.findIndex(
    (candidate) => candidate.role === node.role && candidate.name === node.name && sameBox(candidate.box, node.box),
  );
  if (named !== -1) return named;
  const byName = candidates.findIndex(
    (candidate) => candidate.role === node.role && candidate.name === node.name && node.name !== '',
  );
  if (byName !== -1) return byName;
  return candidates.findIndex((candidate) => candidate.role === node.role && sameBox(candidate.box, node.box));
}

function describeNode(node: AccessibilityNode): string {
  return node.name === '' ? `a ${node.role}` : `${node.role} ${JSON.stringify(node.name)}`;
}

function show(value: unknown): string {
  return value === undefined ? 'unset' : JSON.stringify(value);
}

function sameBox(first: Box, second: Box): boolean {
  return (
    Math.abs(first.x - second.x) <= 2 &&
    Math.abs(first.y - second.y) <= 2 &&
    Math.abs(first.width - second.width) <= 2 &&
    Math.abs(first.height - second.height) <= 2
  );
}

function overlaps(first: Box, second: Box): boolean {
  return (
    first.x < second.x + second.width &&
    second.x < first.x + first.width &&
    first.y < second.y + second.height &&
    second.y < first.y + first.height
  );
}

function near(point: { readonly x: number; readonly y: number }, box: Box): boolean {
  return (
    point.x >= box.x - NEAR &&
    point.x <= box.x + box.width + NEAR &&
    point.y >= box.y - NEAR &&
    point.y <= box.y + box.height + NEAR
  );
}
