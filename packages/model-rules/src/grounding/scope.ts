/**
 * Narrowing targets by what holds them and by position: "the Delete button in the row of
 * 'Boiler-02'", "the Cancel button in the dialog", "the third link". Works on the snapshot's
 * `parent` links when the environment gives them, on geometry when it does not. Pure.
 */
import type { AccessibilityNode, Box, TargetRef } from '@sandpiper/protocol';
import { boxCentre } from '../evidence/geometry.js';
import type { TargetCandidate } from './candidates.js';
import { normalizeText, reaches, scoreText, withoutItemNoun } from './text-score.js';

/** A snapshot indexed for walking up from a node and reading the text under one. */
export interface NodeTree {
  readonly nodes: readonly AccessibilityNode[];
  /** Document order of each ref. */
  readonly order: ReadonlyMap<string, number>;
  /** Refs from the node's holder up to the top (not the node itself). */
  ancestors(ref: string): readonly string[];
  /** The node's own name and the names of everything under it, in order. */
  textUnder(ref: string): string;
  byRef(ref: string): AccessibilityNode | undefined;
  /** Whether the snapshot has `parent` links at all. */
  readonly structured: boolean;
}

const trees = new WeakMap<readonly AccessibilityNode[], NodeTree>();

export function nodeTree(nodes: readonly AccessibilityNode[]): NodeTree {
  const cached = trees.get(nodes);
  if (cached !== undefined) return cached;
  const byRef = new Map(nodes.map((node) => [node.ref, node]));
  const order = new Map(nodes.map((node, index) => [node.ref, index]));
  const children = new Map<string, AccessibilityNode[]>();
  for (const node of nodes) {
    if (node.parent === undefined) continue;
    const list = children.get(node.parent) ?? [];
    list.push(node);
    children.set(node.parent, list);
  }
  const ancestorCache = new Map<string, readonly string[]>();
  const textCache = new Map<string, string>();
  const tree: NodeTree = {
    nodes,
    order,
    structured: nodes.some((node) => node.parent !== undefined),
    byRef: (ref) => byRef.get(ref),
    ancestors(ref) {
      const known = ancestorCache.get(ref);
      if (known !== undefined) return known;
      const chain: string[] = [];
      const seen = new Set<string>([ref]);
      let current = byRef.get(ref)?.parent;
      while (current !== undefined && !seen.has(current)) {
        chain.push(current);
        seen.add(current);
        current = byRef.get(current)?.parent;
      }
      ancestorCache.set(ref, chain);
      return chain;
    },
    textUnder(ref) {
      const known = textCache.get(ref);
      if (known !== undefined) return known;
      const parts: string[] = [];
      const walk = (node: AccessibilityNode, depth: number): void => {
        if (node.name !== '') parts.push(node.name);
        if (node.value !== undefined && node.value !== '') parts.push(node.value);
        if (depth > 40) return;
        for (const child of children.get(node.ref) ?? []) walk(child, depth + 1);
      };
      const node = byRef.get(ref);
      if (node !== undefined) walk(node, 0);
      const text = parts.join(' ');
      textCache.set(ref, text);
      return text;
    },
  };
  trees.set(nodes, tree);
  return tree;
}

/**
 * Drop candidates that match only part of the words asked for when the rest names another tab:
 * "the kitchen lights" is not the living room's "Lights" switch while a "Kitchen" tab is not
 * selected. A candidate whose holders carry the other words stays ("Lights" in the "Kitchen"
 * panel), and so does every candidate when no other tab carries them (they only describe).
 */
export function dropMisplaced(
  tree: NodeTree,
  candidates: readonly TargetCandidate[],
  query: string,
): TargetCandidate[] {
  const asked = words(query);
  if (asked.length < 2 || !tree.structured) return [...candidates];
  return candidates.filter((candidate) => {
    const own = new Set(words(candidate.label));
    const rest = asked.filter((word) => !own.has(word));
    if (rest.length === 0 || rest.length === asked.length) return true;
    const ref = candidate.node?.ref;
    if (ref === undefined) return true;
    const holders = tree.ancestors(ref).map((holder) => words(tree.byRef(holder)?.name ?? ''));
    if (rest.every((word) => holders.some((names) => names.includes(word)))) return true;
    // Another tab that carries the other words: the target is in that tab's panel, not this one.
    const elsewhere = tree.nodes.some(
      (node) => node.role === 'tab' && node.selected !== true && rest.every((word) => words(node.name).includes(word)),
    );
    return !elsewhere;
  });
}

