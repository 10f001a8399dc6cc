/** Scoring of reflector checks against the page's truth, and the summary statistics. */
import type { StepCheck } from '@sandpiper/core';
import type { Box } from '@sandpiper/protocol';

/** A predicted action-relevant region matches a true box at this intersection over union or more. */
export const IOU_MATCH = 0.5;

export interface Score {
  pairs: number;
  correct: number;
  predicted: number;
  predictedMatched: number;
  truths: number;
  truthsMatched: number;
}
export const emptyScore = (): Score => ({
  pairs: 0,
  correct: 0,
  predicted: 0,
  predictedMatched: 0,
  truths: 0,
  truthsMatched: 0,
});

export function iou(first: Box, second: Box): number {
  const left = Math.max(first.x, second.x);
  const top = Math.max(first.y, second.y);
  const right = Math.min(first.x + first.width, second.x + second.width);
  const bottom = Math.min(first.y + first.height, second.y + second.height);
  const shared = Math.max(0, right - left) * Math.max(0, bottom - top);
  const total = first.width * first.height + second.width * second.height - shared;
  return total <= 0 ? 0 : shared / total;
}

export function score(into: Score, check: StepCheck, truth: readonly Box[], succeeds: boolean): void {
  const predicted = (check.reflection?.regions ?? []).filter((region) => region.relevance === 'action-relevant');
  into.pairs += 1;
  into.correct += check.passed === succeeds ? 1 : 0;
  into.predicted += predicted.length;
  into.predictedMatched += predicted.filter((region) => truth.some((box) => iou(box, region.box) >= IOU_MATCH)).length;
  into.truths += truth.length;
  into.truthsMatched += truth.filter((box) => predicted.some((region) => iou(box, region.box) >= IOU_MATCH)).length;
}

export const percentile = (numbers: readonly number[], p: number) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
export const ratio = (part: number, whole: number) => (whole === 0 ? Number.NaN : part / whole);
export const percent = (value: number) => (Number.isNaN(value) ? '   n/a' : `${(value * 100).toFixed(1).padStart(5)}%`);

/** Precision, recall and accuracy of each method, for one category of pairs (or `all`). */
export type ScoreRow = { category: string; pairs: number } & Record<string, unknown>;

/** Running scores per method and category. */
export function createScoreBoard() {
  const scores = new Map<string, Score>();
  const scoreFor = (method: string, category: string) => {
    const key = `${method}|${category}`;
    if (!scores.has(key)) scores.set(key, emptyScore());
    return scores.get(key)!;
  };
  return {
    scoreFor,
    table(categories: readonly string[], methods: readonly string[]): ScoreRow[] {
      return categories.map((category) => {
        const row: ScoreRow = { category, pairs: scoreFor(methods[0]!, category).pairs };
        for (const method of methods) {
          const result = scoreFor(method, category);
          row[method] = {
            precision: ratio(result.predictedMatched, result.predicted),
            recall: ratio(result.truthsMatched, result.truths),
            accuracy: ratio(result.correct, result.pairs),
            predictedRegions: result.predicted,
            trueRegions: result.truths,
          };
        }
        return row;
      });
    },
  };
}

export function printScoreTable(table: readonly ScoreRow[], methods: readonly string[]): void {
  console.log(`\n${'category'.padEnd(18)} pairs | ${methods.map((method) => method.padEnd(21)).join(' | ')}`);
  console.log(`${''.padEnd(24)} | ${methods.map(() => 'prec.  recall accur.').join(' | ')}`);
  for (const row of table) {
    const cells = methods.map((method) => {
      const result = row[method] as { precision: number; recall: number; accuracy: number };
      return `${percent(result.precision)} ${percent(result.recall)} ${percent(result.accuracy)}`;
    });
    console.log(`${String(row['category']).padEnd(18)} ${String(row['pairs']).padStart(5)} | ${cells.join(' | ')}`);
  }
}
