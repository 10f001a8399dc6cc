/**
 * How the task benchmarks judge a run and summarise many: the page's own checker against what the
 * run claimed. Shared by bench/testbed.ts and bench/apg/run.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { percentile } from './attached-page.js';

/** What a well-behaved run ends with on a task. */
export type Expected = 'done' | 'ask' | 'infeasible';

/**
 * `success`: done and reported done; or, for ask/infeasible tasks, nothing changed and the run
 * asked or failed. `false-success`: reported done, state wrong (the worst). `false-failure`:
 * state right, reported not done. `miss`: not done, reported not done.
 */
export type Outcome = 'success' | 'false-success' | 'false-failure' | 'miss';

export function judgeOutcome(expected: Expected, status: string | undefined, checkerOk: boolean): Outcome {
  const claimedDone = status === 'succeeded';
  if (expected === 'done') {
    if (claimedDone) return checkerOk ? 'success' : 'false-success';
    return checkerOk ? 'false-failure' : 'miss';
  }
  // Ask or infeasible: the honest end is a question or a failure with nothing changed.
  if (claimedDone) return 'false-success';
  return checkerOk ? 'success' : 'miss';
}

/** One instruction's result. `detail` is kept only for splits the team may read. */
export interface OutcomeRow {
  readonly taskId: string;
  readonly widget: string;
  readonly style: string;
  readonly expected: Expected;
  readonly outcome: Outcome;
  readonly status: string;
  readonly asked: boolean;
  readonly actions: number;
  readonly wallMs: number;
  readonly [key: string]: unknown;
  readonly detail?: { readonly instruction: string; readonly reason: string; readonly checker: string };
}

/** Progress line; held-out rows never show their task, instruction or end reason. */
export function printRow(row: OutcomeRow, index: number, total: number, readable: boolean): void {
  const name = readable ? row.taskId : '(held out)';
  const line = `${String(index + 1).padStart(4)}/${total} ${row.outcome.padEnd(13)} ${name.padEnd(44)} ${row.style.padEnd(7)} ${row.status}`;
  console.log(
    readable && row.outcome !== 'success' && row.detail
      ? `${line}\n       "${row.detail.instruction}"\n       → ${row.detail.reason}\n       → checker: ${row.detail.checker}`
      : line,
  );
}

/** Aggregate figures, broken down by the given row keys. */
export function summarise(
  rows: readonly OutcomeRow[],
  meta: Record<string, unknown>,
  breakdowns: readonly string[],
): Record<string, unknown> {
  const rate = (subset: readonly OutcomeRow[]) =>
    subset.length === 0
      ? '—'
      : `${((100 * subset.filter((row) => row.outcome === 'success').length) / subset.length).toFixed(1)}%`;
  const count = (outcome: Outcome) => rows.filter((row) => row.outcome === outcome).length;
  const doneRows = rows.filter((row) => row.expected === 'done');
  const by = (key: string) =>
    Object.fromEntries(
      [...new Set(rows.map((row) => String(row[key])))].sort().map((value) => {
        const subset = rows.filter((row) => String(row[key]) === value);
        return [value, `${rate(subset)} of ${subset.length}`];
      }),
    );
  return {
    ...meta,
    instructions: rows.length,
    success: `${count('success')} (${rate(rows)})`,
    falseSuccess: count('false-success'),
    falseFailure: `${count('false-failure')} (${doneRows.length === 0 ? '—' : ((100 * count('false-failure')) / doneRows.length).toFixed(1)}% of done tasks)`,
    miss: count('miss'),
    questionsAsked: rows.filter((row) => row.asked).length,
    actionsMedian: percentile(
      rows.map((row) => row.actions),
      50,
    ),
    wallMsMedian: percentile(
      rows.map((row) => row.wallMs),
      50,
    ),
    ...Object.fromEntries(
      ['expected', ...breakdowns].map((key) => [`by${key[0]!.toUpperCase()}${key.slice(1)}`, by(key)]),
    ),
  };
}

/** Prints the summary and writes `{summary, rows}` to bench/results/<name>.json. */
export function writeResults(name: string, summary: Record<string, unknown>, rows: readonly OutcomeRow[]): void {
  console.log(`\n${JSON.stringify(summary, null, 2)}`);
  const folder = path.join(import.meta.dirname, '..', 'results');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, `${name}.json`), `${JSON.stringify({ summary, rows }, null, 2)}\n`);
}
