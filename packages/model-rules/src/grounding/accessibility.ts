import type { AccessibilityNode, Box } from '@sandpiper/protocol';
import type { TargetCandidate } from './candidates.js';
import { interactiveRoles } from '@sandpiper/protocol';
import { isFieldHint, rankRole, roleFactor, rolesForFieldHint } from './roles.js';
import { nodeTree } from './scope.js';
import { normalizeText, scoreText } from './text-score.js';

/** A field's own name counts as a match from this score on; below it a matching label may win. */
const FIELD_NAME_ENOUGH = 0.8;
/** Score penalty for a target scrolled out of view, so an equal one on screen wins. */
const OFF_SCREEN_PENALTY = 0.02;
/** Score factor for a field found through a nearby label rather than by its own name. */
const LABEL_FACTOR = 0.95;
/** Farthest a field may be from its label, in pixels. */
const MAX_LABEL_DISTANCE = 400;

interface Viewport {
  readonly width: number;
  readonly height: number;
}

/** Whether the box's centre lies inside the viewport. */
export function inViewport(box: Box, viewport: Viewport): boolean {
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  return x >= 0 && y >= 0 && x < viewport.width && y < viewport.height;
}

function candidateFor(
  node: AccessibilityNode,
  score: number,
  hint: string | undefined,
  viewport: Viewport,
  via: TargetCandidate['via'],
  label = node.name,
  box = node.box,
): TargetCandidate {
  const rank = rankRole(hint, node.role);
  const visible = inViewport(box, viewport);
  return {
    label,
    role: node.role,
    box,
    score: Math.max(0, score * roleFactor(rank) - (visible ? 0 : OFF_SCREEN_PENALTY)),
    rank,
    inViewport: visible,
    disabled: node.disabled === true,
    node,
    via,
  };
}

/** Score factors of the other names an element goes by, against its accessible name. */
const PLACEHOLDER_FACTOR = 0.95;
const DESCRIPTION_FACTOR = 0.9;

/**
 * How well the query names a node through any of its names: the accessible name (label,
 * aria-label, aria-labelledby, alt, text), the placeholder (kept after typing hides it), the
 * description (title, tooltip, aria-describedby).
 */
export function nameScore(query: string, node: AccessibilityNode): number | undefined {
  const scores = [
    scoreText(query, node.name)?.score,
    node.placeholder === undefined ? undefined : (scoreText(query, node.placeholder)?.score ?? 0) * PLACEHOLDER_FACTOR,
    node.description === undefined ? undefined : (scoreText(query, node.description)?.score ?? 0) * DESCRIPTION_FACTOR,
  ].filter((score): score is number => score !== undefined && score > 0);
  return scores.length === 0 ? undefined : Math.max(...scores);
}

/**
 * Distance from a label to a field that sits to its right on the same row or below it; undefined
 * for fields elsewhere. Offsets along the other axis count half.
 */
export function labelToFieldDistance(label: Box, field: Box): number | undefined {
  const labelRight = label.x + label.width;
  const labelBottom = label.y + label.height;
  const labelMiddle = label.y + label.height / 2;
  const fieldMiddle = field.y + field.height / 2;
  const rowTolerance = Math.max(label.height, field.height) / 2 + 2;
  let distance: number | undefined;
  if (field.x >= labelRight - 4 && Math.abs(fieldMiddle - labelMiddle) <= rowTolerance) {
    distance = field.x - labelRight + Math.abs(fieldMiddle - labelMiddle) / 2;
  }
  if (field.y >= labelBottom - 4 && field.x < labelRight + 40 && field.x + field.width > label.x - 40) {
    const below = field.y - labelBottom + Math.abs(field.x - label.x) / 2;
    distance = distance === undefined ? below : Math.min(distance, below);
  }
  return distance !== undefined && distance <= MAX_LABEL_DISTANCE ? Math.max(0, distance) : undefined;
}

/** Roles of nodes that can be a field's visible label. */
const labelRoles: ReadonlySet<string> = new Set([
  'text',
  'label',
  'StaticText',
  'paragraph',
  'heading',
  'generic',
  'term',
  'cell',
  'rowheader',
  'columnheader',
]);

function nearestField(label: Box, fields: readonly AccessibilityNode[]): AccessibilityNode | undefined {
  let best: { node: AccessibilityNode; distance: number } | undefined;
  for (const field of fields) {
    const distance = labelToFieldDistance(label, field.box);
    if (distance !== undefined && (best === undefined || distance < best.distance)) best = { node: field, distance };
  }
  return best?.node;
}

/**
 * Candidates for a target among accessibility nodes. Field hints consider only fields, by their
 * accessible name; when no field's name matches well but a text node matches the label, the
 * nearest field to the right of or below that text is a candidate too. `tree` is the whole
 * snapshot, holders included, for what nests in what.
 */
