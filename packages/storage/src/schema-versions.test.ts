import { EVENT_SCHEMA_VERSION } from '@sandpiper/protocol';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { StoreError, StoreVersionError } from './errors.js';
import { upgradeEvent, type StoredEventRecord } from './event-record.js';
import { DATABASE_SCHEMA_VERSION, migrate, type Migration } from './migrations.js';
import { openStore } from './store.js';
import { exampleRun, warningDraft } from './test-support/examples.js';
import { useTemporaryDirectory } from './test-support/temporary-directory.js';

function failureOf(operation: () => unknown): unknown {
  try {
    operation();
  } catch (error: unknown) {
    return error;
  }
  return undefined;
}

describe('schema versions', () => {
  const dataDir = useTemporaryDirectory();
  const databaseFile = () => join(dataDir(), 'sandpiper.db');

  it('records the schema version it migrated to', () => {
    openStore({ dataDir: dataDir() }).close();
    const db = new Database(databaseFile());
    expect(db.pragma('user_version', { simple: true })).toBe(DATABASE_SCHEMA_VERSION);
    db.close();
  });

  it('refuses a database written by a newer schema and leaves it alone', () => {
    openStore({ dataDir: dataDir() }).close();
    const db = new Database(databaseFile());
    db.pragma(`user_version = ${DATABASE_SCHEMA_VERSION + 1}`);
    db.close();

    const failure = failureOf(() => openStore({ dataDir: dataDir() }));
    expect(StoreVersionError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ found: DATABASE_SCHEMA_VERSION + 1, supported: DATABASE_SCHEMA_VERSION });
    expect(String((failure as Error).message)).toContain(databaseFile());
    const after = new Database(databaseFile());
    expect(after.pragma('user_version', { simple: true })).toBe(DATABASE_SCHEMA_VERSION + 1);
    after.close();
  });

  it('applies pending steps in one transaction, so a failing step leaves the previous version', () => {
    const db = new Database(databaseFile());
    const steps: Migration[] = [
      { description: 'first', sql: 'CREATE TABLE first (id INTEGER)' },
      { description: 'second', sql: 'CREATE TABLE second (id INTEGER)' },
    ];
    migrate(db, databaseFile(), steps.slice(0, 1));
    const broken = [...steps, { description: 'broken', sql: 'CREATE TABLE first (id INTEGER)' }];
    expect(() => migrate(db, databaseFile(), broken)).toThrow(/first/);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'second'").all()).toEqual([]);
    migrate(db, databaseFile(), steps);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    db.close();
  });

  it('refuses to read an event written under a newer event schema', async () => {
    const store = openStore({ dataDir: dataDir() });
    store.createRun(exampleRun());
    await store.append('run-0001', warningDraft('from the future'));
    const db = new Database(databaseFile());
    db.prepare('UPDATE events SET schema_version = ?').run(EVENT_SCHEMA_VERSION + 1);
    db.close();

    const failure = await store.read('run-0001').catch((error: unknown) => error);
    expect(StoreVersionError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ found: EVENT_SCHEMA_VERSION + 1, supported: EVENT_SCHEMA_VERSION });
    expect(String(failure)).toContain('event 1 of run run-0001');
    store.close();
  });

  it('upgrades an older record one step at a time', () => {
    const older: StoredEventRecord = {
      schemaVersion: 1,
      runId: 'run-0001',
      seq: 3,
      at: 5,
      source: 'agent',
      payload: { type: 'warning', text: 'renamed later' },
    };
    const upgrades = {
      1: (record: StoredEventRecord) => {
        const { text, ...rest } = record.payload as { text: string };
        return { ...record, schemaVersion: 2, payload: { ...rest, message: text } };
      },
      2: (record: StoredEventRecord) => ({ ...record, schemaVersion: 3, source: 'environment' }),
    };
    expect(upgradeEvent(older, { upgrades, current: 3 })).toEqual({
      ...older,
      schemaVersion: 3,
      source: 'environment',
      payload: { type: 'warning', message: 'renamed later' },
    });
    expect(StoreError.isInstance(failureOf(() => upgradeEvent(older, { upgrades: {}, current: 2 })))).toBe(true);
  });
});
