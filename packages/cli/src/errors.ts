import { errorKindOf, errorOutcomes } from '@sandpiper/protocol';

/** Exit codes: see the CLI help. */
export const EXIT = { succeeded: 0, notSucceeded: 1, usage: 2, environment: 3 } as const;

/**
 * One line for the person and the exit code, for any error that reaches the top of the CLI. The
 * code comes from the error's kind (see `errorOutcomes`); anything that is not a Sandpiper error
 * is a bug, reported as unexpected.
 */
export function describeError(error: unknown): { message: string; exitCode: number } {
  const kind = errorKindOf(error);
  const message = error instanceof Error ? error.message : String(error);
  if (kind === 'invariant') {
    return {
      message: `unexpected error: ${message} (run again with --debug for details)`,
      exitCode: EXIT.notSucceeded,
    };
  }
  return { message, exitCode: errorOutcomes[kind].exitCode };
}
