import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHandle } from '@sandpiper/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createShellEnvironment } from '../../test/shell-environment.js';
import { createCoder } from './coder.js';

describe('the coder runs commands through the environment shell and reports them', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'coder-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('reports a successful command with its exit code and both streams', async () => {
    const environment = createShellEnvironment(directory);
    const coder = createCoder({ maxCommands: 3 });
    const outcome = await coder.run(
      createHandle(),
      "printf 'line one\\nline two\\n' > notes.txt && wc -l < notes.txt && echo warning >&2",
      environment,
    );
    expect(outcome.ok).toBe(true);
    expect(outcome.error).toBeUndefined();
    expect(readFileSync(join(directory, 'notes.txt'), 'utf8')).toBe('line one\nline two\n');
    expect(outcome.output).toMatch(/^Command: printf /);
    expect(outcome.output).toContain('Exit code: 0\nTimed out: no\n');
    expect(outcome.output).toContain('Stdout (2 characters):\n2\n');
    expect(outcome.output).toContain('Stderr (8 characters):\nwarning\n');
    expect(outcome.output).toMatch(/Commands left for this run: 2 of 3$/);
    expect(environment.commands).toHaveLength(1);
    expect(coder.commandsRun).toBe(1);
  });

  it('reports a failing command as not ok, with the exit code and its error output', async () => {
    const environment = createShellEnvironment(directory);
    const outcome = await createCoder().run(createHandle(), 'ls no-such-file; exit 3', environment);
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toBe('the command exited with code 3');
    expect(outcome.output).toContain('Exit code: 3');
    expect(outcome.output).toContain('Stdout: (empty)');
    expect(outcome.output).toMatch(/Stderr \(\d+ characters\):\nls: cannot access 'no-such-file'/);
  });

  it('runs nothing and throws CancelledError when the run is already cancelled', async () => {
    const environment = createShellEnvironment(directory);
    const controller = new AbortController();
    controller.abort();
    await expect(
      createCoder().run(createHandle({ signal: controller.signal }), 'touch x', environment),
    ).rejects.toMatchObject({ name: 'CancelledError' });
    expect(environment.commands).toEqual([]);
  });
});
