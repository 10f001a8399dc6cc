import { actionPoints, type Action, type Point } from '@sandpiper/protocol';
import { assertImage, copyImage, type RgbaImage } from './image.js';
import { MARK_COLORS } from './mark-colors.js';
import { drawLine, fillAnnulus } from './raster.js';

/** Inner and outer radius of the blue ring around an action point, in pixels. */
export const MARKER_RING = { inner: 9, outer: 13 } as const;
/**
 * Distance from the action point at which the four crosshair ticks outside the ring start and
 * end, in pixels. The ticks make the marker read as a target even on a blue background.
 */
export const MARKER_TICKS = { from: 16, to: 23 } as const;
/** Radius of the blue dot on the exact action point, in pixels. */
export const MARKER_DOT_RADIUS = 2.5;
/** Radius of the filled disc that marks where a drag ended, in pixels. */
export const MARKER_END_DISC_RADIUS = 6;
/** Half the width of the line joining a drag's start and end, and of the ticks, in pixels. */
export const MARKER_LINE_RADIUS = 1.5;
const HALO_WIDTH = 2;

/**
 * The pixel a point falls in, moved to the nearest edge pixel when it lies outside the image, so
 * an action aimed past the edge is still shown, at the edge it was aimed through.
 */
export function markerPixel(point: Point, width: number, height: number): { x: number; y: number } {
  return {
    x: Math.min(width - 1, Math.max(0, Math.floor(point.x))),
    y: Math.min(height - 1, Math.max(0, Math.floor(point.y))),
  };
}

function drawTarget(image: RgbaImage, at: { x: number; y: number }, filled: boolean): void {
  const centre = filled ? MARKER_END_DISC_RADIUS : MARKER_DOT_RADIUS;
  const ticks = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ].map(([dx = 0, dy = 0]) => ({
    from: { x: at.x + dx * MARKER_TICKS.from, y: at.y + dy * MARKER_TICKS.from },
    to: { x: at.x + dx * MARKER_TICKS.to, y: at.y + dy * MARKER_TICKS.to },
  }));
  for (const tick of ticks) drawLine(image, tick.from, tick.to, MARKER_LINE_RADIUS + HALO_WIDTH, MARK_COLORS.halo);
  fillAnnulus(image, at.x, at.y, MARKER_RING.inner - HALO_WIDTH, MARKER_RING.outer + HALO_WIDTH, MARK_COLORS.halo);
  fillAnnulus(image, at.x, at.y, -1, centre + HALO_WIDTH, MARK_COLORS.halo);
  for (const tick of ticks) drawLine(image, tick.from, tick.to, MARKER_LINE_RADIUS, MARK_COLORS.action);
  fillAnnulus(image, at.x, at.y, MARKER_RING.inner, MARKER_RING.outer, MARK_COLORS.action);
  fillAnnulus(image, at.x, at.y, -1, centre, MARK_COLORS.action);
}

/**
 * A copy of the pre-action screenshot showing where the executed action happened: a blue target
 * (a ring with four crosshair ticks and a dot on the exact point) for a click, double click, move
 * or positioned scroll; for a drag, a blue line from start to end, a target with a dot at the
 * start and a target with a filled disc at the end. Inside the ring the screen stays visible.
 * Each shape has a thin white border so it shows on any background.
 *
 * Actions without coordinates (see {@link actionPoints}) return an unmarked copy. Points outside
 * the image are drawn at the nearest edge pixel (see {@link markerPixel}); an empty image is
 * returned as an empty copy. The input image is not modified.
 *
 * @throws InvalidImageError when the pixel buffer does not match the size.
 */
export function drawActionMarker(before: RgbaImage, action: Action): RgbaImage {
  assertImage(before, 'before');
  const marked = copyImage(before);
  const points = actionPoints(action);
  if (points.length === 0 || before.width === 0 || before.height === 0) return marked;
  const pixels = points.map((point) => markerPixel(point, before.width, before.height));
  const [start, end] = pixels;
  if (start !== undefined && end !== undefined) {
    drawLine(marked, start, end, MARKER_LINE_RADIUS + HALO_WIDTH, MARK_COLORS.halo);
    drawLine(marked, start, end, MARKER_LINE_RADIUS, MARK_COLORS.action);
  }
  pixels.forEach((pixel, index) => drawTarget(marked, pixel, index === 1));
  return marked;
}
