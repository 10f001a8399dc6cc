import type { AdapterSettings } from './adapter-support.js';
import { createAnthropicClient } from './anthropic-adapter.js';
import type { ModelClient, ProviderName } from './contract.js';
import { ModelError } from './errors.js';
import { formatModelSpec, type ModelSpec, parseModelSpec } from './model-spec.js';
import { contextFromUrl, createOllamaClient, OLLAMA_DEFAULT_CONTEXT, OLLAMA_DEFAULT_URL } from './ollama-adapter.js';
import { createOpenAIClient, createOpenAICompatibleClient } from './openai-adapter.js';
import { DEFAULT_PRICE_TABLE, findPrice, type PriceTable } from './prices.js';
import { DEFAULT_PROFILES, findProfile, type ModelProfile } from './profiles.js';
import { createRetryingClient, type RetryOptions } from './retry.js';

/** Environment variables, passed in explicitly (never read from `process.env` here). */
export type ModelEnvironment = Readonly<Record<string, string | undefined>>;

/** The providers whose requests can carry a key. */
type KeyedProvider = Exclude<ProviderName, 'ollama'>;

/** The variable each provider's key is read from; Ollama takes no key. */
export const API_KEY_VARIABLES: Readonly<Record<KeyedProvider, string>> = {
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
  'openai-compatible': 'SANDPIPER_OPENAI_COMPATIBLE_API_KEY',
};

function keyVariableOf(provider: ProviderName): string | undefined {
  return provider === 'ollama' ? undefined : API_KEY_VARIABLES[provider];
}

/** Options of {@link createModelClient}; every field is optional. */
export interface ModelClientOptions {
  /** The `fetch` the SDK uses; absent: the global one. */
  readonly fetch?: typeof fetch;
  /** Extra headers on every request. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Prices for `usage.costUsd`; absent: the shipped table. */
  readonly prices?: PriceTable;
  /** Retry policy, or `false` for none. Absent: the defaults of `RetryOptions`. */
  readonly retry?: RetryOptions | false;
  /** Use server-sent events for responses. Absent: false. */
  readonly stream?: boolean;
  /** Longest wait for one response, body included (streamed: the longest gap between pieces), in milliseconds. Absent: 120 000. */
  readonly timeoutMs?: number;
  /** Current time, for deadlines and `retry-after` dates. Absent: `Date.now`. */
  readonly now?: () => number;
  /** The model's profile, which shapes requests (temperature, reasoning effort); absent: the shipped match. */
  readonly profile?: ModelProfile;
  /** Ollama only: the context window of every request; absent: `?num_ctx=` on the base URL, else 16 384. */
  readonly contextTokens?: number;
}

/**
 * A retrying client for the spec, with its key read from `env`.
 *
 * @throws ModelError `auth` when the provider needs a key and `env` has none; call
 *   {@link checkModelSpec} first to tell the person why without throwing.
 */
