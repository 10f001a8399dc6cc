import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConfigFile } from '../src/index.js';
import { apiKeyValues, prepareEngine } from '../src/index.js';

const cwd = mkdtempSync(path.join(tmpdir(), 'sandpiper-engine-setup-'));
const LOCAL = 'openai-compatible:qwen2.5-vl@http://127.0.0.1:9/v1';

function setup(flag: string | undefined, config: ConfigFile, env: Record<string, string> = {}) {
  return prepareEngine({ flag, reflectorFlag: undefined, config, cwd, env });
}

describe('choosing the engine a run uses', () => {
  it('keeps the built-in rules engine without --model or models.default, and with --model builtin', async () => {
    expect((await setup(undefined, {})).kind).toBe('builtin');
    expect((await setup('builtin', { models: { default: LOCAL } })).kind).toBe('builtin');
  });

  it('puts every role on --model, with per-role entries of the configuration on top', async () => {
    const chosen = await setup(
      LOCAL,
      {
        models: { default: 'openai:gpt-4.1', judge: 'anthropic:claude-opus-4-5' },
      },
      { ANTHROPIC_API_KEY: 'sk-ant-test-key-0000' },
    );
    expect(chosen.kind).toBe('models');
    if (chosen.kind !== 'models') return;
    expect(chosen.roles.find((role) => role.role === 'operator')).toMatchObject({ text: LOCAL, source: '--model' });
    expect(chosen.roles.find((role) => role.role === 'judge')).toMatchObject({
      text: 'anthropic:claude-opus-4-5',
      source: 'models.judge',
    });
    // Building the engine makes no request: the clients only connect when a role calls them.
    const engine = chosen.create();
    expect(engine.name).toBe('openai-compatible:qwen2.5-vl (judge: anthropic:claude-opus-4-5)');
    expect(engine.loopJudge).toBeDefined();
  });

  it('puts the built-in engine in front of the model with --hybrid or models.hybrid, and needs a model for it', async () => {
    const flagged = await prepareEngine({
      flag: LOCAL,
      reflectorFlag: undefined,
      hybridFlag: true,
      config: {},
      cwd,
      env: {},
    });
    expect(flagged.label).toContain('hybrid');
    const engine = flagged.create();
    expect(engine.name).toBe('hybrid: built-in rules first, then openai-compatible:qwen2.5-vl');
    expect(engine.critic).toBeDefined();
    await engine.close?.();
    const configured = await setup(undefined, { models: { default: LOCAL, hybrid: true } });
    expect(configured.create().name).toMatch(/^hybrid: /);
    expect((await setup(undefined, { models: { default: LOCAL } })).create().name).not.toMatch(/hybrid/);
    await expect(
      prepareEngine({ flag: undefined, reflectorFlag: undefined, hybridFlag: true, config: {}, cwd, env: {} }),
    ).rejects.toThrow('--hybrid puts a model behind the built-in engine');
  });

  it('puts a models.fallback model behind every role, and checks it like the others', async () => {
    const chosen = await setup(LOCAL, { models: { fallback: 'openai-compatible:backup-vl@http://127.0.0.1:9/v1' } });
    expect(chosen.label).toBe(`Model: ${LOCAL} (fallback: openai-compatible:backup-vl@http://127.0.0.1:9/v1)`);
    expect(chosen.create().name).toBe('openai-compatible:qwen2.5-vl, falling back to openai-compatible:backup-vl');
    await expect(setup(LOCAL, { models: { fallback: 'openai:gpt-4.1' } })).rejects.toThrow(
      /fallback \(openai:gpt-4.1\): .*OPENAI_API_KEY is not set/,
    );
  });

  it('hides a password in a base URL from the roles it reports', async () => {
    const chosen = await setup('openai-compatible:m@http://user:hunter2-secret@127.0.0.1:9/v1', {});
    expect(chosen.kind === 'models' && chosen.roles[0]?.text).toBe('openai-compatible:m@http://***@127.0.0.1:9/v1');
  });

  it('refuses a configuration models check would call unusable, and --reflector on a model run', async () => {
    await expect(setup('openai:gpt-4.1', {})).rejects.toThrow(/OPENAI_API_KEY is not set/);
    await expect(setup(undefined, { models: { grounder: LOCAL } })).rejects.toThrow(
      'models.grounder is set but the other roles have no model',
    );
    await expect(prepareEngine({ flag: LOCAL, reflectorFlag: 'one-shot', config: {}, cwd, env: {} })).rejects.toThrow(
      '--reflector chooses a method of the built-in engine',
    );
  });

  it('reads a price file relative to the working directory, and names one it cannot read', async () => {
    writeFileSync(
      path.join(cwd, 'prices.json'),
      JSON.stringify({
        version: 1,
        models: [{ match: 'openai-compatible:*', inputPerMillionUsd: 1, outputPerMillionUsd: 2 }],
      }),
    );
    expect((await setup(LOCAL, { models: { prices: 'prices.json' } })).kind).toBe('models');
    await expect(setup(LOCAL, { models: { prices: 'absent.json' } })).rejects.toThrow(
      /models\.prices: cannot read price table .*absent\.json/,
    );
  });

  it('collects the keys present so the store can strip them, ignoring values too short to be keys', () => {
    expect(
      apiKeyValues({ ANTHROPIC_API_KEY: 'sk-ant-abcdefgh', OPENAI_API_KEY: 'short', HOME: '/home/someone-long' }),
    ).toEqual(['sk-ant-abcdefgh']);
  });
});
