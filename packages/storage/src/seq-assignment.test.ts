import { ContractError } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { StoreError } from './errors.js';
import { openStore } from './store.js';
import { useTemporaryDirectory } from './test-support/temporary-directory.js';
import { onStdoutLine, spawnAppender, waitForExit } from './test-support/child-process.js';
import { exampleRun, warningDraft } from './test-support/examples.js';

describe('sequence numbers', () => {
  const dataDir = useTemporaryDirectory();

  it('numbers each run from 1 without gaps, independently of other runs', async () => {
    const store = openStore({ dataDir: dataDir() });
    store.createRun(exampleRun('run-a'));
    store.createRun(exampleRun('run-b'));
    for (let index = 0; index < 5; index += 1) {
      await store.append('run-a', warningDraft(`a${index}`));
      if (index % 2 === 0) await store.append('run-b', warningDraft(`b${index}`));
    }
    expect((await store.read('run-a')).map((event) => event.seq)).toEqual([1, 2, 3, 4, 5]);
    expect((await store.read('run-b')).map((event) => event.seq)).toEqual([1, 2, 3]);
    store.close();
  });

  it('never gives the same number twice when two stores on one file append in turn', async () => {
    const first = openStore({ dataDir: dataDir() });
    const second = openStore({ dataDir: dataDir() });
    first.createRun(exampleRun());
    const returned: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      const store = index % 3 === 0 ? second : first;
      returned.push((await store.append('run-0001', warningDraft(`event ${index}`))).seq);
    }
    expect(returned).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect((await second.read('run-0001')).map((event) => event.payload)).toEqual(
      Array.from({ length: 20 }, (_, index) => ({ type: 'warning', message: `event ${index}` })),
    );
    first.close();
    second.close();
  });

  it('never gives the same number twice when two processes append at the same time', async () => {
    const setup = openStore({ dataDir: dataDir() });
    setup.createRun(exampleRun());
    setup.close();
    const perWriter = 300;
    const writers = ['left', 'right'].map((label) => {
      const child = spawnAppender([dataDir(), 'run-0001', label, String(perWriter), '--wait-for-go']);
      const seqs: number[] = [];
      let markReady = () => {};
      const ready = new Promise<void>((resolve) => (markReady = resolve));
      onStdoutLine(child, (line) => (line === 'ready' ? markReady() : seqs.push(Number(line))));
      const exit = waitForExit(child);
      const failedEarly = exit.then((result) =>
        Promise.reject(new Error(`writer ${label} ended early: ${result.stderr}`)),
      );
      return { label, child, seqs, ready: Promise.race([ready, failedEarly]), exit };
    });
    await Promise.all(writers.map((writer) => writer.ready));
    for (const writer of writers) writer.child.stdin.write('go\n');
    for (const writer of writers) expect(await writer.exit).toMatchObject({ code: 0 });

    const store = openStore({ dataDir: dataDir() });
    const events = await store.read('run-0001');
    expect(events.map((event) => event.seq)).toEqual(Array.from({ length: 2 * perWriter }, (_, index) => index + 1));
    for (const writer of writers) {
      const own = events.filter(
        (event) => event.payload.type === 'warning' && event.payload.message.startsWith(`${writer.label} `),
      );
      expect(own.map((event) => event.seq)).toEqual(writer.seqs);
      expect(own.map((event) => (event.payload.type === 'warning' ? event.payload.message : ''))).toEqual(
        Array.from({ length: perWriter }, (_, index) => `${writer.label} ${index + 1}`),
      );
    }
    expect(store.getRun('run-0001')?.eventCount).toBe(2 * perWriter);
    store.close();
  });

  it('refuses to append to a run that was never created, and writes nothing', async () => {
    const store = openStore({ dataDir: dataDir() });
    const failure = await store.append('missing', warningDraft('lost')).catch((error: unknown) => error);
    expect(StoreError.isInstance(failure)).toBe(true);
    expect(String(failure)).toContain('missing');
    expect(await store.read('missing')).toEqual([]);
    store.close();
  });

  it('refuses a cause that names no earlier event, without using up a number', async () => {
    const store = openStore({ dataDir: dataDir() });
    store.createRun(exampleRun());
    await store.append('run-0001', warningDraft('first'));
    const failure = await store
      .append('run-0001', { ...warningDraft('second'), cause: 2 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ContractError);
    expect((failure as ContractError).issues.map((issue) => issue.path)).toEqual(['cause']);
    const next = await store.append('run-0001', { ...warningDraft('second'), cause: 1 });
    expect(next.seq).toBe(2);
    store.close();
  });
});
