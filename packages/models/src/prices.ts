import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import defaultPrices from './prices.json' with { type: 'json' };

/** One price: which models it covers and what they cost. */
export const priceEntrySchema = z.object({
  /**
   * `provider:model-id`, matched exactly, or ending in `*` to cover every id with that prefix. When
   * several patterns match, the exact one wins, then the longest prefix, then the earliest entry.
   */
  match: z
    .string()
    .regex(
      /^(anthropic|openai|openai-compatible|ollama):[^*\s]*\*?$/,
      'expected provider:model-id, optionally ending in *',
    ),
  /** US dollars per million input tokens. */
  inputPerMillionUsd: z.number().finite().nonnegative(),
  /** US dollars per million output tokens. */
  outputPerMillionUsd: z.number().finite().nonnegative(),
  /** US dollars per million input tokens read from the prompt cache; absent: Anthropic's 0.1 × input, else the input price. */
  cachedInputPerMillionUsd: z.number().finite().nonnegative().optional(),
  /** US dollars per million input tokens written to the prompt cache; absent: Anthropic's 1.25 × input, else the input price. */
  cacheWritePerMillionUsd: z.number().finite().nonnegative().optional(),
});
export type PriceEntry = z.infer<typeof priceEntrySchema>;

/** A price table, as stored in `prices.json` and in the files users write to override it. */
export const priceTableSchema = z.object({
  /** Format version of the file; only 1 exists. */
  version: z.literal(1),
  /** When the prices were last checked against the vendors' pages (free text, e.g. `2025-11`); absent if unknown. */
  checked: z.string().optional(),
  /** Free text for people editing the file; ignored. */
  note: z.string().optional(),
  /** The prices, in any order (matching does not depend on order except to break exact ties). */
  models: z.array(priceEntrySchema),
});
export type PriceTable = z.infer<typeof priceTableSchema>;

/** The prices that ship with Sandpiper (see `prices.json`). */
export const DEFAULT_PRICE_TABLE: PriceTable = priceTableSchema.parse(defaultPrices);

/** The entry pricing `model` (`provider:model-id`), or undefined when none covers it. */
export function findPrice(model: string, table: PriceTable): PriceEntry | undefined {
  let best: PriceEntry | undefined;
  let bestLength = -1;
  for (const entry of table.models) {
    if (entry.match === model) return entry;
    if (!entry.match.endsWith('*')) continue;
    const prefix = entry.match.slice(0, -1);
    if (model.startsWith(prefix) && prefix.length > bestLength) {
      best = entry;
      bestLength = prefix.length;
    }
  }
  return best;
}

/** Tokens of one call as a vendor bills them; cache reads and writes are part of `inputTokens`. */
export interface BilledTokens {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadTokens?: number;
  readonly cacheWriteTokens?: number;
}

/** Anthropic's prompt-cache rates as multiples of the input price (5-minute cache). */
const ANTHROPIC_CACHE_READ = 0.1;
const ANTHROPIC_CACHE_WRITE = 1.25;

/**
 * What `usage` cost in US dollars for `model` (`provider:model-id`), or undefined when the table
 * has no price for it. Input read from or written to the prompt cache is priced at the entry's
 * cache rates; without them, at Anthropic's documented multiples for Anthropic models and at the
 * ordinary input price otherwise (an overestimate, never an underestimate).
 */
export function costOf(usage: BilledTokens, model: string, table: PriceTable): number | undefined {
  const price = findPrice(model, table);
  if (price === undefined) return undefined;
  const anthropic = model.startsWith('anthropic:');
  const read = usage.cacheReadTokens ?? 0;
  const written = usage.cacheWriteTokens ?? 0;
  const plain = Math.max(0, usage.inputTokens - read - written);
  const readRate = price.cachedInputPerMillionUsd ?? price.inputPerMillionUsd * (anthropic ? ANTHROPIC_CACHE_READ : 1);
  const writeRate = price.cacheWritePerMillionUsd ?? price.inputPerMillionUsd * (anthropic ? ANTHROPIC_CACHE_WRITE : 1);
  return (
    (plain * price.inputPerMillionUsd +
      read * readRate +
      written * writeRate +
      usage.outputTokens * price.outputPerMillionUsd) /
    1_000_000
  );
}

/** A table whose entries come first from `override`, then from `base`, so the override wins ties. */
export function mergePriceTables(base: PriceTable, override: PriceTable): PriceTable {
  return { ...base, ...override, models: [...override.models, ...base.models] };
}

/** The outcome of reading a price table. */
export type PriceTableResult =
  { readonly ok: true; readonly table: PriceTable } | { readonly ok: false; readonly error: string };

/** Validate decoded JSON as a price table; the error names every failing field. */
export function parsePriceTable(json: unknown): PriceTableResult {
  const result = priceTableSchema.safeParse(json);
  if (result.success) return { ok: true, table: result.data };
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  return { ok: false, error: `invalid price table: ${problems.join('; ')}` };
}

/**
 * Read a user's price file and lay it over `base` (the shipped table when absent). A missing,
 * unreadable or invalid file is reported, not thrown.
 */
export async function loadPriceTable(path: string, base: PriceTable = DEFAULT_PRICE_TABLE): Promise<PriceTableResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error: unknown) {
    const code = (error as { code?: unknown }).code;
    return { ok: false, error: `cannot read price table ${path}: ${typeof code === 'string' ? code : String(error)}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch (error: unknown) {
    return { ok: false, error: `price table ${path} is not JSON: ${error instanceof Error ? error.message : ''}` };
  }
  const parsed = parsePriceTable(json);
  return parsed.ok ? { ok: true, table: mergePriceTables(base, parsed.table) } : parsed;
}
