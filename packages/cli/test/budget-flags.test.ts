import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess as runCli } from './run-cli.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'sandpiper-budgets-'));

describe('token and money budget flags are checked before anything starts', () => {
  it.each([
    ['--max-tokens', 'lots', '--max-tokens must be a positive whole number, got "lots"'],
    ['--max-tokens', '2.5', '--max-tokens must be a positive whole number, got "2.5"'],
    ['--max-tokens', '5000000000', '--max-tokens must be at most 1000000000'],
    ['--max-cost', 'free', '--max-cost must be a positive amount of US dollars such as 0.50'],
    ['--max-cost', '-1', '--max-cost must be a positive amount of US dollars such as 0.50'],
    ['--max-cost', '250000', '--max-cost must be at most 100000 dollars'],
  ])('%s %s is a usage error', async (flag, value, message) => {
    const dir = dataDir();
    const result = await runCli([
      'run',
      '--scenario',
      'expense-report',
      '--yes',
      `${flag}=${value}`,
      '--data-dir',
      dir,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    // Nothing was started: no database was even created.
    expect(readdirSync(dir)).toEqual([]);
  });

  it('checks the budgets of the configuration file, naming the field', async () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'sandpiper.config.json'), JSON.stringify({ budgets: { maxCostUsd: -2 } }));
    const result = await runCli(['run', '--scenario', 'expense-report', '--yes'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('budgets.maxCostUsd');
  });

  it('refuses to change the budgets of a run that already started', async () => {
    const result = await runCli(['resume', 'r-any', '--max-tokens', '1000', '--data-dir', dataDir()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--max-tokens cannot change a run that already started');
  });

  it('refuses a model configuration that cannot be used, before a browser starts', async () => {
    const dir = dataDir();
    const result = await runCli(
      ['run', '--scenario', 'expense-report', '--yes', '--model', 'openai:gpt-4.1', '--data-dir', dir],
      { env: { OPENAI_API_KEY: undefined } },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('the model configuration cannot be used: planner, operator');
    expect(result.stderr).toContain('OPENAI_API_KEY is not set');
    expect(readdirSync(dir)).toEqual([]);
  });
});
