import type { Box } from '@sandpiper/protocol';

/** Test support: geometry checks shared by the OCR tests. */

/** Whether `inner` lies inside `outer` grown by `tolerance` pixels on every side. */
export function isInside(inner: Box, outer: Box, tolerance: number): boolean {
  return (
    inner.x >= outer.x - tolerance &&
    inner.y >= outer.y - tolerance &&
    inner.x + inner.width <= outer.x + outer.width + tolerance &&
    inner.y + inner.height <= outer.y + outer.height + tolerance
  );
}

/** Intersection over union of two boxes, 0 to 1. */
export function intersectionOverUnion(a: Box, b: Box): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  const intersection = width * height;
  return intersection / (a.width * a.height + b.width * b.height - intersection);
}
