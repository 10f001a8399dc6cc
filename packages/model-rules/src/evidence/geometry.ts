import type { Box, Point } from '@sandpiper/protocol';

/** Box arithmetic for matching change regions with action points and accessibility nodes. */

export function area(box: Box): number {
  return Math.max(0, box.width) * Math.max(0, box.height);
}

/** The overlap of two boxes; zero-sized when they do not meet. */
export function intersection(first: Box, second: Box): Box {
  const left = Math.max(first.x, second.x);
  const top = Math.max(first.y, second.y);
  const right = Math.min(first.x + first.width, second.x + second.width);
  const bottom = Math.min(first.y + first.height, second.y + second.height);
  return { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

export function intersects(first: Box, second: Box): boolean {
  return area(intersection(first, second)) > 0;
}

/** Whether `inner` lies within `outer`, a pixel of slack allowed on each side. */
export function within(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - 1 &&
    inner.y >= outer.y - 1 &&
    inner.x + inner.width <= outer.x + outer.width + 1 &&
    inner.y + inner.height <= outer.y + outer.height + 1
  );
}

/** The smallest box holding both. */
export function union(first: Box, second: Box): Box {
  const left = Math.min(first.x, second.x);
  const top = Math.min(first.y, second.y);
  const right = Math.max(first.x + first.width, second.x + second.width);
  const bottom = Math.max(first.y + first.height, second.y + second.height);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** Intersection over union, 0 to 1; 0 when either box is empty. */
export function intersectionOverUnion(first: Box, second: Box): number {
  const shared = area(intersection(first, second));
  const total = area(first) + area(second) - shared;
  return total <= 0 ? 0 : shared / total;
}

export function grow(box: Box, margin: number): Box {
  return { x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin };
}

/** Whether `inner` lies inside `outer`, allowing `margin` pixels of slack on every side. */
export function containsBox(outer: Box, inner: Box, margin = 0): boolean {
  return (
    inner.x >= outer.x - margin &&
    inner.y >= outer.y - margin &&
    inner.x + inner.width <= outer.x + outer.width + margin &&
    inner.y + inner.height <= outer.y + outer.height + margin
  );
}

/** The middle of a box. */
export function boxCentre(box: Box): Point {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Whether the centre of `inner` lies in `outer`, edges included: `inner` sits in `outer` as a person sees it. */
export function centreInside(inner: Box, outer: Box): boolean {
  return containsPoint(outer, boxCentre(inner));
}

export function containsPoint(box: Box, point: Point): boolean {
  return point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height;
}

/** Distance from a point to the nearest pixel of a box; 0 inside it. */
export function distanceToBox(box: Box, point: Point): number {
  const dx = Math.max(box.x - point.x, 0, point.x - (box.x + box.width));
  const dy = Math.max(box.y - point.y, 0, point.y - (box.y + box.height));
  return Math.hypot(dx, dy);
}

/** Box as `x,y wxh`, rounded, for descriptions. */
export function formatBox(box: Box): string {
  return `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`;
}
