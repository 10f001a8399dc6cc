import type { PlanGraph, PlanGraphNode } from '@sandpiper/core/projection';

/** One version's row in the drawn graph. */
export interface GraphRow {
  readonly node: PlanGraphNode;
  /** Row index from the top, 0 for the oldest version. */
  readonly row: number;
  /** Column of the node's dot, 0 for the leftmost lane. */
  readonly lane: number;
  /** Row and lane of the parent's dot; absent for a root. */
  readonly parent?: { readonly row: number; readonly lane: number };
}

export interface GraphLayout {
  readonly rows: readonly GraphRow[];
  /** Lanes in use, at least 1. */
  readonly laneCount: number;
}

/**
 * Lanes like a git graph: one child of each version (its heir) continues the parent's lane, and
 * every other child opens a side branch in the lowest free lane. The heir is the child that was
 * approved (locked or superseded), or else the newest one still awaiting a decision; a rejected
 * child is never the heir, so rejected proposals always branch off and the approved line stays
 * straight.
 */
export function layoutVersionGraph(graph: PlanGraph): GraphLayout {
  const children = new Map<string, PlanGraphNode[]>();
  for (const edge of graph.edges) {
    const child = graph.nodes.find((node) => node.id === edge.to);
    if (child) children.set(edge.from, [...(children.get(edge.from) ?? []), child]);
  }
  const heirOf = (id: string): string | undefined => {
    const kids = children.get(id) ?? [];
    const approved = kids.filter((kid) => kid.state === 'locked' || kid.state === 'superseded');
    const open = kids.filter((kid) => kid.state === 'proposal' || kid.state === 'draft');
    return (approved.length > 0 ? approved : open).reduce<PlanGraphNode | undefined>(
      (best, kid) => (best === undefined || kid.number > best.number ? kid : best),
      undefined,
    )?.id;
  };
  const placed = new Map<string, { row: number; lane: number }>();
  // A lane stays reserved while the version at its end still has its heir to come.
  const reserved = new Map<number, string>();
  const rows: GraphRow[] = [];
  let laneCount = 1;
  for (const [row, node] of graph.nodes.entries()) {
    const parent = node.parentId === undefined ? undefined : placed.get(node.parentId);
    let lane: number | undefined;
    if (parent && reserved.get(parent.lane) === node.id) lane = parent.lane;
    if (lane === undefined) {
      // Not the heir: branch off to the right of the parent (or start a root in the first free lane).
      lane = parent ? parent.lane + 1 : 0;
      while (reserved.has(lane)) lane += 1;
    }
    const heir = heirOf(node.id);
    if (heir === undefined) reserved.delete(lane);
    else reserved.set(lane, heir);
    placed.set(node.id, { row, lane });
    laneCount = Math.max(laneCount, lane + 1);
    rows.push({ node, row, lane, ...(parent ? { parent } : {}) });
  }
  return { rows, laneCount };
}
