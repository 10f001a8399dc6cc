import { defaultDetectorConfig, type DetectorConfig } from './detector-config.js';
import type { Detection } from './detection.js';
import { notFired } from './detection.js';
import { repeatedSubsequence, type RepetitionEvidence } from './repeated-subsequence.js';
import type { TrajectoryEntry } from './trajectory.js';
import { visualNonProgress, type VisualEvidence } from './visual-non-progress.js';

/** Both halves of the evidence: what repeated, and how little the screen moved meanwhile. */
export interface StuckEvidence extends RepetitionEvidence {
  readonly visual: VisualEvidence;
}

/**
 * The stuck detector: fires only when the actions repeat AND the screen has not visibly moved.
 * Either signal alone is common in healthy runs (retrying once, waiting on a load), so the step
 * is halted, marked failed and a recovery proposed only when both hold. The pattern is the
 * repetition's (`REPEAT_SEQ_L3_R3`). With `visualAlignment: 'per-repetition'` the screens compared
 * are the ends of the last repetitions rather than the last screens.
 */
export function systemReplanTrigger(
  history: readonly TrajectoryEntry[],
  config: DetectorConfig = defaultDetectorConfig,
): Detection<StuckEvidence> {
  const repetition = repeatedSubsequence(history, config);
  if (!repetition.fired) return notFired;
  const stride = config.visualAlignment === 'per-repetition' ? repetition.evidence.length : 1;
  const visual = visualNonProgress(history, config, stride);
  if (!visual.fired) return notFired;
  return {
    fired: true,
    detector: 'system-replan-trigger',
    pattern: repetition.pattern,
    reason: `${repetition.reason.slice(0, -1)}, and the screen did not visibly change.`,
    evidence: { ...repetition.evidence, visual: visual.evidence },
  };
}
