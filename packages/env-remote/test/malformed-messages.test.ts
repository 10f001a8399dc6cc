import { executorLimits } from '@sandpiper/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { transports } from './support/executor-harness.js';
import { startRawExecutor, type RawController, type RawExecutor } from './support/raw-controller.js';
import { createTestEnvironment, type TestEnvironment } from './support/test-environment.js';

describe.each(transports)('the executor answers malformed messages with errors naming the field (%s)', (transport) => {
  let executor: RawExecutor | undefined;
  let controller: RawController;
  let test: TestEnvironment;

  const open = async (options: Parameters<typeof createTestEnvironment>[0] = {}) => {
    test = createTestEnvironment(options);
    executor = await startRawExecutor(transport, test.environment);
    controller = await executor.connect();
    await controller.handshake();
  };

  afterEach(async () => {
    await executor?.close();
    executor = undefined;
  });

  /** The executor still works after the bad message: a valid request gets its answer. */
  const stillServes = async () => {
    controller.sendJson({ type: 'observe-request', id: 900, accessibility: false });
    await expect(controller.next('observe-result')).resolves.toMatchObject({ id: 900, width: 1280 });
  };

  it('text that is not JSON', async () => {
    await open();
    controller.sendText('{"type": "observe-request", ');
    const answer = await controller.next('request-error');
    expect(answer).toMatchObject({ id: null, error: { kind: 'usage', issues: [{ path: '', message: 'not JSON' }] } });
    await stillServes();
  });

  it('a message type nobody knows', async () => {
    await open();
    controller.sendJson({ type: 'screen-format', id: 3 });
    const answer = await controller.next('request-error');
    expect(answer.id).toBe(3);
    expect(answer.error.issues?.map((issue) => issue.path)).toEqual(['type']);
    await stillServes();
  });

  it('an action with fields of the wrong type, out of bounds or unknown', async () => {
    await open();
    controller.sendJson({ type: 'act-request', id: 7, action: { type: 'click', at: { x: 1e9, y: 'top' } } });
    const answer = await controller.next('request-error');
    expect(answer.id).toBe(7);
    expect(answer.error.kind).toBe('usage');
    expect(answer.error.message).toContain('Invalid message to the executor');
    expect(answer.error.issues?.map((issue) => issue.path)).toEqual(['action.at.y']);
    controller.sendJson({ type: 'act-request', id: 8, action: { type: 'click', at: { x: 1e9, y: 4 } } });
    const bounded = await controller.next('request-error');
    expect(bounded.error.issues).toEqual([{ path: 'action.at.x', message: 'must be within ±100000' }]);
    controller.sendJson({ type: 'observe-request', id: 9, accessibility: false, screen: 2 });
    expect((await controller.next('request-error')).error.issues?.[0]?.message).toContain('screen');
    expect(test.environment.performed).toEqual([]);
    await stillServes();
  });

  it('a request id that is not a positive safe integer', async () => {
    await open();
    controller.sendJson({ type: 'info-request', id: 2 ** 60 });
    const answer = await controller.next('request-error');
    expect(answer.id).toBeNull();
    expect(new Set(answer.error.issues?.map((issue) => issue.path))).toEqual(new Set(['id']));
    await stillServes();
  });

  it('a shell command longer than the bound', async () => {
    await open({ shell: true });
    controller.sendJson({
      type: 'shell-request',
      id: 4,
      command: 'x'.repeat(executorLimits.maxShellCommandChars + 1),
      commandTimeoutMs: 1000,
    });
    expect((await controller.next('request-error')).error.issues?.map((issue) => issue.path)).toEqual(['command']);
    await stillServes();
  });

  it('a binary frame, which controllers never send', async () => {
    await open();
    controller.sendBinary(new Uint8Array([0, 0, 0, 1, 42]));
    const answer = await controller.next('request-error');
    expect(answer.error.message).toContain('A controller sends no binary frames');
    await stillServes();
  });

  it('a second request under an id still in flight', async () => {
    await open({ slowFirstActMs: 300 });
    controller.sendJson({ type: 'act-request', id: 5, action: { type: 'wait', ms: 0 } });
    controller.sendJson({ type: 'act-request', id: 5, action: { type: 'wait', ms: 1 } });
    expect((await controller.next('request-error')).error.message).toContain('Request 5 is already in flight');
    await expect(controller.next('act-result')).resolves.toMatchObject({ id: 5, result: { ok: true } });
    expect(test.environment.performed).toHaveLength(1);
  });

  it('a second handshake on a connection that has one', async () => {
    await open();
    controller.sendJson({ type: 'handshake-request', protocolVersion: 1, token: 'whatever-it-is-now' });
    expect((await controller.next('request-error')).error.message).toContain('already completed its handshake');
    await stillServes();
  });
});

describe('the WebSocket executor and oversized frames', () => {
  it('drops a connection that sends a frame over the controller limit, and keeps serving', async () => {
    const test = createTestEnvironment();
    const executor = await startRawExecutor('websocket', test.environment);
    const controller = await executor.connect();
    await controller.handshake();
    controller.sendText(JSON.stringify({ type: 'info-request', id: 1, padding: 'x'.repeat(600_000) }));
    // 1009: message too big, from the WebSocket layer before any parsing.
    await expect(controller.closed).resolves.toMatchObject({ code: 1009 });
    const next = await executor.connect();
    next.sendJson({ type: 'handshake-request', protocolVersion: 1, token: 'wrong-token-but-answered' });
    await expect(next.next('handshake-reject')).resolves.toMatchObject({ reason: 'token' });
    await executor.close();
  });
});
