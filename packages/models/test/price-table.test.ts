import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  costOf,
  DEFAULT_PRICE_TABLE,
  findPrice,
  loadPriceTable,
  parsePriceTable,
  type PriceTable,
} from '../src/index.js';

const table: PriceTable = {
  version: 1,
  models: [
    { match: 'openai:gpt-4.1', inputPerMillionUsd: 2, outputPerMillionUsd: 8 },
    { match: 'openai:gpt-4.1*', inputPerMillionUsd: 99, outputPerMillionUsd: 99 },
    { match: 'openai:gpt-4.1-mini*', inputPerMillionUsd: 0.4, outputPerMillionUsd: 1.6 },
    { match: 'openai-compatible:*', inputPerMillionUsd: 0, outputPerMillionUsd: 0 },
  ],
};

describe('the price table', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'sandpiper-prices-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('prices usage in US dollars per million tokens', () => {
    expect(costOf({ inputTokens: 1_000_000, outputTokens: 500_000 }, 'openai:gpt-4.1', table)).toBe(6);
    expect(costOf({ inputTokens: 1500, outputTokens: 200 }, 'openai:gpt-4.1-mini-2025-04-14', table)).toBeCloseTo(
      (1500 * 0.4 + 200 * 1.6) / 1e6,
      12,
    );
    expect(costOf({ inputTokens: 10, outputTokens: 10 }, 'openai-compatible:llava:13b', table)).toBe(0);
  });

  it('prefers an exact match, then the longest prefix', () => {
    expect(findPrice('openai:gpt-4.1', table)?.inputPerMillionUsd).toBe(2);
    expect(findPrice('openai:gpt-4.1-mini', table)?.inputPerMillionUsd).toBe(0.4);
    expect(findPrice('openai:gpt-4.1-2025-04-14', table)?.inputPerMillionUsd).toBe(99);
  });

  it('has no cost for a model it does not know', () => {
    expect(costOf({ inputTokens: 10, outputTokens: 10 }, 'anthropic:claude-sonnet-9', table)).toBeUndefined();
  });

  it('ships a valid JSON file with prices for the models of the profiles', () => {
    const shipped = JSON.parse(readFileSync(new URL('../src/prices.json', import.meta.url), 'utf8')) as unknown;
    expect(parsePriceTable(shipped).ok).toBe(true);
    expect(findPrice('anthropic:claude-haiku-4-5', DEFAULT_PRICE_TABLE)).toMatchObject({ inputPerMillionUsd: 1 });
    expect(findPrice('openai:gpt-4.1', DEFAULT_PRICE_TABLE)).toMatchObject({ outputPerMillionUsd: 8 });
    expect(findPrice('openai-compatible:anything', DEFAULT_PRICE_TABLE)).toMatchObject({ inputPerMillionUsd: 0 });
  });

  it('lets a user file override and extend the shipped prices', async () => {
    const path = join(directory, 'prices.json');
    await writeFile(
      path,
      JSON.stringify({
        version: 1,
        models: [
          { match: 'openai:gpt-4.1', inputPerMillionUsd: 1, outputPerMillionUsd: 4 },
          { match: 'anthropic:claude-sonnet-4-6*', inputPerMillionUsd: 3, outputPerMillionUsd: 15 },
        ],
      }),
    );
    const loaded = await loadPriceTable(path);
    if (!loaded.ok) throw new Error(loaded.error);
    expect(costOf({ inputTokens: 1e6, outputTokens: 0 }, 'openai:gpt-4.1', loaded.table)).toBe(1);
    expect(costOf({ inputTokens: 0, outputTokens: 1e6 }, 'anthropic:claude-sonnet-4-6', loaded.table)).toBe(15);
    expect(costOf({ inputTokens: 1e6, outputTokens: 0 }, 'anthropic:claude-haiku-4-5', loaded.table)).toBe(1);
  });

  it('reports a missing file, bad JSON and invalid fields without throwing', async () => {
    const missing = await loadPriceTable(join(directory, 'nope.json'));
    expect(missing).toEqual({ ok: false, error: expect.stringContaining('ENOENT') as unknown });
    const badJson = join(directory, 'bad.json');
    await writeFile(badJson, '{ version: 1');
    expect((await loadPriceTable(badJson)).ok).toBe(false);
    const invalid = join(directory, 'invalid.json');
    await writeFile(invalid, JSON.stringify({ version: 1, models: [{ match: 'gpt-4.1', inputPerMillionUsd: -1 }] }));
    const result = await loadPriceTable(invalid);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/models\.0\.match: expected provider:model-id/);
    expect(!result.ok && result.error).toMatch(/models\.0\.inputPerMillionUsd/);
    expect(!result.ok && result.error).toMatch(/models\.0\.outputPerMillionUsd/);
  });
});
