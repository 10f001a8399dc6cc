import { createHandle, type LiveFrame } from '@sandpiper/core';
import { actionSchema } from '@sandpiper/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { RemoteEnvironmentError } from '../src/index.js';
import { openExecutor, transports, type OpenedExecutor } from './support/executor-harness.js';
import { createTestEnvironment, FRAME, SCREENSHOT, until } from './support/test-environment.js';

describe.each(transports)('every port method round-trips (%s)', (transport) => {
  let opened: OpenedExecutor | undefined;
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  it('reports the environment info of the executor', async () => {
    const test = createTestEnvironment();
    opened = await openExecutor(transport, test.environment);
    expect(opened.remote.info).toEqual(test.environment.info);
    expect(opened.remote.connectionState).toBe('connected');
    await expect(opened.remote.refreshInfo(createHandle())).resolves.toEqual(test.environment.info);
  });

  it('delivers the screenshot bytes unchanged, with the accessibility snapshot when asked', async () => {
    const test = createTestEnvironment();
    opened = await openExecutor(transport, test.environment);
    const handle = createHandle();
    const { png: _directPng, ...direct } = await test.environment.observe(handle, { accessibility: true });
    const { png, ...remote } = await opened.remote.observe(handle, { accessibility: true });
    expect(Buffer.from(png).equals(Buffer.from(SCREENSHOT))).toBe(true);
    expect(remote).toEqual(direct);
    expect(remote.accessibility).toHaveLength(2);
  });

  it('performs each action once and returns the environment’s result, failures included', async () => {
    const test = createTestEnvironment();
    opened = await openExecutor(transport, test.environment);
    const handle = createHandle();
    await expect(opened.remote.act(handle, { type: 'click', at: { x: 5, y: 7 } })).resolves.toEqual({
      ok: true,
      durationMs: 2,
    });
    await expect(opened.remote.act(handle, { type: 'open', target: 'nowhere' })).resolves.toEqual({
      ok: false,
      error: 'nothing to open',
      durationMs: 1,
    });
    // Defaults are filled in on the controller's side, exactly as the local environment would parse them.
    expect(test.environment.performed).toEqual([
      actionSchema.parse({ type: 'click', at: { x: 5, y: 7 } }),
      { type: 'open', target: 'nowhere' },
    ]);
  });

  it('answers an action outside the contract with ok: false and never sends it', async () => {
    const test = createTestEnvironment();
    opened = await openExecutor(transport, test.environment);
    const result = await opened.remote.act(createHandle(), { type: 'click', at: { x: 5, y: 200_000 } });
    expect(result.ok).toBe(false);
    expect(result.error).toContain('at.y: must be within');
    expect(test.environment.performed).toEqual([]);
  });

  it('runs shell commands when the environment has a shell, and cuts an output flood with a note', async () => {
    const test = createTestEnvironment({ shell: true });
    opened = await openExecutor(transport, test.environment);
    expect(opened.remote.shell).toBeDefined();
    const result = await opened.remote.shell!(createHandle(), 'echo hi', { timeoutMs: 5000 });
    expect(result).toEqual({
      exitCode: 0,
      stdout: 'ran: echo hi within 5000',
      stderr: '',
      timedOut: false,
      durationMs: 3,
    });
    const flood = await opened.remote.shell!(createHandle(), 'flood', { timeoutMs: 5000 });
    expect(flood.stdout.length).toBeLessThanOrEqual(250_000);
    expect(flood.stdout).toMatch(/\[sandpiper: \d+ more characters cut by the executor connection\]\n$/);
  });

  it('offers no shell when the environment has none', async () => {
    opened = await openExecutor(transport, createTestEnvironment().environment);
    expect(opened.remote.shell).toBeUndefined();
  });

  it('streams live frames until the view is stopped', async () => {
    const test = createTestEnvironment();
    opened = await openExecutor(transport, test.environment);
    const frames: LiveFrame[] = [];
    const view = await opened.remote.watch!({ maxWidth: 640, quality: 60 }, (frame) => frames.push(frame));
    await until(() => frames.length >= 3);
    expect(Buffer.from(frames[0]!.jpeg).equals(Buffer.from(FRAME))).toBe(true);
    expect(frames[0]!.screen).toEqual({ width: 1280, height: 800 });
    await view.stop();
    const count = frames.length;
    expect(test.views).toEqual({ started: 1, stopped: 1, running: 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(frames.length).toBe(count);
  });

  it('follows a change of the environment info that an action caused', async () => {
    const test = createTestEnvironment();
    opened = await openExecutor(transport, test.environment);
    test.resize(1024, 768);
    await opened.remote.act(createHandle(), { type: 'wait', ms: 0 });
    expect(opened.remote.info.screen).toEqual({ width: 1024, height: 768 });
  });

  it('passes on an environment failure with its kind and message', async () => {
    const test = createTestEnvironment();
    const failing = {
      ...test.environment,
      info: test.environment.info,
      observe: () => Promise.reject(new Error('display gone')),
    };
    opened = await openExecutor(transport, failing);
    const error: unknown = await opened.remote.observe(createHandle()).catch((caught: unknown) => caught);
    expect(RemoteEnvironmentError.isInstance(error)).toBe(true);
    expect((error as RemoteEnvironmentError).kind).toBe('invariant');
    expect((error as Error).message).toBe('The executor answered: display gone');
  });
});
