import type { PlanCause, PlanState, PlanVersion } from '@sandpiper/protocol';

/** One version in the provenance graph. */
export interface PlanGraphNode {
  readonly id: string;
  /** The version's number in its run. */
  readonly number: number;
  readonly cause: PlanCause;
  readonly state: PlanState;
  /** Why the version was made; absent when the version has none. */
  readonly rationale?: string;
  /** The version it revises; absent for a root. */
  readonly parentId?: string;
  /** Distance from the node's root: 0 for a root, 1 for its children, and so on. */
  readonly depth: number;
}

/** "`to` revises `from`", labelled with the cause of the revision. */
export interface PlanGraphEdge {
  /** Id of the parent version. */
  readonly from: string;
  /** Id of the child version. */
  readonly to: string;
  /** Why the child was made. */
  readonly cause: PlanCause;
}

/** How the versions of a run derive from each other; rejected proposals show as side branches. */
export interface PlanGraph {
  /** Every version, ordered by number (then id). */
  readonly nodes: readonly PlanGraphNode[];
  /** One edge per version whose parent is among the versions, in node order. */
  readonly edges: readonly PlanGraphEdge[];
  /** Ids of versions without a parent among the versions, in node order. */
  readonly roots: readonly string[];
}

/**
 * The provenance graph of `versions`. When an id occurs more than once the last occurrence wins,
 * since a version's state moves on over time (proposal, then locked, then superseded). A parent
 * that is not in the list makes its child a root; a cycle in malformed data is cut where found.
 */
export function planGraph(versions: readonly PlanVersion[]): PlanGraph {
  const byId = indexVersions(versions);
  const ordered = [...byId.values()].sort((a, b) => a.number - b.number || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const depths = new Map<string, number>();
  const depthOf = (version: PlanVersion): number => {
    const chain: PlanVersion[] = [];
    const onChain = new Set<string>();
    let cursor: PlanVersion | undefined = version;
    let base = -1;
    while (cursor !== undefined && !onChain.has(cursor.id)) {
      const known = depths.get(cursor.id);
      if (known !== undefined) {
        base = known;
        break;
      }
      chain.push(cursor);
      onChain.add(cursor.id);
      cursor = cursor.parentId === undefined ? undefined : byId.get(cursor.parentId);
    }
    for (const link of chain.reverse()) depths.set(link.id, (base += 1));
    return depths.get(version.id)!;
  };
  const nodes = ordered.map((version): PlanGraphNode => ({
    id: version.id,
    number: version.number,
    cause: version.cause,
    state: version.state,
    ...(version.rationale === undefined ? {} : { rationale: version.rationale }),
    ...(version.parentId === undefined ? {} : { parentId: version.parentId }),
    depth: depthOf(version),
  }));
  const edges: PlanGraphEdge[] = [];
  const roots: string[] = [];
  for (const version of ordered) {
    if (version.parentId !== undefined && byId.has(version.parentId)) {
      edges.push({ from: version.parentId, to: version.id, cause: version.cause });
    } else roots.push(version.id);
  }
  return { nodes, edges, roots };
}

/**
 * The version `id` followed by its parent, grandparent and so on up to its root; empty when `id`
 * is not among `versions`. Stops early at a parent that is missing or already listed.
 */
export function lineage(versions: readonly PlanVersion[], id: string): PlanVersion[] {
  const byId = indexVersions(versions);
  const chain: PlanVersion[] = [];
  const seen = new Set<string>();
  let cursor = byId.get(id);
  while (cursor !== undefined && !seen.has(cursor.id)) {
    chain.push(cursor);
    seen.add(cursor.id);
    cursor = cursor.parentId === undefined ? undefined : byId.get(cursor.parentId);
  }
  return chain;
}

function indexVersions(versions: readonly PlanVersion[]): Map<string, PlanVersion> {
  return new Map(versions.map((version) => [version.id, version]));
}
