import type { z } from 'zod';
import { SandpiperError, type ErrorKind } from './errors.js';

const CONTRACT_ERROR_MARKER = Symbol.for('sandpiper.contract-error');

/**
 * Thrown when data crossing a boundary does not match its schema. The message names every
 * failing path, so a person can tell which field to fix. Its kind is `usage` for what a person or
 * a client sent, and `invariant` for data Sandpiper produced itself.
 */
export class ContractError extends SandpiperError {
  override readonly name: string = 'ContractError';
  private readonly [CONTRACT_ERROR_MARKER] = true;
  constructor(
    /** What was being validated: "plan edit request", "event from the store". */
    readonly subject: string,
    readonly issues: readonly { path: string; message: string }[],
    kind: Extract<ErrorKind, 'usage' | 'invariant'> = 'usage',
  ) {
    super(
      kind,
      `Invalid ${subject}: ${issues.map((issue) => `${issue.path || '(root)'}: ${issue.message}`).join('; ')}`,
    );
  }

  static override isInstance(error: unknown): error is ContractError {
    return (
      typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[CONTRACT_ERROR_MARKER] === true
    );
  }
}

export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
    .join('');
}

/**
 * Parse `value` with `schema`, or throw a {@link ContractError} naming each failing field. `kind`
 * says whose mistake a mismatch is: the caller's (`usage`, the default) or Sandpiper's own.
 */
export function parseContract<S extends z.ZodType>(
  schema: S,
  value: unknown,
  subject: string,
  kind: Extract<ErrorKind, 'usage' | 'invariant'> = 'usage',
): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ContractError(
    subject,
    result.error.issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message })),
    kind,
  );
}
