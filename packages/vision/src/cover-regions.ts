import type { Box } from '@sandpiper/protocol';
import type { RgbaImage } from './image.js';
import { fillRect, pixelRect, strokeRect, type Color } from './raster.js';

/** The fill of a covered region: a mid grey that no page text can be read through. */
const COVER: Color = [128, 128, 128];
/** Its border, so a covered field still reads as a field. */
const EDGE: Color = [64, 64, 64];

/**
 * Paint over each box (in this image's pixels) with an opaque grey block, in place: what was
 * drawn there cannot be recovered from the result. Boxes outside the image are skipped.
 */
export function coverRegions(image: RgbaImage, boxes: readonly Box[]): void {
  for (const box of boxes) {
    const rect = pixelRect(box, 1, image.width, image.height);
    if (rect === undefined) continue;
    fillRect(image, rect, COVER);
    strokeRect(image, rect, 1, EDGE);
  }
}
