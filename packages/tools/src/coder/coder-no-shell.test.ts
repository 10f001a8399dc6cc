import { createHandle } from '@sandpiper/core';
import { ContractError } from '@sandpiper/protocol';
import { createScriptedEnvironment } from '@sandpiper/testing';
import { describe, expect, it } from 'vitest';
import { createCoder } from './coder.js';

describe('an environment without a shell', () => {
  it('gets a plain refusal that names the environment, and nothing is counted', async () => {
    const environment = createScriptedEnvironment();
    const coder = createCoder({ maxCommands: 1 });
    const outcome = await coder.run(createHandle(), 'ls', environment);
    expect(outcome).toEqual({
      ok: false,
      output: '',
      error:
        'this environment offers no shell; the browser environment (scripted environment) cannot run commands, ' +
        'so carry on with GUI actions',
      durationMs: 0,
    });
    expect(coder.commandsRun).toBe(0);
    expect(environment.performed).toEqual([]);
  });

  it('is the only way to run anything: invalid limits are refused when the coder is made', () => {
    expect(() => createCoder({ maxCommands: 0 })).toThrow(ContractError);
    expect(() => createCoder({ timeoutMs: 1.5 })).toThrow(/timeoutMs/);
    expect(() => createCoder({ maxOutputChars: 50_000 })).toThrow(/maxOutputChars/);
    expect(createCoder().limits).toEqual({ maxCommands: 10, timeoutMs: 30_000, maxOutputChars: 4000 });
  });
});
