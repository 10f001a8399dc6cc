import type { DetectorName as ProtocolDetectorName } from '@sandpiper/protocol';
import type { CanonicalAction } from './canonical-action.js';

/** The name of a detector, carried by every firing so the log can say which one saw what. */
export type DetectorName = Exclude<ProtocolDetectorName, 'switch-modality' | 'change-strategy' | 'blacklist-action'>;

/** A detector that did not fire. */
export interface NotFired {
  readonly fired: false;
}

/** A detector that fired, with what it saw. Plain data, safe to put in an event. */
export interface DetectorFiring<Evidence> {
  readonly fired: true;
  readonly detector: DetectorName;
  /** A short code for the pattern, such as `REPEAT_SEQ_L3_R3` or `SAME_SCREEN_N3`. */
  readonly pattern: string;
  /** One sentence a person can read: what repeated, or what did not change. */
  readonly reason: string;
  readonly evidence: Evidence;
}

export type Detection<Evidence> = NotFired | DetectorFiring<Evidence>;

export const notFired: NotFired = Object.freeze({ fired: false });

/** Evidence every action-pattern detector carries, so a recovery proposal can be built from any of them. */
export interface ActionPatternEvidence {
  /** The actions that kept repeating, in order (one for a single repeated action). */
  readonly unit: readonly CanonicalAction[];
  /** Index in the history of the first entry of the repeated or unchanged span. */
  readonly start: number;
  /** The plan steps the span belongs to, in order of first appearance. */
  readonly stepIds: readonly string[];
}
