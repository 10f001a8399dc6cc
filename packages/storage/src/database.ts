import { closeSync, openSync, readSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { StoreCorruptError, StoreError } from './errors.js';
import { migrate } from './migrations.js';

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
// Prefixes, because SQLite reports extended codes such as SQLITE_CORRUPT_INDEX.
const CORRUPTION_CODES = ['SQLITE_NOTADB', 'SQLITE_CORRUPT'];

function corruptError(file: string, detail: string, cause?: unknown): StoreCorruptError {
  return new StoreCorruptError(
    file,
    `The run database ${file} cannot be read: ${detail}. Nothing was changed or deleted. ` +
      `To start with an empty history, move the file aside (for example rename it to ${file}.broken, ` +
      'together with any -wal and -shm files next to it) or delete it; to keep the history, restore it from a backup.',
    cause === undefined ? undefined : { cause },
  );
}

/**
 * Look at the first bytes before SQLite touches the file: opening a foreign file in WAL mode could
 * otherwise create side files next to it, and the promise is that a damaged file is left as it was.
 */
function checkHeader(file: string): void {
  let size: number;
  try {
    size = statSync(file).size;
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new StoreError(`Cannot inspect the run database ${file}`, { cause: error });
  }
  // A zero-length file is what SQLite itself leaves before the first checkpoint; it is a valid empty database.
  if (size === 0) return;
  const header = Buffer.alloc(SQLITE_HEADER.length);
  const descriptor = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(descriptor, header, 0, header.length, 0);
  } finally {
    closeSync(descriptor);
  }
  if (read < header.length || !header.equals(SQLITE_HEADER)) {
    throw corruptError(file, 'it is not an SQLite database (its first bytes are not the SQLite header)');
  }
}

function isCorruption(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code);
  return CORRUPTION_CODES.some((prefix) => code.startsWith(prefix));
}

/**
 * Open (or create) the database file with the settings the store's durability relies on, and bring
 * its schema up to date.
 *
 * WAL with synchronous=NORMAL: a commit is durable once it is in the WAL, which survives the process
 * being killed at any instant (the operating system still holds the written pages). Only a power
 * loss can drop the last few commits, never corrupt earlier ones.
 */
export function openDatabase(file: string, busyTimeoutMs: number): Database.Database {
  checkHeader(file);
  const db = new Database(file);
  try {
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db, file);
    return db;
  } catch (error: unknown) {
    db.close();
    if (isCorruption(error)) throw corruptError(file, (error as Error).message, error);
    throw error;
  }
}

/** Translate SQLite's corruption errors raised while using an open database. */
export function rethrowCorruption(file: string, error: unknown): never {
  if (isCorruption(error)) throw corruptError(file, (error as Error).message, error);
  throw error;
}
