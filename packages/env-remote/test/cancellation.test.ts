import { CancelledError, createHandle } from '@sandpiper/core';
import { afterEach, describe, expect, it } from 'vitest';
import { openExecutor, transports, type OpenedExecutor } from './support/executor-harness.js';
import { createTestEnvironment, until } from './support/test-environment.js';

describe.each(transports)('the caller’s handle reaches the executor (%s)', (transport) => {
  let opened: OpenedExecutor | undefined;
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  it('an abort cancels a slow action on both sides and rejects with CancelledError at once', async () => {
    const test = createTestEnvironment({ slowFirstActMs: 10_000 });
    opened = await openExecutor(transport, test.environment);
    const abort = new AbortController();
    const acting = opened.remote.act(createHandle({ signal: abort.signal }), { type: 'click', at: { x: 1, y: 1 } });
    await until(() => test.seen.length === 1);
    const started = performance.now();
    abort.abort('the person pressed stop');
    const error: unknown = await acting.catch((caught: unknown) => caught);
    expect(performance.now() - started).toBeLessThan(100);
    expect(CancelledError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe('the person pressed stop');
    // The executor-side handle aborted too: the slow action stopped instead of running to its end.
    const reason = await test.seen[0]!.aborted;
    expect(CancelledError.isInstance(reason)).toBe(true);
    expect((reason as Error).message).toBe('the person pressed stop');
    // The connection stays usable.
    await expect(opened.remote.observe(createHandle())).resolves.toMatchObject({ width: 1280 });
  });

  it('a handle aborted before the call sends nothing', async () => {
    const test = createTestEnvironment();
    opened = await openExecutor(transport, test.environment);
    const abort = new AbortController();
    abort.abort();
    await expect(opened.remote.act(createHandle({ signal: abort.signal }), { type: 'wait', ms: 0 })).rejects.toSatisfy(
      (error) => CancelledError.isInstance(error),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(test.seen).toEqual([]);
  });

  it('the deadline travels as the request’s timeout, and a slow action past it is cancelled', async () => {
    const test = createTestEnvironment({ slowFirstActMs: 10_000 });
    opened = await openExecutor(transport, test.environment);
    const started = Date.now();
    const deadline = started + 250;
    const error: unknown = await opened.remote
      .act(createHandle({ deadline }), { type: 'click', at: { x: 1, y: 1 } })
      .catch((caught: unknown) => caught);
    const elapsed = Date.now() - started;
    expect(CancelledError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/^the deadline passed after \d+ ms$/);
    expect(elapsed).toBeGreaterThanOrEqual(240);
    expect(elapsed).toBeLessThan(1500);
    // The executor's handle carried a deadline no later than the caller's, and aborted by itself.
    expect(test.seen[0]!.deadline).toBeLessThanOrEqual(deadline + 50);
    await expect(test.seen[0]!.aborted).resolves.toSatisfy((reason) => CancelledError.isInstance(reason));
  });

  it('a deadline already passed rejects without sending anything', async () => {
    const test = createTestEnvironment();
    opened = await openExecutor(transport, test.environment);
    await expect(opened.remote.observe(createHandle({ deadline: Date.now() - 1 }))).rejects.toThrow(
      'the deadline passed before the request was sent',
    );
    expect(test.seen).toEqual([]);
  });

  it('a request that finishes within its deadline is answered normally', async () => {
    const test = createTestEnvironment({ slowFirstActMs: 20 });
    opened = await openExecutor(transport, test.environment);
    await expect(
      opened.remote.act(createHandle({ deadline: Date.now() + 5000 }), { type: 'wait', ms: 0 }),
    ).resolves.toMatchObject({ ok: true });
  });
});
