import { z } from 'zod';

/**
 * A point on the environment's screen.
 *
 * Units: logical (CSS) pixels of the environment's screen, origin at the top-left corner, x to the
 * right and y downwards. This is the only coordinate space actions use; adapters for models that
 * answer in another space (a resized image, a 0–1000 grid) convert before an action is built.
 */
export const pointSchema = z.object({
  x: z.number().finite().nonnegative(),
  y: z.number().finite().nonnegative(),
});
export type Point = z.infer<typeof pointSchema>;

/** An axis-aligned rectangle in the same screen space as {@link pointSchema}. */
export const boxSchema = z.object({
  x: z.number().finite(),
  y: z.number().finite(),
  width: z.number().finite().nonnegative(),
  height: z.number().finite().nonnegative(),
});
export type Box = z.infer<typeof boxSchema>;

/** The only coordinate space in which actions are expressed. */
export const coordinateSpaceSchema = z.literal('screen-logical-pixels');
export type CoordinateSpace = z.infer<typeof coordinateSpaceSchema>;

/**
 * Boxes in screen points as pixels of an image `imageWidth` wide taken of a screen `screenWidth`
 * points wide (a screenshot at device scale, a live frame scaled down).
 */
export function boxesInImage(boxes: readonly Box[], imageWidth: number, screenWidth: number): Box[] {
  const scale = imageWidth / Math.max(1, screenWidth);
  return boxes.map((box) => ({
    x: box.x * scale,
    y: box.y * scale,
    width: box.width * scale,
    height: box.height * scale,
  }));
}

export function boxCenter(box: Box): Point {
  return { x: Math.max(0, box.x + box.width / 2), y: Math.max(0, box.y + box.height / 2) };
}
