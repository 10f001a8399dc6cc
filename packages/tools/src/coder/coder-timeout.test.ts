import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHandle } from '@sandpiper/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createShellEnvironment } from '../../test/shell-environment.js';
import { createCoder } from './coder.js';

describe('a command that outlives its time limit', () => {
  const scratch: string[] = [];
  afterEach(() => {
    for (const directory of scratch.splice(0)) rmSync(directory, { recursive: true, force: true });
  });

  it('is stopped by the shell and reported as timed out, with what it printed before', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'coder-'));
    scratch.push(directory);
    const coder = createCoder({ timeoutMs: 300 });
    const outcome = await coder.run(
      createHandle(),
      'echo started; sleep 5; echo finished',
      createShellEnvironment(directory),
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toBe('the command did not finish within 300 ms and was stopped');
    expect(outcome.output).toContain('Exit code: none (the command was killed before it exited)');
    expect(outcome.output).toContain('Timed out: yes, stopped after the 300 ms limit');
    expect(outcome.output).toContain('Stdout (8 characters):\nstarted\nStderr: (empty)');
    expect(outcome.durationMs).toBeLessThan(5000);
  });
});
