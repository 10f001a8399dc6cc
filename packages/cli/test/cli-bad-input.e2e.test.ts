import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess as runCli } from './run-cli.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'sandpiper-cli-'));

describe('the CLI rejects bad input with one clear line and a non-zero exit', () => {
  it('names an unknown flag', async () => {
    const result = await runCli(['run', '--scenario', 'expense-report', '--frobnicate']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Unknown option '--frobnicate'/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('lists the valid scenarios when the name is wrong', async () => {
    const result = await runCli(['run', '--scenario', 'nope', '--data-dir', dataDir()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('there is no scenario "nope"');
    expect(result.stderr).toContain('expense-report');
  });

  it('asks for exactly one place to act', async () => {
    const none = await runCli(['run', 'click the OK button']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--scenario <name>, --url <url>, --cdp <endpoint> or --executor <ws-url>');
    const two = await runCli(['run', 'x', '--url', 'http://127.0.0.1:9/', '--scenario', 'expense-report']);
    expect(two.stderr).toContain('choose one of');
  });

  it('rejects a malformed URL and a non-numeric budget', async () => {
    expect((await runCli(['run', 'x', '--url', 'ftp:/nope'])).stderr).toContain('--url must be an http(s) address');
    const budget = await runCli(['run', '--scenario', 'expense-report', '--max-actions', 'many']);
    expect(budget.code).toBe(2);
    expect(budget.stderr).toContain('--max-actions must be a positive whole number');
  });

  it('reports an unreachable URL as an environment problem and stores nothing', async () => {
    const dir = dataDir();
    const result = await runCli([
      'run',
      "click the 'OK' button",
      '--url',
      'http://127.0.0.1:9/',
      '--yes',
      '--data-dir',
      dir,
    ]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('127.0.0.1:9');
    const runs = await runCli(['runs', '--json', '--data-dir', dir]);
    expect(JSON.parse(runs.stdout)).toEqual([]);
  });

  it('explains a corrupt database without touching it', async () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'sandpiper.db'), 'this is not a database'.repeat(100));
    const result = await runCli(['runs', '--data-dir', dir]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('sandpiper.db');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(readdirSync(dir)).toContain('sandpiper.db');
  });

  it('rejects an invalid configuration file naming the field', async () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'sandpiper.config.json'), JSON.stringify({ headed: 'yes' }));
    const result = await runCli(['runs'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('headed');
  });

  it('names the valid reflection methods and checks the completion settings of the configuration file', async () => {
    const flag = await runCli([
      'run',
      '--scenario',
      'expense-report',
      '--reflector',
      'psychic',
      '--data-dir',
      dataDir(),
    ]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--reflector must be one of evidence-first, one-shot, not "psychic"');
    const dir = dataDir();
    writeFileSync(path.join(dir, 'sandpiper.config.json'), JSON.stringify({ completion: { maxRejections: -1 } }));
    const config = await runCli(['runs'], { cwd: dir });
    expect(config.code).toBe(2);
    expect(config.stderr).toContain('completion.maxRejections');
  });

  it('names a malformed navigation policy in the configuration file', async () => {
    const dir = dataDir();
    writeFileSync(
      path.join(dir, 'sandpiper.config.json'),
      JSON.stringify({ navigation: { allowHosts: ['https://example.org/'] } }),
    );
    const result = await runCli(['runs'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('navigation.allowHosts');
    expect(result.stderr).toContain('without a scheme, port or path');
  });

  it('says so when a run id matches nothing', async () => {
    const result = await runCli(['show', 'r-missing', '--data-dir', dataDir()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no run matches "r-missing"');
  });

  it('prints a stack trace only with --debug', async () => {
    const result = await runCli([
      'run',
      "click the 'OK' button",
      '--url',
      'http://127.0.0.1:9/',
      '--yes',
      '--debug',
      '--data-dir',
      dataDir(),
    ]);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/\n\s+at /);
  });
});
