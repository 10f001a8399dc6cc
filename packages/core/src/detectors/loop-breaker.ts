import { detectorPatterns } from '@sandpiper/protocol';
import type { CanonicalAction } from './canonical-action.js';
import { defaultDetectorConfig, type DetectorConfig } from './detector-config.js';
import type { DetectorFiring } from './detection.js';
import { applyLoopVerdict, isBlacklisted, type LoopVerdict } from './loop-judge.js';
import { sameActionNoChange, type InteractionModality, type SameActionEvidence } from './same-action-no-change.js';
import { sameScreenNoProgress, type SameScreenEvidence } from './same-screen-no-progress.js';
import type { TrajectoryEntry } from './trajectory.js';

/** Nothing is looping: the next action is free. */
export interface ContinueDecision {
  readonly type: 'continue';
  readonly tier: 0;
}

/** Tier 1: the same action kept failing; the next action must use another modality. */
export interface SwitchModalityDecision {
  readonly type: 'switch-modality';
  readonly tier: 1;
  readonly pattern: string;
  readonly reason: string;
  readonly blockedModality: InteractionModality;
  /** Modalities to try instead, most promising first. */
  readonly alternatives: readonly InteractionModality[];
  /** The failing action itself. */
  readonly blacklist: readonly CanonicalAction[];
  readonly firing: DetectorFiring<SameActionEvidence>;
}

/** Tier 2: the same screen keeps coming back; none of the actions tried on it may be used next. */
export interface ChangeStrategyDecision {
  readonly type: 'change-strategy';
  readonly tier: 2;
  readonly pattern: string;
  readonly reason: string;
  /** Every distinct action tried on the unchanging screen. */
  readonly blacklist: readonly CanonicalAction[];
  readonly firing: DetectorFiring<SameScreenEvidence>;
}

/** Tier 3: the judge said switch; the repeated actions are blacklisted for the next decision. */
export interface BlacklistActionDecision {
  readonly type: 'blacklist-action';
  readonly tier: 3;
  readonly pattern: string;
  /** The judge's reason. */
  readonly reason: string;
  readonly blacklist: readonly CanonicalAction[];
}

export type LoopBreakerDecision =
  ContinueDecision | SwitchModalityDecision | ChangeStrategyDecision | BlacklistActionDecision;

/**
 * Decide, after every action, whether the next one must change. The tiers escalate with the
 * evidence: the judge's `switch` (tier 3, when a verdict is given) outranks the same screen seen
 * again and again (tier 2), which outranks one action failing twice (tier 1). The strongest tier
 * that holds is returned.
 */
export function loopBreaker(
  history: readonly TrajectoryEntry[],
  config: DetectorConfig = defaultDetectorConfig,
  verdict?: LoopVerdict,
): LoopBreakerDecision {
  if (verdict?.verdict === 'switch' && history.length > 0) {
    return {
      type: 'blacklist-action',
      tier: 3,
      pattern: detectorPatterns.judgeSwitch(),
      reason: verdict.reason,
      blacklist: applyLoopVerdict(verdict, history, config).blacklist,
    };
  }
  const sameScreen = sameScreenNoProgress(history, config);
  if (sameScreen.fired) {
    return {
      type: 'change-strategy',
      tier: 2,
      pattern: sameScreen.pattern,
      reason: sameScreen.reason,
      blacklist: sameScreen.evidence.unit,
      firing: sameScreen,
    };
  }
  const sameAction = sameActionNoChange(history, config);
  if (sameAction.fired) {
    return {
      type: 'switch-modality',
      tier: 1,
      pattern: sameAction.pattern,
      reason: sameAction.reason,
      blockedModality: sameAction.evidence.blockedModality,
      alternatives: sameAction.evidence.alternatives,
      blacklist: sameAction.evidence.unit,
      firing: sameAction,
    };
  }
  return { type: 'continue', tier: 0 };
}

/** Whether the operator's next action obeys the decision: not blacklisted, and not in a blocked modality. */
export function isActionAllowed(
  decision: LoopBreakerDecision,
  action: CanonicalAction,
  config: DetectorConfig = defaultDetectorConfig,
): boolean {
  if (decision.type === 'continue') return true;
  if (decision.type === 'switch-modality' && action.modality === decision.blockedModality) return false;
  return !isBlacklisted(action, decision.blacklist, config.coordinateTolerancePx);
}
