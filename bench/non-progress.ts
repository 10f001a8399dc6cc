/**
 * Benchmark: the non-progress detectors over synthetic trajectories with known ground truth.
 *
 *   node --import tsx bench/non-progress.ts [--seed 7] [--count 120]
 *
 * The trajectories come from `generateTrajectories` (half real loops, half legitimate
 * repetition); their screen hashes move by amounts measured with a 9×8 dHash on Chromium
 * screenshots (see the detector config). Prints:
 *  1. precision and recall of the stuck detector (`systemReplanTrigger`), per trajectory: a
 *     trajectory counts as flagged when the detector fires after any of its entries;
 *  2. the same at other visual thresholds, to show the trade-off;
 *  3. LF, LA and WSR (VLAA-GUI's loop measures) without the loop breaker and with it.
 *
 * How "with the loop breaker" is simulated. The breaker runs after every entry. When it returns
 * a tier above 0:
 *  - inside a labelled loop, the agent obeys: the loop's remaining entries are dropped and one
 *    recovery entry (another modality, assumed to work: it changes the screen) takes their place,
 *    then the trajectory goes on with whatever followed the loop. A loop that ran out the budget
 *    counts as rescued.
 *  - outside a loop, the intervention is a false alarm: the agent spends one extra, wasted step
 *    on the detour, then carries on with its original next entry.
 * Tier 3 uses the built-in rules loop judge (`createRulesLoopJudge`: "switch" when the screen
 * keeps coming back to an earlier state), asked every `judgeEvery` entries since the breaker last
 * intervened, as the agent loop asks it. The breaker is reported with tiers 1–2 alone and with it.
 * "WSR (detected)" is the paper's measure: steps inside loops the stuck detector found.
 * "WSR (true)" counts steps inside the labelled loops plus false-alarm detours.
 */
import { parseArgs } from 'node:util';
import {
  canonicalizeAction,
  createHandle,
  defaultDetectorConfig,
  generateTrajectories,
  loopBreaker,
  loopMetrics,
  markLoopSteps,
  systemReplanTrigger,
  type DetectorConfig,
  type GeneratedTrajectory,
  type LoopVerdict,
  type TrajectoryEntry,
} from '@sandpiper/core';
import { createRulesLoopJudge } from '@sandpiper/model-rules';

const { values } = parseArgs({
  options: { seed: { type: 'string', default: '7' }, count: { type: 'string', default: '120' } },
  strict: true,
});
const seed = Number(values.seed);
const trajectories = generateTrajectories(seed, Number(values.count));

const percent = (value: number | undefined) => (value === undefined ? 'n/a' : `${(100 * value).toFixed(1)}%`);

/** Index of the first entry after which the stuck detector fires, or undefined. */
function firstFiring(entries: readonly TrajectoryEntry[], config: DetectorConfig): number | undefined {
  for (let end = 1; end <= entries.length; end += 1) {
    if (systemReplanTrigger(entries.slice(0, end), config).fired) return end - 1;
  }
  return undefined;
}

function precisionRecall(config: DetectorConfig) {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  const delays: number[] = [];
  for (const trajectory of trajectories) {
    const fired = firstFiring(trajectory.entries, config);
    if (trajectory.label === 'loop') {
      if (fired === undefined) falseNegatives += 1;
      else {
        truePositives += 1;
        delays.push(fired - trajectory.loopStart!);
      }
    } else if (fired !== undefined) falsePositives += 1;
  }
  const precision = truePositives + falsePositives === 0 ? undefined : truePositives / (truePositives + falsePositives);
  const recall = truePositives / (truePositives + falseNegatives);
  delays.sort((a, b) => a - b);
  return { truePositives, falsePositives, falseNegatives, precision, recall, medianDelay: delays[delays.length >> 1] };
}

interface SimulatedRun {
  readonly entries: TrajectoryEntry[];
  /** Ground truth per entry: inside a labelled loop, or a false-alarm detour. */
  readonly wasted: boolean[];
  readonly failed: boolean;
  readonly interventions: { inLoop: number; falseAlarms: number };
}

const recoveryAction = canonicalizeAction({ type: 'key', keys: ['Escape'] });

function recoveryEntry(previous: TrajectoryEntry): TrajectoryEntry {
  return {
    action: recoveryAction,
    screenHash: ~previous.screenHash & ((1n << 64n) - 1n),
    stepId: 'recovery',
    changed: true,
  };
}

const rulesJudge = createRulesLoopJudge();

/** The tier-3 verdict when the judge is due (every `judgeEvery` entries since the last intervention). */
async function judgeIfDue(since: readonly TrajectoryEntry[], config: DetectorConfig): Promise<LoopVerdict | undefined> {
  if (since.length === 0 || since.length % config.judgeEvery !== 0) return undefined;
  return rulesJudge.judge(createHandle(), {
    trajectory: since.slice(-config.judgeWindow),
    lines: [],
    stepText: 'the benchmark step',
  });
}

