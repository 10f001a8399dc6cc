import { ContractError, type EventDraft } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { openStore } from './store.js';
import { exampleRun, examplePlanVersion } from './test-support/examples.js';
import { useTemporaryDirectory } from './test-support/temporary-directory.js';

async function appendFailure(append: () => Promise<unknown>): Promise<ContractError> {
  const failure = await append().then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ContractError);
  return failure as ContractError;
}

describe('drafts that break the contract', () => {
  const dataDir = useTemporaryDirectory();

  it.each([
    ['payload.stepId', { source: 'agent', payload: { type: 'step-start', stepId: '', attempt: 1 } }],
    ['payload.attempt', { source: 'agent', payload: { type: 'step-start', stepId: 'step-1', attempt: 0 } }],
    ['source', { source: 'robot', payload: { type: 'run-resume' } }],
    ['payload.type', { source: 'agent', payload: { type: 'run-explode' } }],
    [
      'payload.version.pending[0].text',
      {
        source: 'agent',
        payload: {
          type: 'plan-version-create',
          version: examplePlanVersion({ pending: [{ id: 's', text: '  ', status: 'pending' }] }),
        },
      },
    ],
    ['cause', { source: 'agent', cause: -1, payload: { type: 'run-resume' } }],
  ])('names %s and writes nothing', async (path, draft) => {
    const store = openStore({ dataDir: dataDir() });
    store.createRun(exampleRun());
    const error = await appendFailure(() => store.append('run-0001', draft as EventDraft));
    expect(error.issues.map((issue) => issue.path)).toContain(path);
    expect(error.message).toContain(path);
    expect(await store.read('run-0001')).toEqual([]);
    expect(store.getRun('run-0001')?.eventCount).toBe(0);
    expect(store.planVersions('run-0001')).toEqual([]);
    store.close();
  });

  it('refuses a clock reading that is not a whole number of milliseconds, and writes nothing', async () => {
    const store = openStore({ dataDir: dataDir(), now: () => 12.5 });
    store.createRun(exampleRun());
    const error = await appendFailure(() =>
      store.append('run-0001', { source: 'agent', payload: { type: 'run-resume' } }),
    );
    expect(error.subject).toBe('clock reading');
    expect(await store.read('run-0001')).toEqual([]);
    store.close();
  });

  it('refuses a run whose environment breaks the contract, naming the field', () => {
    const store = openStore({ dataDir: dataDir() });
    const run = { ...exampleRun(), environment: { type: 'url', url: 'not a url' } } as never;
    expect(() => store.createRun(run)).toThrow(/url/);
    expect(store.listRuns()).toEqual([]);
    store.close();
  });
});
