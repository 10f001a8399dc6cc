import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BlobStore } from '@sandpiper/core';
import { imageHashSchema, parseContract, type ScreenshotRef } from '@sandpiper/protocol';
import { StoreCorruptError } from './errors.js';

type MimeType = ScreenshotRef['mimeType'];

const EXTENSIONS: Readonly<Record<MimeType, string>> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

/** The blob store on disk: `<directory>/<first two hex digits>/<sha256>.<png|jpg>`. */
export interface DiskBlobStore extends BlobStore {
  /** The directory holding every blob. */
  readonly directory: string;
  /**
   * Where the blob with this hash is stored, for reports that link to images; undefined when no
   * such blob is stored. Throws `ContractError` when `hash` is not a lowercase hex SHA-256.
   */
  pathFor(hash: string): string | undefined;
}

/** Open the content-addressed blob store rooted at `directory`, which is created if missing. */
export function openBlobStore(directory: string): DiskBlobStore {
  const shardOf = (hash: string) => join(directory, hash.slice(0, 2));
  const candidates = (hash: string) =>
    Object.values(EXTENSIONS).map((extension) => join(shardOf(hash), `${hash}.${extension}`));
  // The hash becomes a path, so anything but 64 hex digits (a "../" for instance) is refused.
  const checked = (hash: string) => parseContract(imageHashSchema, hash, 'blob hash');
  const existing = (hash: string) => candidates(hash).find((path) => existsSync(path));

  return {
    directory,

    async put(bytes, mimeType) {
      const extension = EXTENSIONS[mimeType];
      if (extension === undefined) throw new TypeError(`Unsupported blob type ${String(mimeType)}`);
      const hash = createHash('sha256').update(bytes).digest('hex');
      if (existing(hash) !== undefined) return hash;
      const shard = shardOf(hash);
      await mkdir(shard, { recursive: true });
      const target = join(shard, `${hash}.${extension}`);
      // Written under a temporary name in the same directory and renamed, so a reader or a crash
      // sees either no blob or the whole blob, never a prefix.
      const temporary = join(shard, `.${hash}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        const file = await open(temporary, 'wx');
        try {
          await file.writeFile(bytes);
          await file.sync();
        } finally {
          await file.close();
        }
        await rename(temporary, target);
      } catch (error: unknown) {
        await rm(temporary, { force: true });
        throw error;
      }
      return hash;
    },

    async get(hash) {
      const path = existing(checked(hash));
      if (path === undefined) return undefined;
      const bytes = await readFile(path);
      if (createHash('sha256').update(bytes).digest('hex') !== hash) {
        throw new StoreCorruptError(
          path,
          `The blob ${path} no longer matches its hash. Nothing was changed; delete the file so the image is reported missing instead of wrong.`,
        );
      }
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },

    pathFor(hash) {
      return existing(checked(hash));
    },
  };
}
