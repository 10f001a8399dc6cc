import type { CaseResult } from './run-case.js';

/** Counts for one category, or for every case. */
export interface Tally {
  readonly name: string;
  readonly cases: number;
  readonly crashes: number;
  readonly missingRunEnd: number;
  readonly hangs: number;
  readonly leftRunning: number;
  readonly falseSuccesses: number;
  readonly instructionChanged: number;
  readonly keyLeaks: number;
  readonly scriptsInReport: number;
  /** Final statuses and how many cases ended in each. */
  readonly statuses: Readonly<Record<string, number>>;
  readonly medianWallMs: number;
  readonly maxWallMs: number;
  readonly modelCalls: number;
  readonly hostileReplies: number;
}

export interface Summary {
  readonly categories: readonly Tally[];
  readonly total: Tally;
}

function median(numbers: readonly number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function tally(name: string, results: readonly CaseResult[]): Tally {
  const statuses: Record<string, number> = {};
  for (const result of results) statuses[result.status] = (statuses[result.status] ?? 0) + 1;
  const count = (test: (result: CaseResult) => boolean) => results.filter(test).length;
  return {
    name,
    cases: results.length,
    crashes: count((result) => result.crashed),
    missingRunEnd: count((result) => !result.runEnd),
    hangs: count((result) => result.hang),
    leftRunning: count((result) => result.leftRunning),
    falseSuccesses: count((result) => result.falseSuccess),
    instructionChanged: count((result) => !result.instructionIntact),
    keyLeaks: count((result) => result.keyLeaked),
    scriptsInReport: count((result) => result.scriptInReport),
    statuses,
    medianWallMs: median(results.map((result) => result.wallMs)),
    maxWallMs: Math.max(0, ...results.map((result) => result.wallMs)),
    modelCalls: results.reduce((sum, result) => sum + result.modelCalls, 0),
    hostileReplies: results.reduce((sum, result) => sum + result.hostileReplies, 0),
  };
}

/** Tallies per category, in the order categories first appear, and over all cases. */
export function summarize(results: readonly CaseResult[]): Summary {
  const names = [...new Set(results.map((result) => result.category))];
  return {
    categories: names.map((name) =>
      tally(
        name,
        results.filter((result) => result.category === name),
      ),
    ),
    total: tally('total', results),
  };
}

const STATUS_ABBREVIATIONS: Readonly<Record<string, string>> = {
  succeeded: 'ok',
  failed: 'fail',
  'needs-input': 'ask',
  'budget-exhausted': 'budget',
  cancelled: 'cancel',
};

function statusText(statuses: Readonly<Record<string, number>>): string {
  return Object.entries(statuses)
    .sort((first, second) => second[1] - first[1])
    .map(([status, count]) => `${STATUS_ABBREVIATIONS[status] ?? status} ${count}`)
    .join(', ');
}

/** The table by category, then the totals. */
export function printTable(summary: Summary): void {
  const header = [
    'category'.padEnd(22),
    'cases'.padStart(5),
    'crash'.padStart(6),
    'no-end'.padStart(7),
    'hang'.padStart(5),
    'running'.padStart(8),
    'false-ok'.padStart(9),
    'median'.padStart(8),
    'max'.padStart(7),
    '  statuses',
  ].join('');
  const line = (row: Tally) =>
    [
      row.name.padEnd(22),
      String(row.cases).padStart(5),
      String(row.crashes).padStart(6),
      String(row.missingRunEnd).padStart(7),
      String(row.hangs).padStart(5),
      String(row.leftRunning).padStart(8),
      String(row.falseSuccesses).padStart(9),
      `${(row.medianWallMs / 1000).toFixed(1)}s`.padStart(8),
      `${(row.maxWallMs / 1000).toFixed(1)}s`.padStart(7),
      `  ${statusText(row.statuses)}`,
    ].join('');
  console.log(`\n${header}`);
  console.log('-'.repeat(header.length + 30));
  for (const row of summary.categories) console.log(line(row));
  console.log('-'.repeat(header.length + 30));
  console.log(line(summary.total));
  console.log(
    `\nstatuses: ok = succeeded, fail = failed, ask = needs-input, budget = budget-exhausted; ` +
      `${summary.total.modelCalls} model calls, ${summary.total.hostileReplies} of them answered with a hostile reply; ` +
      `runs whose stored instruction changed: ${summary.total.instructionChanged}, ` +
      `with a fake key in the log or report: ${summary.total.keyLeaks}, ` +
      `with the planted <script> unescaped in the HTML report: ${summary.total.scriptsInReport}.`,
  );
}
