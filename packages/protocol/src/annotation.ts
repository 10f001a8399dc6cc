import { z } from 'zod';
import { boxSchema, pointSchema, type Box, type Point } from './geometry.js';
import { imageHashSchema } from './observation.js';

/**
 * One mark a person drew on a screenshot. Coordinates are in the screenshot's pixels, which are
 * the environment's logical screen pixels (see `pointSchema`).
 */
export const annotationMarkSchema = z.discriminatedUnion('kind', [
  /** A freehand stroke through these points, in drawing order. */
  z.strictObject({ kind: z.literal('stroke'), points: z.array(pointSchema).min(1).max(4000) }),
  /** A rectangle around something. */
  z.strictObject({ kind: z.literal('rect'), box: boxSchema }),
  /** An arrow from the first point to the second (the head). */
  z.strictObject({ kind: z.literal('arrow'), points: z.tuple([pointSchema, pointSchema]) }),
  /** A text label whose top-left corner is at `at`. */
  z.strictObject({ kind: z.literal('text'), text: z.string().trim().min(1).max(200), at: pointSchema }),
]);
export type AnnotationMark = z.infer<typeof annotationMarkSchema>;

/** Marks on one screenshot of a run, with what the person meant by them. */
export const annotationSchema = z.object({
  /** SHA-256 of the screenshot the marks were drawn on (an observation's `screenshot.hash`). */
  screenshotHash: imageHashSchema,
  marks: z.array(annotationMarkSchema).min(1).max(200),
  /** The bounding box of every mark, in screen pixels: the region the person points at. */
  box: boxSchema,
  /** What the person means by the marks; absent when the marks speak for themselves. */
  sentence: z.string().trim().min(1).max(2000).optional(),
});
export type Annotation = z.infer<typeof annotationSchema>;

/** Rough width of a text label's glyphs, in pixels per character, for its share of the bounding box. */
const LABEL_CHAR_WIDTH = 8;
const LABEL_HEIGHT = 16;

/** The smallest box holding every mark; a text label counts as the area its text covers. */
export function marksBoundingBox(marks: readonly AnnotationMark[]): Box {
  const points: Point[] = [];
  for (const mark of marks) {
    switch (mark.kind) {
      case 'stroke':
      case 'arrow':
        points.push(...mark.points);
        break;
      case 'rect':
        points.push(
          { x: mark.box.x, y: mark.box.y },
          { x: mark.box.x + mark.box.width, y: mark.box.y + mark.box.height },
        );
        break;
      case 'text':
        points.push(mark.at, { x: mark.at.x + mark.text.length * LABEL_CHAR_WIDTH, y: mark.at.y + LABEL_HEIGHT });
        break;
    }
  }
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}
