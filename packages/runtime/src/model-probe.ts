import {
  API_KEY_VARIABLES,
  checkModelSpec,
  createModelClient,
  endpointOf,
  probeModel,
  type ModelEnvironment,
  type ModelSpec,
  type ProbeCheck,
  type ProbeResult,
  type Usage,
} from '@sandpiper/models';
import type { ConfigFile } from './config.js';
import { displaySpec } from './engine-setup.js';
import { loadPrices, MODEL_ROLES, profilesOf, selectModels, type ModelRole } from './model-config.js';

/**
 * `sandpiper models probe`: every configured model asked for real, once per distinct spec,
 * so a person learns before a run that the key, the model name, the server, image input and the
 * context window all work, and, when one does not, what to change and where.
 */

/** The roles that never send a screenshot, so their model needs no image input. */
const TEXT_ONLY_ROLES: ReadonlySet<ModelRole> = new Set(['loopJudge']);

/**
 * Input tokens a local server must keep for the context check: an operator request with its
 * screenshots and history runs to about 6,000, and a plan revision with three screens to more.
 */
export const PROBE_CONTEXT_TOKENS = 8000;

/** One spec's probe, covering every role it serves. */
export interface SpecProbe {
  /** The spec as configured, with any password in its base URL hidden. */
  readonly model: string;
  /** The roles this spec serves; a fallback model may serve them all. */
  readonly roles: readonly ModelRole[];
  /** Set on `models.fallback`: the model every role turns to when its own cannot be reached. */
  readonly fallback?: true;
  /** Where its requests went. Absent when the spec could not be read. */
  readonly endpoint?: string;
  /** The live checks that ran; empty when an offline problem stopped the probe first. */
  readonly checks: readonly ProbeCheck[];
  /** What stands in the way, each naming the endpoint and the fix; empty when every check passed. */
  readonly problems: readonly string[];
  /** What the probe's own requests cost. */
  readonly usage: Usage;
}

/** The probe of a configuration, or why there was nothing to probe. */
export type ModelsProbe =
  | { readonly kind: 'builtin'; readonly reason: string }
  | { readonly kind: 'invalid'; readonly error: string }
  | { readonly kind: 'models'; readonly specs: readonly SpecProbe[]; readonly ok: boolean };

/** What {@link probeModels} needs from its caller. */
export interface ProbeInput {
  /** `--model`, when given. */
  readonly model?: string;
  readonly config: ConfigFile;
  readonly env: ModelEnvironment;
  /** Where a relative `models.prices` path is read from. */
  readonly cwd: string;
  /** Longest wait for each request, in milliseconds. */
  readonly timeoutMs: number;
  /** The `fetch` the adapters use; absent: the global one. */
  readonly fetch?: typeof fetch;
}

