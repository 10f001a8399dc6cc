import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';

/** Gives each test of the enclosing suite its own empty directory, removed after the test. */
export function useTemporaryDirectory(): () => string {
  let current: string | undefined;
  beforeEach(() => {
    current = mkdtempSync(join(tmpdir(), 'sandpiper-storage-'));
  });
  afterEach(() => {
    if (current !== undefined) rmSync(current, { recursive: true, force: true });
    current = undefined;
  });
  return () => {
    if (current === undefined) throw new Error('useTemporaryDirectory: no test is running');
    return current;
  };
}
