/** What replaces a secret in stored data. */
export const REDACTED = '[redacted]';

/**
 * Keys whose values are treated as secrets wherever they appear in a payload (for example in a
 * tool call's free-form input), whatever the values are.
 */
export const DEFAULT_SECRET_KEY_PATTERN = /password|passwd|passphrase|api[-_]?key|token|secret|authorization/i;

/**
 * Removes secrets from serialized JSON before it is written. Receives the JSON text of a payload
 * (or of a run's instruction and environment) and returns the text to store, which must still be
 * JSON of the same shape.
 */
export type Redactor = (serializedJson: string) => string;

export interface RedactionOptions {
  /**
   * Either secret strings to replace with `[redacted]` wherever they occur (inside any string
   * value or key), or a function that rewrites the serialized JSON itself. Absent: only the
   * key-based redaction applies.
   */
  readonly redact?: Redactor | readonly string[];
  /** Values of keys matching this pattern are replaced whole; `false` turns this off. Defaults to {@link DEFAULT_SECRET_KEY_PATTERN}. */
  readonly secretKeyPattern?: RegExp | false;
}

function redactorForSecrets(secrets: readonly string[]): Redactor {
  // Longest first, so a secret that contains another one is removed whole.
  const needles = [...new Set(secrets.filter((secret) => secret.length > 0))]
    .sort((a, b) => b.length - a.length)
    .map((secret) => JSON.stringify(secret).slice(1, -1));
  return (serialized) => needles.reduce((text, needle) => text.split(needle).join(REDACTED), serialized);
}

/** Model usage counts (`inputTokens: 2400`, `max_tokens: 1024`) name tokens but hold no secret. */
function isTokenCount(key: string, value: unknown): boolean {
  return typeof value === 'number' && /tokens$/i.test(key);
}

/** Returns `value` itself when no key matched, so callers can tell whether anything was replaced. */
function redactKeys(value: unknown, pattern: RegExp): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => redactKeys(item, pattern));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  let changed = false;
  const entries = Object.entries(value).map(([key, inner]): [string, unknown] => {
    const secret = pattern.test(key) && inner !== undefined && !isTokenCount(key, inner);
    const replaced = secret ? REDACTED : redactKeys(inner, pattern);
    changed ||= replaced !== inner;
    return [key, replaced];
  });
  return changed ? Object.fromEntries(entries) : value;
}

/** JSON text to store, and whether redaction changed anything (so the result needs checking again). */
export interface Serialized {
  readonly json: string;
  readonly redacted: boolean;
}

/** Builds the function that turns a value into the redacted JSON text that is stored. */
export function createSerializer(options: RedactionOptions): (value: unknown) => Serialized {
  const pattern = options.secretKeyPattern === undefined ? DEFAULT_SECRET_KEY_PATTERN : options.secretKeyPattern;
  const redact =
    options.redact === undefined
      ? undefined
      : typeof options.redact === 'function'
        ? options.redact
        : redactorForSecrets(options.redact);
  // A global or sticky pattern would carry lastIndex from one test() call to the next.
  const keyPattern = pattern === false ? undefined : new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
  return (value) => {
    const keyed = keyPattern === undefined ? value : redactKeys(value, keyPattern);
    const serialized = JSON.stringify(keyed);
    const json = redact === undefined ? serialized : redact(serialized);
    return { json, redacted: keyed !== value || json !== serialized };
  };
}
