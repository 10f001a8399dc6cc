import { detectorPatterns } from '@sandpiper/protocol';
import { defaultDetectorConfig, type DetectorConfig } from './detector-config.js';
import { notFired, type Detection } from './detection.js';
import { hashDistance, stepIdsOf, type TrajectoryEntry } from './trajectory.js';

export interface VisualEvidence {
  /** dHash distances, in bits, between each consecutive pair of the compared screens, oldest first. */
  readonly distances: readonly number[];
  /** The largest of `distances`. */
  readonly maxDistance: number;
  /** History indexes of the compared screens, oldest first. */
  readonly indexes: readonly number[];
  /** The plan steps whose screens were compared. */
  readonly stepIds: readonly string[];
}

/**
 * Fires when every consecutive pair of the last `visualWindow` screens is at most
 * `stableMaxDistance` bits apart: the screen has not visibly moved. One larger jump anywhere in
 * the window clears it. A history too short to fill the window never fires.
 *
 * `stride` compares every stride-th screen counting back from the newest instead of neighbours:
 * with the period of a repeated unit it asks whether each repetition ends where the previous one
 * did, which catches an oscillation between two different screens. 1 (the default) compares
 * neighbours, as Plover does.
 */
export function visualNonProgress(
  history: readonly TrajectoryEntry[],
  config: DetectorConfig = defaultDetectorConfig,
  stride = 1,
): Detection<VisualEvidence> {
  const step = Math.max(1, Math.floor(stride));
  const indexes: number[] = [];
  for (let index = history.length - 1; index >= 0 && indexes.length < config.visualWindow; index -= step) {
    indexes.unshift(index);
  }
  if (indexes.length < config.visualWindow) return notFired;
  const screens = indexes.map((index) => history[index]!);
  const distances = screens.slice(1).map((entry, index) => hashDistance(screens[index]!.screenHash, entry.screenHash));
  const maxDistance = Math.max(...distances);
  if (maxDistance > config.stableMaxDistance) return notFired;
  const compared = step === 1 ? `the last ${indexes.length} screens` : `the screens every ${step} actions`;
  return {
    fired: true,
    detector: 'visual-non-progress',
    pattern: detectorPatterns.visualStable(indexes.length, step),
    reason: `${compared.charAt(0).toUpperCase()}${compared.slice(1)} differ by at most ${maxDistance} of 64 hash bits from one to the next.`,
    evidence: { distances, maxDistance, indexes, stepIds: stepIdsOf(screens) },
  };
}
