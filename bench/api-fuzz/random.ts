/** A seeded source of choices, so a seed and a case number name one request exactly. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, bound). */
  below(bound: number): number;
  pick<T>(items: readonly T[]): T;
  /** The items in a seeded order; the input is left as it is. */
  shuffle<T>(items: readonly T[]): T[];
  /** A lowercase word of `length` letters. */
  word(length: number): string;
}

/** Mulberry32: small, fast and good enough to spread choices; not for secrets. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  const below = (bound: number) => Math.floor(next() * bound);
  return {
    next,
    below,
    pick: (items) => {
      if (items.length === 0) throw new RangeError('cannot pick from an empty list');
      return items[below(items.length)]!;
    },
    shuffle: (items) => {
      const copy = [...items];
      for (let index = copy.length - 1; index > 0; index -= 1) {
        const other = below(index + 1);
        [copy[index], copy[other]] = [copy[other]!, copy[index]!];
      }
      return copy;
    },
    word: (length) => Array.from({ length }, () => String.fromCharCode(97 + below(26))).join(''),
  };
}