/** Probe every distinct model of the configuration, one after another. */
export async function probeModels(input: ProbeInput): Promise<ModelsProbe> {
  const selection = selectModels(input.model, input.config.models);
  if (selection.kind === 'builtin') return { kind: 'builtin', reason: selection.reason };
  if (selection.kind === 'invalid') return { kind: 'invalid', error: selection.error };
  const prices = await loadPrices(input.config.models, input.cwd);
  if (!prices.ok) return { kind: 'invalid', error: `models.prices: ${prices.error}` };
  const profiles = profilesOf(input.config.models);
  const served = [...new Set(selection.roles.map((role) => role.text))].map((text) => ({
    text,
    roles: selection.roles.filter((role) => role.text === text).map((role) => role.role),
    fallback: false,
  }));
  const fallback = input.config.models?.fallback;
  if (fallback !== undefined) served.push({ text: fallback, roles: [...MODEL_ROLES], fallback: true });
  const specs: SpecProbe[] = [];
  for (const { text, roles, fallback: isFallback } of served) {
    const check = checkModelSpec(text, input.env, { prices: prices.table, profiles });
    const base = {
      model: displaySpec(text),
      roles,
      ...(isFallback ? { fallback: true as const } : {}),
      usage: { inputTokens: 0, outputTokens: 0 },
    };
    if (!check.usable || check.spec === undefined) {
      specs.push({
        ...base,
        ...(check.spec === undefined ? {} : { endpoint: endpointOf(check.spec) }),
        checks: [],
        problems: check.problems,
      });
      continue;
    }
    const spec = check.spec;
    const client = createModelClient(spec, input.env, {
      prices: prices.table,
      retry: false,
      timeoutMs: input.timeoutMs,
      ...(check.profile === undefined ? {} : { profile: check.profile }),
      ...(input.fetch === undefined ? {} : { fetch: input.fetch }),
    });
    const result = await probeModel(client, {
      ...(check.profile === undefined ? {} : { profile: check.profile }),
      image: roles.some((role) => !TEXT_ONLY_ROLES.has(role)),
      // The operator of such a model acts through the vendor's tool (unless another model grounds
      // for it): check the tool is served.
      computer:
        roles.includes('operator') &&
        roles.includes('grounder') &&
        check.profile?.capabilities.computerUse !== undefined,
      // Hosted APIs take far more than any request of ours; local servers often do not.
      ...(spec.provider === 'ollama' || spec.provider === 'openai-compatible'
        ? { contextTokens: PROBE_CONTEXT_TOKENS }
        : {}),
    });
    specs.push({
      ...base,
      endpoint: endpointOf(spec),
      checks: result.checks,
      problems: problemsOf(spec, result, input.timeoutMs),
      usage: result.usage,
    });
  }
  return { kind: 'models', specs, ok: specs.every((spec) => spec.problems.length === 0) };
}

/** Each failed check as the fix it calls for, naming the endpoint. */
function problemsOf(spec: ModelSpec, result: ProbeResult, timeoutMs: number): string[] {
  const endpoint = endpointOf(spec);
  return result.checks.flatMap((check) => {
    if (check.ok) return [];
    const status = check.status === undefined ? '' : ` (HTTP ${check.status})`;
    switch (check.problem) {
      case 'unreachable':
        return [`could not connect to ${endpoint}: start the server, or correct the address in the spec`];
      case 'auth':
        return [
          spec.provider === 'ollama'
            ? `${endpoint} refused the request${status}: a proxy in front of Ollama asks for credentials`
            : `${endpoint} refused the key${status}: set ${API_KEY_VARIABLES[spec.provider]} to a key with access to ${spec.model}`,
        ];
      case 'not-found':
        return [
          `${endpoint} knows no model "${spec.model}" or no such API path${status}: check the model name` +
            (spec.provider === 'ollama'
              ? ` (ollama pull ${spec.model})`
              : spec.provider === 'openai-compatible'
                ? ' and that the base URL ends where the API starts (often …/v1)'
                : ''),
        ];
      case 'no-image-support':
        return [
          `${spec.model} at ${endpoint} does not read images (${check.detail}): give the roles that read screenshots ` +
            '(every role but loopJudge) a vision model',
        ];
      case 'no-computer-tool':
        return [
          `${spec.model} at ${endpoint} could not be driven through its computer-use tool (${check.detail}): check ` +
            "that the key has access to the tool's beta, or give the operator a profile without it " +
            '(models.profiles with like: "claude")',
        ];
      case 'context-too-small':
        return [
          `${endpoint} cannot take a request of the agent's size (${check.detail}): ` +
            (spec.provider === 'ollama'
              ? 'raise num_ctx on the base URL (?num_ctx=16384) or use a model with a larger window'
              : 'serve a larger context window (vLLM: --max-model-len; llama.cpp: --ctx-size; for Ollama use ollama:<model>, whose context is set per request)'),
        ];
      case 'rate-limit':
        return [
          `${endpoint} is rate-limiting this key${status}: the key works, but try again later or raise its limits`,
        ];
      case 'timeout':
        return [
          `${endpoint} did not answer within ${Math.round(timeoutMs / 1000)} s: a local server may still be loading the model; try again or give --timeout more seconds`,
        ];
      default:
        return [`${check.check} request to ${endpoint} failed: ${check.detail}`];
    }
  });
}
