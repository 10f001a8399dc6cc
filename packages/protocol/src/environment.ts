import { z } from 'zod';
import { actionTypes, type ActionType } from './action.js';
import { coordinateSpaceSchema } from './geometry.js';

/** What an environment declares about itself when it connects. */
export const environmentInfoSchema = z.object({
  kind: z.enum(['browser', 'desktop', 'remote']),
  /** Human-readable description: "Chromium 156 (headless)", "attached to ws://127.0.0.1:9222". */
  description: z.string(),
  /** Screen size in logical pixels, the space of every action coordinate. */
  screen: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }),
  /** Device pixels per logical pixel; screenshots are delivered in logical pixels regardless. */
  devicePixelRatio: z.number().positive(),
  coordinateSpace: coordinateSpaceSchema,
  /** The action types this environment can perform; others are rejected before they are sent. */
  actionSpace: z.array(z.enum(actionTypes as [ActionType, ...ActionType[]])).min(1),
  /** Whether `observe` can return an accessibility snapshot. */
  accessibility: z.boolean(),
  /** Whether the environment offers shell access (for the coder tool). */
  shell: z.boolean(),
});
export type EnvironmentInfo = z.infer<typeof environmentInfoSchema>;
