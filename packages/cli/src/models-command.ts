import { checkModelSpec, findPrice, type ModelCheck, type ModelEnvironment, type PriceTable } from '@sandpiper/runtime';
import { UsageError } from '@sandpiper/protocol';
import {
  displaySpec,
  loadConfigFile,
  loadPrices,
  profilesOf,
  selectModels,
  type ModelProfile,
  type RoleSpec,
} from '@sandpiper/runtime';
import { renderColumns } from './table.js';
import type { CliOptions } from './main.js';
import type { Output } from './output.js';

/** What `models check` found for one role. */
export interface RoleCheck {
  /** The role, as the configuration names it; `fallback` for the model every role turns to when its own cannot be reached. */
  readonly role: RoleSpec['role'] | 'fallback';
  /** The spec text as configured, any password in its base URL hidden. */
  readonly model: string;
  /** Where the spec came from: `--model`, `models.default`, `models.<role>` or `models.fallback`. */
  readonly source: RoleSpec['source'] | 'models.fallback';
  /** Profile id and coordinate space, such as `claude, pixels`; absent when no profile matched. */
  readonly profile?: string;
  /** The variable the key is read from, and whether it holds a value (never the value itself). */
  readonly key?: { readonly variable: string; readonly present: boolean; readonly required: boolean };
  /** Dollars per million input and output tokens; absent when the table has no price. */
  readonly price?: { readonly inputPerMillionUsd: number; readonly outputPerMillionUsd: number };
  /** Why the role cannot run; empty when it can. */
  readonly problems: readonly string[];
  /** Worth knowing, not blocking. */
  readonly notes: readonly string[];
  /** The role's own call settings from the configuration (temperature, effort, timeout…); empty when none. */
  readonly settings: RoleSpec['settings'];
}

const SUBCOMMANDS =
  '"sandpiper models" has two subcommands: sandpiper models check [--model <provider:model>] (offline) and ' +
  'sandpiper models probe [--model <provider:model>] [--timeout <seconds>] (one tiny request to each model)';

/** `sandpiper models check` or `sandpiper models probe`. */
export async function modelsCommand(
  positionals: readonly string[],
  options: CliOptions,
  output: Output,
  env: ModelEnvironment,
): Promise<number> {
  if (positionals.length !== 1) throw new UsageError(SUBCOMMANDS);
  if (positionals[0] === 'probe') {
    return (await import('./models-probe.js')).probeCommand(options, output, env);
  }
  if (positionals[0] !== 'check') throw new UsageError(SUBCOMMANDS);
  return checkCommand(options, output, env);
}

/**
 * `sandpiper models check [--model <spec>]`: whether every role's model can be used, checked
 * without any network call. Exit 0 when usable (including the built-in engine when no model is
 * configured), 1 with each role's reasons when not.
 */
