import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROFILES,
  findProfile,
  fitImageSize,
  toEnvironmentPoint,
  toModelPoint,
  type ModelCoordinateSpace,
  type ModelProfile,
} from '../src/index.js';

const screen = { width: 1920, height: 1080 };

function profile(id: string): ModelProfile {
  const found = DEFAULT_PROFILES.find((each) => each.id === id);
  if (found === undefined) throw new Error(`no profile ${id}`);
  return found;
}

describe('converting model points to environment points', () => {
  it.each([
    ['claude', { width: 1429, height: 804 }],
    ['gpt-4o', { width: 1365, height: 768 }],
    ['openai-default', { width: 1365, height: 768 }],
    ['ui-tars', { width: 1344, height: 756 }],
    ['qwen2.5-vl', { width: 1316, height: 728 }],
    ['openai-compatible-default', { width: 1280, height: 720 }],
  ])('sizes a 1920×1080 screenshot for %s as %o', (id, size) => {
    expect(fitImageSize(screen, profile(id).image)).toEqual(size);
  });

  it('maps pixels of the sent image back to the screen (claude)', () => {
    const claude = profile('claude');
    const sentImage = fitImageSize(screen, claude.image);
    expect(toEnvironmentPoint({ x: 714.5, y: 402 }, claude.coordinates, { sentImage, screen })).toEqual({
      ok: true,
      point: { x: 960, y: 540 },
    });
  });

  it('maps a 0–1000 grid to the screen whatever size was sent (ui-tars)', () => {
    const uiTars = profile('ui-tars');
    const frame = { sentImage: fitImageSize(screen, uiTars.image), screen };
    expect(toEnvironmentPoint({ x: 500, y: 500 }, uiTars.coordinates, frame)).toEqual({
      ok: true,
      point: { x: 960, y: 540 },
    });
    expect(toEnvironmentPoint({ x: 250, y: 100 }, uiTars.coordinates, frame)).toEqual({
      ok: true,
      point: { x: 480, y: 108 },
    });
    // The far edge lands half a pixel inside the screen rather than just off it.
    expect(toEnvironmentPoint({ x: 1000, y: 1000 }, uiTars.coordinates, frame)).toEqual({
      ok: true,
      point: { x: 1919.5, y: 1079.5 },
    });
  });

  it('maps a 0–1 range the same way', () => {
    const fractions: ModelCoordinateSpace = { kind: 'normalized', range: 1 };
    const frame = { sentImage: { width: 800, height: 450 }, screen };
    expect(toEnvironmentPoint({ x: 0.25, y: 0.75 }, fractions, frame)).toEqual({
      ok: true,
      point: { x: 480, y: 810 },
    });
  });

  it.each<[string, { x: number; y: number }, ModelCoordinateSpace]>([
    ['right of the image', { x: 1430, y: 10 }, { kind: 'pixels' }],
    ['above the image', { x: 10, y: -1 }, { kind: 'pixels' }],
    ['beyond the grid', { x: 1001, y: 0 }, { kind: 'normalized', range: 1000 }],
    ['not a number', { x: Number.NaN, y: 3 }, { kind: 'normalized', range: 1000 }],
  ])('refuses a point %s instead of clamping it', (_where, point, space) => {
    const result = toEnvironmentPoint(point, space, { sentImage: { width: 1429, height: 804 }, screen });
    expect(result.ok).toBe(false);
  });

  it('refuses every point when a size is empty', () => {
    const result = toEnvironmentPoint(
      { x: 0, y: 0 },
      { kind: 'pixels' },
      { sentImage: { width: 0, height: 5 }, screen },
    );
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('empty') as unknown });
  });

  it.each(DEFAULT_PROFILES.map((each) => [each.id, each] as const))(
    'round-trips any screen point through the model space of %s',
    (_id, each) => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 5000 }),
          fc.integer({ min: 1, max: 5000 }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          (width, height, fx, fy) => {
            const frame = { sentImage: fitImageSize({ width, height }, each.image), screen: { width, height } };
            const point = { x: fx * Math.max(0, width - 0.5), y: fy * Math.max(0, height - 0.5) };
            const result = toEnvironmentPoint(toModelPoint(point, each.coordinates, frame), each.coordinates, frame);
            expect(result.ok).toBe(true);
            if (!result.ok) return;
            expect(result.point.x).toBeCloseTo(point.x, 6);
            expect(result.point.y).toBeCloseTo(point.y, 6);
          },
        ),
      );
    },
  );

  it('always lands inside the screen for any point inside the model space', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DEFAULT_PROFILES),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (each, width, height, fx, fy) => {
          const frame = { sentImage: fitImageSize({ width, height }, each.image), screen: { width, height } };
          const extent =
            each.coordinates.kind === 'pixels'
              ? frame.sentImage
              : { width: each.coordinates.range, height: each.coordinates.range };
          const result = toEnvironmentPoint({ x: fx * extent.width, y: fy * extent.height }, each.coordinates, frame);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(result.point.x).toBeGreaterThanOrEqual(0);
          expect(result.point.x).toBeLessThan(width);
          expect(result.point.y).toBeLessThan(height);
        },
      ),
    );
  });

  it('finds the profile by provider and model id, most specific first', () => {
    expect(findProfile('anthropic', 'claude-sonnet-4-6')?.id).toBe('claude-computer-use-2025-11');
    expect(findProfile('anthropic', 'claude-opus-4-5-20251101')?.id).toBe('claude-computer-use-2025-11');
    expect(findProfile('anthropic', 'claude-sonnet-4-5')?.id).toBe('claude-computer-use-2025-01');
    expect(findProfile('anthropic', 'claude-haiku-4-5')?.id).toBe('claude-computer-use-2025-01');
    expect(findProfile('anthropic', 'claude-opus-4-1')?.id).toBe('claude-computer-use-2025-01');
    expect(findProfile('anthropic', 'claude-3-5-haiku-latest')?.id).toBe('claude');
    expect(findProfile('openai', 'gpt-4.1-mini')?.id).toBe('gpt-4o');
    expect(findProfile('openai', 'some-future-model')?.id).toBe('openai-default');
    expect(findProfile('openai-compatible', 'ui-tars-1.5-7b')?.id).toBe('ui-tars-1.5');
    expect(findProfile('openai-compatible', 'qwen2.5vl:7b')?.id).toBe('qwen2.5-vl');
    expect(findProfile('openai-compatible', 'llava:13b')?.id).toBe('openai-compatible-default');
    expect(findProfile('anthropic', 'not-a-claude')).toBeUndefined();
  });
});
