import type { ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/**
 * Variables a launched program or shell command inherits from this process. Everything else (API
 * keys, tokens, the runner's own settings) stays out of programs the agent starts. XAUTHORITY is
 * kept because a program cannot open a display that requires its cookie without it.
 */
const INHERITED_VARIABLES = [
  'PATH',
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'USER',
  'LOGNAME',
  'TERM',
  'XAUTHORITY',
];

/** A minimal environment for child processes: the inherited basics plus `extra`. */
export function childEnvironment(extra: Readonly<Record<string, string | undefined>>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of INHERITED_VARIABLES) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  env['PATH'] ??= '/usr/local/bin:/usr/bin:/bin';
  env['LANG'] ??= 'C.UTF-8';
  for (const [name, value] of Object.entries(extra)) if (value !== undefined) env[name] = value;
  return env;
}

/** The absolute path of an executable found on PATH (or `name` itself when absolute), or undefined. */
export function findExecutable(name: string, searchPath = process.env['PATH'] ?? '/usr/bin:/bin'): string | undefined {
  const candidates = isAbsolute(name) ? [name] : searchPath.split(delimiter).map((folder) => join(folder, name));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here; try the next folder.
    }
  }
  return undefined;
}

/**
 * Children killed when this process exits without closing its environments (an uncaught error,
 * a test runner ending a worker): an orphaned Xvfb or LibreOffice would otherwise run on.
 * Process-wide by nature, since exit is; {@link stopProcess} takes a child off it.
 */
const killedAtExit = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Kill `child` (and its process group, if it leads one) should this process exit first. */
export function killAtExit(child: ChildProcess): void {
  killedAtExit.add(child);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const orphan of killedAtExit) {
      if (orphan.pid === undefined) continue;
      try {
        process.kill(-orphan.pid, 'SIGKILL');
      } catch {
        orphan.kill('SIGKILL');
      }
    }
  });
}

/** Resolve once the child has exited (immediately when it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
}

/**
 * Stop a child and, when it leads its own process group (spawned `detached`), everything it
 * started: SIGTERM first, SIGKILL after `graceMs`. Resolves once the child itself has exited.
 */
export async function stopProcess(child: ChildProcess, graceMs = 2_000): Promise<void> {
  killedAtExit.delete(child);
  if (child.pid === undefined) return;
  const pid = child.pid;
  const signalGroup = (signal: NodeJS.Signals): void => {
    try {
      process.kill(-pid, signal);
    } catch {
      try {
        child.kill(signal);
      } catch {
        // Already gone.
      }
    }
  };
  const done = exited(child);
  if (child.exitCode === null && child.signalCode === null) signalGroup('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const forced = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      signalGroup('SIGKILL');
      resolve();
    }, graceMs);
  });
  await Promise.race([done, forced]);
  clearTimeout(timer);
  await done;
  // Grandchildren that outlived the leader (LibreOffice's soffice.bin under oosplash) share the group.
  signalGroup('SIGKILL');
}

/** Keep the last `limit` characters of a stream, for error messages about a process that failed. */
export class OutputTail {
  private text = '';

  constructor(private readonly limit = 4_000) {}

  append(chunk: Buffer | string): void {
    this.text = (this.text + chunk.toString()).slice(-this.limit);
  }

  /** The last non-empty line, trimmed; empty when nothing was written. */
  lastLine(): string {
    const lines = this.text.split('\n').map((line) => line.trim());
    return lines.filter((line) => line.length > 0).at(-1) ?? '';
  }

  toString(): string {
    return this.text;
  }
}
