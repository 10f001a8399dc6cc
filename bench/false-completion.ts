/**
 * Benchmark: false completion. How often does a run say "done" when the person's goal was not
 * reached, and what do the completion gate and the conservative judge change about it?
 *
 * Every task of `plantedTasks` (@sandpiper/scenarios) runs end to end in real headless Chromium
 * with the built-in engine (accessibility grounding, no OCR). A planted task opens its app with a
 * fault that lets every step look finished while the goal is missed: a save that never completes,
 * a confirmation the plan does not mention, a field wiped once by another field, a value rounded
 * or cut. Controls run the same instructions on the normal app. Each task runs under:
 *
 *   off         completion gate and judge both off: finishing the steps is enough
 *   gate        the gate only: every success criterion seen on a stable screen
 *   gate+judge  the gate, then the conservative judge
 *
 * and the same three again with a premature operator ("premature/…"): the first time the operator
 * reaches the last step of the plan it says the step is done without acting, and the step check
 * believes it, as a model grading its own claim would.
 *
 * Definitions (truth is always the scenario's state checker, never the agent):
 *   DONE           the run ended `succeeded`, i.e. it claimed the task done
 *   false DONE     a DONE claim on a run whose goal the checker says was not reached
 *   FDF            false DONE / runs whose goal was not reached: of the runs that should not
 *                  have claimed done, the share that did
 *   FDA            false DONE / all runs
 *   DONE accuracy  correct DONE / all DONE claims: how far a DONE can be trusted
 *   success        correct DONE / all runs: the goal was reached and the run said so
 *   repaired       repairable planted runs that still ended with a correct DONE (after a
 *                  rejected claim appended the missing work)
 *   honest fails   unrepairable planted runs that did not claim DONE
 *   false rej.     completion claims rejected although the checker said, at that moment, that
 *                  the goal was met; false acc.: claims accepted although it was not met
 *   controls falsely rejected / lost
 *                  control runs with a false rejection, and control runs that reached the
 *                  goal but did not end with DONE
 *
 * Run from the repository root:
 *
 *   node --import tsx bench/false-completion.ts
 *   node --import tsx bench/false-completion.ts --only expense          task ids containing "expense"
 *   node --import tsx bench/false-completion.ts --conditions off,gate   some conditions only
 *
 * Prints one line per run and a table per condition; writes bench/results/false-completion.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runScenarioTask } from '@sandpiper/runtime';
import { completionConfigSchema, type CompletionConfig } from '@sandpiper/core';
import { createRulesEngine } from '@sandpiper/model-rules';
import { plantedTasks, startScenarioServer, type PlantedTask, type ScenarioServer } from '@sandpiper/scenarios';
import { claimRecord, formatTable, summarise, type ClaimRecord, type RunRecord } from './false-completion/metrics.js';
import { withPrematureClaim } from './false-completion/premature-engine.js';
import { createBenchRuntime } from './support/bench-runtime.js';

interface Condition {
  readonly name: string;
  readonly completion: CompletionConfig;
  readonly premature: boolean;
}

const settings = [
  { name: 'off', gate: false, judge: false },
  { name: 'gate', gate: true, judge: false },
  { name: 'gate+judge', gate: true, judge: true },
] as const;
const allConditions: readonly Condition[] = [false, true].flatMap((premature) =>
  settings.map(({ name, gate, judge }) => ({
    name: premature ? `premature/${name}` : name,
    completion: completionConfigSchema.parse({ gate, judge }),
    premature,
  })),
);

const { values } = parseArgs({
  options: { only: { type: 'string' }, conditions: { type: 'string' } },
  strict: true,
});
const wanted = values.conditions?.split(',').map((name) => name.trim());
const conditions = allConditions.filter((condition) => !wanted || wanted.includes(condition.name));
const tasks = plantedTasks.filter((task) => !values.only || task.id.includes(values.only));
if (conditions.length === 0 || tasks.length === 0) {
  console.error(`Nothing to run: conditions are ${allConditions.map((condition) => condition.name).join(', ')}.`);
  process.exit(2);
}

async function runOnce(server: ScenarioServer, task: PlantedTask, condition: Condition) {
  let premature: ReturnType<typeof withPrematureClaim> | undefined;
  const runtime = await createBenchRuntime({
    scenarioServer: server,
    config: { completion: condition.completion },
    engine: {
      kind: 'custom',
      label: ENGINE_LABEL,
      create: () => {
        const base = createRulesEngine({ ocr: 'off' });
        return condition.premature ? (premature = withPrematureClaim(base)) : base;
      },
    },
  });
  const claims: ClaimRecord[] = [];
  const session = `${task.id}-${condition.name}`.replace(/[^A-Za-z0-9._:/-]/g, '-');
  // The app reports every change at once, and the gate looked at the screen a moment before the
  // check was logged, so the server's state at that point is the state the claim was made on.
  const goalMet = () => task.check(server.state(task.scenario, session)).ok;
  const result = await runScenarioTask(runtime, task, {
    runId: session,
    onEvent: (event) => {
      const claim = claimRecord(event, goalMet);
      if (claim) claims.push(claim);
    },
  }).finally(() => runtime.close());
  const rejections = result.state.versions.filter((version) => version.cause === 'verifier-rejection');
  const appendedSteps = rejections.flatMap((version) => {
    const parent = result.state.versions.find((candidate) => candidate.id === version.parentId);
    const known = new Set([...(parent?.completed ?? []), ...(parent?.pending ?? [])].map((step) => step.id));
    return version.pending.filter((step) => !known.has(step.id)).map((step) => step.text);
  });
  const record: RunRecord = {
    condition: condition.name,
    taskId: task.id,
    fault: task.fault ?? 'none',
    outcome: task.outcome,
    status: result.status,
    endReason: result.endReason,
    claimedDone: result.status === 'succeeded',
    achieved: result.achieved,
    checkerDetail: result.checkerDetail,
    claims,
    verifierRejections: rejections.length,
    appendedSteps,
    ...(premature ? { prematureClaim: premature.claimed } : {}),
    actions: result.actions,
    wallMs: Math.round(result.wallMs),
  };
  return record;
}

function describeRun(record: RunRecord): string {
  const verdict = record.claimedDone
    ? record.achieved
      ? 'DONE ok   '
      : 'FALSE DONE'
    : record.achieved
      ? 'lost      '
      : 'not done  ';
  const claims = record.claims.map((claim) => `${claim.gate}/${claim.judge}${claim.accepted ? '+' : '-'}`).join(' ');
  return [
    verdict,
    record.condition.padEnd(21),
    record.taskId.padEnd(45),
    `status=${record.status ?? '?'}`.padEnd(19),
    `claims=[${claims}]`.padEnd(40),
    `appended=${record.appendedSteps.length}`.padEnd(11),
    `${(record.wallMs / 1000).toFixed(1)}s`,
  ].join(' ');
}

const ENGINE_LABEL = 'built-in rules, no OCR';
const server = await startScenarioServer();
const records: RunRecord[] = [];
const started = performance.now();
try {
  for (const condition of conditions) {
    for (const task of tasks) {
      const record = await runOnce(server, task, condition);
      records.push(record);
      console.log(describeRun(record));
    }
  }
} finally {
  await server.close();
}

const summaries = conditions.map((condition) =>
  summarise(
    condition.name,
    records.filter((record) => record.condition === condition.name),
  ),
);
console.log(`\n${formatTable(summaries)}`);
console.log(`\n${records.length} runs in ${((performance.now() - started) / 60_000).toFixed(1)} min.`);

const folder = path.join(import.meta.dirname, 'results');
mkdirSync(folder, { recursive: true });
writeFileSync(
  path.join(folder, 'false-completion.json'),
  `${JSON.stringify(
    {
      engine: ENGINE_LABEL,
      conditions: conditions.map(({ name, completion, premature }) => ({ name, completion, premature })),
      tasks: tasks.map(({ id, fault, outcome, plant }) => ({ id, fault: fault ?? 'none', outcome, plant })),
      summaries,
      runs: records,
    },
    null,
    2,
  )}\n`,
);
