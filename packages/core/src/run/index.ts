export { startRun, resumeRun, type ResumeOptions } from './agent-loop.js';
export type { RunDependencies } from './run-context.js';
export { projectRun, applyRunEvent, emptyRunState, type RunState } from './projection.js';
export { releaseRunningStep } from './interventions.js';
export { createQueueChannel, type UserChannel, type UserCommand } from './user-channel.js';
export { sensitiveReason } from './sensitivity.js';
export type { RunStop } from './stop.js';
export {
  completionConfigSchema,
  defaultCompletionConfig,
  conservativeVerdict,
  gateVerdict,
  recentTrajectory,
  type CompletionConfig,
  type ConservativeVerdict,
  type GateVerdict,
} from './completion-policy.js';
