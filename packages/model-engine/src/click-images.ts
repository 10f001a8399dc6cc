import type { Handle } from '@sandpiper/core';
import type { Box, Point } from '@sandpiper/protocol';

/**
 * Draws and cuts screenshots for the check of a grounder's point before anything is clicked. An
 * adapter over the vision package implements it; the model engine itself does no pixel work.
 */
export interface ClickImages {
  /** PNG of the screenshot with a target drawn at `point` (screen pixels). */
  mark(handle: Handle, png: Uint8Array, point: Point): Promise<Uint8Array>;
  /** PNG of the part of the screenshot inside `box` (screen pixels, kept within the image). */
  crop(handle: Handle, png: Uint8Array, box: Box): Promise<{ png: Uint8Array; width: number; height: number }>;
}

/**
 * When a grounder's point is checked before it is used:
 * - `auto`: for grounders that answer in their own syntax with a point alone (UI-TARS, Qwen-VL,
 *   Holo, OpenCUA), which say nothing about what they found there;
 * - `always`: for every grounder;
 * - `never`: not at all.
 */
export type ClickCheckMode = 'auto' | 'always' | 'never';
