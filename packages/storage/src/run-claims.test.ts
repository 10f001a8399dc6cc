import { describe, expect, it } from 'vitest';
import { RunClaimedError } from './errors.js';
import { CLAIM_LEASE_MS } from './run-claims.js';
import { openStore } from './store.js';
import { onStdoutLine, spawnAppender, waitForExit } from './test-support/child-process.js';
import { exampleRun, examplePayloads } from './test-support/examples.js';
import { useTemporaryDirectory } from './test-support/temporary-directory.js';

describe('who drives a run', () => {
  const dataDir = useTemporaryDirectory();

  it('reads a started run as running while claimed, and as interrupted once nobody drives it', async () => {
    const store = openStore({ dataDir: dataDir() });
    store.createRun(exampleRun('run-0001'));
    await store.append('run-0001', { source: 'user', payload: examplePayloads[0]! });
    expect(store.getRun('run-0001')?.status).toBe('interrupted');

    const claim = store.claimRun('run-0001');
    expect(store.getRun('run-0001')?.status).toBe('running');
    expect(store.listRuns()[0]?.status).toBe('running');
    expect(() => openStore({ dataDir: dataDir() }).claimRun('run-0001')).toThrow(RunClaimedError);

    claim.release();
    expect(store.findRunsByPrefix('run-00')[0]?.status).toBe('interrupted');
    // Given up, it can be taken up again.
    store.claimRun('run-0001');
    expect(store.getRun('run-0001')?.status).toBe('running');
    store.close();
    const reader = openStore({ dataDir: dataDir() });
    expect(reader.getRun('run-0001')?.status).toBe('interrupted');
    reader.close();
  });

  it('sees at once that the process driving a run was killed, and lets another take it up', async () => {
    const setup = openStore({ dataDir: dataDir() });
    setup.createRun(exampleRun('run-0001'));
    await setup.append('run-0001', { source: 'user', payload: examplePayloads[0]! });
    setup.close();

    const child = spawnAppender([dataDir(), 'run-0001', 'driver', '0', '--claim', '--wait-for-go']);
    const exited = waitForExit(child);
    await new Promise<void>((resolve) => onStdoutLine(child, (line) => line === 'ready' && resolve()));
    const store = openStore({ dataDir: dataDir() });
    expect(store.getRun('run-0001')?.status).toBe('running');
    expect(() => store.claimRun('run-0001')).toThrow(`process ${child.pid} on`);

    child.kill('SIGKILL');
    await exited;
    expect(store.getRun('run-0001')?.status).toBe('interrupted');
    store.claimRun('run-0001');
    expect(store.getRun('run-0001')?.status).toBe('running');
    store.close();
  });

  it('lets a claim lapse when its lease is not renewed', async () => {
    let time = 1_700_000_000_000;
    const store = openStore({ dataDir: dataDir(), now: () => time });
    store.createRun(exampleRun('run-0001', time));
    store.claimRun('run-0001');
    time += CLAIM_LEASE_MS - 1;
    expect(store.getRun('run-0001')?.status).toBe('created');
    time += 2;
    expect(store.getRun('run-0001')?.status).toBe('interrupted');
    store.close();
  });

  it('leaves ended runs as they ended, claimed or not', async () => {
    const store = openStore({ dataDir: dataDir() });
    store.createRun(exampleRun('run-0001'));
    await store.append('run-0001', { source: 'agent', payload: { type: 'run-end', status: 'failed', reason: 'No.' } });
    expect(store.getRun('run-0001')?.status).toBe('failed');
    expect(() => store.claimRun('run-0404')).toThrow('no such run');
    store.close();
  });
});
