import type { Handle, PerformedAction, Screen } from '@sandpiper/core';
import type { Box } from '@sandpiper/protocol';

/** One changed region between two screenshots, found by comparing pixels. */
export interface ChangedRegion {
  /** The number drawn beside the region on the marked screenshot, from 1. */
  readonly id: number;
  /** Where, in screen pixels. */
  readonly box: Box;
  /** Pixels that differ inside the region. */
  readonly changedPixels: number;
}

/** Pixel evidence for the reflector: what changed and the screenshots with it drawn on. */
export interface ChangeEvidence {
  /** Changed regions, largest first or in any stable order; empty when nothing changed. */
  readonly regions: readonly ChangedRegion[];
  /** PNG of the screen before with a marker where each action happened; absent when the actions have no point. */
  readonly markedBefore?: Uint8Array;
  /** PNG of the screen after with a numbered box on each region; absent when nothing changed. */
  readonly markedAfter?: Uint8Array;
}

/**
 * Finds what changed between two screens and draws it, for the reflector's first stage. An
 * adapter over the vision package implements it; the model engine itself does no pixel work.
 */
export interface ChangeEvidenceSource {
  collect(
    handle: Handle,
    input: { readonly before: Screen; readonly after: Screen; readonly performed: readonly PerformedAction[] },
  ): Promise<ChangeEvidence>;
}