function words(text: string): string[] {
  return normalizeText(text)
    .split(' ')
    .filter((word) => word.length > 2);
}

/** Roles that can be the holder a phrase names ("the row", "the dialog", "the card"). */
const holderRoleFits: Readonly<Record<string, readonly string[]>> = {
  row: ['row'],
  cell: ['cell', 'gridcell'],
  dialog: ['dialog', 'alertdialog'],
  section: [
    'region',
    'group',
    'tabpanel',
    'form',
    'article',
    'search',
    'navigation',
    'complementary',
    'banner',
    'main',
    'contentinfo',
  ],
  list: ['list', 'listbox', 'tree', 'grid', 'table', 'treegrid', 'feed', 'menu'],
  listbox: ['listbox'],
  menu: ['menu', 'menubar', 'listbox'],
  notice: ['status', 'alert', 'alertdialog'],
  page: ['main'],
  item: ['listitem', 'option', 'treeitem', 'menuitem', 'row', 'article'],
  treeitem: ['treeitem'],
  card: ['article', 'listitem', 'row', 'group', 'region', 'generic', 'gridcell', 'cell'],
};

/** How well a text names a holder: by its own name or the text under it. */
function holderScore(tree: NodeTree, node: AccessibilityNode, name: string): number {
  const own = node.name === '' ? 0 : (scoreText(name, node.name)?.score ?? 0);
  const under = scoreText(name, tree.textUnder(node.ref));
  const contained = reaches(under, 'contains') ? 0.8 : 0;
  return Math.max(own, contained);
}

function inside(inner: Box, outer: Box, slack = 2): boolean {
  const point = boxCentre(inner);
  return (
    point.x >= outer.x - slack &&
    point.x <= outer.x + outer.width + slack &&
    point.y >= outer.y - slack &&
    point.y <= outer.y + outer.height + slack
  );
}

/**
 * Nodes whose text matches the holder's name best (the anchors a target should sit near). When
 * the holder is itself named inside another (`outer`), the best are picked among the nodes that
 * lie there: "the invoice in March 2024" is the line "Invoice March 2024", not the "Invoices"
 * heading above every year, however much better that heading reads as "invoice".
 */
function anchorsFor(tree: NodeTree, name: string, outer?: TargetRef): AccessibilityNode[] {
  const placed = (found: readonly ScoredNode[]): ScoredNode[] => {
    if (outer === undefined || found.length === 0) return [...found];
    const kept = new Set(
      anchorsWithin(
        tree,
        found.map((entry) => entry.node),
        outer,
      ),
    );
    return found.filter((entry) => kept.has(entry.node));
  };
  let found = placed(namedNodes(tree, name));
  const shorter = found.length === 0 ? withoutItemNoun(name) : undefined;
  if (shorter !== undefined) found = placed(namedNodes(tree, shorter));
  if (found.length === 0) return [];
  const best = Math.max(...found.map((entry) => entry.score));
  return found.filter((entry) => entry.score >= best - 0.1).map((entry) => entry.node);
}

/** The anchors that lie in `holder` (none when it is named and nothing on screen is it). */
function anchorsWithin(
  tree: NodeTree,
  anchors: readonly AccessibilityNode[],
  holder: TargetRef | undefined,
): readonly AccessibilityNode[] {
  if (holder === undefined || anchors.length === 0) return anchors;
  const asCandidates = anchors.map((node): TargetCandidate => ({
    label: node.name,
    role: node.role,
    box: node.box,
    score: 1,
    rank: 2,
    inViewport: true,
    disabled: false,
    node,
    via: 'name',
  }));
  const kept = new Set(scopeCandidates(tree, asCandidates, holder).candidates.map((candidate) => candidate.node));
  const outer = holder.name === undefined || !tree.structured ? [] : anchorsFor(tree, holder.name, holder.within);
  return anchors.filter(
    (node) => kept.has(node) && (outer.length === 0 || outer.some((at) => ownItem(tree, node, at))),
  );
}

/**
 * Whether `node` belongs to the item `anchor` heads, not to a neighbour of the same kind: no
 * other node with the anchor's role (another question's header, another row's name cell) shares a
 * closer holder with it. "'Was this helpful?' in 'How long does a refund take?'" is not the one
 * shown under the open "What payment methods…" question, however close the two questions sit.
 * Nodes inside `node` or around it are its own parts and holders, never neighbours. A heading
 * heads what follows it up to the next heading beside it, as in a page of questions whose answers
 * sit flat between them.
 */
