/**
 * Benchmark: the HTTP and WebSocket API under seeded hostile requests.
 *
 *   node --import tsx bench/api-fuzz.ts                      seed 1, at least 1,200 cases
 *   node --import tsx bench/api-fuzz.ts --seed 7 --count 3000
 *   node --import tsx bench/api-fuzz.ts --seed 7 --count 3000 --case 412   send one case again
 *
 * Starts a real server on 127.0.0.1 (a free port, a fresh data directory, the built-in engine and
 * the scenario apps) and keeps runs waiting for a plan decision, waiting for an action decision,
 * working, paused, taken over and ended. Every route of the protocol's table is then sent valid
 * requests and mutated ones: bad tokens in bad places, foreign origins, wrong methods, stray and
 * climbing paths, odd run ids, broken queries and bodies (see bench/api-fuzz/). WebSocket
 * upgrades are refused, broken, or opened and sent garbage.
 *
 * Each answer must come within 5 s (30 s for requests that start a browser), carry no 5xx (save
 * the 503 of an environment that cannot open, which the protocol's error table prescribes), fit
 * the statuses the case allows, say in a JSON `error` what is wrong (the field, and what is wrong
 * with it), and, on success, fit the route's answer schema. `--count` is a minimum: the coverage
 * pass (every route with every mutation that fits it) is always sent whole. After each batch the server must
 * still answer; no unhandled rejection or exception may reach the process; and once the server
 * has stopped, no run in its store may be left running. Results go to bench/results/api-fuzz.json;
 * the exit code is 1 when anything failed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runListSchema, serverInfoSchema } from '@sandpiper/protocol';
import { openStore } from '@sandpiper/runtime';
import { startScenarioServer } from '@sandpiper/scenarios';
import { startServer } from '@sandpiper/server';
import { generateCases } from './api-fuzz/cases.js';
import { formatFailures, tally } from './api-fuzz/report.js';
import { createRunPool } from './api-fuzz/run-pool.js';
import { describeCase, sendCase } from './api-fuzz/send.js';
import { sendHttp } from './api-fuzz/transport.js';
import type { CaseResult } from './api-fuzz/types.js';
import { judgeCase } from './api-fuzz/verdict.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    count: { type: 'string', default: '1200' },
    case: { type: 'string' },
  },
  strict: true,
});
const seed = Number(values.seed);
const count = Number(values.count);
if (!Number.isInteger(seed) || !Number.isInteger(count) || count < 1)
  throw new Error('--seed and --count take whole numbers');
const only = values.case === undefined ? undefined : Number(values.case);

const HOST = '127.0.0.1';
const BATCH = 25;
const CLOSE_BOUND_MS = 60_000;

/** What reached the process or the server's error hook, with the case in flight at the time. */
const incidents: { source: string; caseIndex: number | undefined; message: string }[] = [];
let inFlight: number | undefined;
process.on('unhandledRejection', (reason) =>
  incidents.push({ source: 'unhandled rejection', caseIndex: inFlight, message: describe(reason) }),
);
process.on('uncaughtException', (error) =>
  incidents.push({ source: 'uncaught exception', caseIndex: inFlight, message: describe(error) }),
);

const list = generateCases(seed, count);
const selected = only === undefined ? list.cases : list.cases.filter((fuzzCase) => fuzzCase.index === only);
if (selected.length === 0) throw new Error(`there is no case ${only} for seed ${seed} and count ${count}`);

const scenarios = await startScenarioServer();
const dataDir = mkdtempSync(path.join(tmpdir(), 'sandpiper-api-fuzz-'));
const server = await startServer({
  dataDir,
  scenarios,
  host: HOST,
  port: 0,
  onError: (message) => incidents.push({ source: 'server error hook', caseIndex: inFlight, message }),
});
const address = { host: HOST, port: server.port, token: server.token };
const pool = createRunPool(address);
const health: { afterCase: number; problem: string }[] = [];
const results: CaseResult[] = [];
/** 5xx answers a case allowed, by the reason it gave (an environment that cannot open). */
const allowedServerErrors = new Map<string, number>();
const started = Date.now();

console.log(
  `API fuzz: seed ${seed}, ${selected.length} cases (${list.coverage} from the coverage pass), server ${server.url}`,
);
let down = false;
for (const [position, fuzzCase] of selected.entries()) {
  inFlight = fuzzCase.index;
  const sent = await sendCase(fuzzCase, address, pool);
  if (typeof sent === 'string') {
    results.push({
      index: fuzzCase.index,
      kind: fuzzCase.kind,
      route: fuzzCase.route,
      target: fuzzCase.target,
      seenState: undefined,
      description: describeCase(fuzzCase, seed, count),
      statuses: [],
      errors: [],
      classes: [],
      durationMs: 0,
      problems: [`not sent: ${sent}`],
      unclear: false,
    });
    continue;
  }
  const verdict = judgeCase(fuzzCase, sent.answers, list.routes);
  const reason = fuzzCase.expect.serverErrorReason;
  const serverErrors = sent.answers.filter((answer) => (answer.status ?? 0) >= 500).length;
  if (reason && serverErrors > 0)
    allowedServerErrors.set(reason, (allowedServerErrors.get(reason) ?? 0) + serverErrors);
  results.push({
    index: fuzzCase.index,
    kind: fuzzCase.kind,
    route: fuzzCase.route,
    target: fuzzCase.target,
    seenState: sent.seenState,
    description: describeCase(fuzzCase, seed, count, sent.context),
    statuses: sent.answers.map((answer) => answer.status),
    errors: sent.answers.flatMap((answer) => errorOf(answer.body)),
    classes: verdict.classes,
    durationMs: Math.max(...sent.answers.map((answer) => answer.durationMs)),
    problems: verdict.problems,
    unclear: verdict.unclear,
  });
  if ((position + 1) % BATCH === 0 || position === selected.length - 1) {
    const problem = await checkHealth();
    if (problem) health.push({ afterCase: fuzzCase.index, problem });
    if (problem && (await checkHealth())) {
      down = true;
      console.error(`The server stopped answering after case ${fuzzCase.index}: ${problem}`);
      break;
    }
    if ((position + 1) % 200 === 0) console.log(`  ${position + 1} cases sent`);
  }
}
inFlight = undefined;

