import { z } from 'zod';
import type { ProviderName } from './contract.js';

const PROVIDERS = ['anthropic', 'openai', 'openai-compatible', 'ollama'] as const satisfies readonly ProviderName[];

/** A model as the CLI and config files name it, after validation. */
export const modelSpecSchema = z.object({
  /** Who serves the model. */
  provider: z.enum(PROVIDERS),
  /** The vendor's model id, sent as is (`claude-sonnet-4-5`, `gpt-4.1`, `qwen2.5vl:7b`). */
  model: z.string().min(1).regex(/^\S+$/, 'a model id has no spaces'),
  /**
   * Base URL of the server, `http(s)://…`; required for `openai-compatible`, optional for the
   * others (a proxy or gateway; for `ollama`, another host or `?num_ctx=` for the context size).
   * Absent: the vendor's own API, or Ollama on `http://127.0.0.1:11434`.
   */
  baseURL: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).optional(),
});
export type ModelSpec = z.infer<typeof modelSpecSchema>;

/** The outcome of reading a model spec. */
export type ModelSpecResult =
  | {
      readonly ok: true;
      /** The validated spec. */
      readonly spec: ModelSpec;
    }
  | {
      readonly ok: false;
      /** What is wrong and what a valid spec looks like, for the person who typed it. */
      readonly error: string;
    };

const EXAMPLES =
  'anthropic:claude-sonnet-4-5, openai:gpt-4.1 or openai-compatible:qwen2.5-vl@http://127.0.0.1:11434/v1';

/**
 * Read `provider:model[@baseURL]`. The model id may itself contain colons (`qwen2.5vl:7b`), so
 * the provider ends at the first colon and the base URL starts at the first `@http://` or
 * `@https://`.
 */
export function parseModelSpec(text: string): ModelSpecResult {
  const trimmed = text.trim();
  const colon = trimmed.indexOf(':');
  if (colon <= 0) {
    return { ok: false, error: `"${text}" is not provider:model; expected something like ${EXAMPLES}` };
  }
  const provider = trimmed.slice(0, colon);
  if (!(PROVIDERS as readonly string[]).includes(provider)) {
    return {
      ok: false,
      error: `unknown provider "${provider}"; expected one of ${PROVIDERS.join(', ')} (e.g. ${EXAMPLES})`,
    };
  }
  const rest = trimmed.slice(colon + 1);
  const at = rest.search(/@https?:\/\//i);
  const model = at === -1 ? rest : rest.slice(0, at);
  const baseURL = at === -1 ? undefined : rest.slice(at + 1);
  if (at === -1 && rest.includes('@')) {
    return { ok: false, error: `"${rest.slice(rest.indexOf('@') + 1)}" is not a base URL; write @http://host:port/v1` };
  }
  if (provider === 'openai-compatible' && baseURL === undefined) {
    return {
      ok: false,
      error: `openai-compatible needs the server's base URL: openai-compatible:${model || 'model'}@http://127.0.0.1:11434/v1`,
    };
  }
  const parsed = modelSpecSchema.safeParse({ provider, model, ...(baseURL === undefined ? {} : { baseURL }) });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'spec'}: ${issue.message}`);
    return { ok: false, error: `invalid model spec "${text}": ${problems.join('; ')}` };
  }
  return { ok: true, spec: parsed.data };
}

/** The spec back in `provider:model[@baseURL]` form, for reports and `Engine.name`. */
export function formatModelSpec(spec: ModelSpec): string {
  return `${spec.provider}:${spec.model}${spec.baseURL === undefined ? '' : `@${spec.baseURL}`}`;
}
