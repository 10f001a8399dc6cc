import { SandpiperError, type ErrorKind, type HandshakeRefusal, type WireError } from '@sandpiper/protocol';

const EXECUTOR_ERROR_MARKER = Symbol.for('sandpiper.env-remote.error');

type ExecutorFailure = 'refused' | 'connection' | 'outcome-unknown' | 'remote' | 'protocol';

/**
 * Base of every error this package raises. Check with `ExecutorError.isInstance` (or a subclass's),
 * which works across duplicated module copies. Aborts are core's `CancelledError`, not these.
 */
export class ExecutorError extends SandpiperError {
  override readonly name: string = 'ExecutorError';
  private readonly [EXECUTOR_ERROR_MARKER] = true;

  constructor(
    /** Which failure this is; each subclass sets its own. */
    readonly failure: ExecutorFailure,
    kind: ErrorKind,
    message: string,
    options: { readonly cause?: unknown; readonly retryable?: boolean } = {},
  ) {
    super(kind, message, options);
  }

  static override isInstance(error: unknown): error is ExecutorError {
    return (
      typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[EXECUTOR_ERROR_MARKER] === true
    );
  }
}

/** The executor refused this controller at the handshake: wrong token, other protocol version, or busy. */
export class ExecutorRefusedError extends ExecutorError {
  override readonly name = 'ExecutorRefusedError';
  constructor(
    /** Why, as the executor put it. */
    readonly reason: HandshakeRefusal,
    message: string,
  ) {
    super('refused', reason === 'busy' || reason === 'closing' ? 'conflict' : 'usage', message, {
      retryable: reason === 'busy',
    });
  }

  static override isInstance(error: unknown): error is ExecutorRefusedError {
    return ExecutorError.isInstance(error) && error.failure === 'refused';
  }
}

/** The connection could not be opened, was lost beyond repair, or was closed; the environment is unusable. */
export class ExecutorConnectionError extends ExecutorError {
  override readonly name = 'ExecutorConnectionError';
  constructor(message: string, options: { readonly cause?: unknown } = {}) {
    super('connection', 'environment', message, options);
  }

  static override isInstance(error: unknown): error is ExecutorConnectionError {
    return ExecutorError.isInstance(error) && error.failure === 'connection';
  }
}

/**
 * The connection dropped while an `act` or `shell` request was in flight, so nobody knows whether
 * the executor performed it. It is never sent again on its own: look at the screen before
 * deciding what to do next. Kind `environment`, not retryable.
 */
export class OutcomeUnknownError extends ExecutorError {
  override readonly name = 'OutcomeUnknownError';
  constructor(
    /** The request whose outcome is unknown. */
    readonly request: 'act' | 'shell',
    detail: string,
  ) {
    super(
      'outcome-unknown',
      'environment',
      `The connection to the executor dropped during ${request === 'act' ? 'an action' : 'a shell command'}; ` +
        `it may or may not have happened, and it was not repeated (${detail}). Observe the screen before going on.`,
    );
  }

  static override isInstance(error: unknown): error is OutcomeUnknownError {
    return ExecutorError.isInstance(error) && error.failure === 'outcome-unknown';
  }
}

/** The executor's environment failed the request; the kind, message and failing fields are the executor's. */
export class RemoteEnvironmentError extends ExecutorError {
  override readonly name = 'RemoteEnvironmentError';
  /** For a request the executor could not read: each failing field. Empty otherwise. */
  readonly issues: readonly { readonly path: string; readonly message: string }[];
  constructor(error: WireError) {
    super('remote', error.kind, `The executor answered: ${error.message}`, { retryable: error.retryable });
    this.issues = error.issues ?? [];
  }

  static override isInstance(error: unknown): error is RemoteEnvironmentError {
    return ExecutorError.isInstance(error) && error.failure === 'remote';
  }
}

/** The executor sent something that does not fit the executor protocol; the message names the field. */
export class ExecutorProtocolError extends ExecutorError {
  override readonly name = 'ExecutorProtocolError';
  constructor(message: string, options: { readonly cause?: unknown } = {}) {
    super('protocol', 'invariant', message, options);
  }

  static override isInstance(error: unknown): error is ExecutorProtocolError {
    return ExecutorError.isInstance(error) && error.failure === 'protocol';
  }
}