function ownItem(tree: NodeTree, node: AccessibilityNode, anchor: AccessibilityNode): boolean {
  const depth = sharedDepth(tree, node.ref, anchor.ref);
  const around = new Set(tree.ancestors(node.ref));
  // Inside the anchor, or inside the item the anchor is the label of (the text "docs" of the
  // folder "docs"): its own, however many items of its kind sit beside it in there.
  const parent = tree.byRef(tree.ancestors(anchor.ref)[0] ?? '');
  const labelled = parent !== undefined && normalizeText(parent.name) === normalizeText(anchor.name);
  if (around.has(anchor.ref) || (labelled && around.has(parent.ref))) return true;
  if (!inSection(tree, node, anchor)) return false;
  return !tree.nodes.some(
    (peer) =>
      peer.role === anchor.role &&
      peer.ref !== anchor.ref &&
      peer.ref !== node.ref &&
      peer.name !== anchor.name &&
      !around.has(peer.ref) &&
      !tree.ancestors(peer.ref).includes(node.ref) &&
      sharedDepth(tree, node.ref, peer.ref) > depth,
  );
}

interface ScoredNode {
  readonly node: AccessibilityNode;
  readonly score: number;
}

/** Every named node whose name reads as `name` well enough to be what a holder is named by. */
function namedNodes(tree: NodeTree, name: string): ScoredNode[] {
  return tree.nodes
    .filter((node) => node.role !== 'generic' && node.name !== '')
    .map((node) => ({ node, score: scoreText(name, node.name)?.score ?? 0 }))
    .filter((entry) => entry.score >= 0.7);
}

/**
 * Whether `node` is in the section the anchor's heading (the anchor, or the heading it sits in)
 * starts: the last heading beside that one before `node` is that one. True when the anchor is in
 * no heading, or `node` is not among what the heading's holder holds.
 */
function inSection(tree: NodeTree, node: AccessibilityNode, anchor: AccessibilityNode): boolean {
  const heading =
    anchor.role === 'heading'
      ? anchor
      : tree
          .ancestors(anchor.ref)
          .map((ref) => tree.byRef(ref))
          .find((holder) => holder?.role === 'heading');
  if (heading === undefined) return true;
  const parent = tree.ancestors(heading.ref)[0];
  if (parent === undefined || !tree.ancestors(node.ref).includes(parent)) return true;
  const at = (ref: string) => tree.order.get(ref) ?? -1;
  const before = tree.nodes.filter(
    (other) => other.role === 'heading' && tree.ancestors(other.ref)[0] === parent && at(other.ref) < at(node.ref),
  );
  return before.at(-1)?.ref === heading.ref;
}

/** Depth (from the top) of the nearest node holding both; 0 when they share none. */
function sharedDepth(tree: NodeTree, first: string, second: string): number {
  const up = [first, ...tree.ancestors(first)];
  const other = new Set([second, ...tree.ancestors(second)]);
  for (const ref of up) if (other.has(ref)) return tree.ancestors(ref).length + 1;
  return 0;
}

/** The nearest node holding both (either may be it). */
function sharedHolder(tree: NodeTree, first: string, second: string): string | undefined {
  const other = new Set([second, ...tree.ancestors(second)]);
  return [first, ...tree.ancestors(first)].find((ref) => other.has(ref));
}

/** The outcome of narrowing: candidates kept, and whether they are tied between different holders. */
export interface Scoped {
  readonly candidates: readonly TargetCandidate[];
  /** Descriptions of the different holders the best candidates sit in, when more than one. */
  readonly rivals: readonly string[];
}

/**
 * Keep the candidates inside what `within` names. A holder kind (dialog, section, list, menu,
 * row...) keeps candidates under a node of that kind whose name or text matches; a holder named
 * only by text keeps the candidates sharing the deepest holder with that text (the button in
 * the same row or card as "Boiler-02"), or, without structure, the nearest ones to it.
 */
