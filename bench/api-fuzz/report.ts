/** Summing the results up: tables by mutation kind, route and run state, and the list of failures. */
import type { CaseResult } from './types.js';

export interface TallyRow {
  requests: number;
  '2xx': number;
  '4xx': number;
  '5xx': number;
  /** WebSockets that opened (101). */
  opened: number;
  hangs: number;
  /** Connections that ended without any answer, and 3xx answers. */
  'no answer': number;
  /** Cases with an error answer that does not say what is wrong. */
  unclear: number;
  /** Cases with any problem at all, unclear errors included. */
  failed: number;
}

/** Requests and answers by `key`, one row per value, sorted by name; a total row last. */
export function tally(results: readonly CaseResult[], key: (result: CaseResult) => string): Record<string, TallyRow> {
  const rows = new Map<string, TallyRow>();
  const total = emptyRow();
  for (const result of results) {
    const name = key(result);
    const row = rows.get(name) ?? emptyRow();
    rows.set(name, row);
    for (const target of [row, total]) add(target, result);
  }
  const sorted = Object.fromEntries([...rows.entries()].sort(([a], [b]) => a.localeCompare(b)));
  return { ...sorted, total };
}

function emptyRow(): TallyRow {
  return { requests: 0, '2xx': 0, '4xx': 0, '5xx': 0, opened: 0, hangs: 0, 'no answer': 0, unclear: 0, failed: 0 };
}

function add(row: TallyRow, result: CaseResult): void {
  row.requests += result.classes.length;
  for (const answer of result.classes) {
    if (answer === '2xx' || answer === '4xx' || answer === '5xx' || answer === 'opened') row[answer] += 1;
    else if (answer === 'hang') row.hangs += 1;
    else row['no answer'] += 1;
  }
  if (result.unclear) row.unclear += 1;
  if (result.problems.length > 0) row.failed += 1;
}

/** One line per failing case: its description, then each problem. */
export function formatFailures(results: readonly CaseResult[]): string[] {
  return results
    .filter((result) => result.problems.length > 0)
    .map(
      (result) => `#${result.index} [${result.kind}] ${result.description}\n    → ${result.problems.join('\n    → ')}`,
    );
}
