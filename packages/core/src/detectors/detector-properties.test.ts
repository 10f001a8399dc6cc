import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalizeAction, sameCanonicalAction } from './canonical-action.js';
import { detectorConfigSchema, type DetectorConfig } from './detector-config.js';
import { click, clickAction, press, scrollDown, typeInto, wait } from './detector-test-support.js';
import { loopBreaker } from './loop-breaker.js';
import { markLoopSteps } from './loop-metrics.js';
import { repeatedSubsequence } from './repeated-subsequence.js';
import { sameActionNoChange } from './same-action-no-change.js';
import { sameScreenNoProgress } from './same-screen-no-progress.js';
import { systemReplanTrigger } from './system-replan-trigger.js';
import { hashDistance, type TrajectoryEntry } from './trajectory.js';
import { visualNonProgress } from './visual-non-progress.js';

const MAX_64 = (1n << 64n) - 1n;
/** A small pool so that random histories repeat often. */
const actionArbitrary = fc.constantFrom(
  click('Save'),
  click('Cancel'),
  click(undefined, { x: 50, y: 50 }),
  typeInto('Email'),
  typeInto(undefined),
  press('Enter'),
  scrollDown(),
  wait(),
);
/** Screens drawn from a few hashes so that "the same screen" happens. */
const screenArbitrary = fc.oneof(fc.constantFrom(0n, 1n, 3n, MAX_64), fc.bigInt({ min: 0n, max: MAX_64 }));
const entryArbitrary: fc.Arbitrary<TrajectoryEntry> = fc.record({
  action: actionArbitrary,
  screenHash: screenArbitrary,
  stepId: fc.constantFrom('step-1', 'step-2'),
  changed: fc.boolean(),
});
const configArbitrary: fc.Arbitrary<DetectorConfig> = fc
  .record({
    maxSubsequenceLength: fc.integer({ min: 1, max: 4 }),
    minRepeats: fc.integer({ min: 2, max: 5 }),
    waitRepeats: fc.integer({ min: 2, max: 6 }),
    visualWindow: fc.integer({ min: 2, max: 5 }),
    stableMaxDistance: fc.integer({ min: 0, max: 40 }),
    visualAlignment: fc.constantFrom('consecutive' as const, 'per-repetition' as const),
    sameActionRepeats: fc.integer({ min: 2, max: 4 }),
    sameScreenRepeats: fc.integer({ min: 2, max: 5 }),
    sameScreenMaxDistance: fc.integer({ min: 0, max: 10 }),
  })
  .map((input) => detectorConfigSchema.parse(input));

/** The shortest history each detector could possibly fire on. */
const windows: readonly [
  string,
  (history: TrajectoryEntry[], config: DetectorConfig) => boolean,
  (config: DetectorConfig) => number,
][] = [
  ['repeatedSubsequence', (h, c) => repeatedSubsequence(h, c).fired, (c) => Math.min(c.minRepeats, c.waitRepeats)],
  ['visualNonProgress', (h, c) => visualNonProgress(h, c).fired, (c) => c.visualWindow],
  [
    'systemReplanTrigger',
    (h, c) => systemReplanTrigger(h, c).fired,
    (c) => Math.max(Math.min(c.minRepeats, c.waitRepeats), c.visualWindow),
  ],
  ['sameActionNoChange', (h, c) => sameActionNoChange(h, c).fired, (c) => c.sameActionRepeats],
  [
    'sameScreenNoProgress',
    (h, c) => sameScreenNoProgress(h, c).fired,
    (c) => Math.min(c.sameScreenRepeats, c.waitRepeats),
  ],
];

