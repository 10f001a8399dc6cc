import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repositoryRoot = resolve(here, '../../../..');

/** Start `append-loop.ts` in a separate Node process (see that file for the arguments). */
export function spawnAppender(args: readonly string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', join(here, 'append-loop.ts'), ...args], {
    cwd: repositoryRoot,
    stdio: 'pipe',
  });
}

/** Resolves with the exit code (or signal) once the child has exited and its output is drained; collects stderr for failures. */
export function waitForExit(
  child: ChildProcessWithoutNullStreams,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolvePromise, reject) => {
    child.once('error', reject);
    child.once('close', (code: number | null, signal: NodeJS.Signals | null) =>
      resolvePromise({ code, signal, stderr }),
    );
  });
}

/** Calls `onLine` with every complete stdout line of the child. */
export function onStdoutLine(child: ChildProcessWithoutNullStreams, onLine: (line: string) => void): void {
  let buffered = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
}
