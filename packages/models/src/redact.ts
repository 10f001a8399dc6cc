/** Replaces secrets in text before it reaches an error message, a warning or a log line. */
export type Redactor = (text: string) => string;

const REDACTED = '[redacted]';

/**
 * Vendor key shapes (`sk-…`, `sk-ant-…`, `sk-proj-…`), including the partly masked echoes some
 * servers put in their 401 messages, so a key we were not told about is hidden too.
 */
const KEY_SHAPE = /\bsk-[A-Za-z0-9_*.-]{6,}/g;

/** A redactor for the given secrets; strings shorter than 4 characters are ignored as too ambiguous. */
export function createRedactor(secrets: readonly (string | undefined)[]): Redactor {
  const known = secrets
    .filter((secret): secret is string => typeof secret === 'string' && secret.length >= 4)
    .sort((left, right) => right.length - left.length);
  return (text) => {
    let result = text;
    for (const secret of known) result = result.split(secret).join(REDACTED);
    return result.replace(KEY_SHAPE, REDACTED);
  };
}
