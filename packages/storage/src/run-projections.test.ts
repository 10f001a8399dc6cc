import { describe, expect, it } from 'vitest';
import { StoreError } from './errors.js';
import { openStore } from './store.js';
import { examplePayloads, examplePlanVersion, exampleRun } from './test-support/examples.js';
import { useTemporaryDirectory } from './test-support/temporary-directory.js';

describe('projections of the log', () => {
  const dataDir = useTemporaryDirectory();

  it('tracks the run status and times from run-start and run-end', async () => {
    let time = 1_700_000_000_000;
    const store = openStore({ dataDir: dataDir(), now: () => time });
    store.createRun(exampleRun('run-0001', time));
    store.claimRun('run-0001');
    expect(store.getRun('run-0001')).toMatchObject({
      status: 'created',
      eventCount: 0,
      endedAt: undefined,
      durationMs: 0,
    });

    time += 1000;
    await store.append('run-0001', { source: 'user', payload: examplePayloads[0]! });
    expect(store.getRun('run-0001')).toMatchObject({
      status: 'running',
      updatedAt: time,
      eventCount: 1,
      durationMs: 1000,
    });

    time += 4000;
    await store.append('run-0001', {
      source: 'agent',
      payload: { type: 'run-end', status: 'succeeded', reason: 'Done.' },
    });
    time += 9000;
    expect(store.getRun('run-0001')).toEqual({
      id: 'run-0001',
      instruction: exampleRun().instruction,
      environment: exampleRun().environment,
      status: 'succeeded',
      createdAt: 1_700_000_000_000,
      updatedAt: 1_700_000_005_000,
      endedAt: 1_700_000_005_000,
      eventCount: 2,
      durationMs: 5000,
    });
    store.close();
  });

  it('lists runs newest first with paging, and finds them by id prefix', () => {
    const store = openStore({ dataDir: dataDir() });
    store.createRun(exampleRun('run-aa11', 1000));
    store.createRun(exampleRun('run-ab22', 3000));
    store.createRun(exampleRun('run-b%_3', 2000));

    expect(store.listRuns().map((run) => run.id)).toEqual(['run-ab22', 'run-b%_3', 'run-aa11']);
    expect(store.listRuns({ limit: 1, offset: 1 }).map((run) => run.id)).toEqual(['run-b%_3']);
    expect(store.findRunsByPrefix('run-a').map((run) => run.id)).toEqual(['run-ab22', 'run-aa11']);
    expect(store.findRunsByPrefix('run-aa').map((run) => run.id)).toEqual(['run-aa11']);
    expect(store.findRunsByPrefix('run-b%').map((run) => run.id)).toEqual(['run-b%_3']);
    expect(store.findRunsByPrefix('run-_')).toEqual([]);
    expect(store.getRun('run-zz')).toBeUndefined();
    expect(() => store.listRuns({ limit: -2 })).toThrow(RangeError);
    expect(() => store.createRun(exampleRun('run-aa11'))).toThrow(/already exists/);
    store.close();
  });

  it('keeps plan versions in number order and locks the one whose approval was accepted', async () => {
    const store = openStore({ dataDir: dataDir() });
    store.createRun(exampleRun());
    const first = examplePlanVersion();
    const second = examplePlanVersion({
      id: 'plan-2',
      number: 2,
      parentId: 'plan-1',
      cause: 'guidance',
      state: 'proposal',
      rationale: 'The person asked for Travel',
    });
    const append = (payload: Parameters<typeof store.append>[1]['payload']) =>
      store.append('run-0001', { source: 'agent', payload });

    await append({ type: 'plan-version-create', version: second });
    await append({ type: 'plan-version-create', version: first });
    await append({ type: 'approval-request', requestId: 'r1', subject: { type: 'plan', versionId: 'plan-1' } });
    await append({ type: 'approval-request', requestId: 'r2', subject: { type: 'plan', versionId: 'plan-2' } });
    await append({
      type: 'approval-request',
      requestId: 'r3',
      subject: { type: 'action', stepId: 'step-2', summary: 'Submit', reason: 'submits a form' },
    });
    await append({ type: 'approval-response', requestId: 'r2', decision: 'rejected', by: 'user', reason: 'no' });
    await append({ type: 'approval-response', requestId: 'r3', decision: 'accepted', by: 'user' });
    expect(store.planVersions('run-0001')).toEqual([first, second]);

    await append({ type: 'approval-response', requestId: 'r1', decision: 'accepted', by: 'policy' });
    expect(store.planVersions('run-0001')).toEqual([{ ...first, state: 'locked' }, second]);

    const duplicate = await append({ type: 'plan-version-create', version: first }).catch((error: unknown) => error);
    expect(StoreError.isInstance(duplicate)).toBe(true);
    expect(String(duplicate)).toMatch(/plan_versions/);
    expect(store.getRun('run-0001')?.eventCount).toBe(8);
    store.close();
  });
});
