import { createHandle } from '@sandpiper/core';
import { afterEach, describe, expect, it } from 'vitest';
import { untilCancelled, waitAtMost } from '../src/waiting.js';

const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);
process.on('unhandledRejection', record);
afterEach(() => {
  unhandled.length = 0;
});

/** Work that fails a moment after the wait gave up on it, as an evaluation on a page that closes does. */
const failingLater = () =>
  new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('Target page has been closed')), 5));

const aborted = () => {
  const controller = new AbortController();
  controller.abort(new Error('the run was closed'));
  return createHandle({ signal: controller.signal });
};

/** Long enough for the failure above and the event loop's unhandled-rejection check. */
const afterFailures = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('waits on work that outlives its run', () => {
  it('leave no unhandled rejection when the handle was already aborted', async () => {
    await expect(waitAtMost(aborted(), failingLater(), 1000)).rejects.toThrow('the run was closed');
    await expect(untilCancelled(aborted(), failingLater())).rejects.toThrow('the run was closed');
    await afterFailures();
    expect(unhandled).toEqual([]);
  });

  it('leave no unhandled rejection when the wait ran out first', async () => {
    await waitAtMost(createHandle(), failingLater(), 0);
    await afterFailures();
    expect(unhandled).toEqual([]);
  });
});
