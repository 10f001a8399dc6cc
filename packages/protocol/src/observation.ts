import { z } from 'zod';
import { boxSchema } from './geometry.js';

/** Content address of a stored image: lowercase hex SHA-256 of its bytes. */
export const imageHashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'expected a lowercase hex SHA-256');

export const screenshotRefSchema = z.object({
  hash: imageHashSchema,
  mimeType: z.enum(['image/png', 'image/jpeg']),
  /** Size in the environment's screen pixels (the same space as action coordinates). */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /**
   * 64-bit difference hash of the image as 16 lowercase hex digits, for telling whether the screen
   * changed; absent when no fingerprinting was configured.
   */
  dHash: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
});
export type ScreenshotRef = z.infer<typeof screenshotRefSchema>;

/**
 * One node of an accessibility snapshot: an element a person could see and use, with the box it
 * occupies on screen. Only nodes with a non-empty box inside or near the viewport are listed.
 */
export const accessibilityNodeSchema = z.object({
  /** Stable within one snapshot only. */
  ref: z.string().min(1),
  /** ARIA role as the browser computes it: button, link, textbox, checkbox, radio, combobox, option, heading, ... */
  role: z.string().min(1),
  /** Accessible name (label text, button text, aria-label); empty when it has none. */
  name: z.string(),
  /** Current value of a field or the selected option of a select; absent for non-fields. */
  value: z.string().optional(),
  /** Options of a select/listbox in document order. */
  options: z.array(z.string()).optional(),
  checked: z.union([z.boolean(), z.literal('mixed')]).optional(),
  disabled: z.boolean().optional(),
  focused: z.boolean().optional(),
  expanded: z.boolean().optional(),
  /** Where it is, in screen space. */
  box: boxSchema,
});
export type AccessibilityNode = z.infer<typeof accessibilityNodeSchema>;

/** What an environment saw at one moment. Screenshot bytes live in the blob store, referenced by hash. */
export const observationSchema = z.object({
  id: z.string().min(1),
  /** Milliseconds since the Unix epoch. */
  takenAt: z.number().int().nonnegative(),
  screenshot: screenshotRefSchema,
  /** Address of the page (browser environments only). */
  url: z.string().optional(),
  /** Window or page title. */
  title: z.string().optional(),
  /** Present when the environment offers accessibility data and it was asked for. */
  accessibility: z.array(accessibilityNodeSchema).optional(),
});
export type Observation = z.infer<typeof observationSchema>;
