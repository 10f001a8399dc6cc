import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CancelledError, createHandle } from '@sandpiper/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchDesktopEnvironment, type DesktopEnvironment } from '../src/index.js';
import { eventually, handle, isRunning } from './desktop-lab.js';

describe('shell commands on the desktop machine', () => {
  let env: DesktopEnvironment;
  let workingDirectory: string;

  beforeAll(async () => {
    workingDirectory = await mkdtemp(join(tmpdir(), 'sandpiper-shell-test-'));
    process.env['SANDPIPER_TEST_SECRET'] = 'must-not-leak';
    env = await launchDesktopEnvironment(handle, {
      shell: true,
      workingDirectory,
      accessibility: false,
      windowManager: false,
      env: { GREETING: 'hello' },
    });
  });

  afterAll(async () => {
    delete process.env['SANDPIPER_TEST_SECRET'];
    await env?.close();
    await rm(workingDirectory, { recursive: true, force: true });
  });

  it('is offered only when enabled', async () => {
    expect(env.info.shell).toBe(true);
    const without = await launchDesktopEnvironment(handle, { accessibility: false, windowManager: false });
    try {
      expect(without.info.shell).toBe(false);
      expect(without.shell).toBeUndefined();
    } finally {
      await without.close();
    }
  });

  it('runs in the session working directory with the display set and reports its output', async () => {
    const result = await env.shell!(handle, 'pwd; echo "$DISPLAY $GREETING"; echo oops >&2; exit 3', {
      timeoutMs: 10_000,
    });
    expect(result.stdout).toBe(`${workingDirectory}\n${env.display} hello\n`);
    expect(result.stderr).toBe('oops\n');
    expect(result.exitCode).toBe(3);
    expect(result.timedOut).toBe(false);
    expect(result.durationMs).toBeGreaterThan(0);
  });

  it('does not hand this process’s variables to commands', async () => {
    const result = await env.shell!(handle, 'echo "[$SANDPIPER_TEST_SECRET]"', { timeoutMs: 10_000 });
    expect(result.stdout).toBe('[]\n');
  });

  it('kills the whole process group when the command runs out of time', async () => {
    const result = await env.shell!(handle, 'sleep 60 & echo $! > child.pid; echo started; wait', { timeoutMs: 500 });
    expect(result).toMatchObject({ timedOut: true, exitCode: null, stdout: 'started\n' });
    const child = Number(await readFile(join(workingDirectory, 'child.pid'), 'utf8'));
    await eventually('the background child to be gone', () => (isRunning(child) ? undefined : true), 5_000);
  });

  it('kills the command and rejects with CancelledError when the handle aborts', async () => {
    const controller = new AbortController();
    const running = env.shell!(
      createHandle({ signal: controller.signal }),
      'echo $$ > abort-shell.pid; sleep 60 & echo $! > abort-child.pid; wait',
      { timeoutMs: 60_000 },
    );
    const pids = await eventually('both pid files', async () => {
      const read = async (name: string) => Number(await readFile(join(workingDirectory, name), 'utf8').catch(() => ''));
      const [shell, child] = [await read('abort-shell.pid'), await read('abort-child.pid')];
      return shell > 0 && child > 0 ? { shell, child } : undefined;
    });
    controller.abort('stop');
    const error: unknown = await running.catch((rejection: unknown) => rejection);
    expect(CancelledError.isInstance(error)).toBe(true);
    expect(isRunning(pids.shell)).toBe(false);
    await eventually('the background child to be gone', () => (isRunning(pids.child) ? undefined : true), 5_000);
  });

  it('keeps the deadline of the handle even when the timeout is longer', async () => {
    const result = await env.shell!(createHandle({ deadline: Date.now() + 300 }), 'sleep 30', { timeoutMs: 60_000 });
    expect(result.timedOut).toBe(true);
    expect(result.durationMs).toBeLessThan(20_000);
  });
});
