/**
 * Benchmark: hostile model replies. Every role of a real run is put on a loopback server that
 * speaks the OpenAI, Anthropic and Ollama dialects and answers, as each case scripts, with a
 * hostile reply (malformed bodies, HTTP errors, held connections, broken streams, wrong types,
 * impossible actions, runaway sizes and depths, injected instructions, false "done" claims) or
 * with a competent, honest answer. The run goes through the real adapters, the model engine and
 * the agent loop, on a built-in scenario in headless Chromium. For each case: did anything crash,
 * did the log end with `run-end`, did the case hang, is the stored run left `running`, and did the
 * run claim success that the scenario's own state checker denies.
 *
 *   node --import tsx bench/hostile-replies/run.ts [--seed N] [--only <category>] [--limit N]
 *
 * Results are printed by category and written to bench/results/hostile-replies.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { scenarioTasks, startScenarioServer } from '@sandpiper/scenarios';
import { buildCases, CATEGORIES, type Provider } from './cases.js';
import {
  CLIENT_LIMITS,
  crashedCase,
  createHostileRuntime,
  engineSetup,
  RUN_BUDGETS,
  runCase,
  type CaseResult,
} from './run-case.js';
import { startHostileServer } from './server.js';
import { summarize, printTable } from './summary.js';
import { BENCH_TASK_ID, createValidModel } from './valid-answers.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '12' },
    only: { type: 'string' },
    limit: { type: 'string' },
    'limit-ms': { type: 'string', default: '60000' },
  },
  strict: true,
});
const seed = Number.parseInt(values.seed, 10);
const limitMs = Number.parseInt(values['limit-ms'], 10);
if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(limitMs) || limitMs <= 0) {
  throw new Error('--seed and --limit-ms take whole numbers');
}
if (values.only !== undefined && !CATEGORIES.some((category) => category.name === values.only)) {
  throw new Error(`--only takes one of: ${CATEGORIES.map((category) => category.name).join(', ')}`);
}
const limit = values.limit === undefined ? Number.POSITIVE_INFINITY : Number.parseInt(values.limit, 10);
const cases = buildCases(seed)
  .filter((each) => values.only === undefined || each.category === values.only)
  .slice(0, limit);

const task = scenarioTasks.find((candidate) => candidate.id === BENCH_TASK_ID);
if (task === undefined) throw new Error(`no scenario task ${BENCH_TASK_ID}`);

// Errors that reach the process while a case runs are that case's crash, not the bench's end.
const escaped: unknown[] = [];
process.on('unhandledRejection', (reason) => escaped.push(reason));
process.on('uncaughtException', (error) => escaped.push(error));

const scenarios = await startScenarioServer();
let currentRun: string | undefined;
const hostile = await startHostileServer(
  createValidModel(() => currentRun !== undefined && task.check(scenarios.state(task.scenario, currentRun)).ok),
);
const engines = new Map<string, ReturnType<typeof engineSetup>>();
const engineFor = (provider: Provider, stream: boolean) => {
  const key = `${provider}:${stream}`;
  let setup = engines.get(key);
  if (setup === undefined) {
    setup = engineSetup(provider, stream, hostile.origin);
    engines.set(key, setup);
  }
  return setup;
};
const runtime = await createHostileRuntime(scenarios, engineFor('openai-compatible', false));

const results: CaseResult[] = [];
const benchStarted = performance.now();
try {
  for (const [index, hostileCase] of cases.entries()) {
    const caseStarted = performance.now();
    const result = await runCase(
      {
        runtime,
        hostile,
        scenarios,
        task,
        engines: engineFor,
        limitMs,
        setCurrentRun: (runId) => (currentRun = runId),
        escaped,
      },
      hostileCase,
    ).catch((error: unknown) => crashedCase(hostileCase, error, performance.now() - caseStarted));
    results.push(result);
    const flags = [
      result.crashed ? 'CRASH' : '',
      result.hang ? 'HANG' : '',
      result.runEnd ? '' : 'NO-RUN-END',
      result.leftRunning ? 'LEFT-RUNNING' : '',
      result.falseSuccess ? 'FALSE-SUCCESS' : '',
      result.instructionIntact ? '' : 'INSTRUCTION-CHANGED',
    ].filter((flag) => flag !== '');
    console.log(
      [
        `${String(index + 1).padStart(3)}/${cases.length}`,
        result.id.padEnd(78),
        result.status.padEnd(16),
        `${String(result.wallMs).padStart(6)}ms`,
        `calls=${result.modelCalls}`.padEnd(9),
        `hostile=${result.hostileReplies}`.padEnd(11),
        flags.join(' '),
      ].join(' '),
    );
    if (result.crash !== undefined) console.log(`      ${result.crash}`);
  }
} finally {
  await runtime.close();
  await hostile.close();
  await scenarios.close();
}

const summary = summarize(results);
printTable(summary);
const polluted = ({} as Record<string, unknown>)['polluted'] !== undefined;
if (polluted) console.log('\nObject.prototype was polluted during the run.');
const folder = path.join(import.meta.dirname, '..', 'results');
mkdirSync(folder, { recursive: true });
writeFileSync(
  path.join(folder, 'hostile-replies.json'),
  JSON.stringify(
    {
      seed,
      task: BENCH_TASK_ID,
      limitMs,
      clientLimits: CLIENT_LIMITS,
      runBudgets: RUN_BUDGETS,
      wallMs: Math.round(performance.now() - benchStarted),
      prototypePolluted: polluted,
      summary,
      results,
    },
    null,
    2,
  ),
);
console.log(`\nWrote bench/results/hostile-replies.json (${results.length} cases).`);
