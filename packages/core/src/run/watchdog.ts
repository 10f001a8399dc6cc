import type { Action, RunEvent, Step } from '@sandpiper/protocol';
import {
  buildRecoveryProposal,
  canonicalizeAction,
  loopBreaker,
  systemReplanTrigger,
  type ActionTarget,
  type DetectorConfig,
  type LoopBreakerDecision,
  type LoopVerdict,
  type RecoveryProposal,
  type TrajectoryEntry,
} from '../detectors/index.js';

/**
 * The trajectory the stuck detectors read, folded from the log like every other projection: one
 * entry per performed action, paired with the first observation after it.
 */
export interface TrajectoryState {
  readonly entries: readonly TrajectoryEntry[];
  /** The action waiting for its observation. */
  readonly pending: { readonly action: Action; readonly target: ActionTarget; readonly stepId: string } | undefined;
  /** Content address of the last screenshot, to tell whether an action changed anything at all. */
  readonly lastScreenshot: string | undefined;
  /**
   * How many entries there were when system replanning, and when the loop breaker, last fired:
   * each reads only what came after its own last firing, so one loop is reported once, while a
   * loop-breaker hint does not hide the repetition that system replanning counts.
   */
  readonly replanReportedAt: number;
  readonly breakerReportedAt: number;
}

export const emptyTrajectory: TrajectoryState = {
  entries: [],
  pending: undefined,
  lastScreenshot: undefined,
  replanReportedAt: 0,
  breakerReportedAt: 0,
};

/** Actions that are the agent's own bookkeeping, not input to the screen. */
const NOT_ON_SCREEN = new Set<Action['type']>(['done', 'fail', 'tool-call']);

export function applyTrajectoryEvent(state: TrajectoryState, event: RunEvent): TrajectoryState {
  const payload = event.payload;
  switch (payload.type) {
    case 'action-start': {
      if (NOT_ON_SCREEN.has(payload.action.type)) return state;
      const grounding = payload.grounding;
      const target: ActionTarget = {
        ...(grounding?.query ? { label: grounding.query } : {}),
        ...(grounding?.role ? { role: grounding.role } : {}),
      };
      return { ...state, pending: { action: payload.action, target, stepId: payload.stepId } };
    }
    case 'observation': {
      const screenshot = payload.observation.screenshot;
      const pending = state.pending;
      if (!pending || screenshot.dHash === undefined) {
        return { ...state, pending: undefined, lastScreenshot: screenshot.hash };
      }
      const entry: TrajectoryEntry = {
        action: canonicalizeAction(pending.action, pending.target),
        screenHash: BigInt(`0x${screenshot.dHash}`),
        stepId: pending.stepId,
        // Identical screenshot bytes mean identical pixels: the action changed nothing visible.
        changed: screenshot.hash !== state.lastScreenshot,
      };
      return {
        ...state,
        entries: [...state.entries, entry],
        pending: undefined,
        lastScreenshot: screenshot.hash,
      };
    }
    case 'detector-fire':
      return payload.detector === 'system-replan-trigger'
        ? { ...state, replanReportedAt: state.entries.length, breakerReportedAt: state.entries.length }
        : { ...state, breakerReportedAt: state.entries.length };
    default:
      return state;
  }
}

export type WatchdogVerdict =
  | { readonly type: 'continue' }
  /** A loop-breaker tier fired: the next decision should change modality or strategy. */
  | { readonly type: 'break-loop'; readonly decision: Exclude<LoopBreakerDecision, { type: 'continue' }> }
  /** Repetition and a still screen together: halt the step and propose a recovery. */
  | { readonly type: 'replan'; readonly pattern: string; readonly reason: string; readonly proposal: RecoveryProposal };

/**
 * Look at the recent trajectory of the current step. System replanning needs both a repeated
 * action pattern and a visually still screen; the loop breaker's tiers escalate before that.
 * A firing is reported once per loop: later checks only look at entries added since.
 */
export function watchTrajectory(
  trajectory: TrajectoryState,
  step: Step,
  config: DetectorConfig,
  previousProposals: readonly string[],
  verdict?: LoopVerdict,
): WatchdogVerdict {
  const since = (start: number) => trajectory.entries.slice(start).filter((entry) => entry.stepId === step.id);
  const recent = since(trajectory.replanReportedAt);
  const stuck = systemReplanTrigger(recent, config);
  if (stuck.fired) {
    const proposal = buildRecoveryProposal(stuck, step, { previousProposals });
    return { type: 'replan', pattern: stuck.pattern, reason: stuck.reason, proposal };
  }
  const decision = loopBreaker(since(trajectory.breakerReportedAt), config, verdict);
  return decision.type === 'continue' ? { type: 'continue' } : { type: 'break-loop', decision };
}

/**
 * The stretch of the current step the tier-3 judge should read now, or undefined when it is not
 * due: it is asked once the step has `judgeEvery` actions since the breaker last fired, and again
 * after each further `judgeEvery`.
 */
export function loopJudgeWindow(
  trajectory: TrajectoryState,
  step: Step,
  config: DetectorConfig,
): readonly TrajectoryEntry[] | undefined {
  const entries = trajectory.entries.slice(trajectory.breakerReportedAt).filter((entry) => entry.stepId === step.id);
  if (entries.length === 0 || entries.length % config.judgeEvery !== 0) return undefined;
  return entries.slice(-config.judgeWindow);
}