export function createModelClient(
  spec: ModelSpec,
  env: ModelEnvironment,
  options: ModelClientOptions = {},
): ModelClient {
  const variable = keyVariableOf(spec.provider);
  const apiKey = variable === undefined ? undefined : nonEmpty(env[variable]);
  if (apiKey === undefined && variable !== undefined && spec.provider !== 'openai-compatible') {
    throw new ModelError('auth', `${variable} is not set, so ${formatModelSpec(spec)} cannot be used`);
  }
  const profile = options.profile ?? findProfile(spec.provider, spec.model);
  if (profile?.unusable !== undefined) throw new ModelError('bad-request', profile.unusable);
  const settings: AdapterSettings = {
    model: spec.model,
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(spec.baseURL === undefined ? {} : { baseURL: spec.baseURL }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
    ...(options.prices === undefined ? {} : { prices: options.prices }),
    ...(options.stream === undefined ? {} : { stream: options.stream }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(profile === undefined ? {} : { profile }),
  };
  const client =
    spec.provider === 'anthropic'
      ? createAnthropicClient(settings)
      : spec.provider === 'openai'
        ? createOpenAIClient(settings)
        : spec.provider === 'ollama'
          ? createOllamaClient({
              ...settings,
              ...(options.contextTokens === undefined ? {} : { contextTokens: options.contextTokens }),
            })
          : createOpenAICompatibleClient({ ...settings, baseURL: spec.baseURL ?? '' });
  if (options.retry === false) return client;
  return createRetryingClient(client, { ...(options.now === undefined ? {} : { now: options.now }), ...options.retry });
}

/** Where a spec's requests go, without any user name or password the base URL holds. */
export function endpointOf(spec: ModelSpec): string {
  const raw =
    spec.baseURL ??
    (spec.provider === 'anthropic'
      ? 'https://api.anthropic.com'
      : spec.provider === 'openai'
        ? 'https://api.openai.com/v1'
        : OLLAMA_DEFAULT_URL);
  const url = new URL(raw);
  url.username = '';
  url.password = '';
  return url.href.replace(/\/$/, '');
}

/** Whether a model configuration can be used, and why not. */
export interface ModelCheck {
  /** True when nothing in `problems` stands in the way. */
  readonly usable: boolean;
  /** The validated spec; absent when the text could not be read. */
  readonly spec?: ModelSpec;
  /** The profile that applies; absent when none matches. */
  readonly profile?: ModelProfile;
  /** The variable the key is read from (its value is never reported); absent for Ollama, which takes none. */
  readonly keyVariable?: string;
  /** What makes the configuration unusable, one sentence each; empty when usable. */
  readonly problems: readonly string[];
  /** Things worth knowing that do not block use (no price, no image input, plain HTTP). */
  readonly notes: readonly string[];
}

/**
 * Check a model configuration without calling the network: the spec, the key's presence and
 * shape, the profile and the price.
 */
export function checkModelSpec(
  spec: ModelSpec | string,
  env: ModelEnvironment,
  options: { readonly profiles?: readonly ModelProfile[]; readonly prices?: PriceTable } = {},
): ModelCheck {
  const parsed = typeof spec === 'string' ? parseModelSpec(spec) : { ok: true as const, spec };
  if (!parsed.ok) return { usable: false, problems: [parsed.error], notes: [] };
  const valid = parsed.spec;
  const problems: string[] = [];
  const notes: string[] = [];
  const keyVariable = keyVariableOf(valid.provider);
  const key = keyVariable === undefined ? undefined : nonEmpty(env[keyVariable]);
  if (keyVariable !== undefined && key === undefined && valid.provider !== 'openai-compatible') {
    problems.push(`${keyVariable} is not set; export it with your ${valid.provider} API key`);
  }
  if (key !== undefined && /\s/.test(key)) {
    problems.push(`${keyVariable} contains spaces or line breaks; copy the key again`);
  }
  if (key !== undefined && valid.provider === 'anthropic' && !key.startsWith('sk-ant-')) {
    notes.push(`${keyVariable} does not look like an Anthropic key (they start with sk-ant-)`);
  }
  if (key === undefined && valid.provider === 'openai-compatible') {
    notes.push(`no ${keyVariable}; requests go without an Authorization header, as local servers expect`);
  }
  if (
    valid.provider === 'openai-compatible' &&
    valid.baseURL !== undefined &&
    new URL(valid.baseURL).port === '11434'
  ) {
    notes.push(
      `${valid.baseURL} looks like Ollama, whose OpenAI-compatible route keeps its default context window (often ` +
        `4096 tokens, less than one operator request) and cuts prompts silently; use ollama:${valid.model} instead`,
    );
  }
  if (valid.provider === 'ollama') problems.push(...ollamaProblems(valid.baseURL));
  if (valid.provider === 'ollama') notes.push(ollamaNote(valid.baseURL));
  if (valid.baseURL !== undefined && valid.baseURL.startsWith('http://') && !isLoopback(valid.baseURL)) {
    notes.push(`${valid.baseURL} is plain HTTP to another machine: prompts and screenshots travel unencrypted`);
  }
  const profile = findProfile(valid.provider, valid.model, options.profiles ?? DEFAULT_PROFILES);
  if (profile === undefined) {
    problems.push(
      `no model profile matches ${valid.provider}:${valid.model}, so its image size and coordinate space are unknown`,
    );
  } else if (profile.unusable !== undefined) {
    problems.push(profile.unusable);
  } else if (!profile.capabilities.images) {
    notes.push(`profile ${profile.id} reads no images: use this model only for text roles`);
  }
  const price = findPrice(`${valid.provider}:${valid.model}`, options.prices ?? DEFAULT_PRICE_TABLE);
  if (price === undefined) notes.push(`no price for ${valid.provider}:${valid.model}: costs will not be counted`);
  return {
    usable: problems.length === 0,
    spec: valid,
    ...(profile === undefined ? {} : { profile }),
    ...(keyVariable === undefined ? {} : { keyVariable }),
    problems,
    notes,
  };
}

function ollamaProblems(baseURL: string | undefined): string[] {
  const raw = baseURL === undefined ? null : new URL(baseURL).searchParams.get('num_ctx');
  if (raw === null || contextFromUrl(new URL(baseURL!)) !== undefined) return [];
  return [`num_ctx=${raw} is not a context size; give a whole number of tokens from 2048 to 1048576`];
}

function ollamaNote(baseURL: string | undefined): string {
  const size = baseURL === undefined ? undefined : contextFromUrl(new URL(baseURL));
  return (
    `Ollama's native /api/chat with a ${size ?? OLLAMA_DEFAULT_CONTEXT}-token context window (num_ctx)` +
    (size === undefined ? '; set another with ?num_ctx= on the base URL' : '')
  );
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || host.startsWith('127.');
}
