import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcrEngine } from './index.js';
import type { OcrEngine } from './index.js';
import { LruCache, fingerprint } from './result-cache.js';

describe('LruCache', () => {
  it('drops the least recently used entry past capacity', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });

  it('keeps every entry up to capacity', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect([cache.get('a'), cache.get('b')]).toEqual([1, 2]);
  });

  it('keeps nothing at capacity 0', () => {
    const cache = new LruCache<string, number>(0);
    cache.set('a', 1);
    expect(cache.size).toBe(0);
  });
});

describe('fingerprint', () => {
  it('differs when a single byte differs', () => {
    const bytes = new Uint8Array(100_000).fill(7);
    const changed = Uint8Array.from(bytes);
    changed[54_321] = 8;
    expect(fingerprint(changed)).not.toBe(fingerprint(bytes));
    expect(fingerprint(Uint8Array.from(bytes))).toBe(fingerprint(bytes));
  });
});

describe('the engine cache', () => {
  let engine: OcrEngine;
  let uncached: OcrEngine;
  let png: Uint8Array;

  beforeAll(async () => {
    engine = await createOcrEngine();
    uncached = await createOcrEngine({ cacheSize: 0 });
    png = new Uint8Array(
      await sharp({ create: { width: 320, height: 120, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer(),
    );
  });
  afterAll(async () => {
    await engine?.terminate();
    await uncached?.terminate();
  });

  it('returns the same result for the same bytes, even from another buffer', async () => {
    const first = await engine.recognize(png);
    const again = await engine.recognize(Uint8Array.from(png));
    expect(again).toBe(first);
  });

  it('shares one reading between simultaneous requests', async () => {
    const [a, b] = await Promise.all([engine.recognize(png, { scale: 2 }), engine.recognize(png, { scale: 2 })]);
    expect(b).toBe(a);
  });

  it('reads again when the options differ', async () => {
    const whole = await engine.recognize(png);
    const region = await engine.recognize(png, { region: { x: 0, y: 0, width: 100, height: 50 } });
    expect(region).not.toBe(whole);
  });

  it('reads again when the cache is off', async () => {
    const first = await uncached.recognize(png);
    const again = await uncached.recognize(png);
    expect(again).not.toBe(first);
    expect(again).toEqual({ ...first, durationMs: again.durationMs });
  });
});
