import { detectorPatterns } from '@sandpiper/protocol';
import { describeCanonicalAction, sameCanonicalAction, type ActionModality } from './canonical-action.js';
import { defaultDetectorConfig, type DetectorConfig } from './detector-config.js';
import { notFired, type ActionPatternEvidence, type Detection } from './detection.js';
import { stepIdsOf, type TrajectoryEntry } from './trajectory.js';

/** A modality that acts on the interface; `none` (wait, done, fail) is never blocked or suggested. */
export type InteractionModality = Exclude<ActionModality, 'none'>;

export interface SameActionEvidence extends ActionPatternEvidence {
  /** Consecutive identical actions without a visible change, counted as far back as they go. */
  readonly count: number;
  /** The modality the next action must not use. */
  readonly blockedModality: InteractionModality;
  /** The modalities to try instead, most promising first. */
  readonly alternatives: readonly InteractionModality[];
}

/**
 * Where to turn when a modality keeps failing: a keyboard shortcut for a dead click, the
 * application menu for a dead shortcut, and a command (an address, a tool) as the last resort.
 */
const alternativesTo: Readonly<Record<InteractionModality, readonly InteractionModality[]>> = {
  mouse: ['keyboard', 'menu', 'command'],
  keyboard: ['menu', 'mouse', 'command'],
  menu: ['keyboard', 'mouse', 'command'],
  command: ['mouse', 'keyboard', 'menu'],
};

export function alternativeModalities(blocked: InteractionModality): readonly InteractionModality[] {
  return alternativesTo[blocked];
}

/**
 * Loop breaker tier 1: fires when the same action on the same target was performed
 * `sameActionRepeats` times in a row and none of them changed the screen visibly. The next action
 * must use another modality. Waits are not interactions and never fire it.
 */
export function sameActionNoChange(
  history: readonly TrajectoryEntry[],
  config: DetectorConfig = defaultDetectorConfig,
): Detection<SameActionEvidence> {
  const last = history.at(-1);
  if (last === undefined || last.action.modality === 'none') return notFired;
  let count = 0;
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const entry = history[index]!;
    if (entry.changed || !sameCanonicalAction(entry.action, last.action, config.coordinateTolerancePx)) break;
    count += 1;
  }
  if (count < config.sameActionRepeats) return notFired;
  const blockedModality = last.action.modality;
  const start = history.length - count;
  return {
    fired: true,
    detector: 'same-action-no-change',
    pattern: detectorPatterns.sameActionNoChange(count),
    reason: `The same action (${describeCanonicalAction(last.action)}) had no visible effect ${count} times in a row; the next action must not use the ${blockedModality}.`,
    evidence: {
      unit: [last.action],
      count,
      start,
      stepIds: stepIdsOf(history.slice(start)),
      blockedModality,
      alternatives: alternativesTo[blockedModality],
    },
  };
}
