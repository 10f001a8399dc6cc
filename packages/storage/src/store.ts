import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  ContractError,
  EVENT_SCHEMA_VERSION,
  environmentSpecSchema,
  eventDraftSchema,
  eventPayloadSchema,
  parseContract,
  runEventSchema,
  taskSchema,
  type EventDraft,
  type PlanVersion,
  type RunEvent,
} from '@sandpiper/protocol';
import type Database from 'better-sqlite3';
import { openBlobStore, type DiskBlobStore } from './blob-store.js';
import { openDatabase, rethrowCorruption } from './database.js';
import { RunClaimedError, StoreError } from './errors.js';
import { rowToEvent, type EventRow } from './event-record.js';
import { createProjector, planVersionFromRow } from './projections.js';
import { createSerializer, type Serialized } from './redaction.js';
import { CLAIM_LEASE_MS, claimIsLive, describeOwner, newClaimToken, thisProcess, type ClaimRow } from './run-claims.js';
import type {
  NewRun,
  RunClaim,
  RunEventListener,
  RunSummary,
  Store,
  StoreOptions,
  StoredRunStatus,
} from './store-types.js';

/** Name of the database file inside the data directory. */
export const DATABASE_FILE_NAME = 'sandpiper.db';
/** Name of the blob directory inside the data directory. */
export const BLOB_DIRECTORY_NAME = 'blobs';

interface RunRow {
  id: string;
  instruction: string;
  environment: string;
  status: string;
  created_at: number;
  updated_at: number;
  ended_at: number | null;
  last_seq: number;
  /** The claim of the process driving the run (from `run_claims`); null when none holds one. */
  claim_host: string | null;
  claim_pid: number | null;
  claim_token: string | null;
  claim_lease_until: number | null;
}

const RUN_COLUMNS = `runs.id, instruction, environment, status, created_at, updated_at, ended_at, last_seq,
  run_claims.host AS claim_host, run_claims.pid AS claim_pid, run_claims.token AS claim_token,
  run_claims.lease_until AS claim_lease_until`;
const RUN_SOURCE = 'runs LEFT JOIN run_claims ON run_claims.run_id = runs.id';

function claimOf(row: RunRow): ClaimRow | undefined {
  if (row.claim_host === null || row.claim_pid === null || row.claim_token === null || row.claim_lease_until === null) {
    return undefined;
  }
  return { host: row.claim_host, pid: row.claim_pid, token: row.claim_token, lease_until: row.claim_lease_until };
}

function summaryFromRow(row: RunRow, now: number): RunSummary {
  const environment = parseContract(environmentSpecSchema, JSON.parse(row.environment), `environment of run ${row.id}`);
  const endedAt = row.ended_at ?? undefined;
  const open = row.status === 'created' || row.status === 'running';
  // A run that has not ended and that no live process drives was interrupted: its process died or was stopped.
  const status = open && !claimIsLive(claimOf(row), now) ? 'interrupted' : (row.status as StoredRunStatus);
  return {
    id: row.id,
    instruction: row.instruction,
    environment,
    status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    endedAt,
    eventCount: row.last_seq,
    durationMs: Math.max(0, (endedAt ?? row.updated_at) - row.created_at),
  };
}

function isConstraintError(error: unknown): boolean {
  return String((error as { code?: unknown } | null)?.code).startsWith('SQLITE_CONSTRAINT');
}

/**
 * Open the store in `options.dataDir`, creating the directory, the database and the blob
 * directory as needed and migrating an older database. Throws `StoreCorruptError` when the
 * database file is not a readable SQLite database (the file is left untouched) and
 * `StoreVersionError` when a newer build wrote it.
 */
export function openStore(options: StoreOptions): Store {
  const dataDir = resolve(options.dataDir);
  mkdirSync(join(dataDir, BLOB_DIRECTORY_NAME), { recursive: true });
  const databaseFile = join(dataDir, DATABASE_FILE_NAME);
  const db = openDatabase(databaseFile, options.busyTimeoutMs ?? 5000);
  try {
    return new SqliteStore(db, dataDir, databaseFile, options);
  } catch (error: unknown) {
    db.close();
    rethrowCorruption(databaseFile, error);
  }
}

class SqliteStore implements Store {
  readonly blobs: DiskBlobStore;
  private readonly now: () => number;
  private readonly serialize: (value: unknown) => Serialized;
  private readonly onListenerError: (error: unknown, event: RunEvent) => void;
  private readonly listeners = new Map<string, Set<RunEventListener>>();
  /** Releases of the claims this store holds; closing the store gives them up. */
  private readonly claims = new Set<() => void>();
  private readonly statements;
  private readonly appendTransaction;

