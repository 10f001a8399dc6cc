/**
 * Benchmark: the built-in engine on the test bed (packages/testbed), pages on real widget
 * libraries it was never tuned on, judged by each page's own state checker, never by the run's
 * claim. Each run attaches to the page over CDP, as `sandpiper run --cdp` does.
 *
 *   node --import tsx bench/testbed.ts                      the dev instructions (every style)
 *   node --import tsx bench/testbed.ts --split heldout      the held-out instructions (figures only)
 *   node --import tsx bench/testbed.ts --style terse --only login --limit 20
 *   node --import tsx bench/testbed.ts --only filter-riverside,name-in-capitals   (any of the task ids)
 *   node --import tsx bench/testbed.ts --split probe        the probe instructions (readable; see probe/README.md)
 *   node --import tsx bench/testbed.ts --split probe --at 46,201   (only those entries of the file)
 *   node --import tsx bench/testbed.ts --split fresh        a second readable set (see fresh/README.md)
 *   node --import tsx bench/testbed.ts --split fresh2       a third, of several sentences and goals (fresh2/README.md)
 *
 * Outcomes per instruction: `success` (done and reported done; or, for ask/infeasible tasks,
 * nothing changed and the run asked or failed), `false-success` (reported done, state wrong),
 * `false-failure` (state right, reported not done), `miss` (not done, reported not done).
 * Held-out instruction texts and end reasons are never printed: only aggregate figures.
 * Writes bench/results/testbed-<split>.json (testbed-<split>-partial.json for a filtered run).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readTestbedState, startTestbedServer, testbedTasks, type TestbedTask } from '@sandpiper/testbed';
import { openAttachedBench } from './support/attached-page.js';
import { judgeOutcome, printRow, summarise, writeResults, type OutcomeRow } from './support/outcomes.js';

const { values } = parseArgs({
  options: {
    split: { type: 'string', default: 'dev' },
    style: { type: 'string' },
    only: { type: 'string' },
    at: { type: 'string' },
    limit: { type: 'string' },
    trace: { type: 'boolean', default: false },
  },
  strict: true,
});
const splits = ['dev', 'heldout', 'probe', 'fresh', 'fresh2'] as const;
const split = splits.find((name) => name === values.split);
if (split === undefined) throw new Error(`--split must be one of ${splits.join(', ')}, got "${values.split}"`);
if (values.at !== undefined && (split === 'dev' || split === 'heldout'))
  throw new Error('--at picks entries of a readable file: use it with --split probe, fresh or fresh2');

interface Case {
  readonly task: TestbedTask;
  readonly style: string;
  readonly text: string;
}

/** The instructions of a split written apart from the tasks (all but `dev`), in file order. */
function fileCases(folder: Exclude<(typeof splits)[number], 'dev'>): Case[] {
  const file = path.join(import.meta.dirname, '..', 'packages', 'testbed', folder, 'instructions.json');
  const entries = JSON.parse(readFileSync(file, 'utf8')) as { taskId: string; style: string; text: string }[];
  return entries.flatMap((entry) => {
    const task = testbedTasks.find((candidate) => candidate.id === entry.taskId);
    return task ? [{ task, style: entry.style, text: entry.text }] : [];
  });
}

const all: Case[] =
  split === 'dev'
    ? testbedTasks.flatMap((task) => task.instructions.map(({ style, text }) => ({ task, style, text })))
    : fileCases(split);
const picked = values.at === undefined ? undefined : new Set(values.at.split(',').map(Number));
const cases = all
  .filter((_, index) => picked === undefined || picked.has(index))
  .filter((entry) => !values.style || entry.style === values.style)
  .filter((entry) => !values.only || values.only.split(',').some((part) => entry.task.id.includes(part)))
  .slice(0, values.limit === undefined ? undefined : Number(values.limit));

const server = await startTestbedServer();
const bench = await openAttachedBench();
const rows: OutcomeRow[] = [];
const started = performance.now();
try {
  for (const [index, entry] of cases.entries()) {
    const result = await bench.run({
      url: server.urlFor(entry.task.page),
      instruction: entry.text,
      ready: 'typeof window.testbedState === "function" && window.testbedState() !== null',
      read: (page) => readTestbedState(page),
      trace: values.trace === true && split !== 'heldout',
    });
    if (result.trace !== undefined) console.log(result.trace.map((line) => `         · ${line}`).join('\n'));
    const check = entry.task.check(result.read as Parameters<TestbedTask['check']>[0]);
    const row: OutcomeRow = {
      taskId: entry.task.id,
      widget: entry.task.widget,
      library: entry.task.library,
      style: entry.style,
      expected: entry.task.expected,
      outcome: judgeOutcome(entry.task.expected, result.state.status, check.ok),
      status: result.state.status ?? 'running',
      asked: result.state.status === 'needs-input',
      actions: result.state.actionCount,
      wallMs: Math.round(result.wallMs),
      ...(split !== 'heldout'
        ? { detail: { instruction: entry.text, reason: result.state.endReason ?? '', checker: check.detail } }
        : {}),
    };
    rows.push(row);
    printRow(row, index, cases.length, split !== 'heldout');
  }
} finally {
  await bench.close();
  await server.close();
}

const summary = summarise(rows, { split, minutes: ((performance.now() - started) / 60_000).toFixed(1) }, [
  'widget',
  'style',
  'library',
]);
// A filtered run is a probe, not the figure: it must not overwrite the whole split's results.
const filtered =
  values.style !== undefined || values.only !== undefined || values.limit !== undefined || values.at !== undefined;
writeResults(`testbed-${split}${filtered ? '-partial' : ''}`, summary, rows);
