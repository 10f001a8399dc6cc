import { spawn } from 'node:child_process';
import path from 'node:path';

/** The `sandpiper` command of this checkout, run as a person would run it. */
const BIN = path.join(import.meta.dirname, '..', '..', 'bin', 'sandpiper.js');

export interface CliResult {
  readonly args: readonly string[];
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly wallMs: number;
}

/**
 * The environment a run gets: this process's, without anything of Sandpiper's (data directory,
 * secrets, executor token) or any model key, plus the given variables.
 */
export function cleanEnvironment(extra: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith('SANDPIPER_') || name.endsWith('_API_KEY')) continue;
    env[name] = value;
  }
  return { ...env, ...extra };
}

/** Run `node bin/sandpiper.js <args>` in `cwd`, capturing both streams; killed after `timeoutMs`. */
export function runCli(
  args: readonly string[],
  options: { readonly cwd: string; readonly env: NodeJS.ProcessEnv; readonly timeoutMs: number },
): Promise<CliResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({
        args,
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        wallMs: Math.round(performance.now() - started),
      });
    });
  });
}
