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
  /** A tab, option, row or tree item that is the selected one. */
  selected: z.boolean().optional(),
  /** A toggle button's state. */
  pressed: z.union([z.boolean(), z.literal('mixed')]).optional(),
  /** What activating it opens: menu, listbox, tree, grid, dialog (`true` means a menu). */
  popup: z.string().optional(),
  /** Heading or tree item level, from 1. */
  level: z.number().int().positive().optional(),
  /** Range of a slider, spin button, progress bar or meter. */
  valueMin: z.number().optional(),
  valueMax: z.number().optional(),
  /** A field's input type when it says more than its role: date, time, datetime-local, email, number, password, tel, url. */
  inputType: z.string().optional(),
  /** A field's placeholder text, kept even after typing hides it on screen. */
  placeholder: z.string().optional(),
  /** Extra description (aria-describedby, title) beyond the name. */
  description: z.string().optional(),
  /** Takes typed text (an input, a text area, an editable combobox); absent for controls that do not. */
  editable: z.boolean().optional(),
  /** A field the page marks as invalid. */
  invalid: z.boolean().optional(),
  /** A dialog that blocks the rest of the page. */
  modal: z.boolean().optional(),
  /**
   * Ref of the nearest reported node that holds this one (a row, a list item, a dialog, a
   * group); absent at the top. Structural nodes ({@link structuralRoles}) exist to carry it.
   */
  parent: z.string().optional(),
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
