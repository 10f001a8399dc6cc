import path from 'node:path';
import {
  DEFAULT_PRICE_TABLE,
  loadPriceTable,
  mergePriceTables,
  priceTableSchema,
  type PriceTable,
} from '@sandpiper/models';
import { z } from 'zod';

/** The roles a configuration can give their own model, in the order `models check` lists them. */
export const MODEL_ROLES = ['planner', 'operator', 'grounder', 'reflector', 'judge', 'loopJudge', 'critic'] as const;
export type ModelRole = (typeof MODEL_ROLES)[number];

/** The `--model` value that forces the built-in rules engine whatever the configuration says. */
export const BUILTIN_ENGINE = 'builtin';

// Spec texts are checked per role when they are used, so `models check` can say which role is wrong.
const specText = z.string().trim().min(1);

/** The `models` section of `sandpiper.config.json`. */
export const modelsConfigSchema = z
  .object({
    /** `provider:model[@baseURL]` for every role without its own entry; `--model` overrides it. */
    default: specText.optional(),
    /** The planner's model (plans, revisions, missing work); absent: `default`. */
    planner: specText.optional(),
    /** The operator's model (the next action); absent: `default`. */
    operator: specText.optional(),
    /** The grounder's model (finds a described element); absent: `default`. */
    grounder: specText.optional(),
    /** The reflector's model (did the step work); absent: `default`. */
    reflector: specText.optional(),
    /** The completion judge's model; absent: `default`. */
    judge: specText.optional(),
    /** The loop breaker's judge (keep or switch); absent: `default`. */
    loopJudge: specText.optional(),
    /** The critic's model (success, retryable or blocked); absent: `default`. */
    critic: specText.optional(),
    /** Most screenshots in one request, 1 to 10; absent: 3. */
    contextScreenshots: z.number().int().min(1).max(10).optional(),
    /** Re-asks after an answer that does not fit its schema, 0 to 3; absent: 2. */
    maxRepairs: z.number().int().min(0).max(3).optional(),
    /**
     * Prices laid over the shipped table: a path to a JSON price file (relative to the working
     * directory) or the table itself. Absent: the shipped table.
     */
    prices: z.union([z.string().min(1), priceTableSchema]).optional(),
  })
  .strict();
export type ModelsConfig = z.infer<typeof modelsConfigSchema>;

/** Where a role's model came from, for `models check`. */
export type SpecSource = '--model' | 'models.default' | `models.${ModelRole}`;

/** One role and the spec text that serves it. */
export interface RoleSpec {
  /** The role. */
  readonly role: ModelRole;
  /** `provider:model[@baseURL]`, not yet validated. */
  readonly text: string;
  /** Where the text came from. */
  readonly source: SpecSource;
}

/** What runs the roles: the built-in engine, every role's spec, or why neither can be told. */
export type ModelSelection =
  | {
      readonly kind: 'builtin';
      /** Why the built-in engine runs, for `models check`. */
      readonly reason: string;
    }
  | {
      readonly kind: 'models';
      /** The spec serving roles without their own entry. */
      readonly defaultSpec: RoleSpec['text'];
      /** Every role in {@link MODEL_ROLES} order. */
      readonly roles: readonly RoleSpec[];
    }
  | {
      readonly kind: 'invalid';
      /** What is missing, for the person. */
      readonly error: string;
    };

/** The roles' models: `--model`, then `models.default`, with per-role entries on top. */
export function selectModels(flag: string | undefined, config: ModelsConfig | undefined): ModelSelection {
  const flagText = flag?.trim();
  if (flagText === BUILTIN_ENGINE) return { kind: 'builtin', reason: `--model ${BUILTIN_ENGINE} was given` };
  if (flagText === '') return { kind: 'invalid', error: '--model needs a value such as anthropic:claude-sonnet-4-5' };
  const fallback: { text: string; source: SpecSource } | undefined =
    flagText !== undefined
      ? { text: flagText, source: '--model' }
      : config?.default !== undefined
        ? { text: config.default, source: 'models.default' }
        : undefined;
  const ownRoles = MODEL_ROLES.filter((role) => config?.[role] !== undefined);
  if (fallback === undefined) {
    if (ownRoles.length === 0) {
      return { kind: 'builtin', reason: 'no model is configured (no --model and no models.default)' };
    }
    return {
      kind: 'invalid',
      error: `models.${ownRoles.join(', models.')} ${ownRoles.length === 1 ? 'is' : 'are'} set but the other roles have no model: set models.default in the configuration or pass --model <provider:model>`,
    };
  }
  return {
    kind: 'models',
    defaultSpec: fallback.text,
    roles: MODEL_ROLES.map((role) => {
      const own = config?.[role];
      return own === undefined
        ? { role, text: fallback.text, source: fallback.source }
        : { role, text: own, source: `models.${role}` as const };
    }),
  };
}

/** The outcome of reading the configured prices. */
export type PriceSetting =
  { readonly ok: true; readonly table: PriceTable } | { readonly ok: false; readonly error: string };

/** The price table: the shipped one, with the configured file or inline table laid over it. */
export async function loadPrices(config: ModelsConfig | undefined, cwd: string): Promise<PriceSetting> {
  const setting = config?.prices;
  if (setting === undefined) return { ok: true, table: DEFAULT_PRICE_TABLE };
  if (typeof setting === 'string') return loadPriceTable(path.resolve(cwd, setting));
  return { ok: true, table: mergePriceTables(DEFAULT_PRICE_TABLE, setting) };
}
