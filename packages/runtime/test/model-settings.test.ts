import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHandle } from '@sandpiper/core';
import { checkModelSpec } from '@sandpiper/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfigFile, prepareEngine, profilesOf, selectModels, type ConfigFile } from '../src/index.js';

const cwd = mkdtempSync(path.join(tmpdir(), 'sandpiper-model-settings-'));
const env = { OPENAI_API_KEY: 'sk-test-settings-0123456789' };

/**
 * Records Chat Completions requests and answers each with a loop verdict, in the response shape of
 * https://platform.openai.com/docs/api-reference/chat/object.
 */
async function startRecorder(): Promise<{ baseURL: string; bodies: Record<string, unknown>[]; server: Server }> {
  const bodies: Record<string, unknown>[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      bodies.push(body);
      // A model that never answers, as a server stuck loading would.
      if (body.model === 'gpt-4.1-stuck') return;
      const content = JSON.stringify({
        progress: 'no visible change',
        repeating: true,
        reason: 'Same click.',
        verdict: 'switch',
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'chatcmpl-settings',
          object: 'chat.completion',
          created: 1764662400,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 300, completion_tokens: 40, total_tokens: 340 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, bodies, server };
}

describe('per-role model settings in sandpiper.config.json', () => {
  let recorder: Awaited<ReturnType<typeof startRecorder>>;
  beforeAll(async () => {
    recorder = await startRecorder();
  });
  afterAll(() => new Promise<void>((resolve) => recorder.server.close(() => resolve())));

  it('takes a role entry that is a spec, settings alone, or both', () => {
    const selection = selectModels(undefined, {
      default: 'openai:gpt-5',
      planner: { reasoningEffort: 'high' },
      judge: { model: 'openai:gpt-5-mini', reasoningEffort: 'minimal', timeoutSeconds: 30 },
      critic: 'openai:gpt-4.1-mini',
    });
    if (selection.kind !== 'models') throw new Error(selection.kind);
    const byRole = Object.fromEntries(selection.roles.map((role) => [role.role, role]));
    expect(byRole.planner).toMatchObject({
      text: 'openai:gpt-5',
      source: 'models.default',
      settings: { reasoningEffort: 'high' },
    });
    expect(byRole.judge).toMatchObject({
      text: 'openai:gpt-5-mini',
      source: 'models.judge',
      settings: { reasoningEffort: 'minimal', timeoutSeconds: 30 },
    });
    expect(byRole.critic).toMatchObject({ text: 'openai:gpt-4.1-mini', settings: {} });
    expect(byRole.operator).toMatchObject({ text: 'openai:gpt-5', settings: {} });
  });

  it("sends a role's own reasoning effort and thinking room to the wire, and leaves other roles at theirs", async () => {
    const config: ConfigFile = {
      models: {
        default: `openai:o4-mini@${recorder.baseURL}`,
        loopJudge: { reasoningEffort: 'high', reasoningTokens: 2000 },
      },
    };
    const setup = await prepareEngine({ flag: undefined, reflectorFlag: undefined, config, cwd, env });
    if (setup.kind !== 'models') throw new Error(setup.kind);
    const engine = setup.create();
    const before = recorder.bodies.length;
    const verdict = await engine.loopJudge!.judge(createHandle(), {
      stepText: "Click 'Save'",
      lines: ["Clicking 'Save': no visible change", "Clicking 'Save': no visible change"],
      trajectory: [],
    });
    expect(verdict.verdict).toBe('switch');
    const sent = recorder.bodies[before]!;
    expect(sent.reasoning_effort).toBe('high');
    // The loop judge's own answer room (500) plus the configured thinking room.
    expect(sent.max_completion_tokens).toBe(2500);
    expect(sent).not.toHaveProperty('temperature');
  });

  it("gives up on a role's call after the role's own timeout", async () => {
    const config: ConfigFile = {
      models: { default: `openai:gpt-4.1-stuck@${recorder.baseURL}`, loopJudge: { timeoutSeconds: 1 } },
    };
    const setup = await prepareEngine({ flag: undefined, reflectorFlag: undefined, config, cwd, env });
    if (setup.kind !== 'models') throw new Error(setup.kind);
    const verdict = await setup.create().loopJudge!.judge(createHandle(), {
      stepText: "Click 'Save'",
      lines: ["Clicking 'Save': no visible change"],
      trajectory: [],
    });
    // Without the setting the call would wait the default 120 s and the test would time out.
    expect(verdict).toMatchObject({ verdict: 'keep' });
    expect(verdict.reason).toMatch(/could not be read .*(time|respon)/i);
  }, 30_000);

  it('refuses settings of the wrong type or out of range, naming the field', () => {
    writeFileSync(
      path.join(cwd, 'sandpiper.config.json'),
      JSON.stringify({ models: { default: 'openai:gpt-4.1', judge: { temperature: 5, timeoutSeconds: 0 } } }),
    );
    expect(() => loadConfigFile(cwd)).toThrow(/models\.judge/);
    writeFileSync(
      path.join(cwd, 'sandpiper.config.json'),
      JSON.stringify({ models: { default: 'openai:gpt-4.1', judge: { reasoningEffort: 'extreme' } } }),
    );
    expect(() => loadConfigFile(cwd)).toThrow(/models\.judge/);
    writeFileSync(
      path.join(cwd, 'sandpiper.config.json'),
      JSON.stringify({ models: { default: 'openai:gpt-4.1', checkClicks: 'sometimes' } }),
    );
    expect(() => loadConfigFile(cwd)).toThrow(/models\.checkClicks/);
    writeFileSync(
      path.join(cwd, 'sandpiper.config.json'),
      JSON.stringify({ models: { default: 'openai:gpt-4.1', checkClicks: 'always' } }),
    );
    expect(loadConfigFile(cwd).models?.checkClicks).toBe('always');
  });
});

describe('custom model profiles', () => {
  it('gives a fine-tune under its own name the profile it is like, with the fields it changes', () => {
    const profiles = profilesOf({
      profiles: [
        { match: 'acme-agent-*', like: 'qwen2.5-vl' },
        {
          match: 'grid-vl',
          like: 'qwen2.5-vl',
          coordinates: { kind: 'normalized', range: 1000 },
          image: { format: 'jpeg' },
        },
      ],
    });
    const acme = checkModelSpec('openai-compatible:ACME-Agent-7B@http://127.0.0.1:8000/v1', {}, { profiles });
    expect(acme.profile).toMatchObject({ coordinates: { kind: 'pixels' }, image: { multipleOf: 28 } });
    expect(acme.profile?.grounding).toBeDefined();
    const grid = checkModelSpec('ollama:grid-vl', {}, { profiles });
    expect(grid.profile).toMatchObject({
      coordinates: { kind: 'normalized', range: 1000 },
      image: { multipleOf: 28, format: 'jpeg' },
    });
    // Without the entry, the same name falls to the catch-all profile, which knows nothing of 28-pixel patches.
    expect(checkModelSpec('openai-compatible:acme-agent-7b@http://127.0.0.1:8000/v1', {}).profile?.id).toBe(
      'openai-compatible-default',
    );
    // `*` is the only wildcard: a dot in the pattern is a dot.
    expect(checkModelSpec('openai-compatible:gridXvl@http://127.0.0.1:8000/v1', {}, { profiles }).profile?.id).toBe(
      'openai-compatible-default',
    );
  });

  it('names the shipped profiles when an entry is like one that does not exist', () => {
    writeFileSync(
      path.join(cwd, 'sandpiper.config.json'),
      JSON.stringify({ models: { default: 'openai:gpt-4.1', profiles: [{ match: 'x', like: 'qwen9' }] } }),
    );
    expect(() => loadConfigFile(cwd)).toThrow(/no shipped profile is called "qwen9"; use one of: .*qwen2\.5-vl/);
  });
});
