import type { Step } from '@sandpiper/protocol';
import {
  defaultDetectorConfig,
  describeCanonicalAction,
  type DetectorConfig,
  type LoopVerdict,
  type RecoveryProposal,
} from '../../detectors/index.js';
import type { LoopHint } from '../../engine.js';
import { recentTrajectory } from '../completion-policy.js';
import type { RunContext } from '../run-context.js';
import { loopJudgeWindow, watchTrajectory } from '../watchdog.js';

/** The step is stuck: it is halted and marked failed, and this recovery should be proposed. */
export interface StepReplan {
  readonly type: 'replan';
  readonly pattern: string;
  readonly reason: string;
  readonly proposal: RecoveryProposal;
}

export type LoopWatch = StepReplan | { readonly type: 'hint'; readonly hint: LoopHint } | { readonly type: 'none' };

/** After each chain: run the stuck detectors and the loop breaker's tiers, and log every firing. */
export async function watchForLoops(context: RunContext, step: Step): Promise<LoopWatch> {
  const previous = context.state.versions
    .filter((version) => version.cause === 'system-replan')
    .flatMap((version) => version.pending.slice(0, 1).map((candidate) => candidate.text));
  const config = context.deps.detectors ?? defaultDetectorConfig;
  let verdict = watchTrajectory(context.trajectory, step, config, previous);
  if (verdict.type === 'continue') {
    const judged = await askLoopJudge(context, step, config);
    if (judged?.verdict !== 'switch') return { type: 'none' };
    verdict = watchTrajectory(context.trajectory, step, config, previous, judged);
    if (verdict.type === 'continue') return { type: 'none' };
  }
  if (verdict.type === 'replan') {
    await context.emit('agent', {
      type: 'detector-fire',
      detector: 'system-replan-trigger',
      pattern: verdict.pattern,
      reason: verdict.reason,
      stepId: step.id,
    });
    return { type: 'replan', pattern: verdict.pattern, reason: verdict.reason, proposal: verdict.proposal };
  }
  const decision = verdict.decision;
  await context.emit('agent', {
    type: 'detector-fire',
    detector: decision.type,
    tier: decision.tier,
    pattern: decision.pattern,
    reason: decision.reason,
    stepId: step.id,
  });
  return {
    type: 'hint',
    hint: { tier: decision.tier, reason: decision.reason, avoid: decision.blacklist.map(describeCanonicalAction) },
  };
}

/** Loop breaker tier 3: when it is due, let the engine's judge read the step's recent trajectory. */
async function askLoopJudge(context: RunContext, step: Step, config: DetectorConfig): Promise<LoopVerdict | undefined> {
  const judge = context.engine.loopJudge;
  const window = judge ? loopJudgeWindow(context.trajectory, step, config) : undefined;
  if (!judge || !window) return undefined;
  const events = await context.deps.log.read(context.runId, context.state.currentStep?.startSeq ?? 1);
  return judge.judge(context.handle, {
    trajectory: window,
    lines: recentTrajectory(events, config.judgeWindow * 2),
    stepText: step.text,
  });
}
