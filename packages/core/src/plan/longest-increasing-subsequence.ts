/**
 * Positions (into `values`) of one longest strictly increasing subsequence, in O(n log n).
 * Steps at these positions kept their relative order; every other surviving step counts as moved,
 * which makes the reported set of moves as small as possible.
 */
export function longestIncreasingSubsequence(values: readonly number[]): Set<number> {
  // tails[k] is the position of the smallest value ending an increasing run of length k + 1.
  const tails: number[] = [];
  const previous: number[] = new Array<number>(values.length).fill(-1);
  for (const [position, value] of values.entries()) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]!]! < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[position] = tails[low - 1]!;
    tails[low] = position;
  }
  const members = new Set<number>();
  let cursor = tails.length > 0 ? tails[tails.length - 1]! : -1;
  while (cursor >= 0) {
    members.add(cursor);
    cursor = previous[cursor]!;
  }
  return members;
}
