/**
 * Benchmark: the built-in engine on the W3C APG example pages (bench/apg/tasks), judged by each
 * task's DOM/ARIA checker, never by the run's claim. The whole set is held out from engine work:
 * only aggregate figures are printed (by widget, style and expected end), never an instruction
 * or an end reason.
 *
 *   node --import tsx bench/apg/run.ts
 *   node --import tsx bench/apg/run.ts --widget checkbox --limit 20
 *
 * Needs the corpus at ../shared/corpora/aria-practices. Writes bench/results/apg.json.
 */
import { parseArgs } from 'node:util';
import { openAttachedBench } from '../support/attached-page.js';
import { judgeOutcome, printRow, summarise, writeResults, type OutcomeRow } from '../support/outcomes.js';
import { prepareOfflineContext } from './browser.js';
import { startCorpusServer } from './serve-corpus.js';
import { apgTasks } from './tasks/index.js';

const { values } = parseArgs({
  options: { widget: { type: 'string' }, style: { type: 'string' }, limit: { type: 'string' } },
  strict: true,
});

const cases = apgTasks
  .filter((task) => !values.widget || task.widget === values.widget)
  .flatMap((task) => task.instructions.map((instruction) => ({ task, ...instruction })))
  .filter((entry) => !values.style || entry.style === values.style)
  .slice(0, values.limit === undefined ? undefined : Number(values.limit));

const server = await startCorpusServer();
const bench = await openAttachedBench();
const rows: OutcomeRow[] = [];
const started = performance.now();
try {
  for (const [index, entry] of cases.entries()) {
    const result = await bench.run({
      url: server.urlFor(entry.task.example),
      instruction: entry.text,
      viewport: { width: 1280, height: 900 },
      prepareContext: prepareOfflineContext,
      read: (page) => entry.task.check(page),
    });
    const row: OutcomeRow = {
      taskId: entry.task.id,
      widget: entry.task.widget,
      style: entry.style,
      expected: entry.task.expected,
      outcome: judgeOutcome(entry.task.expected, result.state.status, result.read.ok),
      status: result.state.status ?? 'running',
      asked: result.state.status === 'needs-input',
      actions: result.state.actionCount,
      wallMs: Math.round(result.wallMs),
    };
    rows.push(row);
    printRow(row, index, cases.length, false);
  }
} finally {
  await bench.close();
  await server.close();
}

const summary = summarise(rows, { set: 'apg', minutes: ((performance.now() - started) / 60_000).toFixed(1) }, [
  'widget',
  'style',
]);
// Task ids are kept in the file for run-to-run comparison; instructions and reasons never are.
writeResults('apg', summary, rows);
