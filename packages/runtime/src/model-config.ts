import path from 'node:path';
import {
  DEFAULT_PROFILES,
  DEFAULT_PRICE_TABLE,
  loadPriceTable,
  mergePriceTables,
  priceTableSchema,
  type ModelProfile,
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

/** How one role calls its model; every field is optional and falls back to the engine's choice. */
export const roleSettingsSchema = z
  .object({
    /** `provider:model[@baseURL]` for this role; absent: `models.default` (or `--model`). */
    model: specText.optional(),
    /** Sampling temperature, 0 to 2; absent: 0.2 for the judge, the vendor's default for the rest. Never sent to models that take only their default. */
    temperature: z.number().min(0).max(2).optional(),
    /** Reasoning effort on reasoning models; absent: `medium` for the planner, `low` for the rest. */
    reasoningEffort: z.enum(['minimal', 'low', 'medium', 'high']).optional(),
    /** Output tokens for thinking on top of each answer (reasoning models); absent: the profile's allowance for the effort. */
    reasoningTokens: z.number().int().min(0).max(60_000).optional(),
    /** Longest wait for one answer, in seconds (streamed: the longest gap); absent: 120. */
    timeoutSeconds: z.number().int().min(1).max(3600).optional(),
    /** Receive answers as server-sent events; absent: false. */
    stream: z.boolean().optional(),
  })
  .strict();
export type RoleSettings = z.infer<typeof roleSettingsSchema>;

/** A role's entry: a spec alone, or the settings (with or without a spec of its own). */
const roleEntry = z.union([specText, roleSettingsSchema]);

/**
 * A profile for model ids no shipped profile describes well (a fine-tune under its own name): it
 * starts from a shipped profile and changes what the model does differently.
 */
export const customProfileSchema = z
  .object({
    /** Model ids it covers: the id as given in the spec, `*` for any run of characters, case aside. */
    match: z.string().trim().min(1).max(200),
    /** Only for this provider; absent: any provider whose models the base profile serves. */
    provider: z.enum(['anthropic', 'openai', 'openai-compatible', 'ollama']).optional(),
    /** The shipped profile it starts from (`qwen2.5-vl`, `ui-tars-1.5`…; `sandpiper models check` lists ids). */
    like: z
      .string()
      .trim()
      .refine((id) => DEFAULT_PROFILES.some((profile) => profile.id === id), {
        error: (issue) =>
          `no shipped profile is called ${JSON.stringify(issue.input)}; use one of: ${DEFAULT_PROFILES.filter(
            (profile) => profile.unusable === undefined,
          )
            .map((profile) => profile.id)
            .join(', ')}`,
      }),
    /** Whether the model reads images. */
    images: z.boolean().optional(),
    /** The space its point answers come in: pixels of the image as sent, or 0 to `range`. */
    coordinates: z
      .union([
        z.object({ kind: z.literal('pixels') }).strict(),
        z.object({ kind: z.literal('normalized'), range: z.number().positive().max(100_000) }).strict(),
      ])
      .optional(),
    /** The image it wants; the fields given replace the base profile's. */
    image: z
      .object({
        maxLongEdge: z.number().int().min(64).max(16_384).optional(),
        maxShortEdge: z.number().int().min(64).max(16_384).optional(),
        maxPixels: z.number().int().min(4096).max(100_000_000).optional(),
        multipleOf: z.number().int().min(1).max(256).optional(),
        format: z.enum(['png', 'jpeg']).optional(),
      })
      .strict()
      .optional(),
    /** False for models that take only their default temperature. */
    temperature: z.boolean().optional(),
  })
  .strict();
export type CustomProfile = z.infer<typeof customProfileSchema>;

/** The `models` section of `sandpiper.config.json`. */
export const modelsConfigSchema = z
  .object({
    /** `provider:model[@baseURL]` for every role without its own entry; `--model` overrides it. */
    default: specText.optional(),
    /** The planner's model or settings (plans, revisions, missing work); absent: `default`. */
    planner: roleEntry.optional(),
    /** The operator's model or settings (the next action); absent: `default`. */
    operator: roleEntry.optional(),
    /** The grounder's model or settings (finds a described element); absent: `default`. */
    grounder: roleEntry.optional(),
    /** The reflector's model or settings (did the step work); absent: `default`. */
    reflector: roleEntry.optional(),
    /** The completion judge's model or settings; absent: `default`. */
    judge: roleEntry.optional(),
    /** The loop breaker's judge (keep or switch); absent: `default`. */
    loopJudge: roleEntry.optional(),
    /** The critic's model or settings (success, retryable or blocked); absent: `default`. */
    critic: roleEntry.optional(),
    /** Profiles tried before the shipped ones, first match wins. */
    profiles: z.array(customProfileSchema).max(50).optional(),
    /** Most screenshots in one request, 1 to 10; absent: 3. */
    contextScreenshots: z.number().int().min(1).max(10).optional(),
    /** Re-asks after an answer that does not fit its schema, 0 to 3; absent: 2. */
    maxRepairs: z.number().int().min(0).max(3).optional(),
    /**
     * Whose grounding points the judge's model checks before a click: `auto` (grounders that answer
     * with a bare point, UI-TARS and the like), `always` or `never`. Absent: `auto`.
     */
    checkClicks: z.enum(['auto', 'always', 'never']).optional(),
    /**
     * The built-in engine first, and the models only for what it cannot settle (a clause it cannot
     * parse, a target it cannot find, a step it did not see work, a criterion it cannot read).
     * Absent: false, every role on its model. `--hybrid` sets it for one command.
     */
    hybrid: z.boolean().optional(),
    /**
     * `provider:model[@baseURL]` every role switches to, for the rest of the run, once its own
     * model cannot be reached (bad key, rate limit, overload, server error, timeout). Absent: none.
     */
    fallback: specText.optional(),
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
  /** How the role calls its model, as configured; empty when nothing was set. */
  readonly settings: Omit<RoleSettings, 'model'>;
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

/** A role's own spec, when its entry names one. */
function ownSpec(entry: ModelsConfig[ModelRole]): string | undefined {
  return typeof entry === 'string' ? entry : entry?.model;
}

/** A role's settings besides its spec; empty for a spec alone. */
function settingsOf(entry: ModelsConfig[ModelRole]): Omit<RoleSettings, 'model'> {
  if (entry === undefined || typeof entry === 'string') return {};
  const { model: _model, ...settings } = entry;
  return settings;
}

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
  const ownRoles = MODEL_ROLES.filter((role) => ownSpec(config?.[role]) !== undefined);
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
      const entry = config?.[role];
      const own = ownSpec(entry);
      const settings = settingsOf(entry);
      return own === undefined
        ? { role, text: fallback.text, source: fallback.source, settings }
        : { role, text: own, source: `models.${role}` as const, settings };
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

/**
 * The profiles a configuration sees: its own, in order, then the shipped ones. Each of its own is
 * the shipped profile it names in `like` with the given fields replaced.
 */
export function profilesOf(config: ModelsConfig | undefined): readonly ModelProfile[] {
  const custom = (config?.profiles ?? []).map((entry, index): ModelProfile => {
    const base = DEFAULT_PROFILES.find((profile) => profile.id === entry.like)!;
    return {
      ...base,
      id: `${entry.like}~${entry.match}`,
      description: `models.profiles[${index}]: ${entry.match} like ${entry.like}`,
      provider: entry.provider ?? base.provider,
      modelPattern: globPattern(entry.match),
      capabilities: {
        ...base.capabilities,
        ...(entry.images === undefined ? {} : { images: entry.images }),
        ...(entry.temperature === undefined ? {} : { temperature: entry.temperature }),
      },
      coordinates: entry.coordinates ?? base.coordinates,
      image: { ...base.image, ...entry.image },
    };
  });
  return [...custom, ...DEFAULT_PROFILES];
}

/** `qwen*-acme` as an anchored, case-blind pattern: `*` is any run of characters, nothing else is special. */
function globPattern(glob: string): RegExp {
  const escaped = glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${escaped}$`, 'i');
}