const closeProblem = await closeWithin(CLOSE_BOUND_MS);
await scenarios.close();
// Give late rejections from closed connections a moment to surface before counting them.
await new Promise((resolve) => setTimeout(resolve, 500));
const leftRunning = runsLeftRunning(dataDir);
rmSync(dataDir, { recursive: true, force: true });

const byKind = tally(results, (result) => result.kind);
const byRoute = tally(results, (result) => result.route);
const byState = tally(results, (result) => result.seenState ?? '(no run)');
const failures = formatFailures(results);
console.log('\nBy mutation kind');
console.table(byKind);
console.log('By route');
console.table(byRoute);
console.log('By run state');
console.table(byState);

const findings = [
  ...failures,
  ...incidents.map(
    (incident) => `${incident.source} during case ${incident.caseIndex ?? '(none)'}: ${incident.message}`,
  ),
  ...pool.problems.map((problem) => `pool request ${problem.request}: ${problem.problem}`),
  ...health.map((entry) => `health check after case ${entry.afterCase}: ${entry.problem}`),
  ...(closeProblem ? [closeProblem] : []),
  ...leftRunning.map((run) => `run ${run.id} was left ${run.status} after the server stopped`),
  ...(down ? ['the server went down; the remaining cases were not sent'] : []),
];
for (const [reason, times] of allowedServerErrors) {
  console.log(`${times} of the 5xx answers fit their case: ${reason} (503 by the protocol's error table).`);
}
console.log(findings.length === 0 ? '\nNo failures.' : `\n${findings.length} failures:\n${findings.join('\n')}`);
const summary = {
  seed,
  count,
  cases: results.length,
  requests: byKind['total']!.requests,
  coverageCases: list.coverage,
  poolRequests: pool.counts.requests,
  runsCreatedByPool: pool.counts.runsCreated,
  wallSeconds: Math.round((Date.now() - started) / 100) / 10,
  byKind,
  byRoute,
  byState,
  allowedServerErrors: Object.fromEntries(allowedServerErrors),
  incidents,
  poolProblems: pool.problems,
  health,
  closeProblem: closeProblem ?? null,
  leftRunning,
  failures: results.filter((result) => result.problems.length > 0),
  // Every distinct error message with how often it came, to read whether each says what is wrong.
  errorMessages: countMessages(results),
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/api-fuzz.json', `${JSON.stringify(summary, null, 2)}\n`);
console.log(
  `${summary.requests} requests in ${summary.wallSeconds} s (${summary.poolRequests} more by the run pool, ${summary.runsCreatedByPool} runs); results in bench/results/api-fuzz.json`,
);
process.exitCode = findings.length === 0 ? 0 : 1;

async function checkHealth(): Promise<string | undefined> {
  for (const [target, schema] of [
    ['/api/info', serverInfoSchema],
    ['/api/runs?limit=3', runListSchema],
  ] as const) {
    const answer = await sendHttp({
      host: HOST,
      port: server.port,
      method: 'GET',
      path: target,
      headers: { authorization: `Bearer ${server.token}` },
      timeoutMs: 5000,
    });
    if (answer.timedOut) return `GET ${target} did not answer within 5000 ms`;
    if (answer.status !== 200) return `GET ${target} answered ${answer.status ?? answer.transportError}`;
    try {
      if (!schema.safeParse(JSON.parse(answer.body.toString('utf8'))).success) return `GET ${target} broke its schema`;
    } catch {
      return `GET ${target} answered with something that is not JSON`;
    }
  }
  return undefined;
}

async function closeWithin(bound: number): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`the server did not stop within ${bound} ms`), bound);
  });
  const closed = server.close().then(
    () => undefined,
    (error: unknown) => `closing the server failed: ${describe(error)}`,
  );
  const outcome = await Promise.race([closed, timedOut]);
  clearTimeout(timer);
  return outcome;
}

/** Runs the stopped server left `running` or never started: what `sandpiper runs` would show as unfinished. */
function runsLeftRunning(directory: string): { id: string; status: string }[] {
  const store = openStore({ dataDir: directory });
  try {
    return store
      .listRuns()
      .filter((run) => run.status === 'running' || run.status === 'created')
      .map((run) => ({ id: run.id, status: run.status }));
  } finally {
    store.close();
  }
}

function countMessages(all: readonly CaseResult[]): Record<string, number> {
  const counts = new Map<string, number>();
  // Run ids and hashes differ from message to message; counting them apart would hide the pattern.
  const general = (message: string) =>
    message.replace(/r\d{8}-\d{4}-[0-9a-f]{6}/g, '<run>').replace(/[0-9a-f]{64}/g, '<hash>');
  for (const message of all.flatMap((result) => result.errors.map(general))) {
    counts.set(message, (counts.get(message) ?? 0) + 1);
  }
  return Object.fromEntries([...counts.entries()].sort(([, a], [, b]) => b - a));
}

function errorOf(body: Buffer): string[] {
  try {
    const error = (JSON.parse(body.toString('utf8')) as { error?: unknown }).error;
    return typeof error === 'string' ? [error.slice(0, 200)] : [];
  } catch {
    return [];
  }
}

function describe(value: unknown): string {
  return value instanceof Error ? `${value.name}: ${value.message}` : String(value);
}
