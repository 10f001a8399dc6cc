import type { DiffRegionsOptions } from '@sandpiper/vision';
import { createScreenReader, type ScreenReader } from '../screen/screen-reader.js';

/** Settings of {@link createEvidenceReflector}; every one has a default. */
export interface EvidenceReflectorOptions {
  /**
   * Reads accessibility nodes, pixels and (when it has OCR) text of screens. Absent: a reader
   * without OCR, so fields are read from accessibility data only. The engine passes its own so
   * screens are decoded and read once for every role.
   */
  readonly reader?: ScreenReader;
  /** A change within this many pixels of an action point counts as the action's doing. Absent means 80. */
  readonly nearRadius?: number;
  /** A change this many pixels around the grounded target's box counts as the target's. Absent means 8. */
  readonly targetMargin?: number;
  /**
   * A region whose box covers at least this share (0 to 1) of the screen, after a click, Enter or
   * open, is a navigation or a page-wide redraw. Absent means 0.5.
   */
  readonly navigationCoverage?: number;
  /** Largest region, in pixels of area, that an autonomous animation may explain. Absent means 6400 (80 × 80). */
  readonly animationMaxArea?: number;
  /**
   * Remember the screen after each check, and treat small regions that also changed between that
   * screen and the next check's screen before (no action in between) as animation. Absent means true.
   */
  readonly rememberScreens?: boolean;
  /** Draw and encode the marked screenshots. Absent means true. */
  readonly markImages?: boolean;
  /** Pixel diff settings passed to the vision package (threshold, merge distance, minimum size). */
  readonly diff?: DiffRegionsOptions;
}

export interface ResolvedEvidenceOptions {
  readonly reader: ScreenReader;
  readonly nearRadius: number;
  readonly targetMargin: number;
  readonly navigationCoverage: number;
  readonly animationMaxArea: number;
  readonly rememberScreens: boolean;
  readonly markImages: boolean;
  readonly diff: DiffRegionsOptions;
}

export const DEFAULT_NEAR_RADIUS = 80;
export const DEFAULT_TARGET_MARGIN = 8;
export const DEFAULT_NAVIGATION_COVERAGE = 0.5;
export const DEFAULT_ANIMATION_MAX_AREA = 6400;

export function resolveOptions(options: EvidenceReflectorOptions): ResolvedEvidenceOptions {
  return {
    reader: options.reader ?? createScreenReader(undefined),
    nearRadius: options.nearRadius ?? DEFAULT_NEAR_RADIUS,
    targetMargin: options.targetMargin ?? DEFAULT_TARGET_MARGIN,
    navigationCoverage: options.navigationCoverage ?? DEFAULT_NAVIGATION_COVERAGE,
    animationMaxArea: options.animationMaxArea ?? DEFAULT_ANIMATION_MAX_AREA,
    rememberScreens: options.rememberScreens ?? true,
    markImages: options.markImages ?? true,
    diff: options.diff ?? {},
  };
}
