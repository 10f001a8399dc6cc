import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHandle } from '@sandpiper/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createShellEnvironment } from '../../test/shell-environment.js';
import { createCoder } from './coder.js';

describe('long command output', () => {
  const scratch: string[] = [];
  afterEach(() => {
    for (const directory of scratch.splice(0)) rmSync(directory, { recursive: true, force: true });
  });

  it('keeps the start and the end of each stream and marks how much was cut', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'coder-'));
    scratch.push(directory);
    const coder = createCoder({ maxOutputChars: 200 });
    // 5,000 numbered lines on stdout (28,893 characters) and 3,000 on stderr.
    const outcome = await coder.run(createHandle(), 'seq 1 5000; seq 1 3000 >&2', createShellEnvironment(directory));
    expect(outcome.ok).toBe(true);
    const stdoutLength = Array.from({ length: 5000 }, (_, index) => `${index + 1}\n`).join('').length;
    expect(outcome.output).toContain(
      `Stdout (${stdoutLength} characters, truncated to the first and last 200 in total):\n1\n2\n3\n`,
    );
    expect(outcome.output).toContain(`[… ${stdoutLength - 1 - 200} characters cut …]`);
    expect(outcome.output).toMatch(/\n4999\n5000\nStderr/);
    expect(outcome.output).toMatch(/\n2999\n3000\nCommands left/);
    expect(outcome.output.length).toBeLessThan(1000);
  });
});
