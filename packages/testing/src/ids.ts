import type { IdGenerator } from '@sandpiper/core';

/** Ids `prefix-1`, `prefix-2`, ... counted per prefix, so golden runs compare equal. */
export function createSequentialIds(): IdGenerator {
  const counters = new Map<string, number>();
  return {
    next(prefix) {
      const value = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, value);
      return `${prefix}-${value}`;
    },
  };
}
