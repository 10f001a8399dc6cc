import type { Handle } from '@sandpiper/core';
import type { ProgramLauncher } from './launcher.js';
import { exited } from './processes.js';
import { pollUntil } from './waiting.js';
import type { DesktopWindow, WindowManagerClient } from './windows.js';

const POLL_INTERVAL_MS = 100;

/** What launching a program did. */
export type OpenOutcome =
  | {
      readonly ok: true;
      /** Process id of the started program (the leader of its process group). */
      readonly pid: number;
      /**
       * The first new window that appeared; absent when none did within the open timeout while the
       * program kept running (a slow start), or when it handed the file to an instance already open.
       */
      readonly window?: DesktopWindow;
    }
  | { readonly ok: false; readonly error: string };

/**
 * Start `argv` through the launcher and wait for a window that was not there before, the
 * program's exit, or the open timeout, whichever comes first. A program that exits with a
 * failure before showing a window is `{ ok: false }` with the last line it wrote to stderr.
 */
export async function openProgram(
  handle: Handle,
  parts: { readonly launcher: ProgramLauncher; readonly windows: WindowManagerClient; readonly openTimeoutMs: number },
  argv: readonly [string, ...string[]],
): Promise<OpenOutcome> {
  const before = new Set((await parts.windows.list()).map((window) => window.id));
  const launched = await parts.launcher.launch(argv);
  if (!launched.ok) return launched;
  const { program } = launched;
  let failure: string | undefined;
  void exited(program.child).then(() => {
    const { exitCode, signalCode } = program.child;
    if (exitCode !== 0) failure = exitCode === null ? `killed by ${signalCode}` : `exit code ${exitCode}`;
  });
  const window = await pollUntil(
    handle,
    async (): Promise<DesktopWindow | false | undefined> => {
      const fresh = (await parts.windows.list()).find((candidate) => !before.has(candidate.id));
      if (fresh !== undefined) return fresh;
      // Exited with a failure and no window: nothing more will come.
      if (failure !== undefined) return false;
      return undefined;
    },
    { timeoutMs: parts.openTimeoutMs, intervalMs: POLL_INTERVAL_MS },
  );
  if (window === false) {
    const reason = program.stderr.lastLine() || failure;
    return { ok: false, error: `'${argv.join(' ')}' stopped before showing a window: ${reason}` };
  }
  return { ok: true, pid: program.pid, ...(window === undefined ? {} : { window }) };
}