export function scopeCandidates(
  tree: NodeTree,
  candidates: readonly TargetCandidate[],
  within: TargetRef,
  counting = false,
): Scoped {
  if (candidates.length === 0) return { candidates, rivals: [] };
  const fits = within.role === undefined ? undefined : holderRoleFits[within.role];
  // A holder picked by position: "the title of the third result", "the Delete button in the last row".
  if (fits !== undefined && within.ordinal !== undefined) {
    const holder = nthHolder(tree, fits, within);
    if (holder === undefined) return { candidates: [], rivals: [] };
    const kept = candidates.filter((candidate) => {
      const ref = candidate.node?.ref;
      if (ref !== undefined && tree.structured) return tree.ancestors(ref).includes(holder.ref);
      return inside(candidate.box, holder.box);
    });
    return { candidates: kept, rivals: [] };
  }
  // A named holder of a kind: "the dialog", "the 'Billing' section", "the row of Boiler-02".
  if (fits !== undefined && within.role !== 'card' && within.role !== 'item' && within.role !== 'row') {
    let holders = tree.nodes.filter((node) => fits.includes(node.role));
    if (within.name !== undefined) {
      const scored = holders
        .map((node) => ({ node, score: holderScore(tree, node, within.name!) }))
        .filter((entry) => entry.score >= 0.7);
      const best = Math.max(0, ...scored.map((entry) => entry.score));
      holders = scored.filter((entry) => entry.score >= best - 0.05).map((entry) => entry.node);
    }
    if (within.role === 'dialog' && holders.length === 0) return { candidates: [], rivals: [] };
    if (holders.length > 0) {
      const refs = new Set(holders.map((node) => node.ref));
      const kept = candidates.filter((candidate) => {
        const ref = candidate.node?.ref;
        if (ref !== undefined && tree.structured) return tree.ancestors(ref).some((ancestor) => refs.has(ancestor));
        return holders.some((holder) => inside(candidate.box, holder.box));
      });
      return { candidates: kept, rivals: [] };
    }
    if (within.name === undefined) return { candidates: [], rivals: [] };
  }
  if (within.name === undefined) return { candidates, rivals: [] };
  // A holder named by what it shows: relate each candidate to the text. Text named inside
  // something else ("the readings from sensor T-09") counts only where that holds it too.
  // The innermost places that show the text: a region whose name gathers all it holds ("Feed
  // Dana Whitfield @dana …") is no second place beside the card inside it.
  const found = anchorsFor(tree, within.name, within.within);
  const anchors = tree.structured
    ? found.filter(
        (anchor) => !found.some((other) => other !== anchor && tree.ancestors(other.ref).includes(anchor.ref)),
      )
    : found;
  const ownName = candidates.filter(
    (candidate) =>
      scoreText(within.name!, candidate.label)?.tier !== undefined &&
      (scoreText(within.name!, candidate.label)?.score ?? 0) >= 0.7,
  );
  if (
    ownName.length > 0 &&
    anchors.every((anchor) => ownName.some((candidate) => candidate.node?.ref === anchor.ref))
  ) {
    // "Remove Mei Lin": the control carries the name itself.
    return { candidates: ownName, rivals: [] };
  }
  if (anchors.length === 0) return { candidates: [], rivals: [] };
  // "the lights in the kitchen" with Kitchen a tab: what a tab holds shows in a tab panel while
  // that tab is selected, never beside the tab; with it not selected, nothing shown is in it.
  if (tree.structured && anchors.every((anchor) => anchor.role === 'tab')) {
    if (!anchors.some((anchor) => anchor.selected === true)) return { candidates: [], rivals: [] };
    const panels = tree.nodes.filter((node) => node.role === 'tabpanel').map((node) => node.ref);
    const kept = candidates.filter((candidate) =>
      tree.ancestors(candidate.node?.ref ?? '').some((ref) => panels.includes(ref)),
    );
    return { candidates: kept, rivals: [] };
  }
  // "The second card on the board" with 'board' only in one card's text ("Kanban board"): text
  // inside one of the items counted holds none of them, so no item is in that place.
  if (counting && anchors.every((anchor) => insideSome(tree, anchor, candidates)))
    return { candidates: [], rivals: [] };
  const related = candidates.map((candidate) => {
    const ref = candidate.node?.ref;
    let depth = 0;
    let anchorRef: string | undefined;
    let distance = Infinity;
    for (const anchor of anchors) {
      const shared = ref !== undefined && tree.structured ? sharedDepth(tree, ref, anchor.ref) : 0;
      const gap = Math.hypot(
        boxCentre(candidate.box).x - boxCentre(anchor.box).x,
        (boxCentre(candidate.box).y - boxCentre(anchor.box).y) * 3,
      );
      if (shared > depth || (shared === depth && gap < distance)) {
        depth = shared;
        anchorRef = anchor.ref;
        distance = gap;
      }
    }
    return { candidate, depth, anchorRef, distance };
  });
  const deepest = Math.max(...related.map((entry) => entry.depth));
  // With structure, a candidate that shares no holder at all with the text is not in its place
  // (the "Archive" folder of a sidebar is not the Archive button of a message in the list).
  if (deepest === 0 && tree.structured) return { candidates: [], rivals: [] };
  let best = related.filter((entry) => entry.depth === deepest);
  if (deepest === 0 || !tree.structured) {
    const nearest = Math.min(...best.map((entry) => entry.distance));
    best = best.filter((entry) => entry.distance <= nearest * 1.25 + 8);
  } else {
    // Those holders must not also hold another anchor-like match for a different thing: the
    // shared holder of a candidate and its anchor is what "of Boiler-02" names.
    const nearest = Math.min(...best.map((entry) => entry.distance));
    best = best.filter((entry) => entry.distance <= Math.max(nearest * 3, nearest + 200));
  }
  // Places are the holders a candidate shares with its text: two texts of one item (a post's
  // avatar and its author's name) are one place, not two.
  const place = (entry: (typeof best)[number]): string | undefined => {
    const ref = entry.candidate.node?.ref;
    if (ref === undefined || entry.anchorRef === undefined || !tree.structured) return entry.anchorRef;
    return sharedHolder(tree, ref, entry.anchorRef) ?? entry.anchorRef;
  };
  const holdersSeen = new Map<string | undefined, string | undefined>();
  for (const entry of best) if (!holdersSeen.has(place(entry))) holdersSeen.set(place(entry), entry.anchorRef);
  const rivals =
    holdersSeen.size > 1
      ? [...holdersSeen.values()].map((ref) => {
          const anchor = ref === undefined ? undefined : tree.byRef(ref);
          return anchor === undefined ? 'another place' : describeAnchor(tree, anchor);
        })
      : [];
  return { candidates: best.map((entry) => entry.candidate), rivals };
}

