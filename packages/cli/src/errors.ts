import { ContractError } from '@sandpiper/protocol';
import { BrowserNavigationError, BrowserUnavailableError, CdpAttachError } from '@sandpiper/env-browser';
import { OcrUnavailableError } from '@sandpiper/model-rules';
import { StoreError } from '@sandpiper/storage';
import { UsageError } from './config.js';

/** Exit codes: see the CLI help. */
export const EXIT = { succeeded: 0, notSucceeded: 1, usage: 2, environment: 3 } as const;

/** One line for the person and the exit code, for any error that reaches the top of the CLI. */
export function describeError(error: unknown): { message: string; exitCode: number } {
  if (error instanceof UsageError) return { message: error.message, exitCode: EXIT.usage };
  if (error instanceof ContractError) return { message: error.message, exitCode: EXIT.usage };
  if (
    error instanceof BrowserUnavailableError ||
    error instanceof BrowserNavigationError ||
    error instanceof CdpAttachError ||
    error instanceof OcrUnavailableError ||
    StoreError.isInstance(error)
  ) {
    return { message: (error as Error).message, exitCode: EXIT.environment };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message: `unexpected error: ${message} (run again with --debug for details)`, exitCode: EXIT.notSucceeded };
}
