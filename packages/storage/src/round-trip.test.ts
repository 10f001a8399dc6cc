import { eventPayloadSchema, EVENT_SCHEMA_VERSION, type RunEvent } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { openStore } from './store.js';
import { useTemporaryDirectory } from './test-support/temporary-directory.js';
import { examplePayloads, exampleRun } from './test-support/examples.js';

describe('event round trip', () => {
  const dataDir = useTemporaryDirectory();

  it('has an example for every payload type', () => {
    const declared = eventPayloadSchema.options.map((option) => option.shape.type.value).sort();
    const covered = [...new Set(examplePayloads.map((payload) => payload.type))].sort();
    expect(covered).toEqual(declared);
  });

  it('stores every payload type and gives back exactly what it stored, to the caller, readers and subscribers', async () => {
    let time = 1_700_000_001_000;
    const store = openStore({ dataDir: dataDir(), now: () => (time += 10) });
    store.createRun(exampleRun());
    const seen: RunEvent[] = [];
    store.subscribe('run-0001', (event) => seen.push(event));

    const appended: RunEvent[] = [];
    for (const [index, payload] of examplePayloads.entries()) {
      const cause = index > 0 ? index : undefined;
      appended.push(await store.append('run-0001', { source: 'agent', ...(cause ? { cause } : {}), payload }));
    }

    const expected = examplePayloads.map((payload, index) => ({
      schemaVersion: EVENT_SCHEMA_VERSION,
      runId: 'run-0001',
      seq: index + 1,
      at: 1_700_000_001_000 + 10 * (index + 1),
      source: 'agent',
      ...(index > 0 ? { cause: index } : {}),
      payload,
    }));
    expect(appended).toEqual(expected);
    expect(seen).toEqual(expected);
    expect(await store.read('run-0001')).toEqual(expected);
    store.close();

    const reopened = openStore({ dataDir: dataDir() });
    expect(await reopened.read('run-0001')).toEqual(expected);
    expect(await reopened.read('run-0001', 15)).toEqual(expected.slice(15));
    reopened.close();
  });
});
