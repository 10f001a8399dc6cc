import type { DesktopCheckResult } from '../task.js';

/** One condition a check requires, with what was actually seen. */
export interface Fact {
  /** The requirement, worded as a statement: "row 5 is unchanged". */
  readonly claim: string;
  readonly holds: boolean;
  /** What was seen instead, quoted in the detail when the fact does not hold. */
  readonly observed?: string;
}

export function show(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
}

export function fact(claim: string, holds: boolean, observed?: unknown): Fact {
  return observed === undefined ? { claim, holds } : { claim, holds, observed: show(observed) };
}

/** Holds when `actual` and `expected` serialise to the same JSON (order matters for arrays). */
export function equals(subject: string, actual: unknown, expected: unknown): Fact {
  return {
    claim: `${subject} is ${show(expected)}`,
    holds: JSON.stringify(actual) === JSON.stringify(expected),
    observed: show(actual),
  };
}

/**
 * Holds when two lists of rows are the same, in order. The detail names the first row that
 * differs, so a failed sort or a lost row is reported by where it happened, not by a wall of JSON.
 */
export function sameRows(
  subject: string,
  actual: readonly (readonly string[])[],
  expected: readonly (readonly string[])[],
  firstRowNumber = 1,
): Fact {
  const length = Math.max(actual.length, expected.length);
  for (let index = 0; index < length; index++) {
    const seen = actual[index];
    const wanted = expected[index];
    if (JSON.stringify(seen ?? null) !== JSON.stringify(wanted ?? null)) {
      const where = `row ${index + firstRowNumber}`;
      if (wanted === undefined) return fact(`${subject}: no ${where}`, false, seen);
      return fact(`${subject}: ${where} is ${show(wanted)}`, false, seen ?? 'no such row');
    }
  }
  return fact(`${subject} (${expected.length} rows) are as expected`, true);
}

/** Holds when both lists hold the same rows, in any order. */
export function sameRowSet(
  subject: string,
  actual: readonly (readonly string[])[],
  expected: readonly (readonly string[])[],
): Fact {
  const count = (rows: readonly (readonly string[])[]): Map<string, number> => {
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(JSON.stringify(row), (counts.get(JSON.stringify(row)) ?? 0) + 1);
    return counts;
  };
  const seen = count(actual);
  const wanted = count(expected);
  const missing = [...wanted].filter(([row, times]) => (seen.get(row) ?? 0) < times).map(([row]) => row);
  const extra = [...seen].filter(([row, times]) => (wanted.get(row) ?? 0) < times).map(([row]) => row);
  const holds = missing.length === 0 && extra.length === 0;
  return {
    claim: `${subject} are the ${expected.length} original rows, none lost, added or changed`,
    holds,
    ...(holds
      ? {}
      : { observed: `missing ${missing.slice(0, 2).join(' ')}; unexpected ${extra.slice(0, 2).join(' ')}` }),
  };
}

/** The verdict on a list of facts: ok when every fact holds, with the failed ones in the detail. */
export function judge(facts: readonly Fact[]): DesktopCheckResult {
  const failed = facts.filter((item) => !item.holds);
  if (failed.length === 0) return { ok: true, detail: `All ${facts.length} conditions hold.` };
  const described = failed.map((item) =>
    item.observed === undefined ? item.claim : `${item.claim} (saw ${item.observed})`,
  );
  return { ok: false, detail: `Not met: ${described.join('; ')}.` };
}
