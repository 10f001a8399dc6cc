import type { RunStatus } from '@sandpiper/protocol';

/** Why a phase ended the run early. Returned, not thrown: stopping is an expected outcome. */
export interface RunStop {
  readonly status: RunStatus;
  readonly reason: string;
}

export function isRunStop(value: unknown): value is RunStop {
  return typeof value === 'object' && value !== null && 'status' in value && 'reason' in value && !('id' in value);
}
