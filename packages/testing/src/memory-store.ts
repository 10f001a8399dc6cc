import type { BlobStore, EventLog } from '@sandpiper/core';
import {
  EVENT_SCHEMA_VERSION,
  eventDraftSchema,
  parseContract,
  runEventSchema,
  type RunEvent,
} from '@sandpiper/protocol';

/** An in-memory event log with the same contract as the SQLite store, for core tests. */
export function createMemoryEventLog(
  now: () => number = () => Date.now(),
): EventLog & { all(runId: string): RunEvent[] } {
  const runs = new Map<string, RunEvent[]>();
  return {
    async append(runId, draft) {
      const valid = parseContract(eventDraftSchema, draft, 'event draft');
      const events = runs.get(runId) ?? [];
      const event = parseContract(
        runEventSchema,
        { schemaVersion: EVENT_SCHEMA_VERSION, runId, seq: events.length + 1, at: now(), ...valid },
        'stored event',
      );
      events.push(event);
      runs.set(runId, events);
      return structuredClone(event);
    },
    async read(runId, afterSeq = 0) {
      return structuredClone((runs.get(runId) ?? []).filter((event) => event.seq > afterSeq));
    },
    all: (runId) => structuredClone(runs.get(runId) ?? []),
  };
}

/** An in-memory blob store keyed by a caller-supplied hash function (SHA-256 in adapters). */
export function createMemoryBlobStore(hash: (bytes: Uint8Array) => string): BlobStore & { size(): number } {
  const blobs = new Map<string, Uint8Array>();
  return {
    async put(bytes) {
      const key = hash(bytes);
      if (!blobs.has(key)) blobs.set(key, bytes.slice());
      return key;
    },
    async get(key) {
      return blobs.get(key)?.slice();
    },
    size: () => blobs.size,
  };
}
