import { detectorPatterns } from '@sandpiper/protocol';
import { describeCanonicalAction, sameCanonicalAction, type CanonicalAction } from './canonical-action.js';
import { defaultDetectorConfig, type DetectorConfig } from './detector-config.js';
import { notFired, type ActionPatternEvidence, type Detection } from './detection.js';
import { stepIdsOf, type TrajectoryEntry } from './trajectory.js';

export interface RepetitionEvidence extends ActionPatternEvidence {
  /** Actions in the repeated unit (L). */
  readonly length: number;
  /** Consecutive copies of the unit at the end of the history (R), counted as far back as they go. */
  readonly repeats: number;
}

function unitMatchesAt(
  history: readonly TrajectoryEntry[],
  unit: readonly CanonicalAction[],
  offset: number,
  tolerancePx: number,
): boolean {
  return unit.every((action, index) => {
    const entry = history[offset + index];
    return entry !== undefined && sameCanonicalAction(entry.action, action, tolerancePx);
  });
}

/** Copies of the last `length` actions that end the history back to back, counting the last one. */
function trailingRepeats(history: readonly TrajectoryEntry[], length: number, tolerancePx: number): number {
  const unit = history.slice(-length).map((entry) => entry.action);
  let repeats = 1;
  while ((repeats + 1) * length <= history.length) {
    if (!unitMatchesAt(history, unit, history.length - (repeats + 1) * length, tolerancePx)) break;
    repeats += 1;
  }
  return repeats;
}

/**
 * Fires when the last L canonical actions were repeated at least R times back to back at the end
 * of the history, for some L up to `maxSubsequenceLength`. The shortest such unit is reported, so
 * six identical clicks read as one action repeated six times, not a pair repeated three times.
 * Units made only of waits need `waitRepeats` copies instead of `minRepeats`.
 */
export function repeatedSubsequence(
  history: readonly TrajectoryEntry[],
  config: DetectorConfig = defaultDetectorConfig,
): Detection<RepetitionEvidence> {
  for (let length = 1; length <= config.maxSubsequenceLength; length += 1) {
    const unitEntries = history.slice(-length);
    const onlyWaits = unitEntries.every((entry) => entry.action.kind === 'wait');
    const required = onlyWaits ? config.waitRepeats : config.minRepeats;
    if (history.length < length * required) continue;
    const repeats = trailingRepeats(history, length, config.coordinateTolerancePx);
    if (repeats < required) continue;
    const start = history.length - repeats * length;
    const unit = unitEntries.map((entry) => entry.action);
    const described = unit.map(describeCanonicalAction).join(', then ');
    return {
      fired: true,
      detector: 'repeated-subsequence',
      pattern: detectorPatterns.repeatedSequence(length, repeats),
      reason:
        length === 1
          ? `The same action (${described}) was performed ${repeats} times in a row.`
          : `The same ${length} actions (${described}) were repeated ${repeats} times in a row.`,
      evidence: { unit, length, repeats, start, stepIds: stepIdsOf(history.slice(start)) },
    };
  }
  return notFired;
}
