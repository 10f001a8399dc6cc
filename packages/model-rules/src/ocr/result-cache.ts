import { createHash } from 'node:crypto';

/**
 * A small least-recently-used map. The engine keeps recognition promises in it, so a screenshot the
 * operator and the step checker both look at is read once, even when both ask at the same moment.
 */
export class LruCache<Key, Value> {
  private readonly entries = new Map<Key, Value>();

  /** @param capacity - Entries kept; the least recently used goes first. 0 keeps nothing. */
  constructor(private readonly capacity: number) {}

  /** The value for `key`, marking it as most recently used; undefined when absent. */
  get(key: Key): Value | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as Value;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Store `value` as the most recently used entry, dropping the oldest past capacity. */
  set(key: Key, value: Value): void {
    if (this.capacity <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.entries.delete(oldest.value);
    }
  }

  /** Forget `key`, if present. */
  delete(key: Key): void {
    this.entries.delete(key);
  }

  /** Number of entries held. */
  get size(): number {
    return this.entries.size;
  }
}

/**
 * A short fingerprint of image bytes. MD5 is native and fast (well under a millisecond for a
 * screenshot); every byte counts, so two frames differing only in a typed character differ here.
 * Not a security boundary: it only decides whether to OCR again.
 */
export function fingerprint(bytes: Uint8Array): string {
  return createHash('md5').update(bytes).digest('hex');
}