async function simulate(
  trajectory: GeneratedTrajectory,
  config: DetectorConfig,
  breaker: 'off' | 'tiers-1-2' | 'tiers-1-3',
): Promise<SimulatedRun> {
  const inLoop = (index: number) =>
    trajectory.loopStart !== undefined && index >= trajectory.loopStart && index < trajectory.loopEnd!;
  const entries: TrajectoryEntry[] = [];
  const wasted: boolean[] = [];
  const interventions = { inLoop: 0, falseAlarms: 0 };
  let rescued = false;
  let index = 0;
  let sinceIntervention = 0;
  while (index < trajectory.entries.length) {
    const entry = trajectory.entries[index]!;
    entries.push(entry);
    wasted.push(inLoop(index));
    const since = entries.slice(sinceIntervention);
    const verdict = breaker === 'tiers-1-3' ? await judgeIfDue(since, config) : undefined;
    const decision = breaker === 'off' ? undefined : loopBreaker(since, config, verdict);
    if (decision !== undefined && decision.tier > 0) {
      entries.push(recoveryEntry(entry));
      sinceIntervention = entries.length;
      if (inLoop(index)) {
        interventions.inLoop += 1;
        wasted.push(false);
        rescued = true;
        index = trajectory.loopEnd!;
        continue;
      }
      interventions.falseAlarms += 1;
      wasted.push(true);
    }
    index += 1;
  }
  return { entries, wasted, failed: trajectory.failed && !rescued, interventions };
}

async function loopReport(config: DetectorConfig, breaker: 'off' | 'tiers-1-2' | 'tiers-1-3') {
  const runs = await Promise.all(trajectories.map((trajectory) => simulate(trajectory, config, breaker)));
  const metrics = loopMetrics(
    runs.map((run) => ({
      failed: run.failed,
      steps: run.entries.length,
      loopSteps: markLoopSteps(run.entries, config).filter(Boolean).length,
    })),
  );
  const steps = runs.reduce((total, run) => total + run.entries.length, 0);
  const trulyWasted = runs.reduce((total, run) => total + run.wasted.filter(Boolean).length, 0);
  const inLoop = runs.reduce((total, run) => total + run.interventions.inLoop, 0);
  const falseAlarms = runs.reduce((total, run) => total + run.interventions.falseAlarms, 0);
  return { metrics, steps, trueWsr: trulyWasted / steps, inLoop, falseAlarms };
}

const config = defaultDetectorConfig;
const loops = trajectories.filter((trajectory) => trajectory.label === 'loop').length;
console.log(
  `Non-progress benchmark: ${trajectories.length} trajectories (seed ${seed}), ${loops} loops, ${trajectories.length - loops} legitimate`,
);
console.log(
  `Defaults: L<=${config.maxSubsequenceLength}, R>=${config.minRepeats} (waits ${config.waitRepeats}), window ${config.visualWindow} (${config.visualAlignment}), stable <= ${config.stableMaxDistance} bits\n`,
);

const main = precisionRecall(config);
console.log('1. Stuck detector (systemReplanTrigger)');
console.log(
  `   precision ${percent(main.precision)}  recall ${percent(main.recall)}  (TP ${main.truePositives}, FP ${main.falsePositives}, FN ${main.falseNegatives}); median delay after loop start: ${main.medianDelay} entries`,
);
const groups = new Map<string, { total: number; flagged: number }>();
for (const trajectory of trajectories) {
  const key = `${trajectory.label.padEnd(10)} ${trajectory.scenario}/${trajectory.variant}`;
  const group = groups.get(key) ?? { total: 0, flagged: 0 };
  group.total += 1;
  if (firstFiring(trajectory.entries, config) !== undefined) group.flagged += 1;
  groups.set(key, group);
}
for (const [key, group] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`   ${key.padEnd(48)} flagged ${group.flagged}/${group.total}`);
}

console.log('\n2. Visual threshold sweep (stableMaxDistance, bits)');
for (const stableMaxDistance of [0, 1, 2, 3, 4, 10, 40]) {
  const result = precisionRecall({ ...config, stableMaxDistance });
  console.log(
    `   <= ${String(stableMaxDistance).padStart(2)}: precision ${percent(result.precision).padStart(6)}  recall ${percent(result.recall).padStart(6)}  (FP ${result.falsePositives}, FN ${result.falseNegatives})`,
  );
}

console.log('\n   The same with visualAlignment: consecutive (Plover: the last screens, neighbour to neighbour)');
for (const stableMaxDistance of [0, 1, 2, 3, 4, 10, 40]) {
  const result = precisionRecall({ ...config, stableMaxDistance, visualAlignment: 'consecutive' });
  console.log(
    `   <= ${String(stableMaxDistance).padStart(2)}: precision ${percent(result.precision).padStart(6)}  recall ${percent(result.recall).padStart(6)}  (FP ${result.falsePositives}, FN ${result.falseNegatives})`,
  );
}

console.log('\n3. Loop measures (LF over failed runs, LA over all runs, WSR over all steps)');
for (const [alignment, breaker] of [
  ['per-repetition', 'off'],
  ['per-repetition', 'tiers-1-2'],
  ['per-repetition', 'tiers-1-3'],
  ['consecutive', 'off'],
  ['consecutive', 'tiers-1-2'],
  ['consecutive', 'tiers-1-3'],
] as const) {
  if (breaker === 'off') console.log(`   visualAlignment: ${alignment}`);
  const report = await loopReport({ ...config, visualAlignment: alignment }, breaker);
  const label = { off: 'without breaker', 'tiers-1-2': 'breaker tiers 1-2', 'tiers-1-3': 'breaker tiers 1-3' }[breaker];
  const { metrics } = report;
  console.log(
    `   ${label.padEnd(19)} steps ${String(report.steps).padStart(4)}  WSR (detected) ${percent(metrics.wastedStepRatio).padStart(6)}  WSR (true) ${percent(report.trueWsr).padStart(6)}  LA ${percent(metrics.loopAll).padStart(6)}  LF ${percent(metrics.loopFailed).padStart(6)} (${metrics.failedRuns} failed)  interventions in loops ${report.inLoop}, false alarms ${report.falseAlarms}`,
  );
}
console.log('   Tier 3 is the built-in rules loop judge, asked every judgeEvery entries.');
