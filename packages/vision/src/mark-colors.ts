import type { Color } from './raster.js';

/** The colours of the Set-of-Marks overlays, exact so that tests and viewers can find them. */
export const MARK_COLORS = {
  /** Outlines and label backgrounds of change regions on the post-action screenshot. */
  change: [255, 0, 0],
  /** Digits inside a change label. */
  labelText: [255, 255, 255],
  /** The executed action's marker on the pre-action screenshot. */
  action: [0, 90, 255],
  /** A thin border around the action marker so it stays visible on blue or dark backgrounds. */
  halo: [255, 255, 255],
} as const satisfies Record<string, Color>;
