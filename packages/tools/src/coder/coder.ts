import { CancelledError, throwIfCancelled, type Environment, type Handle, type ToolOutcome } from '@sandpiper/core';
import { parseContract } from '@sandpiper/protocol';
import { z } from 'zod';
import { formatShellReport } from './shell-report.js';

const coderOptionsSchema = z.object({
  /** Most commands one run may send, failed and timed-out ones included. */
  maxCommands: z.number().int().min(1).max(1000).default(10),
  /** How long one command may run before the environment stops it, in milliseconds. */
  timeoutMs: z.number().int().min(1).max(600_000).default(30_000),
  /**
   * Characters kept of each of stdout and stderr in the report. Two streams at the maximum plus
   * the report's lines stay under the 20,000 characters a tool output may have.
   */
  maxOutputChars: z.number().int().min(100).max(8000).default(4000),
});

/** Limits of a coder; every field has a default (10 commands, 30,000 ms, 4,000 characters). */
export type CoderOptions = z.input<typeof coderOptionsSchema>;
export type CoderLimits = z.output<typeof coderOptionsSchema>;

/**
 * Runs shell commands for the operator through the environment's own shell, never on this
 * machine by itself. One coder serves one run: its command budget is counted across the run.
 */
export interface Coder {
  readonly limits: CoderLimits;
  /** Commands sent to a shell so far. */
  readonly commandsRun: number;
  /**
   * Run one command and report it. `ok` is true only when it exited with code 0 in time; the
   * report is in `output` either way. Refusals (no shell, budget used up) run nothing.
   */
  run(handle: Handle, command: string, environment: Environment): Promise<ToolOutcome>;
}

/** Create a coder; invalid limits throw a `ContractError` naming the field. */
export function createCoder(options: CoderOptions = {}): Coder {
  const limits = parseContract(coderOptionsSchema, options, 'coder options');
  let commandsRun = 0;
  return {
    limits,
    get commandsRun() {
      return commandsRun;
    },
    async run(handle, command, environment) {
      throwIfCancelled(handle);
      const shell = environment.shell?.bind(environment);
      if (!shell) return refuse(noShellReason(environment));
      if (commandsRun >= limits.maxCommands) {
        return refuse(
          `the coder's budget of ${limits.maxCommands} commands for this run is used up; carry on with GUI actions`,
        );
      }
      commandsRun += 1;
      let result;
      try {
        result = await shell(handle, command, { timeoutMs: limits.timeoutMs });
      } catch (error: unknown) {
        if (CancelledError.isInstance(error) || handle.signal.aborted) throw error;
        return refuse(`the environment's shell failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      const output = formatShellReport(command, result, {
        timeoutMs: limits.timeoutMs,
        maxOutputChars: limits.maxOutputChars,
        left: limits.maxCommands - commandsRun,
        max: limits.maxCommands,
      });
      const error = result.timedOut
        ? `the command did not finish within ${limits.timeoutMs} ms and was stopped`
        : result.exitCode === null
          ? 'the command was killed before it exited'
          : result.exitCode !== 0
            ? `the command exited with code ${result.exitCode}`
            : undefined;
      return { ok: error === undefined, output, durationMs: result.durationMs, ...(error ? { error } : {}) };
    },
  };
}

function refuse(reason: string): ToolOutcome {
  return { ok: false, output: '', error: reason, durationMs: 0 };
}

function noShellReason(environment: Environment): string {
  const { kind, description } = environment.info;
  return (
    `this environment offers no shell; the ${kind} environment (${description}) cannot run commands, ` +
    'so carry on with GUI actions'
  );
}
