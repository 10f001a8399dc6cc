import type { RunState, UserPrompt } from '@sandpiper/core';
import type { EnvironmentSpec, RunEvent } from '@sandpiper/protocol';

/**
 * What the server answers about runs. These mirror the server's JSON; the server package is not
 * imported because it pulls in Node-only code.
 */

/** Where a run stands according to its log: `created`, `running`, or the status its `run-end` gave. */
export type StoredRunStatus =
  'created' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'needs-input' | 'budget-exhausted';

/** One run as the store lists it. */
export interface RunSummary {
  /** The run's full id. */
  readonly id: string;
  /** The instruction as stored, after redaction. */
  readonly instruction: string;
  /** Where the run acts. */
  readonly environment: EnvironmentSpec;
  readonly status: StoredRunStatus;
  /** Milliseconds since the Unix epoch. */
  readonly createdAt: number;
  /** Time of the latest event (or `createdAt` before any), in milliseconds since the Unix epoch. */
  readonly updatedAt: number;
  /** Time of the `run-end` event; absent while the run has not ended. */
  readonly endedAt?: number;
  /** Number of events in the log, which is also its last sequence number. */
  readonly eventCount: number;
  /** From creation to the end, or to the latest event while running; milliseconds. */
  readonly durationMs: number;
}

/** A row of `GET /api/runs`. */
export interface RunListItem extends RunSummary {
  /** The run is driven by this server right now and takes commands. */
  readonly active: boolean;
  /** What the run's model calls added up to; all zero for the built-in engine. */
  readonly usage?: { readonly calls: number; readonly costUsd: number };
}

/** Who is in control of a run right now. */
export interface RunControl {
  /** The run is driven by this server; commands are accepted only then. */
  readonly active: boolean;
  /** The question the run waits on; absent while it works on its own. */
  readonly waitingFor?: UserPrompt;
  /** A pause was asked for and the run has not reached a safe point to take it yet. */
  readonly pauseRequested: boolean;
  /** A cancel was asked for and the run has not reached a safe point to take it yet. */
  readonly cancelRequested: boolean;
}

/** `GET /api/runs/:id`: the run's summary, projected state and control status. */
export interface RunView {
  readonly summary: RunSummary;
  readonly state: RunState;
  readonly control: RunControl;
}

/** `POST /api/runs` body. */
export interface CreateRunRequest {
  /** A built-in scenario name. */
  readonly scenario: string;
  /** The task in plain language; the scenario's default task when absent. */
  readonly instruction?: string;
  /** Who approves plans and sensitive actions; `ask` when absent. */
  readonly approval?: 'ask' | 'auto' | 'auto-all';
}

/** One message of the event stream WebSocket. */
export type StreamMessage =
  { readonly type: 'event'; readonly event: RunEvent } | { readonly type: 'caught-up'; readonly lastSeq: number };

/** One failing field of a request, as the API names it. */
export interface FieldIssue {
  /** Dotted path of the field (`edits[0].text`); empty for the whole body. */
  readonly path: string;
  readonly message: string;
}

/** A request the server refused or could not answer. */
export interface ApiError {
  readonly ok: false;
  /** HTTP status; 0 when the server could not be reached at all. */
  readonly status: number;
  /** One sentence for the person. */
  readonly error: string;
  /** The failing fields, for validation errors. */
  readonly issues?: readonly FieldIssue[];
}

export type ApiResult<T> = { readonly ok: true; readonly value: T } | ApiError;

/** The commands `POST /api/runs/:id/<name>` accepts. */
export type RunCommandName =
  | 'approve'
  | 'reject'
  | 'regenerate'
  | 'edit'
  | 'pause'
  | 'resume'
  | 'cancel'
  | 'guidance'
  | 'annotation'
  | 'takeover'
  | 'input'
  | 'handback';
