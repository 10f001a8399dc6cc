import { EVENT_SCHEMA_VERSION, parseContract, runEventSchema, type RunEvent } from '@sandpiper/protocol';
import { StoreCorruptError, StoreError, StoreVersionError } from './errors.js';
import { upgradeFromVersion1 } from './upgrade-v1.js';

/** A row of the `events` table as SQLite returns it. */
export interface EventRow {
  readonly run_id: string;
  readonly seq: number;
  readonly schema_version: number;
  readonly at: number;
  readonly source: string;
  readonly cause: number | null;
  readonly payload: string;
}

/**
 * An event as it comes out of storage, before it is upgraded and checked: the envelope with
 * whatever schema version it was written under, and the payload exactly as stored.
 */
export interface StoredEventRecord {
  /** The event schema version the writer used; 1 is the first. */
  readonly schemaVersion: number;
  /** The run the event belongs to. */
  readonly runId: string;
  /** Position in the run's log, from 1. */
  readonly seq: number;
  /** When the store wrote it, in milliseconds since the Unix epoch. */
  readonly at: number;
  /** Who caused it, as the writer's version spelled it. */
  readonly source: string;
  /** Sequence number of the causing event; absent when the event names no cause. */
  readonly cause?: number;
  /** The payload as parsed from the stored JSON, in the writer's version's shape. */
  readonly payload: unknown;
}

/** Turns a record written under version `n` into the shape of version `n + 1`. */
export type EventUpgrade = (record: StoredEventRecord) => StoredEventRecord;

/**
 * Upgrade steps keyed by the version they upgrade from; a change to a stored shape adds the step
 * from the previous version here.
 */
export const eventUpgrades: Readonly<Record<number, EventUpgrade>> = { 1: upgradeFromVersion1 };

/**
 * Bring a stored record up to the current event schema version, one step at a time. Throws
 * {@link StoreVersionError} for a record written by a newer build.
 */
export function upgradeEvent(
  record: StoredEventRecord,
  options: { upgrades?: Readonly<Record<number, EventUpgrade>>; current?: number } = {},
): StoredEventRecord {
  const upgrades = options.upgrades ?? eventUpgrades;
  const current = options.current ?? EVENT_SCHEMA_VERSION;
  const where = `event ${record.seq} of run ${record.runId}`;
  if (record.schemaVersion > current) {
    throw new StoreVersionError(
      record.schemaVersion,
      current,
      `The stored ${where} has event schema version ${record.schemaVersion}, newer than this build reads (${current}). Upgrade Sandpiper to read this run.`,
    );
  }
  let upgraded = record;
  while (upgraded.schemaVersion < current) {
    const step = upgrades[upgraded.schemaVersion];
    if (step === undefined) {
      throw new StoreError(
        `The stored ${where} has event schema version ${upgraded.schemaVersion}, which no upgrade step reads.`,
      );
    }
    const from = upgraded.schemaVersion;
    upgraded = step(upgraded);
    if (upgraded.schemaVersion !== from + 1) {
      throw new StoreError(
        `The upgrade step from event schema version ${from} produced version ${upgraded.schemaVersion}.`,
      );
    }
  }
  return upgraded;
}

/** Read one stored row into a checked, current-version event. */
export function rowToEvent(row: EventRow, file: string): RunEvent {
  let payload: unknown;
  try {
    payload = JSON.parse(row.payload);
  } catch (error: unknown) {
    throw new StoreCorruptError(
      file,
      `The payload of event ${row.seq} of run ${row.run_id} in ${file} is not valid JSON. Nothing was changed; move the file aside or restore it from a backup.`,
      { cause: error },
    );
  }
  const record = upgradeEvent({
    schemaVersion: row.schema_version,
    runId: row.run_id,
    seq: row.seq,
    at: row.at,
    source: row.source,
    ...(row.cause === null ? {} : { cause: row.cause }),
    payload,
  });
  return parseContract(runEventSchema, record, `stored event ${row.seq} of run ${row.run_id}`);
}
