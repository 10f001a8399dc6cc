import { SandpiperError, type ErrorKind, type SandpiperErrorOptions } from '@sandpiper/protocol';

const marker = Symbol.for('sandpiper.desktop-scenarios.error');

/** Base error of this package. */
export class DesktopScenarioError extends SandpiperError {
  override readonly name: string = 'DesktopScenarioError';
  private readonly [marker] = true;

  constructor(kind: Extract<ErrorKind, 'usage' | 'environment'>, message: string, options: SandpiperErrorOptions = {}) {
    super(kind, message, options);
  }

  /** True for errors from this package, even across duplicated module copies. */
  static override isInstance(error: unknown): error is DesktopScenarioError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}

/** A scenario name or a document format that this package does not have. */
export class UnknownDesktopScenarioError extends DesktopScenarioError {
  override readonly name = 'UnknownDesktopScenarioError';
  constructor(
    /** What was asked for. */
    readonly requested: string,
    /** What exists. */
    readonly validNames: readonly string[],
  ) {
    super('usage', `Unknown desktop scenario or format "${requested}". Valid: ${validNames.join(', ')}.`);
  }
}

/**
 * A file could not be read as the document it should be: not a zip, no content.xml, malformed XML.
 * Checkers turn it into a failed verdict (a save that broke the file is a failed task); it escapes
 * only from the readers themselves. Kind `environment`: the file on disk is not what it claims.
 */
export class DocumentFormatError extends DesktopScenarioError {
  override readonly name = 'DocumentFormatError';
  constructor(message: string, options: SandpiperErrorOptions = {}) {
    super('environment', message, options);
  }
}
