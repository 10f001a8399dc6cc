import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StoreCorruptError, StoreError } from './errors.js';
import { openStore } from './store.js';
import { exampleRun, warningDraft } from './test-support/examples.js';
import { useTemporaryDirectory } from './test-support/temporary-directory.js';

function openFailure(dataDir: string): unknown {
  try {
    openStore({ dataDir }).close();
  } catch (error: unknown) {
    return error;
  }
  return undefined;
}

describe('a corrupt database file', () => {
  const dataDir = useTemporaryDirectory();

  it.each([
    ['garbage bytes', () => randomBytes(8192)],
    ['text', () => Buffer.from('this is not a database\n'.repeat(100))],
    [
      'the SQLite header followed by garbage',
      () => Buffer.concat([Buffer.from('SQLite format 3\0'), randomBytes(8176)]),
    ],
  ])('is reported, named and left untouched when it holds %s', (_, content) => {
    const file = join(dataDir(), 'sandpiper.db');
    const bytes = content();
    writeFileSync(file, bytes);

    const failure = openFailure(dataDir());

    expect(StoreCorruptError.isInstance(failure)).toBe(true);
    expect(StoreError.isInstance(failure)).toBe(true);
    const error = failure as StoreCorruptError;
    expect(error.file).toBe(file);
    expect(error.message).toContain(file);
    expect(error.message).toMatch(/move the file aside/);
    expect(error.message).toMatch(/delete it/);
    expect(error.message).toMatch(/Nothing was changed or deleted/);
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(readdirSync(dataDir()).sort()).toEqual(['blobs', 'sandpiper.db']);
  });

  it('is reported when pages past the header are damaged, and the file is not rewritten', async () => {
    const file = join(dataDir(), 'sandpiper.db');
    const writer = openStore({ dataDir: dataDir() });
    writer.createRun(exampleRun());
    for (let index = 0; index < 200; index += 1)
      await writer.append('run-0001', warningDraft(`event ${index} ${'x'.repeat(500)}`));
    writer.close();
    const intact = readFileSync(file);
    const pageSize = intact.readUInt16BE(16);
    const damaged = Buffer.concat([intact.subarray(0, pageSize), randomBytes(intact.length - pageSize)]);
    writeFileSync(file, damaged);

    let failure: unknown;
    try {
      const store = openStore({ dataDir: dataDir() });
      try {
        await store.read('run-0001');
      } finally {
        store.close();
      }
    } catch (error: unknown) {
      failure = error;
    }

    expect(StoreCorruptError.isInstance(failure)).toBe(true);
    expect((failure as StoreCorruptError).message).toContain(file);
    expect(readFileSync(file).equals(damaged)).toBe(true);
  });
});
