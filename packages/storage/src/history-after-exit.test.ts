import { describe, expect, it } from 'vitest';
import { openStore } from './store.js';
import { onStdoutLine, spawnAppender, waitForExit } from './test-support/child-process.js';
import { exampleRun } from './test-support/examples.js';
import { useTemporaryDirectory } from './test-support/temporary-directory.js';

describe('history after the writer exits', () => {
  const dataDir = useTemporaryDirectory();

  it('reads every event another process wrote before it exited without closing the store', async () => {
    const setup = openStore({ dataDir: dataDir() });
    setup.createRun(exampleRun());
    setup.close();

    const child = spawnAppender([dataDir(), 'run-0001', 'writer', '25']);
    const reported: number[] = [];
    onStdoutLine(child, (line) => reported.push(Number(line)));
    expect(await waitForExit(child)).toMatchObject({ code: 0 });

    const store = openStore({ dataDir: dataDir() });
    const events = await store.read('run-0001');
    expect(events.map((event) => event.seq)).toEqual(reported);
    expect(events.map((event) => event.payload)).toEqual(
      Array.from({ length: 25 }, (_, index) => ({ type: 'warning', message: `writer ${index + 1}` })),
    );
    // Nobody drives the run any more: it reads as interrupted, not as still being created.
    expect(store.getRun('run-0001')).toMatchObject({ eventCount: 25, status: 'interrupted' });
    store.close();
  });
});
