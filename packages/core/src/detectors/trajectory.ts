import type { CanonicalAction } from './canonical-action.js';

/** One performed action in the rolling history the detectors read, oldest first. */
export interface TrajectoryEntry {
  /** The action, canonicalized with {@link canonicalizeAction}. */
  readonly action: CanonicalAction;
  /**
   * 64-bit difference hash (dHash) of the screen after the action, as an unsigned bigint. The
   * vision module computes it; bits above the 64th are ignored.
   */
  readonly screenHash: bigint;
  /** The plan step the action was performed for. */
  readonly stepId: string;
  /** Whether the action changed the screen visibly (the reflector's evidence, not the hash). */
  readonly changed: boolean;
}

const MASK_64 = (1n << 64n) - 1n;

/** Number of differing bits between two 64-bit hashes: 0 for identical screens, 64 at most. */
export function hashDistance(a: bigint, b: bigint): number {
  let rest = (a ^ b) & MASK_64;
  let count = 0;
  while (rest !== 0n) {
    rest &= rest - 1n;
    count += 1;
  }
  return count;
}

/** The distinct step ids of some entries, in order of first appearance. */
export function stepIdsOf(entries: readonly TrajectoryEntry[]): string[] {
  return [...new Set(entries.map((entry) => entry.stepId))];
}
