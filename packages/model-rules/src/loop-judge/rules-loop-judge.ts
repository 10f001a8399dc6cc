import {
  defaultDetectorConfig,
  describeCanonicalAction,
  hashDistance,
  throwIfCancelled,
  type DetectorConfig,
  type LoopJudge,
  type LoopVerdict,
  type TrajectoryEntry,
} from '@sandpiper/core';

/** Settings of {@link createRulesLoopJudge}. */
export interface RulesLoopJudgeOptions {
  /** Largest dHash distance, in bits, between two screens that count as the same state. Absent: the detectors' `sameScreenMaxDistance`. */
  readonly sameScreenMaxDistance?: number;
  /** Returns to an earlier screen, within the window, that make the trajectory a cycle. Absent means 2. */
  readonly minReturns?: number;
}

/**
 * Indexes of entries whose screen is one already seen earlier in the window, after at least one
 * different screen in between: the agent went somewhere and came back.
 */
function returnsToEarlierScreens(entries: readonly TrajectoryEntry[], maxDistance: number): number[] {
  const returns: number[] = [];
  for (let index = 2; index < entries.length; index += 1) {
    const current = entries[index]!.screenHash;
    const movedAway = hashDistance(entries[index - 1]!.screenHash, current) > maxDistance;
    if (!movedAway) continue;
    const seenBefore = entries
      .slice(0, index - 1)
      .some((earlier) => hashDistance(earlier.screenHash, current) <= maxDistance);
    if (seenBefore) returns.push(index);
  }
  return returns;
}

/**
 * The built-in tier-3 judge. Tiers 1 and 2 catch an action that changes nothing and a screen that
 * stays put; this one catches the pattern they cannot: actions that do change the screen but keep
 * bringing it back to where it was (open and close a menu, go to a page and back). It says
 * `switch` when the window holds at least `minReturns` such returns, and `keep` otherwise.
 */
export function createRulesLoopJudge(
  options: RulesLoopJudgeOptions = {},
  config: DetectorConfig = defaultDetectorConfig,
): LoopJudge {
  const maxDistance = options.sameScreenMaxDistance ?? config.sameScreenMaxDistance;
  const minReturns = options.minReturns ?? 2;
  return {
    async judge(handle, input): Promise<LoopVerdict> {
      throwIfCancelled(handle);
      const returns = returnsToEarlierScreens(input.trajectory, maxDistance);
      if (returns.length < minReturns) {
        const changed = input.trajectory.filter((entry) => entry.changed).length;
        return {
          verdict: 'keep',
          reason: `${changed} of the last ${input.trajectory.length} actions changed the screen, and it did not cycle back to an earlier state.`,
        };
      }
      const actions = [...new Set(returns.map((index) => describeCanonicalAction(input.trajectory[index]!.action)))];
      return {
        verdict: 'switch',
        reason: `The screen came back to an earlier state ${returns.length} times in the last ${input.trajectory.length} actions (after ${actions.join(', ')}) while working on "${input.stepText}": the approach is going in circles.`,
      };
    },
  };
}
