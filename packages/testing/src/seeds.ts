import { createSeededRandom, type SeededRandom } from '@sandpiper/core';

/** The variable that replays seeded tests: `SANDPIPER_TEST_SEED=1234` (or `1234,99` for several). */
export const TEST_SEED_VARIABLE = 'SANDPIPER_TEST_SEED';

/**
 * Seeds for a test that explores random points: the ones in `SANDPIPER_TEST_SEED` when it is set,
 * so a failure can be replayed exactly, or `count` fresh ones. Put the seed in the test's name
 * (`it.each(seeds)('… (seed %d)')`) so a failing run prints it.
 */
export function testSeeds(count: number, env: Readonly<Record<string, string | undefined>> = process.env): number[] {
  const given = env[TEST_SEED_VARIABLE]?.trim();
  if (given) {
    const seeds = given.split(',').map((part) => Number(part.trim()));
    if (seeds.some((seed) => !Number.isInteger(seed) || seed < 0)) {
      throw new Error(`${TEST_SEED_VARIABLE} must be whole numbers separated by commas, got "${given}"`);
    }
    return seeds;
  }
  return Array.from({ length: count }, () => Math.floor(Math.random() * 2 ** 31));
}

/** The deterministic random source of one seed. */
export function seededRandom(seed: number): SeededRandom {
  return createSeededRandom(seed);
}
