import type { Box } from '@sandpiper/protocol';
import { clusterPixels, mergeNearbyGroups } from './components.js';
import { changeMask, type PixelDiffOptions } from './diff-mask.js';
import type { RgbaImage } from './image.js';

/** Default {@link DiffRegionsOptions.mergeDistance}: about a line of text's spacing. */
export const DEFAULT_MERGE_DISTANCE = 12;
/** Default {@link DiffRegionsOptions.minPixels}: smaller than the thinnest caret or glyph. */
export const DEFAULT_MIN_PIXELS = 6;
/** Default {@link DiffRegionsOptions.maxRegions}: more numbered marks than this stop being legible. */
export const DEFAULT_MAX_REGIONS = 20;

/** A place where the post-action screenshot differs from the pre-action one. */
export interface ChangeRegion {
  /**
   * The smallest rectangle holding every changed pixel of the region, in screen pixels of the
   * post-action image: whole numbers, the pixel at (`x`, `y`) included, `width` and `height` at
   * least 1.
   */
  readonly box: Box;
  /** How many pixels inside `box` changed; at least {@link DiffRegionsOptions.minPixels}. */
  readonly changedPixels: number;
  /** `changedPixels` divided by the area of `box`: 1 for a solid change, near 0 for scattered specks. */
  readonly density: number;
}

/** Options of {@link diffRegions} and {@link diffImages}. */
export interface DiffRegionsOptions extends PixelDiffOptions {
  /**
   * Changed areas whose rectangles are at most this many empty pixels apart, horizontally and
   * vertically, become one region (the letters of a typed word, a dialog and its shadow).
   * Absent means {@link DEFAULT_MERGE_DISTANCE}; 0 merges only touching areas.
   */
  readonly mergeDistance?: number;
  /**
   * Regions with fewer changed pixels than this are dropped, after merging (so a speck next to a
   * real change is absorbed by it, and a lone speck disappears). Absent means
   * {@link DEFAULT_MIN_PIXELS}.
   */
  readonly minPixels?: number;
  /** At most this many regions are returned, the ones with the most changed pixels. Absent means {@link DEFAULT_MAX_REGIONS}. */
  readonly maxRegions?: number;
}

/** Everything {@link diffImages} found. */
export interface ImageDiff {
  /** The regions kept, top to bottom, then left to right; empty when nothing visible changed. */
  readonly regions: readonly ChangeRegion[];
  /** Changed pixels over the whole post-action image, including those of dropped regions. */
  readonly changedPixels: number;
  /** Regions left out because they were too small or beyond `maxRegions`. */
  readonly droppedRegions: number;
  /**
   * True when the images had different sizes: they were compared over the area they share with
   * top-left corners aligned, and the rest of the post-action image counted as changed.
   */
  readonly sizeMismatch: boolean;
}

function wholeNumber(value: number | undefined, fallback: number): number {
  return value === undefined || !Number.isFinite(value) ? fallback : Math.max(0, Math.floor(value));
}

/**
 * Compare a pre-action and a post-action screenshot and describe what changed as regions: the
 * changed pixels (anti-aliasing ignored, see {@link PixelDiffOptions}) are grouped into
 * connected areas, areas whose rectangles come within `mergeDistance` of each other are merged
 * until no two do, tiny regions are dropped and the largest `maxRegions` kept.
 *
 * @throws InvalidImageError when a pixel buffer does not match its size.
 */
export function diffImages(before: RgbaImage, after: RgbaImage, options: DiffRegionsOptions = {}): ImageDiff {
  const mask = changeMask(before, after, options);
  const mergeDistance = wholeNumber(options.mergeDistance, DEFAULT_MERGE_DISTANCE);
  const minPixels = wholeNumber(options.minPixels, DEFAULT_MIN_PIXELS);
  const maxRegions = wholeNumber(options.maxRegions, DEFAULT_MAX_REGIONS);
  const groups = mask.count === 0 ? [] : clusterPixels(mask.changed, mask.width, mask.height, mergeDistance);
  const merged = mergeNearbyGroups(groups, mergeDistance);
  const kept = merged
    .filter((group) => group.pixels >= minPixels)
    .sort((first, second) => second.pixels - first.pixels || first.top - second.top || first.left - second.left)
    .slice(0, maxRegions)
    .sort((first, second) => first.top - second.top || first.left - second.left);
  const regions = kept.map((group): ChangeRegion => {
    const width = group.right - group.left;
    const height = group.bottom - group.top;
    return {
      box: { x: group.left, y: group.top, width, height },
      changedPixels: group.pixels,
      density: group.pixels / (width * height),
    };
  });
  return {
    regions,
    changedPixels: mask.count,
    droppedRegions: merged.length - regions.length,
    sizeMismatch: mask.sizeMismatch,
  };
}

/** The regions of {@link diffImages}, top to bottom then left to right; empty when nothing changed. */
export function diffRegions(before: RgbaImage, after: RgbaImage, options: DiffRegionsOptions = {}): ChangeRegion[] {
  return [...diffImages(before, after, options).regions];
}

/**
 * How many pixels of `after` differ from `before`, with the same tolerance as {@link diffImages}
 * and without grouping them: 0 when nothing visible changed.
 *
 * @throws InvalidImageError when a pixel buffer does not match its size.
 */
export function changedPixelCount(before: RgbaImage, after: RgbaImage, options: PixelDiffOptions = {}): number {
  return changeMask(before, after, options).count;
}
