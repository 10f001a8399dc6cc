/**
 * Durable storage for runs: the append-only event log and its projections in SQLite
 * (`<dataDir>/sandpiper.db`), and content-addressed screenshots on disk (`<dataDir>/blobs/`).
 */
export { openStore, DATABASE_FILE_NAME, BLOB_DIRECTORY_NAME } from './store.js';
export type {
  NewRun,
  RunClaim,
  RunEventListener,
  RunSummary,
  Store,
  StoreOptions,
  StoredRunStatus,
} from './store-types.js';
export { openBlobStore, type DiskBlobStore } from './blob-store.js';
export { RunClaimedError, StoreError, StoreCorruptError, StoreVersionError } from './errors.js';
export { CLAIM_LEASE_MS } from './run-claims.js';
export { upgradeEvent, type EventUpgrade, type StoredEventRecord } from './event-record.js';
export { DATABASE_SCHEMA_VERSION } from './migrations.js';
export { DEFAULT_SECRET_KEY_PATTERN, REDACTED, type Redactor, type RedactionOptions } from './redaction.js';
