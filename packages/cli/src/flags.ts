import { reflectorMethods, type ReflectorMethod } from '@sandpiper/runtime';
import type { Budgets } from '@sandpiper/protocol';
import { UsageError } from '@sandpiper/protocol';
import type { ConfigFile } from '@sandpiper/runtime';
import type { CliOptions } from './main.js';

/** A whole number above zero from a flag, at most `max`; undefined when the flag was not given. */
export function positiveInteger(
  value: string | undefined,
  flag: string,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isInteger(number) || number <= 0) {
    throw new UsageError(`${flag} must be a positive whole number, got "${value}"`);
  }
  if (number > max) throw new UsageError(`${flag} must be at most ${max}, got "${value}"`);
  return number;
}

const MAX_COST_USD = 100_000;

/** An amount of US dollars above zero from a flag (`0.50`, `2`); undefined when the flag was not given. */
export function positiveAmount(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = /^\d*\.?\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isFinite(number) || number <= 0) {
    throw new UsageError(`${flag} must be a positive amount of US dollars such as 0.50 (no $ sign), got "${value}"`);
  }
  if (number > MAX_COST_USD) throw new UsageError(`${flag} must be at most ${MAX_COST_USD} dollars, got "${value}"`);
  return number;
}

/** The budgets of a new run: each flag, then the configuration file, then the defaults. */
export function budgetsFromFlags(options: CliOptions, config: ConfigFile): Budgets {
  const maxModelTokens =
    positiveInteger(options['max-tokens'], '--max-tokens', 1_000_000_000) ?? config.budgets?.maxModelTokens;
  const maxCostUsd = positiveAmount(options['max-cost'], '--max-cost') ?? config.budgets?.maxCostUsd;
  const seconds = positiveInteger(options.timeout, '--timeout', 86_400);
  return {
    maxActions: positiveInteger(options['max-actions'], '--max-actions', 10_000) ?? config.budgets?.maxActions ?? 200,
    maxAttemptsPerStep: config.budgets?.maxAttemptsPerStep ?? 3,
    maxDurationMs: seconds === undefined ? (config.budgets?.maxDurationMs ?? 600_000) : seconds * 1000,
    ...(maxModelTokens === undefined ? {} : { maxModelTokens }),
    ...(maxCostUsd === undefined ? {} : { maxCostUsd }),
  };
}

/** Budgets are part of the task, fixed when the run started; a resume cannot change them. */
export function refuseBudgetFlags(options: CliOptions): void {
  const given = (['max-actions', 'timeout', 'max-tokens', 'max-cost'] as const).filter(
    (flag) => options[flag] !== undefined,
  );
  if (given.length > 0) {
    throw new UsageError(
      `${given.map((flag) => `--${flag}`).join(' and ')} cannot change a run that already started: its budgets were fixed at start`,
    );
  }
}

/** The `--reflector` flag checked against the built-in engine's methods; undefined when not given. */
export function reflectorFlag(flag: string | undefined): ReflectorMethod | undefined {
  if (flag === undefined) return undefined;
  const method = reflectorMethods.find((candidate) => candidate === flag);
  if (!method) throw new UsageError(`--reflector must be one of ${reflectorMethods.join(', ')}, not "${flag}"`);
  return method;
}

/** `--port`: a whole number from 0 (any free port) to 65535, or `fallback` when absent. */
export function portFrom(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(port) || port > 65_535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, got "${value}"`);
  }
  return port;
}
