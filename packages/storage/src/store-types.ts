import type { EventLog } from '@sandpiper/core';
import type { EnvironmentSpec, EventDraft, PlanVersion, RunEvent, RunStatus } from '@sandpiper/protocol';
import type { DiskBlobStore } from './blob-store.js';
import type { RedactionOptions } from './redaction.js';

export interface StoreOptions extends RedactionOptions {
  /** Directory for `sandpiper.db` and `blobs/`; created (with parents) when missing. */
  readonly dataDir: string;
  /** Source of event times in milliseconds since the Unix epoch. Defaults to `Date.now`. */
  readonly now?: () => number;
  /**
   * How long an append waits for another connection (another process, or another store on the
   * same file) to finish its write, in milliseconds. Defaults to 5000. The wait blocks the thread.
   */
  readonly busyTimeoutMs?: number;
  /**
   * Called when a subscriber throws. The event is already stored, so the append still succeeds
   * and the other subscribers still run. Defaults to emitting a process warning.
   */
  readonly onListenerError?: (error: unknown, event: RunEvent) => void;
}

/** The row a run starts with, before any event. */
export interface NewRun {
  /** Unique id of the run; the CLI accepts any unambiguous prefix of it. */
  readonly id: string;
  /** The instruction as the person gave it; secrets are redacted before it is stored. */
  readonly instruction: string;
  /** Where the run acts. */
  readonly environment: EnvironmentSpec;
  /** Milliseconds since the Unix epoch. */
  readonly createdAt: number;
}

/**
 * Where a run stands: `created` before its `run-start` event, `running` from then until a
 * `run-end` event, then that event's status. A run that has not ended and that no live process
 * drives (see {@link Store.claimRun}) is `interrupted`: its process died or was stopped, and
 * `resume` takes it up again.
 */
export type StoredRunStatus = 'created' | 'running' | 'interrupted' | RunStatus;

/** This process drives a run; others read it as running until the claim is released or its process dies. */
export interface RunClaim {
  /** Give the run up (after its end, or when the process stops driving it). Safe to call twice. */
  release(): void;
}

/** One run as listed by the store, read from the run row the events keep up to date. */
export interface RunSummary {
  /** The run's full id. */
  readonly id: string;
  /** The instruction as stored, after redaction. */
  readonly instruction: string;
  /** Where the run acts, as stored after redaction. */
  readonly environment: EnvironmentSpec;
  /** Where the run stands according to its log. */
  readonly status: StoredRunStatus;
  /** Milliseconds since the Unix epoch. */
  readonly createdAt: number;
  /** Time of the latest event, or `createdAt` when there is none; milliseconds since the Unix epoch. */
  readonly updatedAt: number;
  /** Time of the `run-end` event; undefined while the run has not ended. */
  readonly endedAt: number | undefined;
  /** Number of events in the run's log (also its last sequence number). */
  readonly eventCount: number;
  /** From creation to the end, or to the latest event while the run has not ended; milliseconds. */
  readonly durationMs: number;
}

/** Receives events appended through one store after each append has committed. */
export type RunEventListener = (event: RunEvent) => void;

/**
 * Durable storage of runs: the append-only event log, the projections derived from it, and the
 * screenshot blobs. Every appended event is committed before `append` resolves, so the history
 * survives the process dying at any instant.
 */
export interface Store extends EventLog {
  /** The data directory this store was opened on. */
  readonly dataDir: string;
  /** Absolute path of the SQLite database file. */
  readonly databaseFile: string;
  /** Screenshots and evidence images of every run, by SHA-256, under `<dataDir>/blobs/`. */
  readonly blobs: DiskBlobStore;
  /** Insert the run row. Throws a `StoreError` when the id is taken, a `ContractError` on bad input. */
  createRun(run: NewRun): void;
  /**
   * Validate, redact and store one event, assigning the next sequence number of the run and the
   * current time. Resolves with the event exactly as stored. Throws a `ContractError` naming the
   * field on a bad draft (nothing is written) and a `StoreError` when the run does not exist.
   */
  append(runId: string, draft: EventDraft): Promise<RunEvent>;
  /** Events of a run with `seq > afterSeq`, in order, upgraded to the current schema version. */
  read(runId: string, afterSeq?: number): Promise<readonly RunEvent[]>;
  /** Runs, newest first. `limit` absent: all of them. */
  listRuns(options?: { limit?: number; offset?: number }): RunSummary[];
  getRun(id: string): RunSummary | undefined;
  /** Runs whose id starts with `prefix`, newest first; more than one means the prefix is ambiguous. */
  findRunsByPrefix(prefix: string): RunSummary[];
  /** Every plan version of a run in number order, each with its current state. */
  planVersions(runId: string): PlanVersion[];
  /** Listen for events of one run appended through this store; returns the function that stops listening. */
  subscribe(runId: string, listener: RunEventListener): () => void;
  /**
   * Record that this process drives the run, renewing the claim while the store is open. Throws
   * `RunClaimedError` when another live process holds it, so one run never has two drivers.
   */
  claimRun(runId: string): RunClaim;
  /** Release the claims this store holds and close the database. Further calls fail. */
  close(): void;
}