describe('detector properties', () => {
  it.each(windows)('%s never fires on a history shorter than its window', (_name, fires, windowOf) => {
    fc.assert(
      fc.property(configArbitrary, fc.array(entryArbitrary, { maxLength: 12 }), (config, entries) => {
        const history = entries.slice(0, Math.max(0, windowOf(config) - 1));
        expect(fires(history, config)).toBe(false);
      }),
    );
  });

  it('never fires visualNonProgress when every screen differs from the previous by more than the threshold', () => {
    const jumpsArbitrary = fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 63 }), { minLength: 1, maxLength: 64 }), {
      minLength: 1,
      maxLength: 12,
    });
    fc.assert(
      fc.property(configArbitrary, fc.bigInt({ min: 0n, max: MAX_64 }), jumpsArbitrary, (config, start, jumps) => {
        let screen = start;
        const history: TrajectoryEntry[] = [{ action: click('Save'), screenHash: screen, stepId: 's', changed: false }];
        for (const bits of jumps) {
          const extra = Array.from({ length: 64 }, (_, bit) => bit).filter((bit) => !bits.includes(bit));
          const flips = [...bits, ...extra.slice(0, Math.max(0, config.stableMaxDistance + 1 - bits.length))];
          for (const bit of flips) screen ^= 1n << BigInt(bit);
          history.push({ action: click('Save'), screenHash: screen, stepId: 's', changed: false });
        }
        expect(visualNonProgress(history, config).fired).toBe(false);
        expect(systemReplanTrigger(history, { ...config, visualAlignment: 'consecutive' }).fired).toBe(false);
      }),
    );
  });

  it('fires the stuck detector only when both of its halves fire', () => {
    fc.assert(
      fc.property(configArbitrary, fc.array(entryArbitrary, { maxLength: 15 }), (config, history) => {
        const stuck = systemReplanTrigger(history, config);
        if (!stuck.fired) return;
        expect(repeatedSubsequence(history, config).fired).toBe(true);
        expect(stuck.evidence.visual.maxDistance).toBeLessThanOrEqual(config.stableMaxDistance);
      }),
    );
  });

  it('returns a well-formed decision for any history, and blocks nothing the last action did not use', () => {
    fc.assert(
      fc.property(configArbitrary, fc.array(entryArbitrary, { maxLength: 15 }), (config, history) => {
        const decision = loopBreaker(history, config);
        expect([0, 1, 2]).toContain(decision.tier);
        if (decision.type === 'switch-modality') expect(decision.blockedModality).toBe(history.at(-1)!.action.modality);
        if (decision.type !== 'continue') expect(decision.reason).toMatch(/\.$/);
        expect(markLoopSteps(history, config)).toHaveLength(history.length);
      }),
    );
  });

  it('compares canonical actions reflexively and symmetrically', () => {
    const pointArbitrary = fc.record({ x: fc.integer({ min: 0, max: 2000 }), y: fc.integer({ min: 0, max: 2000 }) });
    const labelArbitrary = fc.option(fc.constantFrom('Save', ' save ', 'Cancel', 'Save:'), { nil: undefined });
    fc.assert(
      fc.property(pointArbitrary, pointArbitrary, labelArbitrary, labelArbitrary, (p, q, a, b) => {
        const first = canonicalizeAction(clickAction(p), a === undefined ? undefined : { label: a });
        const second = canonicalizeAction(clickAction(q), b === undefined ? undefined : { label: b });
        expect(sameCanonicalAction(first, first)).toBe(true);
        expect(sameCanonicalAction(first, second)).toBe(sameCanonicalAction(second, first));
      }),
    );
  });

  it('measures hash distance as a metric on 64 bits', () => {
    const hash = fc.bigInt({ min: 0n, max: MAX_64 });
    fc.assert(
      fc.property(hash, hash, hash, (a, b, c) => {
        expect(hashDistance(a, a)).toBe(0);
        expect(hashDistance(a, b)).toBe(hashDistance(b, a));
        expect(hashDistance(a, c)).toBeLessThanOrEqual(hashDistance(a, b) + hashDistance(b, c));
        expect(hashDistance(a, a ^ MAX_64)).toBe(64);
      }),
    );
  });
});
