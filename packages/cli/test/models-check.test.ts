import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess as runCli } from './run-cli.js';
import { startModelServer, type ModelServer } from '@sandpiper/testing';

/** No key from the machine running the tests may leak into what is checked. */
const NO_KEYS = {
  ANTHROPIC_API_KEY: undefined,
  OPENAI_API_KEY: undefined,
  SANDPIPER_OPENAI_COMPATIBLE_API_KEY: undefined,
};

function directoryWith(config: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandpiper-models-check-'));
  writeFileSync(path.join(dir, 'sandpiper.config.json'), JSON.stringify(config));
  return dir;
}

describe('sandpiper models check', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer();
  });
  afterAll(() => server.close());

  it('says the built-in engine runs, exit 0, when no model is configured', async () => {
    const result = await runCli(['models', 'check'], { cwd: directoryWith({}), env: NO_KEYS });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('built-in rules engine, offline');
  });

  it('names the missing key variable and exits 1, and is usable once the key is set, never printing it', async () => {
    const missing = await runCli(['models', 'check', '--model', 'anthropic:claude-sonnet-4-5'], { env: NO_KEYS });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('ANTHROPIC_API_KEY is not set');
    expect(missing.stdout).toMatch(
      /planner\s+anthropic:claude-sonnet-4-5\s+--model\s+claude-computer-use-2025-01, pixels/,
    );
    expect(missing.stdout).toMatch(
      /operator\s+anthropic:claude-sonnet-4-5\s+--model\s+.*acts through computer_20250124/,
    );

    const key = 'sk-ant-test-0123456789abcdef';
    const usable = await runCli(['models', 'check', '--model', 'anthropic:claude-sonnet-4-5'], {
      env: { ...NO_KEYS, ANTHROPIC_API_KEY: key },
    });
    expect(usable.code).toBe(0);
    expect(usable.stdout).toContain('ANTHROPIC_API_KEY set');
    expect(usable.stdout).toContain('$3 / $15');
    expect(usable.stdout).toContain('Usable');
    expect(usable.stdout + usable.stderr).not.toContain(key);
  });

  it('checks each role of a configuration, naming only the role that is wrong, without a network call', async () => {
    const cwd = directoryWith({
      models: {
        default: `openai-compatible:qwen2.5-vl@${server.baseURL}`,
        grounder: `openai-compatible:ui-tars-1.5-7b@${server.baseURL}`,
        judge: 'mystery:oracle-1',
      },
    });
    const result = await runCli(['models', 'check'], { cwd, env: NO_KEYS });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /grounder\s+openai-compatible:ui-tars-1\.5-7b@\S+\s+models\.grounder\s+ui-tars-1\.5, pixels/,
    );
    expect(result.stdout).toMatch(
      /planner\s+openai-compatible:qwen2\.5-vl@\S+\s+models\.default\s+qwen2\.5-vl, pixels/,
    );
    expect(result.stdout).toContain('- judge (mystery:oracle-1): unknown provider "mystery"');
    expect(result.stdout).not.toMatch(/- (planner|operator|grounder)[ ,(]/);
    expect(server.requests).toEqual([]);
  });

  it('lists the fallback model as its own row, with its own problems', async () => {
    const cwd = directoryWith({
      models: { default: `openai-compatible:qwen2.5-vl@${server.baseURL}`, fallback: 'anthropic:claude-sonnet-4-6' },
    });
    const result = await runCli(['models', 'check'], { cwd, env: NO_KEYS });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /fallback\s+anthropic:claude-sonnet-4-6\s+models\.fallback\s+claude-computer-use-2025-11, pixels, acts through computer_20251124/,
    );
    expect(result.stdout).toContain('- fallback (anthropic:claude-sonnet-4-6): ANTHROPIC_API_KEY is not set');
    expect(result.stdout).not.toMatch(/- (planner|operator|every role)[ ,(]/);
    expect(server.requests).toEqual([]);
  });

  it('lets --model replace models.default while per-role entries stay', async () => {
    const cwd = directoryWith({ models: { default: 'openai:gpt-4.1', critic: 'openai:gpt-4.1-mini' } });
    const result = await runCli(
      ['models', 'check', '--model', `openai-compatible:qwen2.5-vl@${server.baseURL}`, '--json'],
      {
        cwd,
        env: NO_KEYS,
      },
    );
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as {
      usable: boolean;
      roles: { role: string; source: string; problems: string[] }[];
    };
    expect(report.usable).toBe(false);
    const planner = report.roles.find((role) => role.role === 'planner')!;
    const critic = report.roles.find((role) => role.role === 'critic')!;
    expect(planner).toMatchObject({ source: '--model', problems: [] });
    expect(critic.source).toBe('models.critic');
    expect(critic.problems.join(' ')).toContain('OPENAI_API_KEY is not set');
  });

  it('refuses per-role models without a default, and a price file that cannot be read', async () => {
    const noDefault = await runCli(['models', 'check'], {
      cwd: directoryWith({ models: { planner: 'openai:gpt-4.1' } }),
      env: NO_KEYS,
    });
    expect(noDefault.code).toBe(1);
    expect(noDefault.stdout).toContain('models.planner is set but the other roles have no model');

    const badPrices = await runCli(['models', 'check'], {
      cwd: directoryWith({ models: { default: `openai-compatible:m@${server.baseURL}`, prices: 'missing.json' } }),
      env: NO_KEYS,
    });
    expect(badPrices.code).toBe(1);
    expect(badPrices.stdout).toContain('models.prices: cannot read price table');
  });
});
