import type { RunEvent } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { openStore } from './store.js';
import { exampleRun, warningDraft } from './test-support/examples.js';
import { useTemporaryDirectory } from './test-support/temporary-directory.js';

describe('subscriptions', () => {
  const dataDir = useTemporaryDirectory();

  it('delivers committed events of the subscribed run until unsubscribed', async () => {
    const store = openStore({ dataDir: dataDir() });
    store.createRun(exampleRun('run-a'));
    store.createRun(exampleRun('run-b'));
    const seen: string[] = [];
    const stop = store.subscribe('run-a', (event) => {
      seen.push(`${event.runId}#${event.seq}`);
      // The event is committed before listeners run, so a fresh connection can already read it.
      const reader = openStore({ dataDir: dataDir() });
      seen.push(`visible ${reader.getRun('run-a')?.eventCount}`);
      reader.close();
    });

    await store.append('run-a', warningDraft('one'));
    await store.append('run-b', warningDraft('other run'));
    stop();
    await store.append('run-a', warningDraft('after unsubscribing'));

    expect(seen).toEqual(['run-a#1', 'visible 1']);
    store.close();
  });

  it('keeps appending and notifying the others when one listener throws', async () => {
    const reported: unknown[] = [];
    const store = openStore({ dataDir: dataDir(), onListenerError: (error) => reported.push(error) });
    store.createRun(exampleRun());
    const seen: RunEvent[] = [];
    store.subscribe('run-0001', () => {
      throw new Error('listener bug');
    });
    store.subscribe('run-0001', (event) => seen.push(event));

    const event = await store.append('run-0001', warningDraft('still stored'));

    expect(seen).toEqual([event]);
    expect(reported).toEqual([new Error('listener bug')]);
    expect(await store.read('run-0001')).toEqual([event]);
    store.close();
  });
});
