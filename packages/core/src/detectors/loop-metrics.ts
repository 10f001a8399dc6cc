import { defaultDetectorConfig, type DetectorConfig } from './detector-config.js';
import { systemReplanTrigger } from './system-replan-trigger.js';
import type { TrajectoryEntry } from './trajectory.js';

/**
 * Which entries of a finished trajectory lie inside a detected loop. The stuck detector is run
 * after every entry, as it would be live; each time it fires, the whole repeated span it reports
 * (from its first copy to the current entry) is marked. Returns one flag per entry.
 */
export function markLoopSteps(
  entries: readonly TrajectoryEntry[],
  config: DetectorConfig = defaultDetectorConfig,
): boolean[] {
  const marks = entries.map(() => false);
  for (let end = 1; end <= entries.length; end += 1) {
    const detection = systemReplanTrigger(entries.slice(0, end), config);
    if (!detection.fired) continue;
    for (let index = detection.evidence.start; index < end; index += 1) marks[index] = true;
  }
  return marks;
}

/** One finished run, reduced to what the loop metrics need. */
export interface RunLoopRecord {
  /** Whether the run ended without accomplishing its task. */
  readonly failed: boolean;
  /** Actions the run performed. */
  readonly steps: number;
  /** Of those, actions inside detected loops (see {@link markLoopSteps}); a run involves a loop when this is above 0. */
  readonly loopSteps: number;
}

/**
 * The loop measures of the VLAA-GUI paper over a set of runs. A ratio is undefined when its
 * denominator is zero (no failed runs, no runs, no steps), never NaN.
 */
export interface LoopMetrics {
  /** LF, loop over failed: of the failed runs, the share that involved a detected loop. */
  readonly loopFailed: number | undefined;
  /** LA, loop over all: of all runs, the share that involved a detected loop. */
  readonly loopAll: number | undefined;
  /** WSR, wasted-step ratio: of all actions of all runs, the share spent inside detected loops. */
  readonly wastedStepRatio: number | undefined;
  readonly runs: number;
  readonly failedRuns: number;
  readonly loopRuns: number;
  readonly failedLoopRuns: number;
  readonly steps: number;
  readonly loopSteps: number;
}

function ratio(part: number, whole: number): number | undefined {
  return whole === 0 ? undefined : part / whole;
}

/** Compute LF, LA and WSR, with their counts, from per-run records. */
export function loopMetrics(runs: readonly RunLoopRecord[]): LoopMetrics {
  const failedRuns = runs.filter((run) => run.failed).length;
  const loopRuns = runs.filter((run) => run.loopSteps > 0).length;
  const failedLoopRuns = runs.filter((run) => run.failed && run.loopSteps > 0).length;
  const steps = runs.reduce((total, run) => total + run.steps, 0);
  const loopSteps = runs.reduce((total, run) => total + Math.min(run.loopSteps, run.steps), 0);
  return {
    loopFailed: ratio(failedLoopRuns, failedRuns),
    loopAll: ratio(loopRuns, runs.length),
    wastedStepRatio: ratio(loopSteps, steps),
    runs: runs.length,
    failedRuns,
    loopRuns,
    failedLoopRuns,
    steps,
    loopSteps,
  };
}
