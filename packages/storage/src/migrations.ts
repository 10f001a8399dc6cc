import type Database from 'better-sqlite3';
import { StoreVersionError } from './errors.js';

/** One step of the database schema; step `i` of {@link migrations} brings `user_version` from `i` to `i + 1`. */
export interface Migration {
  /** What the step changes, for people reading the list. */
  readonly description: string;
  readonly sql: string;
}

/**
 * Every schema step ever released, oldest first. Append new steps; never edit a released one,
 * because databases in the field have already applied it.
 */
export const migrations: readonly Migration[] = [
  {
    description: 'runs, their events, and plan versions projected from the events',
    sql: `
      CREATE TABLE runs (
        id TEXT PRIMARY KEY,
        instruction TEXT NOT NULL,
        environment TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        ended_at INTEGER,
        last_seq INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      CREATE INDEX runs_by_creation ON runs (created_at DESC);

      CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        run_id TEXT NOT NULL REFERENCES runs (id),
        seq INTEGER NOT NULL CHECK (seq > 0),
        schema_version INTEGER NOT NULL,
        at INTEGER NOT NULL,
        source TEXT NOT NULL,
        cause INTEGER,
        type TEXT NOT NULL,
        payload TEXT NOT NULL,
        UNIQUE (run_id, seq)
      ) STRICT;

      CREATE TABLE plan_versions (
        run_id TEXT NOT NULL REFERENCES runs (id),
        version_id TEXT NOT NULL,
        number INTEGER NOT NULL,
        parent_id TEXT,
        cause TEXT NOT NULL,
        state TEXT NOT NULL,
        json TEXT NOT NULL,
        PRIMARY KEY (run_id, version_id),
        UNIQUE (run_id, number)
      ) STRICT;
    `,
  },
  {
    description: 'which process drives each run, so a run whose process died reads as interrupted',
    sql: `
      CREATE TABLE run_claims (
        run_id TEXT PRIMARY KEY REFERENCES runs (id),
        host TEXT NOT NULL,
        pid INTEGER NOT NULL,
        token TEXT NOT NULL,
        lease_until INTEGER NOT NULL
      ) STRICT;
    `,
  },
];

/** The schema version this build writes and the newest it can open. */
export const DATABASE_SCHEMA_VERSION = migrations.length;

/**
 * Bring the database up to {@link DATABASE_SCHEMA_VERSION}. All pending steps run in one
 * immediate transaction, so two processes opening a fresh file at once cannot both apply a step,
 * and a crash mid-migration leaves the previous version intact.
 */
export function migrate(db: Database.Database, file: string, steps: readonly Migration[] = migrations): void {
  const readVersion = () => db.pragma('user_version', { simple: true }) as number;
  const checkNotNewer = (found: number) => {
    if (found > steps.length) {
      throw new StoreVersionError(
        found,
        steps.length,
        `${file} was written by a newer Sandpiper (database schema version ${found}; this build understands up to ${steps.length}). ` +
          'Upgrade Sandpiper, or use a different data directory.',
      );
    }
  };
  const initial = readVersion();
  checkNotNewer(initial);
  if (initial === steps.length) return;
  db.transaction(() => {
    const current = readVersion();
    checkNotNewer(current);
    for (let version = current; version < steps.length; version += 1) {
      db.exec(steps[version]!.sql);
    }
    db.pragma(`user_version = ${steps.length}`);
  }).immediate();
}
