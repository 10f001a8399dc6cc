import { seededRandom, testSeeds } from '@sandpiper/testing';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openStore } from './store.js';
import { onStdoutLine, spawnAppender, waitForExit } from './test-support/child-process.js';
import { exampleRun } from './test-support/examples.js';
import { useTemporaryDirectory } from './test-support/temporary-directory.js';

const PADDING = 20_000;

/** Runs a writer until it has reported `target` commits, then kills it with SIGKILL mid-loop. */
async function killWriterAfter(dataDir: string, label: string, target: number): Promise<number> {
  const child = spawnAppender([dataDir, 'run-0001', label, 'forever', `--padding=${PADDING}`]);
  let confirmed = 0;
  const exit = waitForExit(child);
  onStdoutLine(child, (line) => {
    confirmed = Number(line);
    if (--target === 0) child.kill('SIGKILL');
  });
  const result = await exit;
  expect(result, result.stderr).toMatchObject({ signal: 'SIGKILL' });
  return confirmed;
}

describe('crash recovery', () => {
  const dataDir = useTemporaryDirectory();

  // Rerun a failing case with SANDPIPER_TEST_SEED=<the seed in its name>.
  it.each(testSeeds(1))(
    'keeps a contiguous, intact prefix of the log when the writer is killed at a random point (seed %d)',
    async (seed) => {
      const random = seededRandom(seed);
      const setup = openStore({ dataDir: dataDir() });
      setup.createRun(exampleRun());
      setup.close();

      let expectedLabels: string[] = [];
      for (let round = 1; round <= 4; round += 1) {
        const target = random.int(1, 80);
        const confirmed = await killWriterAfter(dataDir(), `round${round}`, target);
        // A killed connection cannot checkpoint, so the committed tail is still only in the WAL.
        expect(existsSync(join(dataDir(), 'sandpiper.db-wal'))).toBe(true);

        const store = openStore({ dataDir: dataDir() });
        const events = await store.read('run-0001');
        const labels = events.map((event) => (event.payload.type === 'warning' ? event.payload.message : ''));
        const count = events.length;
        expect(count, `round ${round}, killed after ${target} reported commits`).toBeGreaterThanOrEqual(confirmed);
        expect(events.map((event) => event.seq)).toEqual(Array.from({ length: count }, (_, index) => index + 1));
        expect(labels.slice(0, expectedLabels.length)).toEqual(expectedLabels);
        const fromThisRound = labels.slice(expectedLabels.length);
        expect(fromThisRound).toEqual(
          fromThisRound.map((_, index) => `round${round} ${index + 1} ${'x'.repeat(PADDING)}`),
        );
        expect(store.getRun('run-0001')?.eventCount).toBe(count);
        store.close();
        expectedLabels = labels;

        const check = new Database(join(dataDir(), 'sandpiper.db'), { readonly: true });
        expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
        check.close();
      }
    },
  );
});
