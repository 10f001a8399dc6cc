/**
 * Benchmark: every built-in scenario task, run end to end by the built-in engine in real headless
 * Chromium. Reports success (by the scenario's state checker, never the agent's claim), steps,
 * wall time, and the framework's own overhead per step (wall time minus time inside the browser).
 *
 *   npm run bench                    all tasks, accessibility grounding
 *   npm run bench -- --ocr           ground with OCR only
 *   npm run bench -- --only expense  tasks whose id contains "expense"
 *   npm run bench -- --hybrid        the hybrid engine: the built-in engine first, a scripted model
 *                                    behind it; reports the model calls each task needed
 *
 * Results are printed and written to bench/results/scenarios-<mode>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runScenarioTask, type ScenarioTaskResult } from '@sandpiper/runtime';
import { createBenchRuntime } from './support/bench-runtime.js';
import { createRulesEngine } from '@sandpiper/model-rules';
import { createModelEngine } from '../packages/model-engine/src/index.js';
import { clerkScript } from '../packages/model-engine/test/support/clerk-script.js';
import { createScriptedModel } from '../packages/model-engine/test/support/scripted-model.js';
import { createHybridEngine } from '../packages/runtime/src/hybrid-engine.js';
import { scenarioTasks, startScenarioServer } from '@sandpiper/scenarios';

const { values } = parseArgs({
  options: { ocr: { type: 'boolean' }, only: { type: 'string' }, hybrid: { type: 'boolean' } },
  strict: true,
});
const mode = values.hybrid ? 'hybrid' : values.ocr ? 'ocr' : 'accessibility';
/**
 * Behind the hybrid engine: the scripted "clerk" model of the model-engine tests, which answers
 * every role honestly for typing tasks and cannot do much else, so a task the built-in engine
 * cannot settle shows up as model calls (and, beyond typing, as a miss).
 */
const clerk = createScriptedModel({
  script: clerkScript(
    JSON.stringify({ decision: 'clarify', question: 'The scripted model plans only what it is scripted for.' }),
    {
      // It has no recovery step to offer (an answer that is no proposal), and says a failed run is blocked.
      recovery_proposal: ['The scripted model has no recovery step to offer.'],
      critic_verdict: [JSON.stringify({ verdict: 'blocked', reason: 'The scripted model cannot tell.' })],
    },
  ),
});
const builtin = () => createRulesEngine(values.ocr ? {} : { ocr: 'off' });
const tasks = scenarioTasks.filter((task) => !values.only || task.id.includes(values.only));

const percentile = (numbers: readonly number[], p: number) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const server = await startScenarioServer();
const runtime = await createBenchRuntime({
  scenarioServer: server,
  accessibility: !values.ocr,
  engine: {
    kind: 'custom',
    label: values.hybrid
      ? 'hybrid: built-in rules, then a scripted model'
      : `built-in rules${values.ocr ? '' : ', no OCR'}`,
    create: () =>
      values.hybrid
        ? createHybridEngine(builtin(), createModelEngine({ roles: { default: { client: clerk } }, maxRepairs: 0 }))
        : builtin(),
  },
});
const results: ScenarioTaskResult[] = [];
const modelCalls = new Map<string, number>();
try {
  for (const task of tasks) {
    const callsBefore = clerk.calls.length;
    const result = await runScenarioTask(runtime, task);
    results.push(result);
    modelCalls.set(task.id, clerk.calls.length - callsBefore);
    const overhead = result.steps > 0 ? (result.wallMs - result.environmentMs) / result.steps : 0;
    console.log(
      [
        result.asExpected ? 'ok  ' : 'MISS',
        task.id.padEnd(36),
        `expect=${task.expect}`.padEnd(15),
        `status=${result.status}`.padEnd(24),
        `steps=${result.steps}`.padEnd(9),
        `actions=${result.actions}`.padEnd(11),
        `wall=${result.wallMs.toFixed(0)}ms`.padEnd(13),
        `overhead/step=${overhead.toFixed(1)}ms`,
        ...(values.hybrid ? [`model-calls=${modelCalls.get(task.id)}`] : []),
      ].join(' '),
    );
  }
} finally {
  await runtime.close();
  await server.close();
}

const perStepOverhead = results.flatMap((result) =>
  result.steps > 0 ? [(result.wallMs - result.environmentMs) / result.steps] : [],
);
const summary = {
  mode,
  tasks: results.length,
  asExpected: results.filter((result) => result.asExpected).length,
  achievedOfSuccessTasks: `${results.filter((r) => r.achieved && tasks.find((t) => t.id === r.taskId)?.expect === 'success').length}/${tasks.filter((t) => t.expect === 'success').length}`,
  wallMs: {
    median: percentile(
      results.map((r) => r.wallMs),
      50,
    ),
    p95: percentile(
      results.map((r) => r.wallMs),
      95,
    ),
  },
  overheadPerStepMs: { median: percentile(perStepOverhead, 50), p95: percentile(perStepOverhead, 95) },
  ...(values.hybrid
    ? {
        modelCallsPerTask: [...modelCalls.values()].reduce((sum, calls) => sum + calls, 0) / results.length,
        tasksNeedingAModel: [...modelCalls.values()].filter((calls) => calls > 0).length,
      }
    : {}),
};
console.log('\n', JSON.stringify(summary, null, 2));
const folder = path.join(import.meta.dirname, 'results');
mkdirSync(folder, { recursive: true });
writeFileSync(
  path.join(folder, `scenarios-${mode}.json`),
  JSON.stringify(
    {
      summary,
      results: results.map(({ state: _state, ...rest }) => ({
        ...rest,
        ...(values.hybrid ? { modelCalls: modelCalls.get(rest.taskId) } : {}),
      })),
    },
    null,
    2,
  ),
);
