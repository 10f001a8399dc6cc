import { SandpiperError } from '@sandpiper/protocol';

const STORE_ERROR_MARKER = Symbol.for('sandpiper.storage.error');
const STORE_CORRUPT_MARKER = Symbol.for('sandpiper.storage.corrupt');
const STORE_VERSION_MARKER = Symbol.for('sandpiper.storage.version');

function hasMarker(error: unknown, marker: symbol): boolean {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[marker] === true;
}

/**
 * Base of every error the store raises on its own account (as opposed to a `ContractError` for a bad
 * draft). Check with {@link StoreError.isInstance}, which also works across duplicated module copies.
 */
export class StoreError extends SandpiperError {
  override readonly name: string = 'StoreError';
  private readonly [STORE_ERROR_MARKER] = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super('storage', message, options);
  }

  static override isInstance(error: unknown): error is StoreError {
    return hasMarker(error, STORE_ERROR_MARKER);
  }
}

/**
 * A file in the data directory is not what the store wrote: the database is not SQLite or is
 * damaged, or a blob's bytes no longer match their hash. The store never deletes or rewrites such a
 * file; the message says which file it is and what a person can do about it.
 */
export class StoreCorruptError extends StoreError {
  override readonly name: string = 'StoreCorruptError';
  private readonly [STORE_CORRUPT_MARKER] = true;

  constructor(
    /** Absolute path of the damaged file. */
    readonly file: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  static override isInstance(error: unknown): error is StoreCorruptError {
    return hasMarker(error, STORE_CORRUPT_MARKER);
  }
}

/** Data was written by a newer version of Sandpiper than this one understands. */
export class StoreVersionError extends StoreError {
  override readonly name: string = 'StoreVersionError';
  private readonly [STORE_VERSION_MARKER] = true;

  constructor(
    /** The version found in the stored data (database schema or event schema version). */
    readonly found: number,
    /** The newest version this build can read. */
    readonly supported: number,
    message: string,
  ) {
    super(message);
  }

  static override isInstance(error: unknown): error is StoreVersionError {
    return hasMarker(error, STORE_VERSION_MARKER);
  }
}

const RUN_CLAIMED_MARKER = Symbol.for('sandpiper.storage.claimed');

/**
 * Another live process drives the run; two drivers of one run would interleave their actions. A
 * conflict (the request is fine, the run's state does not allow it), not a storage failure.
 */
export class RunClaimedError extends SandpiperError {
  override readonly name: string = 'RunClaimedError';
  private readonly [RUN_CLAIMED_MARKER] = true;

  constructor(
    readonly runId: string,
    /** The process that drives it, as `pid on host`. */
    readonly owner: string,
  ) {
    super(
      'conflict',
      `Run ${runId} is being driven by process ${owner}; stop that process first, or wait for the run to end.`,
    );
  }

  static override isInstance(error: unknown): error is RunClaimedError {
    return hasMarker(error, RUN_CLAIMED_MARKER);
  }
}