/** Whether a node lies under one of the candidates (it is part of an item, not what holds the items). */
function insideSome(tree: NodeTree, node: AccessibilityNode, candidates: readonly TargetCandidate[]): boolean {
  if (!tree.structured) return false;
  const ups = new Set(tree.ancestors(node.ref));
  return candidates.some((candidate) => candidate.node !== undefined && ups.has(candidate.node.ref));
}

/** The holder of one of these roles at the ordinal's position among its peers (named ones only, when named). */
function nthHolder(tree: NodeTree, fits: readonly string[], within: TargetRef): AccessibilityNode | undefined {
  const holders = tree.nodes.filter(
    (node) =>
      fits.includes(node.role) &&
      node.role !== 'generic' &&
      (within.name === undefined || holderScore(tree, node, within.name) >= 0.7),
  );
  return nthPeer(tree, holders, within.ordinal!);
}

/** Among nodes, the nth (negative from the end) of the largest group sharing one holder, in document order. */
function nthPeer(tree: NodeTree, nodes: readonly AccessibilityNode[], ordinal: number): AccessibilityNode | undefined {
  const ordered = [...nodes].sort(
    (a, b) => (tree.order.get(a.ref) ?? 0) - (tree.order.get(b.ref) ?? 0) || a.box.y - b.box.y || a.box.x - b.box.x,
  );
  const peers = largestSiblingGroup(tree, ordered, (node) => node.parent);
  return ordinal > 0 ? peers[ordinal - 1] : peers[peers.length + ordinal];
}

/**
 * The largest group of items that share one holder, in the order given; ties go to the group
 * that comes first. Every item when the snapshot has no structure.
 */
function largestSiblingGroup<T>(tree: NodeTree, items: readonly T[], parentOf: (item: T) => string | undefined): T[] {
  if (!tree.structured) return [...items];
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = parentOf(item) ?? '';
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  let best: T[] = [];
  for (const group of groups.values()) if (group.length > best.length) best = group;
  return best;
}

/** "the row showing 'Ada Lovelace, Admin'": an anchor described by its holder's text for a question. */
function describeAnchor(tree: NodeTree, anchor: AccessibilityNode): string {
  const holder = tree
    .ancestors(anchor.ref)
    .map((ref) => tree.byRef(ref))
    .find((node) => node !== undefined && node.role !== 'generic');
  const text = (holder === undefined ? anchor.name : tree.textUnder(holder.ref)).replace(/\s+/g, ' ').trim();
  const clipped = text.length > 60 ? `${text.slice(0, 57)}…` : text;
  return holder === undefined ? `'${clipped}'` : `the ${holder.role === 'row' ? 'row' : 'part'} showing '${clipped}'`;
}

