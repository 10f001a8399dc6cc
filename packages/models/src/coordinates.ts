import type { Point } from '@sandpiper/protocol';
import type { ModelCoordinateSpace } from './profiles.js';

/** A width and height in pixels. */
export interface PixelSize {
  /** Pixels per row. */
  readonly width: number;
  /** Number of rows. */
  readonly height: number;
}

/** The two sizes a model's answer is converted between. */
export interface CoordinateFrame {
  /** Size of the image as it was sent to the model (after resizing). */
  readonly sentImage: PixelSize;
  /** Size of the environment's screen in logical pixels (the capture's width and height). */
  readonly screen: PixelSize;
}

/** The outcome of converting a model's point. */
export type PointConversion =
  | {
      readonly ok: true;
      /** The point on the environment's screen, in logical pixels, inside the screen. */
      readonly point: Point;
    }
  | {
      readonly ok: false;
      /** Why the point cannot be used (outside the image or the grid, not a number); for a re-ask. */
      readonly reason: string;
    };

/**
 * The one place a model's point becomes an environment point. A point outside the image (or the
 * normalized grid) is refused rather than clamped: it is a hallucination, and clicking the nearest
 * edge instead would act on something the model never pointed at. Points on the far edge are
 * pulled in by less than a pixel so they land on the screen.
 */
export function toEnvironmentPoint(
  point: { readonly x: number; readonly y: number },
  space: ModelCoordinateSpace,
  frame: CoordinateFrame,
): PointConversion {
  const extent = modelExtent(space, frame.sentImage);
  if (!isArea(extent) || !isArea(frame.screen)) {
    return { ok: false, reason: 'the image, grid or screen size is empty, so no point can be converted' };
  }
  if (!Number.isFinite(point.x) || !Number.isFinite(point.y)) {
    return { ok: false, reason: `the point (${point.x}, ${point.y}) is not a pair of numbers` };
  }
  if (point.x < 0 || point.y < 0 || point.x > extent.width || point.y > extent.height) {
    const where = space.kind === 'pixels' ? `the ${extent.width}×${extent.height} image` : `the 0–${space.range} grid`;
    return { ok: false, reason: `the point (${point.x}, ${point.y}) lies outside ${where}` };
  }
  const x = (point.x / extent.width) * frame.screen.width;
  const y = (point.y / extent.height) * frame.screen.height;
  return {
    ok: true,
    point: { x: Math.min(x, lastPixel(frame.screen.width)), y: Math.min(y, lastPixel(frame.screen.height)) },
  };
}

/**
 * The inverse of {@link toEnvironmentPoint}: where an environment point appears in the model's
 * space, for telling the model where earlier actions happened.
 */
export function toModelPoint(point: Point, space: ModelCoordinateSpace, frame: CoordinateFrame): Point {
  const extent = modelExtent(space, frame.sentImage);
  return { x: (point.x / frame.screen.width) * extent.width, y: (point.y / frame.screen.height) * extent.height };
}

function modelExtent(space: ModelCoordinateSpace, sentImage: PixelSize): PixelSize {
  return space.kind === 'pixels' ? sentImage : { width: space.range, height: space.range };
}

function isArea(size: PixelSize): boolean {
  return Number.isFinite(size.width) && Number.isFinite(size.height) && size.width > 0 && size.height > 0;
}

function lastPixel(size: number): number {
  return Math.max(0, size - 0.5);
}
