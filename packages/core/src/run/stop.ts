import type { RunStatus } from '@sandpiper/protocol';

/**
 * Why a phase ended the run early. Returned, not thrown: stopping is an expected outcome. Every
 * phase answers with a tagged union, and this is the member all of them share.
 */
export interface RunStop {
  readonly type: 'stop';
  readonly status: RunStatus;
  readonly reason: string;
}

/** The phase is done and the run goes on. */
export interface Continue {
  readonly type: 'continue';
}

export const continueRun: Continue = Object.freeze({ type: 'continue' });

export function stopRun(status: RunStatus, reason: string): RunStop {
  return { type: 'stop', status, reason };
}
