import { SandpiperError, type PayloadOf } from '@sandpiper/protocol';

/** What a role reports about one model call; the run logs it as a `model-call` event. */
export type ModelCallReport = Omit<PayloadOf<'model-call'>, 'type' | 'stepId'>;

/**
 * One explicit handle carries cancellation, the deadline and logging into every call that can
 * block (model calls, environment actions, waits). Pass it as the first argument.
 */
export interface Handle {
  /** Aborted when the run is cancelled or its deadline passes. */
  readonly signal: AbortSignal;
  /** Milliseconds since the epoch after which work should stop; undefined for no deadline. */
  readonly deadline: number | undefined;
  /** Debug log; never receives secrets. */
  log(message: string): void;
  /** Where model-backed roles report each call (tokens, cost); absent outside a run. */
  readonly report?: (call: ModelCallReport) => Promise<void>;
}

/** Thrown by blocking calls when their handle was aborted. Check with `CancelledError.isInstance`, never by message. */
export class CancelledError extends SandpiperError {
  override readonly name: string = 'CancelledError';
  private readonly marker = CANCELLED_MARKER;
  constructor(reason = 'cancelled') {
    super('cancelled', reason);
  }
  static override isInstance(error: unknown): error is CancelledError {
    return typeof error === 'object' && error !== null && (error as { marker?: unknown }).marker === CANCELLED_MARKER;
  }
}
const CANCELLED_MARKER = Symbol.for('sandpiper.cancelled');

/**
 * The reason to abort a run's signal with when the run should stop without ending: the process
 * that drives it is going away (a server shutting down). The run leaves its log open (no
 * `run-end`), reads as interrupted once its driver lets go, and `resume` takes it up again. Every
 * blocking call treats it as a cancellation.
 */
export class InterruptedError extends CancelledError {
  override readonly name: string = 'InterruptedError';
  private readonly interruption = INTERRUPTED_MARKER;
  static override isInstance(error: unknown): error is InterruptedError {
    return (
      typeof error === 'object' &&
      error !== null &&
      (error as { interruption?: unknown }).interruption === INTERRUPTED_MARKER
    );
  }
}
const INTERRUPTED_MARKER = Symbol.for('sandpiper.interrupted');

export function throwIfCancelled(handle: Handle): void {
  if (handle.signal.aborted) throw new CancelledError(String(handle.signal.reason ?? 'cancelled'));
}

export function createHandle(
  options: { signal?: AbortSignal; deadline?: number; log?: (message: string) => void } = {},
): Handle {
  return {
    signal: options.signal ?? new AbortController().signal,
    deadline: options.deadline,
    log: options.log ?? (() => {}),
  };
}
