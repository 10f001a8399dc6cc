/**
 * Grouping of set pixels in a mask into regions. Pixels are first clustered run by run: a
 * row's stretches of set pixels closer than the merge distance become one span, and each span
 * joins the spans of the rows just above that come within the distance (with distance 0 this
 * is plain 8-connectivity). Working on spans keeps the cost near one pass over the mask, and
 * clustering specks at pixel level first keeps the rectangle merging that follows small even
 * when a change is a field of thousands of dots.
 */

/** A group of pixels and the half-open rectangle around them, in mask pixels. */
export interface PixelGroup {
  /** First column. */
  left: number;
  /** First row. */
  top: number;
  /** One past the last column. */
  right: number;
  /** One past the last row. */
  bottom: number;
  /** Set pixels in the group. */
  pixels: number;
}

class DisjointSets {
  private readonly parents: number[] = [];

  add(): number {
    this.parents.push(this.parents.length);
    return this.parents.length - 1;
  }

  find(item: number): number {
    let root = item;
    while (this.parents[root] !== root) root = this.parents[root] ?? root;
    let current = item;
    while (current !== root) {
      const next = this.parents[current] ?? root;
      this.parents[current] = root;
      current = next;
    }
    return root;
  }

  union(first: number, second: number): void {
    const a = this.find(first);
    const b = this.find(second);
    if (a !== b) this.parents[Math.max(a, b)] = Math.min(a, b);
  }
}

/**
 * Cluster the non-zero bytes of a row-major `width × height` mask: two set pixels share a
 * cluster when at most `distance` empty pixels separate them horizontally and vertically
 * (Chebyshev), directly or through other set pixels. Distance 0 gives the 8-connected groups.
 */
export function clusterPixels(mask: Uint8Array, width: number, height: number, distance: number): PixelGroup[] {
  const sets = new DisjointSets();
  const spanStart: number[] = [];
  const spanEnd: number[] = [];
  const spanPixels: number[] = [];
  const rowFirst = new Int32Array(height + 1);
  for (let y = 0; y < height; y += 1) {
    rowFirst[y] = spanStart.length;
    const rowOffset = y * width;
    let x = 0;
    while (x < width) {
      if (mask[rowOffset + x] === 0) {
        x += 1;
        continue;
      }
      const start = x;
      let pixels = 0;
      let lastSet = x;
      // Extend the span over gaps of at most `distance` empty pixels.
      while (x < width && x - lastSet - 1 <= distance) {
        if (mask[rowOffset + x] !== 0) {
          pixels += 1;
          lastSet = x;
        }
        x += 1;
      }
      const span = sets.add();
      spanStart.push(start);
      spanEnd.push(lastSet + 1);
      spanPixels.push(pixels);
      x = lastSet + 1;
      joinRowsAbove(sets, span, y, distance, rowFirst, spanStart, spanEnd);
    }
  }
  rowFirst[height] = spanStart.length;
  const byRoot = new Map<number, PixelGroup>();
  for (let y = 0; y < height; y += 1) {
    for (let span = rowFirst[y] ?? 0; span < (rowFirst[y + 1] ?? 0); span += 1) {
      const root = sets.find(span);
      const start = spanStart[span] ?? 0;
      const end = spanEnd[span] ?? 0;
      const pixels = spanPixels[span] ?? 0;
      const group = byRoot.get(root);
      if (group === undefined) {
        byRoot.set(root, { left: start, top: y, right: end, bottom: y + 1, pixels });
      } else {
        group.left = Math.min(group.left, start);
        group.right = Math.max(group.right, end);
        group.bottom = y + 1;
        group.pixels += pixels;
      }
    }
  }
  return [...byRoot.values()];
}

/** Join `span` (in row `y`) with every span of the `distance + 1` rows above that comes within `distance` pixels. */
function joinRowsAbove(
  sets: DisjointSets,
  span: number,
  y: number,
  distance: number,
  rowFirst: Int32Array,
  spanStart: readonly number[],
  spanEnd: readonly number[],
): void {
  const start = spanStart[span] ?? 0;
  const end = spanEnd[span] ?? 0;
  for (let above = Math.max(0, y - distance - 1); above < y; above += 1) {
    const last = rowFirst[above + 1] ?? 0;
    // Spans of a row are ordered by position: skip those ending too far left, stop past the right.
    let low = rowFirst[above] ?? 0;
    let high = last;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((spanEnd[middle] ?? 0) + distance < start) low = middle + 1;
      else high = middle;
    }
    for (let candidate = low; candidate < last && (spanStart[candidate] ?? 0) <= end + distance; candidate += 1) {
      sets.union(span, candidate);
    }
  }
}

/** Empty pixels between two rectangles along the axis where they are farthest apart; negative when they overlap. */
export function gapBetween(first: PixelGroup, second: PixelGroup): number {
  const horizontal = Math.max(first.left, second.left) - Math.min(first.right, second.right);
  const vertical = Math.max(first.top, second.top) - Math.min(first.bottom, second.bottom);
  return Math.max(horizontal, vertical);
}

/**
 * Merge groups whose rectangles are at most `distance` empty pixels apart, repeating until no
 * two are that close (a merged rectangle can reach a group neither part reached). Groups are swept
 * in order of their left edge so each is compared only with those that could be near it.
 */
export function mergeNearbyGroups(groups: readonly PixelGroup[], distance: number): PixelGroup[] {
  let current = groups.map((group) => ({ ...group }));
  for (;;) {
    current.sort((first, second) => first.left - second.left);
    const sets = new DisjointSets();
    for (let index = 0; index < current.length; index += 1) sets.add();
    let merged = false;
    for (let index = 0; index < current.length; index += 1) {
      const group = current[index];
      if (group === undefined) continue;
      for (let other = index + 1; other < current.length; other += 1) {
        const candidate = current[other];
        if (candidate === undefined || candidate.left - group.right > distance) break;
        if (gapBetween(group, candidate) <= distance) {
          sets.union(index, other);
          merged = true;
        }
      }
    }
    if (!merged) return current;
    const byRoot = new Map<number, PixelGroup>();
    current.forEach((group, index) => {
      const root = sets.find(index);
      const target = byRoot.get(root);
      if (target === undefined) {
        byRoot.set(root, { ...group });
        return;
      }
      target.left = Math.min(target.left, group.left);
      target.top = Math.min(target.top, group.top);
      target.right = Math.max(target.right, group.right);
      target.bottom = Math.max(target.bottom, group.bottom);
      target.pixels += group.pixels;
    });
    current = [...byRoot.values()];
  }
}