export function accessibilityCandidates(
  nodes: readonly AccessibilityNode[],
  query: { text: string; role?: string },
  viewport: Viewport,
  tree: readonly AccessibilityNode[] = nodes,
): TargetCandidate[] {
  const hint = query.role;
  if (query.text.trim() === '') {
    // Named by kind alone ("the text field", "the third link"): every element of that kind.
    return nodes.flatMap((node) => {
      const rank = rankRole(hint, node.role);
      return rank === 3 && (hint !== undefined || interactiveRoles.has(node.role))
        ? [candidateFor(node, 0.9, hint, viewport, 'name')]
        : [];
    });
  }
  if (!isFieldHint(hint)) {
    const own = ownBoxes(tree);
    return nodes.flatMap((node) => {
      const score = nameScore(query.text, node);
      return score === undefined ? [] : [candidateFor(node, score, hint, viewport, 'name', node.name, own(node))];
    });
  }
  const fieldRoles = rolesForFieldHint(hint);
  const fields = nodes.filter(
    (node) => fieldRoles.includes(node.role) || (hint === 'dropdown' && node.role === 'button'),
  );
  const candidates = fields.flatMap((node) => {
    const score = nameScore(query.text, node);
    return score === undefined ? [] : [candidateFor(node, score, hint, viewport, 'name')];
  });
  const bestByName = Math.max(0, ...candidates.map((candidate) => candidate.score));
  if (bestByName >= FIELD_NAME_ENOUGH) return candidates;
  const holders = nodeTree(tree);
  for (const labelNode of nodes) {
    // Only text labels a field: a tab, button or link near a field is a control of its own.
    if (fields.includes(labelNode) || !labelRoles.has(labelNode.role)) continue;
    const text = scoreText(query.text, labelNode.name);
    if (text === undefined || text.score <= bestByName) continue;
    const field = nearestField(labelNode.box, fields);
    // A group's legend ("Visit type" over its radios) names the group, not a field after it.
    const legendOf = labelNode.parent === undefined ? undefined : holders.byRef(labelNode.parent);
    const legend =
      legendOf !== undefined &&
      (legendOf.role === 'group' || legendOf.role === 'radiogroup') &&
      normalizeText(legendOf.name) === normalizeText(labelNode.name);
    if (legend && field !== undefined && !holders.ancestors(field.ref).includes(legendOf.ref)) continue;
    if (field !== undefined) {
      candidates.push(candidateFor(field, text.score * LABEL_FACTOR, hint, viewport, 'label', labelNode.name));
    }
  }
  return strongestPerNode(candidates);
}

/**
 * The part of each tree item's box that is its own: above the first control nested in it that
 * starts lower down. An expanded tree item's box spans its children (ARIA puts the group of
 * children inside the item), so its centre is a child's row ("src" open on "components", "pages",
 * "utils"). Other nodes keep their box: a holder's box is where its contents are looked for.
 */
function ownBoxes(nodes: readonly AccessibilityNode[]): (node: AccessibilityNode) => Box {
  if (!nodes.some((node) => node.role === 'treeitem')) return (node) => node.box;
  const byRef = new Map(nodes.map((node) => [node.ref, node]));
  const nestedTop = new Map<string, number>();
  for (const node of nodes) {
    if (!interactiveRoles.has(node.role)) continue;
    for (let parent = byRef.get(node.parent ?? ''); parent !== undefined; parent = byRef.get(parent.parent ?? '')) {
      if (parent.role !== 'treeitem' || node.box.y <= parent.box.y + NESTED_BELOW) continue;
      nestedTop.set(parent.ref, Math.min(nestedTop.get(parent.ref) ?? Infinity, node.box.y));
    }
  }
  return (node) => {
    const top = nestedTop.get(node.ref);
    if (top === undefined || top - node.box.y < MIN_OWN_HEIGHT) return node.box;
    return { ...node.box, height: top - node.box.y };
  };
}

/** A nested control this far below its holder's top starts a part that is not the holder's own. */
const NESTED_BELOW = 4;
/** The least height a holder's own part may have to be clicked in. */
const MIN_OWN_HEIGHT = 8;

/** A field reached through several labels is one candidate, with its best score. */
function strongestPerNode(candidates: readonly TargetCandidate[]): TargetCandidate[] {
  const byRef = new Map<string, TargetCandidate>();
  for (const candidate of candidates) {
    const key = candidate.node?.ref ?? `${candidate.box.x},${candidate.box.y}`;
    const existing = byRef.get(key);
    if (existing === undefined || candidate.score > existing.score) byRef.set(key, candidate);
  }
  return [...byRef.values()];
}
