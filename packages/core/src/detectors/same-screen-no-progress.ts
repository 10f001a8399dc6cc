import { detectorPatterns } from '@sandpiper/protocol';
import { sameCanonicalAction, type CanonicalAction } from './canonical-action.js';
import { defaultDetectorConfig, type DetectorConfig } from './detector-config.js';
import { notFired, type ActionPatternEvidence, type Detection } from './detection.js';
import { hashDistance, stepIdsOf, type TrajectoryEntry } from './trajectory.js';

export interface SameScreenEvidence extends ActionPatternEvidence {
  /** Consecutive screens of the same state without a visible change, counted as far back as they go. */
  readonly count: number;
  /** dHash distance, in bits, from each screen of the span to the newest one, oldest first. */
  readonly distances: readonly number[];
}

/** The distinct actions of some entries, in order of first appearance. */
export function distinctActions(entries: readonly TrajectoryEntry[], tolerancePx: number): CanonicalAction[] {
  const distinct: CanonicalAction[] = [];
  for (const { action } of entries) {
    if (!distinct.some((known) => sameCanonicalAction(known, action, tolerancePx))) distinct.push(action);
  }
  return distinct;
}

/**
 * Loop breaker tier 2: fires when the last `sameScreenRepeats` actions, whatever they were, all
 * left the same screen state (within `sameScreenMaxDistance` bits of the newest screen) and none
 * of them changed anything visibly. The agent must change its strategy, not only its modality.
 * When every action of the span is a wait, `waitRepeats` screens are needed instead, because
 * waiting out a load looks exactly like this for a while.
 */
export function sameScreenNoProgress(
  history: readonly TrajectoryEntry[],
  config: DetectorConfig = defaultDetectorConfig,
): Detection<SameScreenEvidence> {
  const last = history.at(-1);
  if (last === undefined) return notFired;
  let count = 0;
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const entry = history[index]!;
    if (entry.changed || hashDistance(entry.screenHash, last.screenHash) > config.sameScreenMaxDistance) break;
    count += 1;
  }
  const start = history.length - count;
  const span = history.slice(start);
  const required = span.every((entry) => entry.action.kind === 'wait') ? config.waitRepeats : config.sameScreenRepeats;
  if (count < required) return notFired;
  return {
    fired: true,
    detector: 'same-screen-no-progress',
    pattern: detectorPatterns.sameScreen(count),
    reason: `The same screen came back ${count} times in a row without any action changing it; a different strategy is needed.`,
    evidence: {
      unit: distinctActions(span, config.coordinateTolerancePx),
      count,
      start,
      stepIds: stepIdsOf(span),
      distances: span.map((entry) => hashDistance(entry.screenHash, last.screenHash)),
    },
  };
}
