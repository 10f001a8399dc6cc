import type { AnnotationMark, Box, Point } from '@sandpiper/protocol';

/** Width and height in pixels. */
export interface Size {
  readonly width: number;
  readonly height: number;
}

/**
 * A point where the pointer is on the displayed image (CSS pixels from its top-left corner) in the
 * screenshot's own pixels, which are the environment's screen pixels. Clamped to the image, since
 * marks and clicks must stay on the screen.
 */
export function toScreenPoint(point: Point, displayed: Size, screen: Size): Point {
  const scaleX = displayed.width > 0 ? screen.width / displayed.width : 1;
  const scaleY = displayed.height > 0 ? screen.height / displayed.height : 1;
  return {
    x: clamp(Math.round(point.x * scaleX), 0, screen.width),
    y: clamp(Math.round(point.y * scaleY), 0, screen.height),
  };
}

/**
 * Where an image of size `content` appears inside a box of size `container` when scaled to fit
 * without cropping (`object-fit: contain`): centred, with bars on two sides.
 */
export function containRect(container: Size, content: Size): Box {
  if (content.width <= 0 || content.height <= 0) return { x: 0, y: 0, ...container };
  const scale = Math.min(container.width / content.width, container.height / content.height);
  const width = content.width * scale;
  const height = content.height * scale;
  return { x: (container.width - width) / 2, y: (container.height - height) / 2, width, height };
}

/** A screen point back on the displayed image, in CSS pixels. */
export function toDisplayPoint(point: Point, displayed: Size, screen: Size): Point {
  return {
    x: screen.width > 0 ? (point.x * displayed.width) / screen.width : point.x,
    y: screen.height > 0 ? (point.y * displayed.height) / screen.height : point.y,
  };
}

/** The box spanned by two corners dragged in any direction. */
export function boxFromCorners(a: Point, b: Point): Box {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

/** Most points a stroke may carry (the contract's limit). */
export const MAX_STROKE_POINTS = 4000;

/** Add a point to a stroke unless it is within `minDistance` of the last one, so strokes stay small. */
export function extendStroke(points: readonly Point[], next: Point, minDistance = 2): Point[] {
  const last = points.at(-1);
  if (points.length >= MAX_STROKE_POINTS) return [...points];
  if (last && Math.hypot(next.x - last.x, next.y - last.y) < minDistance) return [...points];
  return [...points, next];
}

/** Whether a finished mark is big enough to mean something (a click without a drag is not a rectangle). */
export function isMeaningfulMark(mark: AnnotationMark, minSize = 3): boolean {
  switch (mark.kind) {
    case 'rect':
      return mark.box.width >= minSize && mark.box.height >= minSize;
    case 'arrow': {
      const [from, to] = mark.points;
      return Math.hypot(to.x - from.x, to.y - from.y) >= minSize;
    }
    case 'stroke':
      return mark.points.length >= 2;
    case 'text':
      return mark.text.trim().length > 0;
  }
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