  constructor(
    private readonly db: Database.Database,
    readonly dataDir: string,
    readonly databaseFile: string,
    options: StoreOptions,
  ) {
    this.blobs = openBlobStore(join(dataDir, BLOB_DIRECTORY_NAME));
    this.now = options.now ?? Date.now;
    this.serialize = createSerializer(options);
    this.onListenerError =
      options.onListenerError ??
      ((error, event) =>
        process.emitWarning(`A listener of run ${event.runId} threw on event ${event.seq}: ${String(error)}`));
    this.statements = {
      insertRun: db.prepare(
        `INSERT INTO runs (id, instruction, environment, status, created_at, updated_at)
         VALUES (@id, @instruction, @environment, 'created', @createdAt, @createdAt)`,
      ),
      nextSeq: db.prepare('UPDATE runs SET last_seq = last_seq + 1, updated_at = ? WHERE id = ? RETURNING last_seq'),
      insertEvent: db.prepare(
        `INSERT INTO events (run_id, seq, schema_version, at, source, cause, type, payload)
         VALUES (@runId, @seq, @schemaVersion, @at, @source, @cause, @type, @payload)
         RETURNING run_id, seq, schema_version, at, source, cause, payload`,
      ),
      readEvents: db.prepare(
        'SELECT run_id, seq, schema_version, at, source, cause, payload FROM events WHERE run_id = ? AND seq > ? ORDER BY seq',
      ),
      listRuns: db.prepare(
        `SELECT ${RUN_COLUMNS} FROM ${RUN_SOURCE} ORDER BY created_at DESC, runs.rowid DESC LIMIT ? OFFSET ?`,
      ),
      getRun: db.prepare(`SELECT ${RUN_COLUMNS} FROM ${RUN_SOURCE} WHERE runs.id = ?`),
      findRuns: db.prepare(
        `SELECT ${RUN_COLUMNS} FROM ${RUN_SOURCE} WHERE substr(runs.id, 1, length(@prefix)) = @prefix ORDER BY created_at DESC, runs.rowid DESC`,
      ),
      readClaim: db.prepare('SELECT host, pid, token, lease_until FROM run_claims WHERE run_id = ?'),
      writeClaim: db.prepare(
        `INSERT INTO run_claims (run_id, host, pid, token, lease_until) VALUES (@runId, @host, @pid, @token, @leaseUntil)
         ON CONFLICT (run_id) DO UPDATE SET host = @host, pid = @pid, token = @token, lease_until = @leaseUntil`,
      ),
      renewClaim: db.prepare('UPDATE run_claims SET lease_until = ? WHERE run_id = ? AND token = ?'),
      dropClaim: db.prepare('DELETE FROM run_claims WHERE run_id = ? AND token = ?'),
      planVersions: db.prepare('SELECT json, state FROM plan_versions WHERE run_id = ? ORDER BY number'),
    };
    const project = createProjector(db);
    this.appendTransaction = db.transaction(
      (runId: string, draft: EventDraft, at: number, payload: string): RunEvent => {
        const next = this.statements.nextSeq.get(at, runId) as { last_seq: number } | undefined;
        if (next === undefined) {
          throw new StoreError(`Cannot append to run ${runId}: no such run in ${databaseFile} (create the run first).`);
        }
        const seq = next.last_seq;
        if (draft.cause !== undefined && draft.cause >= seq) {
          throw new ContractError('event draft', [
            { path: 'cause', message: `names event ${draft.cause}, but run ${runId} has ${seq - 1} events so far` },
          ]);
        }
        const row = this.statements.insertEvent.get({
          runId,
          seq,
          schemaVersion: EVENT_SCHEMA_VERSION,
          at,
          source: draft.source,
          cause: draft.cause ?? null,
          type: draft.payload.type,
          payload,
        }) as EventRow;
        const event = rowToEvent(row, databaseFile);
        project(event);
        return event;
      },
    );
  }

  createRun(run: NewRun): void {
    const id = parseContract(runEventSchema.shape.runId, run.id, 'run id');
    const instruction = parseContract(taskSchema.shape.instruction, run.instruction, 'run instruction');
    const environment = parseContract(environmentSpecSchema, run.environment, 'run environment');
    const createdAt = parseContract(runEventSchema.shape.at, run.createdAt, 'run creation time');
    const storedInstruction: unknown = JSON.parse(this.serialize(instruction).json);
    const storedEnvironment = this.serialize(environment).json;
    if (typeof storedInstruction !== 'string') {
      throw new ContractError('run instruction after redaction', [{ path: '', message: 'is no longer a string' }]);
    }
    parseContract(environmentSpecSchema, JSON.parse(storedEnvironment), 'run environment after redaction');
    this.guard(() => {
      try {
        this.statements.insertRun.run({
          id,
          instruction: storedInstruction,
          environment: storedEnvironment,
          createdAt,
        });
      } catch (error: unknown) {
        if (!isConstraintError(error)) throw error;
        throw new StoreError(`A run with id ${id} already exists in ${this.databaseFile}.`, { cause: error });
      }
    });
  }

