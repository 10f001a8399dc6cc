import type { Box } from '@sandpiper/protocol';
import type { RgbaImage } from './types.js';

/** Gray-level step (0-255) that counts as an edge; low enough for light gray input borders on white. */
const EDGE_CONTRAST = 28;
/** Smallest field width in pixels; also the shortest horizontal edge considered. */
const MIN_FIELD_WIDTH = 30;
/** Field height range in pixels: single-line inputs up to short text areas. */
const MIN_FIELD_HEIGHT = 12;
const MAX_FIELD_HEIGHT = 120;
/** Widest gap (pixels) between a label's right edge and a field on the same row. */
const MAX_GAP_RIGHT = 240;
/** Widest gap (pixels) between a label's bottom and a field below it. */
const MAX_GAP_BELOW = 60;
/** How far (pixels) the ends of a box's top and bottom edges may disagree. */
const EXTENT_TOLERANCE = 6;
/** How far (pixels) past a horizontal edge's end a side may be: rounded corners shorten the edges. */
const SIDE_SEARCH = 10;
/** Share of a side's central rows that must show an edge. */
const SIDE_COVERAGE = 0.7;

/** A run of horizontal edge pixels spanning one or a few adjacent rows. */
interface HorizontalEdge {
  left: number;
  right: number;
  firstRow: number;
  lastRow: number;
}

/** A gray copy of some full-width rows of the image. */
interface GrayRows {
  readonly pixels: Uint8Array;
  readonly width: number;
  readonly top: number;
  readonly bottom: number;
}

/**
 * Find the input a label names: a rectangle outlined by contrasting pixels, wider than tall, that
 * starts just right of the label on its row (within 240 px) or just below it (within 60 px and
 * overlapping it horizontally). Rectangles with centred content are buttons and are skipped; so
 * are rectangles containing the label itself (cards, panels). Of the candidates, the closest wins.
 *
 * Returns the outer box of the outline in image pixels, or undefined when no field is there.
 * Pill-shaped inputs (corner radius over a quarter of the height) and underline-only fields are
 * not recognised.
 */
export function findFieldNear(image: RgbaImage, labelBox: Box): Box | undefined {
  const labelCenterY = labelBox.y + labelBox.height / 2;
  const top = Math.max(1, Math.floor(labelCenterY - MAX_FIELD_HEIGHT));
  const bottom = Math.min(image.height, Math.ceil(labelBox.y + labelBox.height + MAX_GAP_BELOW + MAX_FIELD_HEIGHT));
  if (bottom - top < MIN_FIELD_HEIGHT) return undefined;
  const gray = toGrayRows(image, top - 1, bottom);
  const edges = findHorizontalEdges(gray, top, bottom);

  let best: { box: Box; distance: number } | undefined;
  for (const box of pairIntoBoxes(gray, edges)) {
    const distance = distanceFromLabel(box, labelBox);
    if (distance === undefined || looksLikeButton(gray, box)) continue;
    if (best === undefined || distance < best.distance) best = { box, distance };
  }
  return best?.box;
}

function toGrayRows(image: RgbaImage, top: number, bottom: number): GrayRows {
  const { width, data } = image;
  const pixels = new Uint8Array(width * (bottom - top));
  for (let row = top; row < bottom; row += 1) {
    for (let x = 0; x < width; x += 1) {
      const source = (row * width + x) * 4;
      const red = data[source] ?? 0;
      const green = data[source + 1] ?? 0;
      const blue = data[source + 2] ?? 0;
      pixels[(row - top) * width + x] = (red * 299 + green * 587 + blue * 114) / 1000;
    }
  }
  return { pixels, width, top, bottom };
}

function grayAt(gray: GrayRows, x: number, y: number): number {
  return gray.pixels[(y - gray.top) * gray.width + x] ?? 0;
}

/** Rows where the image changes from the row above, grouped into horizontal edges. */
function findHorizontalEdges(gray: GrayRows, top: number, bottom: number): HorizontalEdge[] {
  const edges: HorizontalEdge[] = [];
  for (let y = top; y < bottom; y += 1) {
    let start = -1;
    for (let x = 0; x <= gray.width; x += 1) {
      const isEdge = x < gray.width && Math.abs(grayAt(gray, x, y) - grayAt(gray, x, y - 1)) >= EDGE_CONTRAST;
      if (isEdge && start < 0) start = x;
      if (!isEdge && start >= 0) {
        if (x - start >= MIN_FIELD_WIDTH) addRun(edges, start, x, y);
        start = -1;
      }
    }
  }
  return edges;
}

// A one-pixel border changes the image twice (into and out of the border), and anti-aliasing
// spreads it over two rows; runs on adjacent rows covering the same span are one edge.
function addRun(edges: HorizontalEdge[], left: number, right: number, row: number): void {
  for (let index = edges.length - 1; index >= 0; index -= 1) {
    const edge = edges[index];
    if (edge === undefined || edge.lastRow < row - 2) continue;
    const overlap = Math.min(edge.right, right) - Math.max(edge.left, left);
    if (overlap >= 0.8 * Math.min(edge.right - edge.left, right - left)) {
      edge.left = Math.min(edge.left, left);
      edge.right = Math.max(edge.right, right);
      edge.lastRow = row;
      return;
    }
  }
  edges.push({ left, right, firstRow: row, lastRow: row });
}

