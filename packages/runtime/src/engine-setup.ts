import type { Engine } from '@sandpiper/core';
import { createModelEngine, type RoleModelOption, type RoleModels } from '@sandpiper/model-engine';
import { createRulesEngine, type OcrEngine, type ReflectorMethod } from '@sandpiper/model-rules';
import {
  API_KEY_VARIABLES,
  checkModelSpec,
  createModelClient,
  formatModelSpec,
  parseModelSpec,
  type ModelCheck,
  type ModelClient,
  type ModelEnvironment,
} from '@sandpiper/models';
import { createVisionChangeEvidence, createVisionClickImages } from './change-evidence.js';
import { createFallbackEngine } from './fallback-engine.js';
import { createHybridEngine } from './hybrid-engine.js';
import { UsageError } from '@sandpiper/protocol';
import type { ConfigFile } from './config.js';
import { loadPrices, profilesOf, selectModels, type ModelRole, type RoleSpec } from './model-config.js';

/**
 * The engine runs will use, checked before anything is started. `create` builds a fresh engine
 * for one run: engines hold per-run state (the model engine's history, the reflector's last
 * screen), so two runs never share one.
 */
export type EngineSetup =
  | {
      readonly kind: 'builtin';
      /** One line for people: "built-in rules (evidence-first reflector)". */
      readonly label: string;
      create(): Engine;
    }
  | {
      /** An engine an embedder or a test built itself (a scripted engine). */
      readonly kind: 'custom';
      readonly label: string;
      create(): Engine;
    }
  | {
      readonly kind: 'models';
      /** One line for people: "Model: openai:gpt-4.1", or the default followed by the other roles. */
      readonly label: string;
      /** Each role's model as `provider:model[@baseURL]`, for the run header. */
      readonly roles: readonly RoleSpec[];
      create(): Engine;
    };

/** What {@link prepareEngine} reads. */
export interface EngineSetupInput {
  /** The `--model` flag; absent when not given. */
  readonly flag: string | undefined;
  /** The `--reflector` flag, already validated; only the built-in engine has reflection methods. */
  readonly reflectorFlag: ReflectorMethod | undefined;
  /** The `--hybrid` flag: the built-in engine first, the model where it cannot settle something. */
  readonly hybridFlag?: boolean;
  readonly config: ConfigFile;
  /** Where a relative price file path is resolved from. */
  readonly cwd: string;
  /** Environment variables holding the API keys (the process environment in the CLI). */
  readonly env: ModelEnvironment;
  /** The OCR worker the built-in engine reads screens with, shared by every run; one per engine when absent. */
  readonly ocr?: () => Promise<OcrEngine>;
}

const ROLE_OPTION: Record<ModelRole, Exclude<keyof RoleModels, 'default'>> = {
  planner: 'planner',
  operator: 'operator',
  grounder: 'grounder',
  reflector: 'reflector',
  judge: 'judge',
  loopJudge: 'loopJudge',
  critic: 'critic',
};

/**
 * Decide which engine runs the roles and check it without calling any network: the built-in
 * rules engine unless `--model` or `models.default` names a model. A model configuration that
 * `sandpiper models check` would call unusable is refused here with the same reasons.
 *
 * @throws UsageError when the configuration cannot be used.
 */
