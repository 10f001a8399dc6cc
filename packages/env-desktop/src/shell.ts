import { spawn } from 'node:child_process';
import type { Handle, ShellResult } from '@sandpiper/core';
import { stopProcess } from './processes.js';
import { cancellationOf, remainingMs } from './waiting.js';

/** Output kept from each stream of a command; the rest is dropped with a note, so a chatty command cannot exhaust memory. */
const MAX_OUTPUT_CHARS = 200_000;
/** Time a command gets between SIGTERM and SIGKILL of its process group. */
const KILL_GRACE_MS = 1_000;

/** Where commands run and with which variables. */
export interface ShellContext {
  /** Working directory of every command. */
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}

/**
 * Run `command` with `/bin/sh -c` in its own process group. On timeout (the smaller of
 * `timeoutMs` and the handle's deadline) the whole group is killed and the result says
 * `timedOut`; when the handle aborts the group is killed and the call rejects with CancelledError.
 */
export async function runShellCommand(
  handle: Handle,
  context: ShellContext,
  command: string,
  options: { readonly timeoutMs: number },
): Promise<ShellResult> {
  if (handle.signal.aborted) throw cancellationOf(handle);
  const started = performance.now();
  const child = spawn('/bin/sh', ['-c', command], {
    cwd: context.cwd,
    env: context.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout = new BoundedText();
  const stderr = new BoundedText();
  child.stdout.on('data', (chunk: Buffer) => stdout.append(chunk));
  child.stderr.on('data', (chunk: Buffer) => stderr.append(chunk));

  let timedOut = false;
  let cancelled = false;
  const closed = new Promise<{ code: number | null; error?: Error }>((resolve) => {
    child.once('error', (error) => resolve({ code: null, error }));
    // 'close' rather than 'exit': the streams are drained, so no output is lost.
    child.once('close', (code) => resolve({ code }));
  });
  const kill = (): void => void stopProcess(child, KILL_GRACE_MS);
  const timer = setTimeout(
    () => {
      timedOut = true;
      kill();
    },
    remainingMs(handle, options.timeoutMs),
  );
  const onAbort = (): void => {
    cancelled = true;
    kill();
  };
  handle.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const { code, error } = await closed;
    if (cancelled) throw cancellationOf(handle);
    if (error !== undefined) stderr.append(`sandpiper: could not run /bin/sh: ${error.message}\n`);
    return {
      exitCode: timedOut ? null : code,
      stdout: stdout.toString(),
      stderr: stderr.toString(),
      timedOut,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    };
  } finally {
    clearTimeout(timer);
    handle.signal.removeEventListener('abort', onAbort);
  }
}

class BoundedText {
  private text = '';
  private dropped = 0;

  append(chunk: Buffer | string): void {
    const piece = chunk.toString();
    const room = MAX_OUTPUT_CHARS - this.text.length;
    if (room > 0) this.text += piece.slice(0, room);
    this.dropped += Math.max(0, piece.length - Math.max(0, room));
  }

  toString(): string {
    return this.dropped === 0 ? this.text : `${this.text}\n[${this.dropped} more characters dropped]`;
  }
}
