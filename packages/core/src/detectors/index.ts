export type { ActionModality, ActionTarget, CanonicalAction, CanonicalActionKind } from './canonical-action.js';
export {
  DEFAULT_COORDINATE_TOLERANCE_PX,
  canonicalizeAction,
  describeCanonicalAction,
  normalizeChord,
  normalizeLabel,
  sameCanonicalAction,
} from './canonical-action.js';
export type { TrajectoryEntry } from './trajectory.js';
export { hashDistance } from './trajectory.js';
export type { DetectorConfig, DetectorConfigInput } from './detector-config.js';
export { defaultDetectorConfig, detectorConfigSchema } from './detector-config.js';
export type { ActionPatternEvidence, Detection, DetectorFiring, DetectorName, NotFired } from './detection.js';
export type { RepetitionEvidence } from './repeated-subsequence.js';
export { repeatedSubsequence } from './repeated-subsequence.js';
export type { VisualEvidence } from './visual-non-progress.js';
export { visualNonProgress } from './visual-non-progress.js';
export type { StuckEvidence } from './system-replan-trigger.js';
export { systemReplanTrigger } from './system-replan-trigger.js';
export type { InteractionModality, SameActionEvidence } from './same-action-no-change.js';
export { alternativeModalities, sameActionNoChange } from './same-action-no-change.js';
export type { SameScreenEvidence } from './same-screen-no-progress.js';
export { sameScreenNoProgress } from './same-screen-no-progress.js';
export type { LoopJudge, LoopJudgeInput, LoopVerdict, LoopVerdictEffect } from './loop-judge.js';
export { applyLoopVerdict, isBlacklisted } from './loop-judge.js';
export type {
  BlacklistActionDecision,
  ChangeStrategyDecision,
  ContinueDecision,
  LoopBreakerDecision,
  SwitchModalityDecision,
} from './loop-breaker.js';
export { isActionAllowed, loopBreaker } from './loop-breaker.js';
export type { RecoveryContext, RecoveryProposal, RecoveryTrigger } from './recovery-proposal.js';
export { buildRecoveryProposal } from './recovery-proposal.js';
export type { LoopMetrics, RunLoopRecord } from './loop-metrics.js';
export { loopMetrics, markLoopSteps } from './loop-metrics.js';
export type { SeededRandom } from './seeded-random.js';
export { createSeededRandom } from './seeded-random.js';
export type { GeneratedTrajectory, LegitimateScenario, LoopScenario, TrajectoryLabel } from './trajectory-generator.js';
export { generateTrajectories } from './trajectory-generator.js';
