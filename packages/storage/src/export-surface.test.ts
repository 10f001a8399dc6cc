import { describe, expect, it } from 'vitest';
import * as storage from './index.js';

describe('public API', () => {
  it('exports exactly these runtime values', () => {
    expect(Object.keys(storage).sort()).toEqual([
      'BLOB_DIRECTORY_NAME',
      'CLAIM_LEASE_MS',
      'DATABASE_FILE_NAME',
      'DATABASE_SCHEMA_VERSION',
      'DEFAULT_SECRET_KEY_PATTERN',
      'REDACTED',
      'RunClaimedError',
      'StoreCorruptError',
      'StoreError',
      'StoreVersionError',
      'openBlobStore',
      'openStore',
      'upgradeEvent',
    ]);
  });
});
