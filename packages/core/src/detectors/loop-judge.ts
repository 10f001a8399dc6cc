import type { Handle } from '../handle.js';
import { sameCanonicalAction, type CanonicalAction } from './canonical-action.js';
import { defaultDetectorConfig, type DetectorConfig } from './detector-config.js';
import { distinctActions } from './same-screen-no-progress.js';
import type { TrajectoryEntry } from './trajectory.js';

/** What the tier-3 judge says about the recent trajectory. */
export interface LoopVerdict {
  /** `keep`: the trajectory is going to plan. `switch`: it is cycling and must change approach. */
  readonly verdict: 'keep' | 'switch';
  /** One sentence of evidence: what repeats, or what visibly progressed. */
  readonly reason: string;
}

/** What the tier-3 judge reads. */
export interface LoopJudgeInput {
  /** The current step's recent actions with the screens after them, oldest first. */
  readonly trajectory: readonly TrajectoryEntry[];
  /** The same stretch in plain lines for people and models ("Clicking 'Save': ok"), oldest first. */
  readonly lines: readonly string[];
  /** The step being carried out, in its plan wording. */
  readonly stepText: string;
}

/**
 * Loop breaker tier 3: a judge (a model, or the built-in rules) that reads the recent trajectory
 * and says whether it is going anywhere. It looks for patterns beyond the local repetition that
 * tiers 1 and 2 catch, such as coming back to an earlier screen or flailing across targets.
 */
export interface LoopJudge {
  judge(handle: Handle, input: LoopJudgeInput): Promise<LoopVerdict>;
}

/** Actions the next decision must not use. Empty when nothing is blacklisted. */
export interface LoopVerdictEffect {
  readonly blacklist: readonly CanonicalAction[];
}

/**
 * Turn a verdict into a blacklist for the next decision. `keep` blacklists nothing. `switch`
 * blacklists every action that occurs at least twice in the last `judgeWindow` entries (both
 * sides of an oscillation), or the last action when nothing repeats there.
 */
export function applyLoopVerdict(
  verdict: LoopVerdict,
  history: readonly TrajectoryEntry[],
  config: DetectorConfig = defaultDetectorConfig,
): LoopVerdictEffect {
  if (verdict.verdict === 'keep' || history.length === 0) return { blacklist: [] };
  const window = history.slice(-config.judgeWindow);
  const repeated = distinctActions(window, config.coordinateTolerancePx).filter(
    (action) =>
      window.filter((entry) => sameCanonicalAction(entry.action, action, config.coordinateTolerancePx)).length >= 2,
  );
  return { blacklist: repeated.length > 0 ? repeated : [history.at(-1)!.action] };
}

/** Whether an action the operator proposes is on the blacklist. */
export function isBlacklisted(
  action: CanonicalAction,
  blacklist: readonly CanonicalAction[],
  tolerancePx: number = defaultDetectorConfig.coordinateTolerancePx,
): boolean {
  return blacklist.some((banned) => sameCanonicalAction(banned, action, tolerancePx));
}
