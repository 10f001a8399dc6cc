import type { Box } from '@sandpiper/protocol';
import { drawDigits, textSize } from './digit-font.js';
import { assertImage, copyImage, type ImageSize, type RgbaImage } from './image.js';
import { MARK_COLORS } from './mark-colors.js';
import { fillRect, pixelRect, strokeRect, type PixelRect } from './raster.js';

/** Width of a change outline, in pixels. */
export const OUTLINE_THICKNESS = 3;
/** Pixels per font dot in a label: digits are 10 × 14 pixels, a one-digit label 16 × 20. */
export const LABEL_SCALE = 2;
/** Space between a label's edge and its digits, in pixels. */
export const LABEL_PADDING = 3;

/** One region to mark: a {@link ChangeRegion} fits, and so does any `{ box }`. */
export interface ChangeMarkInput {
  /** The changed area, in screen pixels of the post-action image. */
  readonly box: Box;
  /**
   * The number shown on the mark. Absent means the region's position in the list, counting from
   * 1; give it explicitly to keep the original numbers when redrawing a filtered list.
   */
  readonly label?: number;
}

/** Where one numbered mark is drawn. */
export interface ChangeMarkLayout {
  /** The number shown. */
  readonly label: number;
  /**
   * The outer edge of the red outline, {@link OUTLINE_THICKNESS} pixels outside the region's box
   * where the image allows; the outline is drawn inside this rectangle.
   */
  readonly outline: PixelRect;
  /** The filled red label, above the outline's top-left corner, or just inside it when there is no room above. */
  readonly labelRect: PixelRect;
  /** Top-left pixel of the first digit. */
  readonly textOrigin: { readonly x: number; readonly y: number };
}

/**
 * Where {@link drawChangeMarks} puts each mark on an image of `size`. Regions entirely outside
 * the image get no mark and no entry.
 */
export function layoutChangeMarks(size: ImageSize, regions: readonly ChangeMarkInput[]): ChangeMarkLayout[] {
  const layouts: ChangeMarkLayout[] = [];
  regions.forEach((region, index) => {
    const outline = pixelRect(region.box, OUTLINE_THICKNESS, size.width, size.height);
    if (outline === undefined) return;
    const label = region.label ?? index + 1;
    const text = textSize(String(label), LABEL_SCALE);
    const labelWidth = text.width + 2 * LABEL_PADDING;
    const labelHeight = text.height + 2 * LABEL_PADDING;
    const left = Math.max(0, Math.min(outline.left, size.width - labelWidth));
    const top = outline.top - labelHeight >= 0 ? outline.top - labelHeight : outline.top;
    layouts.push({
      label,
      outline,
      labelRect: { left, top, right: left + labelWidth, bottom: top + labelHeight },
      textOrigin: { x: left + LABEL_PADDING, y: top + LABEL_PADDING },
    });
  });
  return layouts;
}

/**
 * A copy of the post-action screenshot with each region outlined in red and numbered in a small
 * filled label at its top-left corner, for a reader (person or model) to refer to changes by
 * number. The input image is not modified. Labels are drawn after all outlines so none is hidden.
 *
 * @throws InvalidImageError when the pixel buffer does not match the size.
 */
export function drawChangeMarks(after: RgbaImage, regions: readonly ChangeMarkInput[]): RgbaImage {
  assertImage(after, 'after');
  const marked = copyImage(after);
  const layouts = layoutChangeMarks(after, regions);
  for (const layout of layouts) strokeRect(marked, layout.outline, OUTLINE_THICKNESS, MARK_COLORS.change);
  for (const layout of layouts) {
    fillRect(marked, layout.labelRect, MARK_COLORS.change);
    drawDigits(
      marked,
      String(layout.label),
      layout.textOrigin.x,
      layout.textOrigin.y,
      LABEL_SCALE,
      MARK_COLORS.labelText,
    );
  }
  return marked;
}
