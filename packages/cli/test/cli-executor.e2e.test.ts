import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const BIN = path.resolve(import.meta.dirname, '../../../bin/sandpiper.js');
const TOKEN = 'executor-test-token-0123456789abcdef';
const TASK =
  "type 'Dana Whitfield' into the 'Employee name' field, type 'dana.whitfield@example.com' into the 'Email' field, " +
  "select 'Finance' from the 'Department' dropdown, type '03/14/2026' into the 'Trip date' field, click 'Next'";

/** Every file under `directory`, as text. */
function allText(directory: string): string {
  return readdirSync(directory)
    .map((name) => path.join(directory, name))
    .map((file) => (statSync(file).isDirectory() ? allText(file) : readFileSync(file).toString('latin1')))
    .join('\n');
}

describe('sandpiper executor and run --executor', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sandpiper-cli-executor-'));
  let executor: ChildProcess;
  let executorOut = '';
  let url = '';

  beforeAll(async () => {
    executor = spawn(
      process.execPath,
      [BIN, 'executor', '--listen', '--scenario', 'expense-report', '--port', '0', '--data-dir', dataDir],
      { env: { ...process.env, SANDPIPER_EXECUTOR_TOKEN: TOKEN }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    url = await new Promise<string>((resolve, reject) => {
      executor.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        executorOut += chunk;
        const found = /Sandpiper executor on (ws:\/\/\S+)/.exec(executorOut);
        if (found && executorOut.includes('Press Ctrl+C to stop.')) resolve(found[1]!);
      });
      executor.on('exit', (code) => reject(new Error(`executor exited with ${code}: ${executorOut}`)));
    });
  });

  afterAll(() => {
    if (executor.exitCode === null) executor.kill('SIGKILL');
  });

  it('serves on loopback and never prints a token it was given', () => {
    expect(url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/executor$/);
    expect(executorOut).toContain('Token: the one in SANDPIPER_EXECUTOR_TOKEN');
    expect(executorOut).not.toContain(TOKEN);
  });

  it('refuses a run with the wrong token, saying so, and leaves the executor serving', async () => {
    const result = await runCli(['run', TASK, '--executor', url, '--yes', '--data-dir', dataDir], {
      env: { SANDPIPER_EXECUTOR_TOKEN: 'not-the-token-0123456789' },
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/token/i);
    expect(executor.exitCode).toBeNull();
  });

  it('runs a task on the served environment exactly as on a local one, and stores no token', async () => {
    const result = await runCli(['run', TASK, '--executor', url, '--yes', '--data-dir', dataDir], {
      env: { SANDPIPER_EXECUTOR_TOKEN: TOKEN },
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`, through the executor at ${url}`);
    expect(result.stdout).toContain('Result: succeeded');
    expect(result.code).toBe(0);
    expect(allText(dataDir)).not.toContain(TOKEN);
  });

  it('stops cleanly on Ctrl+C', async () => {
    const exited = new Promise<number | null>((resolve) => executor.on('exit', (code) => resolve(code)));
    executor.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(executorOut).toContain('Stopping the executor.');
  });

  it('explains what is missing when run without a token or with a bad address', async () => {
    const noToken = await runCli(['run', TASK, '--executor', url, '--yes', '--data-dir', dataDir], {
      env: { SANDPIPER_EXECUTOR_TOKEN: '' },
    });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('SANDPIPER_EXECUTOR_TOKEN');
    const badAddress = await runCli(['run', TASK, '--executor', 'http://127.0.0.1:1/', '--data-dir', dataDir]);
    expect(badAddress.code).toBe(2);
    expect(badAddress.stderr).toContain('--executor must be a ws:// or wss:// address');
  });
});
