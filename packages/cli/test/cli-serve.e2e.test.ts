import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const BIN = path.resolve(import.meta.dirname, '../../../bin/sandpiper.js');

describe('sandpiper serve', () => {
  it('prints its address and token, answers only with the token, and stops cleanly on Ctrl+C', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sandpiper-serve-'));
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data-dir', dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const started = new Promise<{ url: string; token: string }>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        const url = /server on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1];
        const token = /Token: (\S+)/.exec(stdout)?.[1];
        if (url && token) resolve({ url, token });
      });
      child.on('close', () => reject(new Error(`serve exited early:\n${stdout}`)));
    });
    try {
      const { url, token } = await started;
      expect((await fetch(`${url}/api/runs`)).status).toBe(401);
      const listed = await fetch(`${url}/api/runs`, { headers: { authorization: `Bearer ${token}` } });
      expect(listed.status).toBe(200);
      expect(await listed.json()).toMatchObject({ runs: [] });
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
    expect(stdout).toContain('Stopping');
    expect(stdout).toContain(`Open the web UI: `);
    expect(stdout).toMatch(/#token=\S+/);
  });

  it('refuses a model configuration that cannot work, before it listens', async () => {
    const result = await runCli(['serve', '--port', '0', '--model', 'anthropic:claude-sonnet-4-5'], {
      env: { ANTHROPIC_API_KEY: '' },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('ANTHROPIC_API_KEY');
  });

  it('rejects a port that is not a port', async () => {
    const result = await runCli(['serve', '--port', 'eighty']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--port must be a whole number from 0 to 65535');
  });
});
