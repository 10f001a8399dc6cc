import { createHandle } from '@sandpiper/core';
import { describe, expect, it } from 'vitest';
import { connectExecutor, ExecutorConnectionError, serveExecutor } from '../src/index.js';
import { openExecutor, TOKEN, transports } from './support/executor-harness.js';
import { createTestEnvironment, until } from './support/test-environment.js';

describe.each(transports)('closing the remote environment (%s)', (transport) => {
  it('stops its live views, aborts its requests and fails every later call', async () => {
    const test = createTestEnvironment({ slowFirstActMs: 10_000 });
    const opened = await openExecutor(transport, test.environment);
    const { remote } = opened;
    await remote.watch!({ maxWidth: 320, quality: 50 }, () => {});
    const acting = remote.act(createHandle(), { type: 'wait', ms: 0 }).catch((error: unknown) => error);
    await until(() => test.seen.length === 1);

    await remote.close();
    expect(remote.connectionState).toBe('closed');
    expect(test.views).toEqual({ started: 1, stopped: 1, running: 0 });
    await expect(test.seen[0]!.aborted).resolves.toBeDefined();
    expect(ExecutorConnectionError.isInstance(await acting)).toBe(true);
    await expect(remote.observe(createHandle())).rejects.toThrow('The remote environment was closed.');
    await expect(remote.close()).resolves.toBeUndefined();
    // Only the in-process executor owns its environment; a served one belongs to whoever serves it.
    expect(test.closed).toBe(transport === 'in-process' ? 1 : 0);
    await opened.server?.close();
  });
});

describe('closing over WebSocket', () => {
  it('frees the executor for the next controller', async () => {
    const test = createTestEnvironment();
    const server = await serveExecutor(test.environment, { token: TOKEN });
    const first = await connectExecutor(server.url, { token: TOKEN });
    await first.close();
    const second = await connectExecutor(server.url, { token: TOKEN });
    await expect(second.observe(createHandle())).resolves.toMatchObject({ width: 1280 });
    await second.close();
    await server.close();
  });

  it('closing the server ends the session for good: the controller does not reconnect', async () => {
    const test = createTestEnvironment({ slowFirstObserveMs: 10_000 });
    const server = await serveExecutor(test.environment, { token: TOKEN });
    const remote = await connectExecutor(server.url, { token: TOKEN, reconnect: { initialDelayMs: 10 } });
    const observing = remote.observe(createHandle()).catch((caught: unknown) => caught);
    await until(() => test.seen.length === 1);
    await server.close();
    const error = await observing;
    expect(ExecutorConnectionError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe('The executor ended the session: the executor is shutting down');
    expect(remote.connectionState).toBe('lost');
    await expect(connectExecutor(server.url, { token: TOKEN })).rejects.toThrow('Could not reach the executor');
    expect(test.closed).toBe(0);
    await remote.close();
  });
});
