import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { CancelledError, type Environment, type Handle, type ShellResult } from '@sandpiper/core';
import { actionTypes } from '@sandpiper/protocol';

/** A valid 1×1 white PNG: the tools never look at the screen, but the loop stores one. */
const WHITE_PIXEL_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC'),
  (char) => char.charCodeAt(0),
);

/**
 * A desktop-like environment for the coder's tests whose shell is real: `bash -c` in `cwd`, in
 * its own process group so that a timeout kills the command and everything it started. The
 * screen is a blank pixel and GUI actions succeed without doing anything.
 */
export function createShellEnvironment(cwd: string): Environment & { readonly commands: string[] } {
  const commands: string[] = [];
  return {
    info: {
      kind: 'desktop',
      description: 'bash in a temporary directory (test)',
      screen: { width: 1280, height: 800 },
      devicePixelRatio: 1,
      coordinateSpace: 'screen-logical-pixels',
      actionSpace: [...actionTypes],
      accessibility: false,
      shell: true,
    },
    commands,
    async observe() {
      return { png: WHITE_PIXEL_PNG, width: 1, height: 1, title: 'test desktop' };
    },
    async act() {
      return { ok: true, durationMs: 0 };
    },
    shell(handle, command, options) {
      commands.push(command);
      return runBash(handle, command, cwd, options.timeoutMs);
    },
    async close() {},
  };
}

function runBash(handle: Handle, command: string, cwd: string, timeoutMs: number): Promise<ShellResult> {
  if (handle.signal.aborted) return Promise.reject(new CancelledError());
  const started = performance.now();
  const child = spawn('bash', ['-c', command], { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  let timedOut = false;
  // The whole group, not only bash: a `sleep` it started would otherwise keep the pipes open.
  const killGroup = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone: nothing left to stop.
    }
  };
  return new Promise<ShellResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    const onAbort = () => {
      killGroup();
      reject(new CancelledError());
    };
    handle.signal.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      handle.signal.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      handle.signal.removeEventListener('abort', onAbort);
      resolve({
        exitCode: timedOut ? null : code,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        timedOut,
        durationMs: performance.now() - started,
      });
    });
  });
}
