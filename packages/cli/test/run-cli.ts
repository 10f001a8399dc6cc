import { spawn } from 'node:child_process';
import path from 'node:path';

const BIN = path.resolve(import.meta.dirname, '../../../bin/sandpiper.js');

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Run the real `sandpiper` executable in a child process, as a user would. */
export function runCli(
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; onStdout?: (chunk: string, kill: () => void) => void } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? process.cwd(),
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      options.onStdout?.(chunk, () => child.kill('SIGKILL'));
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Run the CLI's `main` in this process, with the working directory and environment variables
 * set for the call and restored after. Much faster than a child process (no TypeScript loading per
 * call), for checks of what the CLI says and returns; `runCli` stays the test of the executable.
 * Variables set to undefined are removed for the call.
 */
export async function runCliInProcess(
  args: readonly string[],
  options: { cwd?: string; env?: Readonly<Record<string, string | undefined>> } = {},
): Promise<CliResult> {
  const { main } = await import('../src/main.js');
  let stdout = '';
  let stderr = '';
  const line = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);
  const previousCwd = process.cwd();
  const previousEnv = new Map(Object.keys(options.env ?? {}).map((name) => [name, process.env[name]]));
  const setEnv = (name: string, value: string | undefined) => {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  };
  for (const [name, value] of Object.entries(options.env ?? {})) setEnv(name, value);
  if (options.cwd) process.chdir(options.cwd);
  try {
    const code = await main(args, {
      out: (text) => (stdout += line(text)),
      error: (text) => (stderr += line(text)),
      interactive: false,
    });
    return { code, stdout, stderr };
  } finally {
    process.chdir(previousCwd);
    for (const [name, value] of previousEnv) setEnv(name, value);
  }
}
