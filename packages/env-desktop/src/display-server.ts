import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { CancelledError, type Handle } from '@sandpiper/core';
import { DesktopEnvironmentError } from './errors.js';
import { childEnvironment, findExecutable, killAtExit, OutputTail, stopProcess } from './processes.js';
import { raceHandle } from './waiting.js';

const XVFB_START_TIMEOUT_MS = 15_000;

/** An X server this package started, with the window manager it runs. */
export interface StartedDisplay {
  /** The display name, such as `:3`. */
  readonly display: string;
  /** Stop the window manager, then the X server. Idempotent. */
  stop(): Promise<void>;
  /** Register the window manager once it has been started on this display. */
  adoptWindowManager(child: ChildProcess): void;
}

/**
 * Start `Xvfb` on a free display number at the given size, depth 24. The server picks the number
 * itself (`-displayfd`), so two environments started at once never race for the same one; it
 * listens on its local socket only (`-nolisten tcp`) and does not reset when its last client
 * disconnects, which would drop window properties between two programs.
 */
export async function startXvfb(
  handle: Handle,
  screen: { readonly width: number; readonly height: number },
): Promise<StartedDisplay> {
  const executable = findExecutable('Xvfb');
  if (executable === undefined) {
    throw new DesktopEnvironmentError(
      'missing-program',
      'Xvfb is not installed; run `npm run setup` or `apt-get install xvfb`.',
    );
  }
  const output = new OutputTail();
  const child = spawn(
    executable,
    ['-displayfd', '3', '-nolisten', 'tcp', '-noreset', '-screen', '0', `${screen.width}x${screen.height}x24`],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'], env: childEnvironment({}) },
  );
  killAtExit(child);
  child.stderr?.on('data', (chunk: Buffer) => output.append(chunk));
  const number = await raceHandle(handle, readDisplayNumber(child, output), XVFB_START_TIMEOUT_MS, () => {
    throw new Error(`Xvfb did not report a display within ${XVFB_START_TIMEOUT_MS} ms`);
  }).catch(async (error: unknown) => {
    await stopProcess(child);
    throw error instanceof DesktopEnvironmentError ? error : wrapStartError(error, output);
  });
  const display = `:${number}`;
  let windowManager: ChildProcess | undefined;
  let stopping: Promise<void> | undefined;
  return {
    display,
    adoptWindowManager(manager) {
      windowManager = manager;
    },
    stop() {
      stopping ??= (async () => {
        if (windowManager !== undefined) await stopProcess(windowManager);
        await stopProcess(child);
      })();
      return stopping;
    },
  };
}

function readDisplayNumber(child: ChildProcess, output: OutputTail): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let text = '';
    const channel = child.stdio[3] as Readable | null;
    channel?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /^(\d+)\n/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      const detail = output.lastLine() || `exit ${code ?? signal ?? 'unknown'}`;
      reject(new DesktopEnvironmentError('display-start', `Xvfb stopped before the display was ready: ${detail}`));
    });
  });
}

function wrapStartError(error: unknown, output: OutputTail): unknown {
  if (CancelledError.isInstance(error)) return error;
  const detail = error instanceof Error ? error.message : String(error);
  const tail = output.lastLine();
  return new DesktopEnvironmentError('display-start', `Xvfb did not start: ${detail}${tail ? ` (${tail})` : ''}`, {
    cause: error,
    retryable: true,
  });
}

/**
 * Start openbox on `display` with the configuration at `configFile`. Readiness (the EWMH check
 * window) is confirmed by the caller over its own X connection.
 */
export function startOpenbox(display: string, home: string, configFile: string): ChildProcess {
  const executable = findExecutable('openbox');
  if (executable === undefined) {
    throw new DesktopEnvironmentError(
      'missing-program',
      'openbox is not installed; run `npm run setup` or `apt-get install openbox`, or pass `windowManager: false`.',
    );
  }
  const child = spawn(executable, ['--sm-disable', '--config-file', configFile], {
    stdio: 'ignore',
    detached: true,
    env: childEnvironment({ DISPLAY: display, HOME: home }),
  });
  killAtExit(child);
  return child;
}
