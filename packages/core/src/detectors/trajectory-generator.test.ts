import { describe, expect, it } from 'vitest';
import { createSeededRandom } from './seeded-random.js';
import { generateTrajectories } from './trajectory-generator.js';

describe('generateTrajectories', () => {
  it('is deterministic: the same seed gives the same trajectories, another seed others', () => {
    const first = generateTrajectories(7, 12);
    expect(generateTrajectories(7, 12)).toEqual(first);
    expect(generateTrajectories(8, 12)).not.toEqual(first);
  });

  it('gives at least 100 trajectories, half loops and half legitimate, covering every scenario', () => {
    const trajectories = generateTrajectories(1, 120);
    expect(trajectories.filter((trajectory) => trajectory.label === 'loop')).toHaveLength(60);
    expect(new Set(trajectories.map((trajectory) => trajectory.scenario)).size).toBe(6);
  });

  it('labels each loop with a span inside its entries, and legitimate runs with none', () => {
    for (const trajectory of generateTrajectories(3, 60)) {
      if (trajectory.label === 'legitimate') {
        expect(trajectory.loopStart).toBeUndefined();
        continue;
      }
      expect(trajectory.loopStart).toBeGreaterThan(0);
      expect(trajectory.loopEnd! - trajectory.loopStart!).toBeGreaterThanOrEqual(4);
      expect(trajectory.loopEnd).toBeLessThanOrEqual(trajectory.entries.length);
      expect(trajectory.failed).toBe(trajectory.loopEnd === trajectory.entries.length);
    }
  });

  it('returns nothing for a count of zero or below', () => {
    expect(generateTrajectories(1, 0)).toEqual([]);
    expect(generateTrajectories(1, -3)).toEqual([]);
  });
});

describe('createSeededRandom', () => {
  it('stays within the asked range and repeats for the same seed', () => {
    const a = createSeededRandom(42);
    const b = createSeededRandom(42);
    const draws = Array.from({ length: 200 }, () => a.int(3, 5));
    expect(Array.from({ length: 200 }, () => b.int(3, 5))).toEqual(draws);
    expect(new Set(draws)).toEqual(new Set([3, 4, 5]));
    expect(a.bits64() < 1n << 64n).toBe(true);
  });
});
