/**
 * Targets placed by another element rather than held in it: "the field after Password", "the
 * box under 'Email'", "the checkbox next to 'Remember me'". Pure: reads one snapshot.
 */
import type { AccessibilityNode, TargetRef, TargetRelation } from '@sandpiper/protocol';
import { interactiveRoles } from '@sandpiper/protocol';
import type { TargetCandidate } from './candidates.js';
import type { NodeTree } from './scope.js';
import { scoreText } from './text-score.js';

/** Relations whose words only ever place ("after", "before", "above"), never hold. */
const ALWAYS_PLACED: ReadonlySet<TargetRelation> = new Set(['after', 'before', 'above']);

/**
 * The one candidate the relation points at, `[]` when the anchor is there but nothing stands in
 * that relation to it, or undefined when the relation does not apply: the anchor is not on
 * screen, or (for "under", "below", "next to", which also say what holds a thing: "the Delete
 * button under Boiler-02") it is a text or a holder rather than a control, so the words mean
 * "inside" as before.
 */
export function placedCandidates(
  tree: NodeTree,
  candidates: readonly TargetCandidate[],
  anchorRef: TargetRef,
  relation: TargetRelation,
): readonly TargetCandidate[] | undefined {
  const anchor = anchorFor(tree, anchorRef, candidates, relation);
  if (anchor === undefined) return ALWAYS_PLACED.has(relation) ? [] : undefined;
  if (!ALWAYS_PLACED.has(relation) && !interactiveRoles.has(anchor.role)) return undefined;
  const others = candidates.filter((candidate) => {
    const ref = candidate.node?.ref;
    return ref !== anchor.ref && (ref === undefined || !tree.ancestors(ref).includes(anchor.ref));
  });
  const chosen = pick(tree, others, anchor, relation);
  return chosen === undefined ? [] : [chosen];
}

/**
 * The element named: for an order or a direction, a control of the target's own kind first (the
 * Password field for "the field after Password"); beside, what is not a candidate itself first
 * (the text "Remember me" for "the checkbox next to Remember me", which may name the checkbox).
 */
function anchorFor(
  tree: NodeTree,
  anchorRef: TargetRef,
  candidates: readonly TargetCandidate[],
  relation: TargetRelation,
): AccessibilityNode | undefined {
  if (anchorRef.name === undefined) return undefined;
  const scored = tree.nodes
    .filter((node) => node.role !== 'generic' && node.name !== '')
    .map((node) => ({ node, score: scoreText(anchorRef.name!, node.name)?.score ?? 0 }))
    .filter((entry) => entry.score >= 0.7);
  if (scored.length === 0) return undefined;
  const best = Math.max(...scored.map((entry) => entry.score));
  const named = scored.filter((entry) => entry.score >= best - 0.1).map((entry) => entry.node);
  if (relation === 'beside') {
    const refs = new Set(candidates.map((candidate) => candidate.node?.ref));
    return named.find((node) => !refs.has(node.ref)) ?? named[0];
  }
  const kinds = new Set(candidates.map((candidate) => candidate.node?.role).filter((role) => role !== undefined));
  return (
    named.find((node) => kinds.has(node.role)) ?? named.find((node) => interactiveRoles.has(node.role)) ?? named[0]
  );
}

function pick(
  tree: NodeTree,
  candidates: readonly TargetCandidate[],
  anchor: AccessibilityNode,
  relation: TargetRelation,
): TargetCandidate | undefined {
  const at = tree.order.get(anchor.ref) ?? 0;
  const order = (candidate: TargetCandidate) => tree.order.get(candidate.node?.ref ?? '') ?? Number.NaN;
  const box = anchor.box;
  const middleY = (b: { y: number; height: number }) => b.y + b.height / 2;
  const middleX = (b: { x: number; width: number }) => b.x + b.width / 2;
  const nearest = (kept: readonly TargetCandidate[], distance: (candidate: TargetCandidate) => number) =>
    kept.reduce<TargetCandidate | undefined>(
      (best, candidate) => (best === undefined || distance(candidate) < distance(best) ? candidate : best),
      undefined,
    );
  switch (relation) {
    case 'after':
      return nearest(
        candidates.filter((candidate) => order(candidate) > at),
        (candidate) => order(candidate) - at,
      );
    case 'before':
      return nearest(
        candidates.filter((candidate) => order(candidate) < at),
        (candidate) => at - order(candidate),
      );
    case 'below':
      return nearest(
        candidates.filter((candidate) => middleY(candidate.box) > box.y + box.height),
        (candidate) => candidate.box.y - (box.y + box.height) + Math.abs(middleX(candidate.box) - middleX(box)) / 4,
      );
    case 'above':
      return nearest(
        candidates.filter((candidate) => middleY(candidate.box) < box.y),
        (candidate) =>
          box.y - (candidate.box.y + candidate.box.height) + Math.abs(middleX(candidate.box) - middleX(box)) / 4,
      );
    case 'beside':
      return nearest(
        candidates.filter(
          (candidate) =>
            Math.abs(middleY(candidate.box) - middleY(box)) <= Math.max(box.height, candidate.box.height) / 2,
        ),
        (candidate) => Math.abs(middleX(candidate.box) - middleX(box)),
      );
  }
}
