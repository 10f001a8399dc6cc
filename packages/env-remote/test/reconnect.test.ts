import { createHandle, type LiveFrame } from '@sandpiper/core';
import { EXECUTOR_PROTOCOL_VERSION } from '@sandpiper/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { closeCodes } from '../src/channel.js';
import {
  connectExecutor,
  ExecutorConnectionError,
  OutcomeUnknownError,
  serveExecutor,
  type ExecutorServer,
  type RemoteEnvironment,
} from '../src/index.js';
import { startCuttableProxy, type CuttableProxy } from './support/cuttable-proxy.js';
import { TOKEN, transports } from './support/executor-harness.js';
import { startRawExecutor } from './support/raw-controller.js';
import { createTestEnvironment, SCREENSHOT, until, type TestEnvironment } from './support/test-environment.js';

describe('reconnecting after a dropped connection', () => {
  let server: ExecutorServer | undefined;
  let proxy: CuttableProxy | undefined;
  let remote: RemoteEnvironment | undefined;
  let test: TestEnvironment;

  const open = async (
    options: Parameters<typeof createTestEnvironment>[0] = {},
    timing: { resumeWindowMs?: number; initialDelayMs?: number; attempts?: number } = {},
  ) => {
    test = createTestEnvironment(options);
    server = await serveExecutor(test.environment, { token: TOKEN, resumeWindowMs: timing.resumeWindowMs ?? 5000 });
    proxy = await startCuttableProxy(server.url);
    remote = await connectExecutor(proxy.url, {
      token: TOKEN,
      reconnect: { attempts: timing.attempts ?? 5, initialDelayMs: timing.initialDelayMs ?? 20, maxDelayMs: 200 },
    });
    return remote;
  };

  afterEach(async () => {
    await remote?.close();
    await proxy?.close();
    await server?.close();
    remote = undefined;
    proxy = undefined;
    server = undefined;
  });

  it('sends an observe in flight again and answers it with the right bytes', async () => {
    const environment = await open({ slowFirstObserveMs: 10_000 });
    const observing = environment.observe(createHandle(), { accessibility: true });
    await until(() => test.seen.length === 1);
    proxy!.cut();
    const observation = await observing;
    expect(Buffer.from(observation.png).equals(Buffer.from(SCREENSHOT))).toBe(true);
    expect(test.observations).toBe(2);
    // The executor aborted the first attempt when its connection went away.
    await expect(test.seen[0]!.aborted).resolves.toBeDefined();
    expect(proxy!.connections).toBe(2);
    expect(environment.connectionState).toBe('connected');
  });

  it('reports an action in flight as outcome unknown and never performs it twice', async () => {
    const environment = await open({ slowFirstActMs: 10_000 });
    const acting = environment.act(createHandle(), { type: 'type', text: 'Dana' });
    await until(() => test.seen.length === 1);
    proxy!.cut();
    const error: unknown = await acting.catch((caught: unknown) => caught);
    expect(OutcomeUnknownError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'environment', retryable: false, request: 'act' });
    expect((error as Error).message).toContain('it may or may not have happened, and it was not repeated');
    await until(() => environment.connectionState === 'connected');
    await expect(environment.act(createHandle(), { type: 'key', keys: ['Enter'] })).resolves.toMatchObject({
      ok: true,
    });
    expect(test.environment.performed).toEqual([
      { type: 'type', text: 'Dana' },
      { type: 'key', keys: ['Enter'] },
    ]);
  });

  it('holds calls made while it reconnects and sends them once it is back', async () => {
    const environment = await open({}, { initialDelayMs: 150 });
    proxy!.cut();
    await until(() => environment.connectionState === 'reconnecting');
    await expect(environment.act(createHandle(), { type: 'wait', ms: 0 })).resolves.toMatchObject({ ok: true });
    expect(test.environment.performed).toHaveLength(1);
  });

  it('keeps live views running across a resumed session', async () => {
    const environment = await open();
    const frames: LiveFrame[] = [];
    await environment.watch!({ maxWidth: 320, quality: 50 }, (frame) => frames.push(frame));
    await until(() => frames.length > 0);
    proxy!.cut();
    await until(() => environment.connectionState === 'connected' && proxy!.connections === 2);
    const before = frames.length;
    await until(() => frames.length > before + 2);
    expect(test.views).toEqual({ started: 1, stopped: 0, running: 1 });
  });

  it('starts a new session after the resume window, and its live views again', async () => {
    const environment = await open({}, { resumeWindowMs: 30, initialDelayMs: 300 });
    const frames: LiveFrame[] = [];
    await environment.watch!({ maxWidth: 320, quality: 50 }, (frame) => frames.push(frame));
    proxy!.cut();
    // The executor gives the session up while the controller waits to reconnect.
    await until(() => test.views.stopped === 1);
    await until(() => test.views.started === 2);
    const before = frames.length;
    await until(() => frames.length > before);
    expect(test.views.running).toBe(1);
  });

  it('gives up after its attempts and fails every call with ExecutorConnectionError', async () => {
    const environment = await open({ slowFirstObserveMs: 10_000 }, { attempts: 2, initialDelayMs: 10 });
    const observing = environment.observe(createHandle());
    await until(() => test.seen.length === 1);
    await proxy!.refuse();
    const error: unknown = await observing.catch((caught: unknown) => caught);
    expect(ExecutorConnectionError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('2 attempts to reconnect failed');
    expect(environment.connectionState).toBe('lost');
    await expect(environment.act(createHandle(), { type: 'wait', ms: 0 })).rejects.toBe(error);
  });
});

describe.each(transports)('resuming a session (%s)', (transport) => {
  it('a resuming connection takes the place of one the executor still thinks is alive', async () => {
    const executor = await startRawExecutor(transport, createTestEnvironment().environment);
    const first = await executor.connect();
    const { sessionId } = await first.handshake();
    const second = await executor.connect();
    second.sendJson({
      type: 'handshake-request',
      protocolVersion: EXECUTOR_PROTOCOL_VERSION,
      token: TOKEN,
      resumeSessionId: sessionId,
    });
    await expect(second.next('handshake-accept')).resolves.toMatchObject({ resumed: true, sessionId });
    await expect(first.closed).resolves.toMatchObject({ code: closeCodes.replaced });
    second.sendJson({ type: 'info-request', id: 1 });
    await expect(second.next('info-result')).resolves.toMatchObject({ id: 1 });
    await executor.close();
  });
});
