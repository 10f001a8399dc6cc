import type { z } from 'zod';

/**
 * Thrown when data crossing a boundary does not match its schema. The message names every
 * failing path, so a person can tell which field to fix.
 */
export class ContractError extends Error {
  override readonly name = 'ContractError';
  constructor(
    /** What was being validated: "plan edit request", "event from the store". */
    readonly subject: string,
    readonly issues: readonly { path: string; message: string }[],
  ) {
    super(`Invalid ${subject}: ${issues.map((issue) => `${issue.path || '(root)'}: ${issue.message}`).join('; ')}`);
  }
}

export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
    .join('');
}

/** Parse `value` with `schema`, or throw a {@link ContractError} naming each failing field. */
export function parseContract<S extends z.ZodType>(schema: S, value: unknown, subject: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ContractError(
    subject,
    result.error.issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message })),
  );
}
