/**
 * The one error hierarchy of Sandpiper. Every error a package raises on its own account is a
 * {@link SandpiperError} with a {@link ErrorKind}; front ends map the kind to an exit code or an
 * HTTP status in one table ({@link errorOutcomes}) instead of testing classes one by one.
 */

/**
 * What went wrong, from the point of view of whoever has to fix it:
 * - `usage`: the request, flags, configuration or input data are wrong; the caller can fix them;
 * - `conflict`: the request is well-formed but does not fit the current state (a run that is not waiting for it);
 * - `not-found`: the thing asked for does not exist (a run id, an image);
 * - `environment`: the machine cannot do it (Chromium or tesseract missing, a page unreachable, a display gone);
 * - `model`: a model call failed after its own retries (auth, refusal, unusable answers);
 * - `storage`: the data directory cannot be read or written (corrupt, newer version, disk);
 * - `budget`: a limit of the run was reached (time, actions, tokens, money);
 * - `cancelled`: someone stopped the work on purpose;
 * - `invariant`: Sandpiper broke one of its own rules; a bug to report.
 */
export const errorKinds = [
  'usage',
  'conflict',
  'not-found',
  'environment',
  'model',
  'storage',
  'budget',
  'cancelled',
  'invariant',
] as const;
export type ErrorKind = (typeof errorKinds)[number];

const SANDPIPER_ERROR_MARKER = Symbol.for('sandpiper.error');

export interface SandpiperErrorOptions {
  /** The error this one wraps; kept for debugging, never shown to people by default. */
  readonly cause?: unknown;
  /** Whether the same call may succeed if made again later; false when absent. */
  readonly retryable?: boolean;
}

/** Base of every error Sandpiper raises. Check with {@link SandpiperError.isInstance}, which works across module copies. */
export class SandpiperError extends Error {
  override readonly name: string = 'SandpiperError';
  readonly retryable: boolean;
  private readonly [SANDPIPER_ERROR_MARKER] = true;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    options: SandpiperErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.retryable = options.retryable ?? false;
  }

  static isInstance(error: unknown): error is SandpiperError {
    return (
      typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[SANDPIPER_ERROR_MARKER] === true
    );
  }
}

/** The kind of any thrown value: its own for a {@link SandpiperError}, `invariant` for anything else (a bug). */
export function errorKindOf(error: unknown): ErrorKind {
  return SandpiperError.isInstance(error) ? error.kind : 'invariant';
}

/** How each kind surfaces: the CLI's exit code and the HTTP status of an API answer. */
export const errorOutcomes: Readonly<Record<ErrorKind, { readonly exitCode: number; readonly httpStatus: number }>> = {
  usage: { exitCode: 2, httpStatus: 400 },
  conflict: { exitCode: 2, httpStatus: 409 },
  'not-found': { exitCode: 2, httpStatus: 404 },
  environment: { exitCode: 3, httpStatus: 503 },
  storage: { exitCode: 3, httpStatus: 503 },
  model: { exitCode: 1, httpStatus: 502 },
  budget: { exitCode: 1, httpStatus: 409 },
  cancelled: { exitCode: 1, httpStatus: 409 },
  invariant: { exitCode: 1, httpStatus: 500 },
};

/** The caller asked for something that cannot work as asked: a flag, a field, a name. Fix the request. */
export class UsageError extends SandpiperError {
  override readonly name: string = 'UsageError';
  constructor(message: string, options: SandpiperErrorOptions = {}) {
    super('usage', message, options);
  }

  /** Any Sandpiper error of kind `usage`, whichever class raised it. */
  static override isInstance(error: unknown): error is UsageError {
    return SandpiperError.isInstance(error) && error.kind === 'usage';
  }
}

/** The machine cannot do what was asked: a program is missing, a page is unreachable, a display is gone. */
export class EnvironmentError extends SandpiperError {
  override readonly name: string = 'EnvironmentError';
  constructor(message: string, options: SandpiperErrorOptions = {}) {
    super('environment', message, options);
  }

  /** Any Sandpiper error of kind `environment`, whichever class raised it. */
  static override isInstance(error: unknown): error is EnvironmentError {
    return SandpiperError.isInstance(error) && error.kind === 'environment';
  }
}

/** A limit of the run was reached: its time, actions, tokens or money. */
export class BudgetError extends SandpiperError {
  override readonly name: string = 'BudgetError';
  constructor(message: string, options: SandpiperErrorOptions = {}) {
    super('budget', message, options);
  }

  /** Any Sandpiper error of kind `budget`, whichever class raised it. */
  static override isInstance(error: unknown): error is BudgetError {
    return SandpiperError.isInstance(error) && error.kind === 'budget';
  }
}
