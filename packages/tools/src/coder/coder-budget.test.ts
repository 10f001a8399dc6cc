import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHandle } from '@sandpiper/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createShellEnvironment } from '../../test/shell-environment.js';
import { createCoder } from './coder.js';

describe("the coder's command budget", () => {
  const scratch: string[] = [];
  afterEach(() => {
    for (const directory of scratch.splice(0)) rmSync(directory, { recursive: true, force: true });
  });

  it('counts failed commands too, and refuses once the run used it up, without running anything', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'coder-'));
    scratch.push(directory);
    const environment = createShellEnvironment(directory);
    const coder = createCoder({ maxCommands: 2 });
    const handle = createHandle();
    const first = await coder.run(handle, 'true', environment);
    const second = await coder.run(handle, 'false', environment);
    const third = await coder.run(handle, 'touch should-not-exist', environment);
    expect([first.ok, second.ok]).toEqual([true, false]);
    expect(first.output).toContain('Commands left for this run: 1 of 2');
    expect(second.output).toContain('Commands left for this run: 0 of 2');
    expect(third).toEqual({
      ok: false,
      output: '',
      error: "the coder's budget of 2 commands for this run is used up; carry on with GUI actions",
      durationMs: 0,
    });
    expect(environment.commands).toEqual(['true', 'false']);
    expect(coder.commandsRun).toBe(2);
  });
});