export async function prepareEngine(input: EngineSetupInput): Promise<EngineSetup> {
  const selection = selectModels(input.flag, input.config.models);
  if (selection.kind === 'invalid') throw new UsageError(selection.error);
  const hybrid = input.hybridFlag ?? input.config.models?.hybrid ?? false;
  if (selection.kind === 'builtin') {
    if (input.hybridFlag === true) {
      throw new UsageError('--hybrid puts a model behind the built-in engine: name one with --model or models.default');
    }
    const reflector = input.reflectorFlag ?? input.config.reflector ?? 'evidence-first';
    return {
      kind: 'builtin',
      label: `built-in rules (${reflector} reflector)`,
      create: () => createRulesEngine({ reflector, ...(input.ocr ? { ocr: input.ocr } : {}) }),
    };
  }
  if (input.reflectorFlag !== undefined) {
    throw new UsageError('--reflector chooses a method of the built-in engine; a model run uses its reflector model');
  }
  const prices = await loadPrices(input.config.models, input.cwd);
  if (!prices.ok) throw new UsageError(`models.prices: ${prices.error}`);
  const profiles = profilesOf(input.config.models);
  const problems: string[] = [];
  const checks = new Map<string, ModelCheck>();
  for (const text of new Set(selection.roles.map((role) => role.text))) {
    const check = checkModelSpec(text, input.env, { prices: prices.table, profiles });
    checks.set(text, check);
    if (!check.usable || check.spec === undefined) {
      const roles = selection.roles.filter((role) => role.text === text).map((role) => role.role);
      problems.push(`${roles.join(', ')} (${text}): ${check.problems.join('; ')}`);
    }
  }
  const fallbackText = input.config.models?.fallback;
  const fallbackCheck =
    fallbackText === undefined
      ? undefined
      : checkModelSpec(fallbackText, input.env, { prices: prices.table, profiles });
  if (fallbackCheck !== undefined && (!fallbackCheck.usable || fallbackCheck.spec === undefined)) {
    problems.push(`fallback (${fallbackText}): ${fallbackCheck.problems.join('; ')}`);
  }
  if (problems.length > 0) {
    throw new UsageError(
      `the model configuration cannot be used: ${problems.join(' | ')}. Run "sandpiper models check" for every role.`,
    );
  }
  // Roles on one spec share a client unless their timeouts or streaming differ.
  const clients = new Map<string, ModelClient>();
  const clientFor = (role: RoleSpec): ModelClient => {
    const check = checks.get(role.text)!;
    const { timeoutSeconds, stream } = role.settings;
    const key = JSON.stringify([role.text, timeoutSeconds, stream]);
    let client = clients.get(key);
    if (client === undefined) {
      client = createModelClient(check.spec!, input.env, {
        prices: prices.table,
        ...(check.profile === undefined ? {} : { profile: check.profile }),
        ...(timeoutSeconds === undefined ? {} : { timeoutMs: timeoutSeconds * 1000 }),
        ...(stream === undefined ? {} : { stream }),
      });
      clients.set(key, client);
    }
    return client;
  };
  const optionFor = (role: RoleSpec): RoleModelOption => {
    const profile = checks.get(role.text)!.profile;
    const { temperature, reasoningEffort, reasoningTokens } = role.settings;
    return {
      client: clientFor(role),
      ...(profile === undefined ? {} : { profile }),
      ...(temperature === undefined ? {} : { temperature }),
      ...(reasoningEffort === undefined ? {} : { reasoningEffort }),
      ...(reasoningTokens === undefined ? {} : { reasoningTokens }),
    };
  };
  const roleOptions = Object.fromEntries(
    selection.roles.map((role) => [ROLE_OPTION[role.role], optionFor(role)]),
  ) as Record<Exclude<keyof RoleModels, 'default'>, RoleModelOption>;
  const roles = selection.roles.map((role) => ({ ...role, text: displaySpec(role.text) }));
  const models = input.config.models;
  const engineOn = (roleModels: RoleModels, unavailableThrows: boolean) =>
    createModelEngine({
      roles: roleModels,
      changeEvidence: createVisionChangeEvidence(),
      clickImages: createVisionClickImages(),
      ...(models?.checkClicks === undefined ? {} : { checkClicks: models.checkClicks }),
      ...(models?.contextScreenshots === undefined ? {} : { contextScreenshots: models.contextScreenshots }),
      ...(models?.maxRepairs === undefined ? {} : { maxRepairs: models.maxRepairs }),
      ...(unavailableThrows ? { unavailableThrows: true } : {}),
    });
  // Every role has its own entry, so the default only satisfies the type.
  const primaryRoles: RoleModels = { default: roleOptions.operator, ...roleOptions };
  const fallbackOption = (): RoleModelOption => ({
    client: createModelClient(fallbackCheck!.spec!, input.env, {
      prices: prices.table,
      ...(fallbackCheck!.profile === undefined ? {} : { profile: fallbackCheck!.profile }),
    }),
    ...(fallbackCheck!.profile === undefined ? {} : { profile: fallbackCheck!.profile }),
  });
  const modelEngine = () =>
    fallbackCheck === undefined
      ? engineOn(primaryRoles, false)
      : createFallbackEngine(engineOn(primaryRoles, true), engineOn({ default: fallbackOption() }, false));
  const label = `${describeModels(roles)}${fallbackText === undefined ? '' : ` (fallback: ${displaySpec(fallbackText)})`}`;
  return {
    kind: 'models',
    label: hybrid ? `${label} (hybrid: the built-in engine first, the model where it cannot settle a step)` : label,
    roles,
    create: () =>
      hybrid
        ? createHybridEngine(createRulesEngine(input.ocr ? { ocr: input.ocr } : {}), modelEngine())
        : modelEngine(),
  };
}

/** The spec as printed in the run header, with any user name or password in its base URL hidden. */
export function displaySpec(text: string): string {
  const parsed = parseModelSpec(text);
  if (!parsed.ok) return text;
  const { baseURL } = parsed.spec;
  if (baseURL === undefined) return formatModelSpec(parsed.spec);
  const url = new URL(baseURL);
  if (url.username !== '' || url.password !== '') {
    url.username = '***';
    url.password = '';
  }
  return formatModelSpec({ ...parsed.spec, baseURL: url.href.replace(/\/$/, baseURL.endsWith('/') ? '/' : '') });
}

/** "Model: openai:gpt-4.1", or the default followed by the roles on other models. */
export function describeModels(roles: readonly RoleSpec[]): string {
  const counts = new Map<string, number>();
  for (const role of roles) counts.set(role.text, (counts.get(role.text) ?? 0) + 1);
  const main = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  const others = roles.filter((role) => role.text !== main).map((role) => `${role.role}: ${role.text}`);
  return others.length === 0 ? `Model: ${main}` : `Models: ${main} (${others.join(', ')})`;
}

/** The API keys present in `env`, so the event store can strip them should any text ever carry one. */
export function apiKeyValues(env: ModelEnvironment): string[] {
  return Object.values(API_KEY_VARIABLES).flatMap((variable) => {
    const value = env[variable]?.trim();
    // A very short value would blank out ordinary words in every stored event.
    return value !== undefined && value.length >= 8 ? [value] : [];
  });
}