async function checkCommand(options: CliOptions, output: Output, env: ModelEnvironment): Promise<number> {
  const cwd = process.cwd();
  const config = loadConfigFile(cwd);
  const selection = selectModels(options.model, config.models);
  if (selection.kind !== 'models') {
    const usable = selection.kind === 'builtin';
    const message = usable
      ? `Every role runs on the built-in rules engine, offline: ${selection.reason}.`
      : `Not usable: ${selection.error}.`;
    if (options.json) output.out(JSON.stringify({ usable, engine: 'builtin', roles: [], message }, null, 2));
    else output.out(message);
    return usable ? 0 : 1;
  }
  const prices = await loadPrices(config.models, cwd);
  const table = prices.ok ? prices.table : undefined;
  const profiles = profilesOf(config.models);
  // The operator acts through its vendor's computer tool only when no other model grounds for it.
  const specOf = (name: string) => selection.roles.find((role) => role.role === name)?.text;
  const ownGrounder = specOf('grounder') === specOf('operator');
  const fallback = config.models?.fallback;
  const roles = [
    ...selection.roles.map((role) => checkRole(role, env, table, profiles, ownGrounder)),
    // The fallback serves every role on its own, so its operator grounds for itself.
    ...(fallback === undefined
      ? []
      : [
          checkRole(
            { role: 'fallback', text: fallback, source: 'models.fallback', settings: {} },
            env,
            table,
            profiles,
            true,
          ),
        ]),
  ];
  const priceProblem = prices.ok ? undefined : `models.prices: ${prices.error}`;
  const usable = priceProblem === undefined && roles.every((role) => role.problems.length === 0);
  if (options.json) {
    output.out(
      JSON.stringify({ usable, engine: 'models', roles, problems: priceProblem ? [priceProblem] : [] }, null, 2),
    );
    return usable ? 0 : 1;
  }
  output.out(renderTable(roles));
  const configured = roles.filter((role) => Object.keys(role.settings).length > 0);
  if (configured.length > 0) {
    output.out(
      `\nRole settings:\n${configured.map((role) => `  - ${role.role}: ${describeSettings(role.settings)}`).join('\n')}`,
    );
  }
  const models = config.models;
  output.out(
    `\nPrices: ${models?.prices === undefined ? 'the shipped table' : typeof models.prices === 'string' ? `${models.prices} over the shipped table` : 'the inline table over the shipped table'}` +
      ` · ${models?.contextScreenshots ?? 3} screenshots per request · ${models?.maxRepairs ?? 2} re-asks after an invalid answer`,
  );
  const problems = [
    ...(priceProblem ? [priceProblem] : []),
    ...byModel(roles).flatMap(({ names, model, problems }) =>
      problems.map((problem) => `${names} (${model}): ${problem}`),
    ),
  ];
  const notes = [...new Set(roles.flatMap((role) => role.notes.map((note) => `${role.model}: ${note}`)))];
  if (notes.length > 0) output.out(`\nNotes:\n${notes.map((note) => `  - ${note}`).join('\n')}`);
  if (problems.length > 0) {
    output.out(`\nNot usable:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    return 1;
  }
  output.out(
    '\nUsable: every role has a model. Nothing was sent over the network to check this; ' +
      '"sandpiper models probe" asks each model for real.',
  );
  return 0;
}

function checkRole(
  role: Pick<RoleCheck, 'role' | 'source' | 'settings'> & { readonly text: string },
  env: ModelEnvironment,
  prices: PriceTable | undefined,
  profiles: readonly ModelProfile[],
  ownGrounder: boolean,
): RoleCheck {
  const check: ModelCheck = checkModelSpec(role.text, env, { profiles, ...(prices === undefined ? {} : { prices }) });
  const spec = check.spec;
  const price = spec && prices ? findPrice(`${spec.provider}:${spec.model}`, prices) : undefined;
  const coordinates = check.profile?.coordinates;
  return {
    role: role.role,
    model: displaySpec(role.text),
    source: role.source,
    ...(check.profile && coordinates
      ? {
          profile: [
            check.profile.id,
            coordinates.kind === 'pixels' ? 'pixels' : `0–${coordinates.range} grid`,
            // The operator of such a model acts through the vendor's own tool, not Sandpiper's JSON.
            ...((role.role === 'operator' || role.role === 'fallback') &&
            ownGrounder &&
            check.profile.capabilities.computerUse
              ? [`acts through ${check.profile.capabilities.computerUse.tool}`]
              : []),
          ].join(', '),
        }
      : {}),
    ...(check.keyVariable && spec
      ? {
          key: {
            variable: check.keyVariable,
            present: (env[check.keyVariable]?.trim() ?? '') !== '',
            required: spec.provider !== 'openai-compatible',
          },
        }
      : {}),
    ...(price
      ? { price: { inputPerMillionUsd: price.inputPerMillionUsd, outputPerMillionUsd: price.outputPerMillionUsd } }
      : {}),
    problems: check.problems,
    notes: check.notes,
    settings: role.settings,
  };
}

/** Roles sharing a spec share its problems: one line per spec, naming its roles. */
function byModel(roles: readonly RoleCheck[]): { names: string; model: string; problems: readonly string[] }[] {
  const models = [...new Set(roles.map((role) => role.model))];
  return models.map((model) => {
    const sharing = roles.filter((role) => role.model === model);
    return {
      names: sharing.length === roles.length ? 'every role' : sharing.map((role) => role.role).join(', '),
      model,
      problems: sharing[0]!.problems,
    };
  });
}

function renderTable(roles: readonly RoleCheck[]): string {
  const dollars = (amount: number) => `$${Number(amount.toFixed(4))}`;
  const rows = roles.map((role) => [
    role.role,
    role.model,
    role.source,
    role.profile ?? 'none',
    role.key
      ? `${role.key.variable} ${role.key.present ? 'set' : role.key.required ? 'MISSING' : 'not set (optional)'}`
      : '-',
    role.price ? `${dollars(role.price.inputPerMillionUsd)} / ${dollars(role.price.outputPerMillionUsd)}` : 'unknown',
    role.problems.length === 0 ? 'ok' : 'NOT USABLE',
  ]);
  const header = ['role', 'model', 'from', 'profile', 'key', 'price in/out per 1M tokens', 'status'];
  return renderColumns(header, rows);
}

/** "temperature 0 · reasoning effort high · timeout 60 s · streamed". */
function describeSettings(settings: RoleSpec['settings']): string {
  return [
    settings.temperature === undefined ? undefined : `temperature ${settings.temperature}`,
    settings.reasoningEffort === undefined ? undefined : `reasoning effort ${settings.reasoningEffort}`,
    settings.reasoningTokens === undefined ? undefined : `${settings.reasoningTokens} tokens to think per answer`,
    settings.timeoutSeconds === undefined ? undefined : `timeout ${settings.timeoutSeconds} s`,
    settings.stream === undefined ? undefined : settings.stream ? 'streamed' : 'not streamed',
  ]
    .filter((part) => part !== undefined)
    .join(' · ');
}