/** Candidates in reading order (document order when known, else top to bottom, left to right). */
export function readingOrder(tree: NodeTree | undefined, candidates: readonly TargetCandidate[]): TargetCandidate[] {
  return [...candidates].sort((first, second) => {
    const a = first.node?.ref === undefined ? undefined : tree?.order.get(first.node.ref);
    const b = second.node?.ref === undefined ? undefined : tree?.order.get(second.node.ref);
    if (a !== undefined && b !== undefined) return a - b;
    if (Math.abs(first.box.y - second.box.y) > 4) return first.box.y - second.box.y;
    return first.box.x - second.box.x;
  });
}

/**
 * The largest group of candidates that share one holder ("the third card" counts the result
 * cards side by side, not the results region that holds them all); every candidate when the
 * snapshot has no structure. Ties go to the group that comes first.
 */
export function peerCandidates(tree: NodeTree, candidates: readonly TargetCandidate[]): TargetCandidate[] {
  return largestSiblingGroup(tree, readingOrder(tree, candidates), (candidate) => candidate.node?.parent);
}

/** The nth candidate in reading order (negative from the end); undefined when there are not that many. */
export function nthCandidate(
  tree: NodeTree | undefined,
  candidates: readonly TargetCandidate[],
  ordinal: number,
): TargetCandidate | undefined {
  const ordered = readingOrder(tree, candidates);
  return ordinal > 0 ? ordered[ordinal - 1] : ordered[ordered.length + ordinal];
}

/** The column or row header a node is, or is a part of (its sort button), in the tree. */
export function headerOf(tree: NodeTree, node: AccessibilityNode | undefined): AccessibilityNode | undefined {
  if (node === undefined) return undefined;
  if (node.role === 'columnheader' || node.role === 'rowheader') return node;
  return tree
    .ancestors(node.ref)
    .map((ref) => tree.byRef(ref))
    .find((holder) => holder?.role === 'columnheader' || holder?.role === 'rowheader');
}

/**
 * The checkbox of the table or grid row that `node` is in, when that row has exactly one: the
 * control that adds the row to a selection ("select Forklift FL-3" in a grid of assets).
 */
export function rowCheckbox(
  nodes: readonly AccessibilityNode[],
  node: AccessibilityNode,
): AccessibilityNode | undefined {
  const tree = nodeTree(nodes);
  const row = [node.ref, ...tree.ancestors(node.ref)]
    .map((ref) => tree.byRef(ref))
    .find((holder) => holder?.role === 'row');
  if (row === undefined) return undefined;
  const boxes = nodes.filter(
    (candidate) => candidate.role === 'checkbox' && tree.ancestors(candidate.ref).includes(row.ref),
  );
  return boxes.length === 1 ? boxes[0] : undefined;
}

/**
 * What a table shows for one item in one column ("Compressor-B" under "Status"): the text of the
 * item's row that sits under the column's header. Rows and headers are matched by what they say,
 * and the cell by where it is, since a grid may not report its cells. Undefined unless exactly one
 * row holds the item and one header names the column.
 */
export function tableCellText(nodes: readonly AccessibilityNode[], item: string, column: string): string | undefined {
  const tree = nodeTree(nodes);
  const rows = nodes.filter(
    (node) => node.role === 'row' && reaches(scoreText(item, tree.textUnder(node.ref)), 'contains'),
  );
  const innermost = rows.filter(
    (row) => !rows.some((other) => other !== row && tree.ancestors(other.ref).includes(row.ref)),
  );
  const headers = nodes.filter(
    (node) => node.role === 'columnheader' && reaches(scoreText(column, node.name), 'same-words'),
  );
  if (innermost.length !== 1 || headers.length !== 1) return undefined;
  const [row, header] = [innermost[0]!, headers[0]!];
  const under = nodes.filter((node) => {
    if (!tree.ancestors(node.ref).includes(row.ref) || node.name.trim() === '') return false;
    const centre = node.box.x + node.box.width / 2;
    return (
      centre >= header.box.x && centre <= header.box.x + header.box.width && tree.textUnder(node.ref) === node.name
    );
  });
  const text = under
    .map((node) => node.name.trim())
    .join(' ')
    .trim();
  return text === '' ? undefined : text;
}
