import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ContractError } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { openBlobStore } from './blob-store.js';
import { StoreCorruptError } from './errors.js';
import { openStore } from './store.js';
import { useTemporaryDirectory } from './test-support/temporary-directory.js';

function listFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(directory, name)).isFile())
    .sort();
}

describe('blob store', () => {
  const dataDir = useTemporaryDirectory();

  it('stores the same bytes once, under their SHA-256, and gives them back', async () => {
    const store = openStore({ dataDir: dataDir() });
    const bytes = randomBytes(50_000);
    const expected = createHash('sha256').update(bytes).digest('hex');

    const first = await store.blobs.put(bytes, 'image/png');
    const second = await store.blobs.put(new Uint8Array(bytes), 'image/png');
    const asJpeg = await store.blobs.put(bytes, 'image/jpeg');

    expect([first, second, asJpeg]).toEqual([expected, expected, expected]);
    const blobDirectory = join(dataDir(), 'blobs');
    expect(listFiles(blobDirectory)).toEqual([join(expected.slice(0, 2), `${expected}.png`)]);
    expect(relative(blobDirectory, store.blobs.pathFor(expected) ?? '')).toBe(
      join(expected.slice(0, 2), `${expected}.png`),
    );
    expect(Buffer.from((await store.blobs.get(expected)) ?? []).equals(bytes)).toBe(true);
    store.close();
  });

  it('answers undefined for a well-formed hash it does not hold', async () => {
    const blobs = openBlobStore(join(dataDir(), 'blobs'));
    expect(await blobs.get('0'.repeat(64))).toBeUndefined();
    expect(blobs.pathFor('0'.repeat(64))).toBeUndefined();
  });

  it.each(['../../sandpiper.db', `../${'a'.repeat(61)}`, 'A'.repeat(64), `${'a'.repeat(63)}/`, ''])(
    'rejects the hash %j before touching the file system',
    async (hash) => {
      const blobs = openBlobStore(join(dataDir(), 'blobs'));
      await expect(blobs.get(hash)).rejects.toBeInstanceOf(ContractError);
      expect(() => blobs.pathFor(hash)).toThrow(ContractError);
    },
  );

  it('leaves only finished blobs behind, never temporary files', async () => {
    const blobs = openBlobStore(join(dataDir(), 'blobs'));
    const contents = Array.from({ length: 40 }, (_, index) => randomBytes(1000 + index));
    const hashes = await Promise.all(
      contents.flatMap((bytes) => [blobs.put(bytes, 'image/jpeg'), blobs.put(bytes, 'image/jpeg')]),
    );
    const files = listFiles(blobs.directory);
    expect(files.filter((name) => name.endsWith('.tmp') || name.split('/').pop()?.startsWith('.'))).toEqual([]);
    expect(files).toEqual([...new Set(hashes)].map((hash) => join(hash.slice(0, 2), `${hash}.jpg`)).sort());
    for (const [index, bytes] of contents.entries()) {
      expect(
        readFileSync(
          join(
            blobs.directory,
            files.find((name) => name.includes(hashes[2 * index]!))!,
          ),
        ).equals(bytes),
      ).toBe(true);
    }
  });

  it('reports a blob whose bytes no longer match its hash instead of returning them', async () => {
    const blobs = openBlobStore(join(dataDir(), 'blobs'));
    const hash = await blobs.put(Buffer.from('original screenshot'), 'image/png');
    const path = blobs.pathFor(hash)!;
    writeFileSync(path, 'tampered');
    const failure = await blobs.get(hash).catch((error: unknown) => error);
    expect(StoreCorruptError.isInstance(failure)).toBe(true);
    expect((failure as StoreCorruptError).file).toBe(path);
    expect(readFileSync(path, 'utf8')).toBe('tampered');
  });
});