function* pairIntoBoxes(gray: GrayRows, edges: readonly HorizontalEdge[]): Generator<Box> {
  for (const upper of edges) {
    for (const lower of edges) {
      if (lower.firstRow <= upper.lastRow) continue;
      const height = lower.lastRow - upper.firstRow;
      if (height < MIN_FIELD_HEIGHT || height > MAX_FIELD_HEIGHT) continue;
      if (Math.abs(upper.left - lower.left) > EXTENT_TOLERANCE) continue;
      if (Math.abs(upper.right - lower.right) > EXTENT_TOLERANCE) continue;
      const box = closeSides(gray, upper, lower);
      if (box !== undefined && box.width > box.height) yield box;
    }
  }
}

/** Find the left and right sides between two horizontal edges; undefined when either is missing. */
function closeSides(gray: GrayRows, upper: HorizontalEdge, lower: HorizontalEdge): Box | undefined {
  const y = upper.firstRow;
  const height = lower.lastRow - upper.firstRow;
  // Only the central half of the rows is checked, so rounded corners do not hide a side.
  const firstRow = Math.ceil(y + height / 4);
  const lastRow = Math.floor(y + (3 * height) / 4);
  if (lastRow - firstRow < 3) return undefined;
  const innerLeft = Math.min(upper.left, lower.left);
  const innerRight = Math.max(upper.right, lower.right);
  let left: number | undefined;
  for (let x = Math.max(1, innerLeft - SIDE_SEARCH); x <= innerLeft + 3 && left === undefined; x += 1) {
    if (sideCoverage(gray, x, firstRow, lastRow) >= SIDE_COVERAGE) left = x;
  }
  let right: number | undefined;
  for (let x = Math.min(gray.width - 1, innerRight + SIDE_SEARCH); x >= innerRight - 3 && right === undefined; x -= 1) {
    if (sideCoverage(gray, x, firstRow, lastRow) >= SIDE_COVERAGE) right = x;
  }
  if (left === undefined || right === undefined || right - left < MIN_FIELD_WIDTH) return undefined;
  return { x: left, y, width: right - left, height };
}

/** Share of rows in [firstRow, lastRow] where column x differs from column x - 1. */
function sideCoverage(gray: GrayRows, x: number, firstRow: number, lastRow: number): number {
  let hits = 0;
  for (let y = firstRow; y <= lastRow; y += 1) {
    if (Math.abs(grayAt(gray, x, y) - grayAt(gray, x - 1, y)) >= EDGE_CONTRAST) hits += 1;
  }
  return hits / (lastRow - firstRow + 1);
}

/** Gap between the label and a box placed as a field for it; undefined when it is not placed so. */
function distanceFromLabel(box: Box, label: Box): number | undefined {
  const labelRight = label.x + label.width;
  const labelBottom = label.y + label.height;
  const centerX = label.x + label.width / 2;
  const centerY = label.y + label.height / 2;
  const containsLabel =
    centerX >= box.x && centerX <= box.x + box.width && centerY >= box.y && centerY <= box.y + box.height;
  if (containsLabel) return undefined;
  const onSameRow = centerY >= box.y - 4 && centerY <= box.y + box.height + 4;
  const gapRight = box.x - labelRight;
  if (onSameRow && gapRight >= -4 && gapRight <= MAX_GAP_RIGHT) return Math.max(0, gapRight);
  const overlapsHorizontally = box.x < labelRight && box.x + box.width > label.x;
  const gapBelow = box.y - labelBottom;
  if (overlapsHorizontally && gapBelow >= -4 && gapBelow <= MAX_GAP_BELOW) return Math.max(0, gapBelow);
  return undefined;
}

/** A rectangle whose content sits centred, away from its left side, is a button, not an input. */
function looksLikeButton(gray: GrayRows, box: Box): boolean {
  const inset = 4;
  const left = Math.ceil(box.x + inset);
  const right = Math.floor(box.x + box.width - inset);
  const top = Math.ceil(box.y + inset);
  const bottom = Math.floor(box.y + box.height - inset);
  if (right <= left || bottom <= top) return false;
  const background = mostCommonGray(gray, left, right, top, bottom);
  let inkLeft = Infinity;
  let inkRight = -Infinity;
  for (let y = top; y < bottom; y += 1) {
    for (let x = left; x < right; x += 1) {
      if (Math.abs(grayAt(gray, x, y) - background) < EDGE_CONTRAST) continue;
      inkLeft = Math.min(inkLeft, x);
      inkRight = Math.max(inkRight, x + 1);
    }
  }
  if (inkLeft === Infinity) return false;
  const leftMargin = inkLeft - box.x;
  const rightMargin = box.x + box.width - inkRight;
  const centred = Math.abs(leftMargin - rightMargin) <= Math.max(6, 0.1 * box.width);
  return centred && leftMargin >= 0.15 * box.width;
}

function mostCommonGray(gray: GrayRows, left: number, right: number, top: number, bottom: number): number {
  const histogram = new Uint32Array(256);
  for (let y = top; y < bottom; y += 1) {
    for (let x = left; x < right; x += 1) histogram[grayAt(gray, x, y)] = (histogram[grayAt(gray, x, y)] ?? 0) + 1;
  }
  let best = 0;
  for (let value = 1; value < 256; value += 1) if ((histogram[value] ?? 0) > (histogram[best] ?? 0)) best = value;
  return best;
}
