import type { AccessibilityNode, Box } from '@sandpiper/protocol';
import type { CDPSession } from 'playwright-core';
import { selectSnapshotCandidates, type AxNode } from './accessibility-tree.js';

/** Where DOM nodes are on screen and what attributes they carry, looked up by backend node id. */
export interface PageLayout {
  /** Box in viewport CSS pixels; `undefined` when the node is not rendered. */
  box(backendNodeId: number): Box | undefined;
  attribute(backendNodeId: number, name: string): string | undefined;
}

/**
 * Capture an accessibility snapshot of the page behind `session`: roles, names and states as
 * Chromium computes them (`Accessibility.getFullAXTree`), each with the box it occupies in the
 * viewport. Nodes scrolled out of view keep their real (negative or beyond the viewport)
 * coordinates; unrendered and empty nodes are dropped. Covers the main frame only.
 *
 * Boxes and attributes come from a single `DOMSnapshot.captureSnapshot` rather than one
 * `DOM.getContentQuads` per node: the boxes are identical (transforms, fixed positioning, nested
 * scrolling and wrapped inline text included) and it is three times faster on a form of eighty
 * nodes (see bench/measure.ts).
 */
export async function captureAccessibilitySnapshot(session: CDPSession): Promise<AccessibilityNode[]> {
  const [tree, capture] = await Promise.all([
    session.send('Accessibility.getFullAXTree', {}),
    session.send('DOMSnapshot.captureSnapshot', { computedStyles: [] }),
  ]);
  return buildAccessibilitySnapshot(tree.nodes as readonly AxNode[], layoutFromDomSnapshot(capture));
}

/** Join the chosen accessibility nodes with their boxes, dropping those that have none. */
export function buildAccessibilitySnapshot(nodes: readonly AxNode[], layout: PageLayout): AccessibilityNode[] {
  const snapshot: AccessibilityNode[] = [];
  // Candidate index → ref of the node reported for it; a dropped holder passes its holder on.
  const refs: (string | undefined)[] = [];
  const candidates = selectSnapshotCandidates(nodes);
  for (const [index, candidate] of candidates.entries()) {
    const { backendNodeIds, needsSortAttribute, options, parentIndex, ...fields } = candidate;
    const parent = parentIndex === undefined ? undefined : refs[parentIndex];
    const box = unite(backendNodeIds.map((id) => layout.box(id)));
    // One-pixel boxes are the visually-hidden pattern for screen-reader-only text: nothing to see or click.
    if (box === undefined || box.width <= 1 || box.height <= 1) {
      refs[index] = parent;
      continue;
    }
    const first = backendNodeIds[0];
    const sort = needsSortAttribute && first !== undefined ? layout.attribute(first, 'aria-sort') : undefined;
    const placeholder =
      isField(fields.role) && first !== undefined ? layout.attribute(first, 'placeholder') : undefined;
    const typed =
      isField(fields.role) && first !== undefined ? layout.attribute(first, 'type')?.toLowerCase() : undefined;
    const inputType = fields.inputType ?? (typed !== undefined && TELLING_TYPES.has(typed) ? typed : undefined);
    const ref = `n${snapshot.length + 1}`;
    refs[index] = ref;
    snapshot.push({
      ref,
      ...fields,
      ...(options === undefined ? {} : { options: [...options] }),
      ...(sort === undefined || sort === '' || sort === 'none' ? {} : { value: sort }),
      ...(placeholder === undefined || placeholder.trim() === '' ? {} : { placeholder: placeholder.trim() }),
      ...(inputType === undefined ? {} : { inputType }),
      ...(parent === undefined ? {} : { parent }),
      box,
    });
  }
  return snapshot;
}

/** Input types that say how a field takes its value. */
const TELLING_TYPES = new Set([
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
  'email',
  'number',
  'password',
  'tel',
  'url',
  'range',
]);

function isField(role: string): boolean {
  return role === 'textbox' || role === 'searchbox' || role === 'combobox' || role === 'spinbutton';
}

/** The parts of a CDP `DOMSnapshot.captureSnapshot` result this module reads. */
interface DomSnapshotCapture {
  readonly documents: readonly {
    readonly nodes: {
      readonly backendNodeId?: readonly number[];
      readonly attributes?: readonly (readonly number[])[];
    };
    readonly layout: { readonly nodeIndex: readonly number[]; readonly bounds: readonly (readonly number[])[] };
    readonly scrollOffsetX?: number;
    readonly scrollOffsetY?: number;
  }[];
  readonly strings: readonly string[];
}

/**
 * Index the main document of a DOM snapshot. Its layout bounds are in document coordinates, so the
 * document's scroll offset is subtracted to get viewport coordinates.
 */
export function layoutFromDomSnapshot(capture: DomSnapshotCapture): PageLayout {
  const document = capture.documents[0];
  const boxes = new Map<number, Box>();
  const nodeIndexById = new Map<number, number>();
  if (document !== undefined) {
    const backendIds = document.nodes.backendNodeId ?? [];
    backendIds.forEach((id, index) => nodeIndexById.set(id, index));
    const scrollX = document.scrollOffsetX ?? 0;
    const scrollY = document.scrollOffsetY ?? 0;
    document.layout.nodeIndex.forEach((nodeIndex, layoutIndex) => {
      const id = backendIds[nodeIndex];
      const [x = 0, y = 0, width = 0, height = 0] = document.layout.bounds[layoutIndex] ?? [];
      if (id === undefined) return;
      // One node can own several layout objects (a text node split by a line break); unite them.
      const box = unite([boxes.get(id), { x: x - scrollX, y: y - scrollY, width, height }]);
      if (box !== undefined) boxes.set(id, box);
    });
  }
  return {
    box: (id) => boxes.get(id),
    attribute: (id, name) => {
      const index = nodeIndexById.get(id);
      const pairs = index === undefined ? undefined : document?.nodes.attributes?.[index];
      if (pairs === undefined) return undefined;
      for (let at = 0; at + 1 < pairs.length; at += 2) {
        if (capture.strings[pairs[at]!] === name) return capture.strings[pairs[at + 1]!];
      }
      return undefined;
    },
  };
}

/** The smallest box holding every non-empty box given; `undefined` when none has an area. */
export function unite(boxes: readonly (Box | undefined)[]): Box | undefined {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const box of boxes) {
    if (box === undefined || box.width <= 0 || box.height <= 0) continue;
    left = Math.min(left, box.x);
    top = Math.min(top, box.y);
    right = Math.max(right, box.x + box.width);
    bottom = Math.max(bottom, box.y + box.height);
  }
  if (left === Infinity) return undefined;
  return { x: round(left), y: round(top), width: round(right - left), height: round(bottom - top) };
}

/** Quarter-pixel precision keeps snapshots compact without moving a click off its target. */
function round(value: number): number {
  return Math.round(value * 4) / 4;
}