  async append(runId: string, draft: EventDraft): Promise<RunEvent> {
    const parsed = parseContract(eventDraftSchema, draft, 'event draft');
    const { json: payload, redacted } = this.serialize(parsed.payload);
    if (redacted) parseContract(eventPayloadSchema, JSON.parse(payload), 'event payload after redaction');
    const at = parseContract(runEventSchema.shape.at, this.now(), 'clock reading');
    const event = this.guard(() => {
      try {
        return this.appendTransaction.immediate(runId, parsed, at, payload);
      } catch (error: unknown) {
        if (!isConstraintError(error)) throw error;
        // Only the projections can clash (a plan version id or number used twice in one run).
        throw new StoreError(
          `Cannot append ${parsed.payload.type} to run ${runId}: it conflicts with what is stored (${(error as Error).message}).`,
          { cause: error },
        );
      }
    });
    this.notify(event);
    return event;
  }

  async read(runId: string, afterSeq = 0): Promise<readonly RunEvent[]> {
    const rows = this.guard(() => this.statements.readEvents.all(runId, afterSeq) as EventRow[]);
    return rows.map((row) => rowToEvent(row, this.databaseFile));
  }

  listRuns(options: { limit?: number; offset?: number } = {}): RunSummary[] {
    const limit = options.limit ?? -1;
    const offset = options.offset ?? 0;
    if (!Number.isInteger(limit) || limit < -1 || !Number.isInteger(offset) || offset < 0) {
      throw new RangeError(`listRuns expects whole numbers, limit >= 0 and offset >= 0 (got ${limit}, ${offset})`);
    }
    const now = this.now();
    return this.guard(() => this.statements.listRuns.all(limit, offset) as RunRow[]).map((row) =>
      summaryFromRow(row, now),
    );
  }

  getRun(id: string): RunSummary | undefined {
    const row = this.guard(() => this.statements.getRun.get(id) as RunRow | undefined);
    return row === undefined ? undefined : summaryFromRow(row, this.now());
  }

  findRunsByPrefix(prefix: string): RunSummary[] {
    const now = this.now();
    return this.guard(() => this.statements.findRuns.all({ prefix }) as RunRow[]).map((row) =>
      summaryFromRow(row, now),
    );
  }

  claimRun(runId: string): RunClaim {
    const token = newClaimToken();
    const self = thisProcess();
    this.guard(() =>
      this.db
        .transaction(() => {
          if (this.statements.getRun.get(runId) === undefined) {
            throw new StoreError(`Cannot claim run ${runId}: no such run in ${this.databaseFile}.`);
          }
          const held = this.statements.readClaim.get(runId) as ClaimRow | undefined;
          if (held && claimIsLive(held, this.now(), self)) throw new RunClaimedError(runId, describeOwner(held));
          this.statements.writeClaim.run({ runId, ...self, token, leaseUntil: this.now() + CLAIM_LEASE_MS });
        })
        .immediate(),
    );
    const renew = setInterval(() => {
      if (!this.db.open) return clearInterval(renew);
      try {
        this.statements.renewClaim.run(this.now() + CLAIM_LEASE_MS, runId, token);
      } catch {
        // A busy database misses one renewal; the lease outlasts two more.
      }
    }, CLAIM_LEASE_MS / 3);
    renew.unref();
    const release = () => {
      if (!this.claims.delete(release)) return;
      clearInterval(renew);
      if (this.db.open) this.guard(() => this.statements.dropClaim.run(runId, token));
    };
    this.claims.add(release);
    return { release };
  }

  planVersions(runId: string): PlanVersion[] {
    const rows = this.guard(() => this.statements.planVersions.all(runId) as { json: string; state: string }[]);
    return rows.map((row) => planVersionFromRow(row, runId));
  }

  subscribe(runId: string, listener: RunEventListener): () => void {
    const forRun = this.listeners.get(runId) ?? new Set<RunEventListener>();
    this.listeners.set(runId, forRun);
    // Wrapped so that subscribing the same function twice yields two independent subscriptions.
    const entry: RunEventListener = (event) => listener(event);
    forRun.add(entry);
    return () => {
      forRun.delete(entry);
      if (forRun.size === 0 && this.listeners.get(runId) === forRun) this.listeners.delete(runId);
    };
  }

  close(): void {
    this.listeners.clear();
    for (const release of [...this.claims]) release();
    if (this.db.open) this.db.close();
  }

  /** Runs a database call, reporting SQLite's corruption errors as `StoreCorruptError`. */
  private guard<T>(operation: () => T): T {
    try {
      return operation();
    } catch (error: unknown) {
      rethrowCorruption(this.databaseFile, error);
    }
  }

  private notify(event: RunEvent): void {
    const forRun = this.listeners.get(event.runId);
    if (forRun === undefined) return;
    for (const listener of [...forRun]) {
      try {
        listener(event);
      } catch (error: unknown) {
        this.onListenerError(error, event);
      }
    }
  }
}
