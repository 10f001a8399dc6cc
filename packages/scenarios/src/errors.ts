import { UsageError } from '@sandpiper/protocol';

const marker = Symbol.for('sandpiper.scenarios.error');

/** Base error of this package: a caller asked for something that does not exist or is malformed. */
export class ScenarioError extends UsageError {
  override readonly name: string = 'ScenarioError';
  private readonly [marker] = true;

  /** True for errors from this package, even across duplicated module copies. */
  static override isInstance(error: unknown): error is ScenarioError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}

/** A scenario name that is not one of the built-in scenarios. */
export class UnknownScenarioError extends ScenarioError {
  override readonly name = 'UnknownScenarioError';
  constructor(
    /** The name that was asked for. */
    readonly scenario: string,
    /** The names that exist. */
    readonly validNames: readonly string[],
  ) {
    super(`Unknown scenario "${scenario}". Valid scenarios: ${validNames.join(', ')}.`);
  }
}
