import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkModelSpec,
  createModelClient,
  formatModelSpec,
  ModelError,
  parseModelSpec,
  type ModelSpec,
} from '../src/index.js';
import { recordingHandle } from './support/helpers.js';
import { loadFixture, startReplayServer, type ReplayServer } from './support/replay-server.js';

function spec(text: string): ModelSpec {
  const result = parseModelSpec(text);
  if (!result.ok) throw new Error(result.error);
  return result.spec;
}

describe('model specs on the command line', () => {
  it.each<[string, ModelSpec]>([
    ['anthropic:claude-sonnet-4-5', { provider: 'anthropic', model: 'claude-sonnet-4-5' }],
    ['openai:gpt-4.1', { provider: 'openai', model: 'gpt-4.1' }],
    [
      'openai-compatible:qwen2.5-vl@http://127.0.0.1:11434/v1',
      { provider: 'openai-compatible', model: 'qwen2.5-vl', baseURL: 'http://127.0.0.1:11434/v1' },
    ],
    [
      'openai-compatible:qwen2.5vl:7b@http://localhost:1234/v1',
      { provider: 'openai-compatible', model: 'qwen2.5vl:7b', baseURL: 'http://localhost:1234/v1' },
    ],
    [
      '  openai:gpt-4.1@https://gateway.example.com/v1 ',
      { provider: 'openai', model: 'gpt-4.1', baseURL: 'https://gateway.example.com/v1' },
    ],
  ])('reads %s', (text, expected) => {
    expect(parseModelSpec(text)).toEqual({ ok: true, spec: expected });
    expect(formatModelSpec(expected)).toBe(text.trim());
  });

  it.each([
    ['claude-sonnet-4-5', /is not provider:model/],
    ['google:gemini-2.5-pro', /unknown provider "google"; expected one of anthropic, openai, openai-compatible/],
    ['anthropic:', /model: /],
    ['openai:gpt 4.1', /a model id has no spaces/],
    ['openai-compatible:llava', /needs the server's base URL: openai-compatible:llava@http/],
    ['openai-compatible:llava@127.0.0.1:11434', /is not a base URL/],
    ['openai-compatible:llava@ftp://host/v1', /is not a base URL/],
  ])('rejects %s with a clear error', (text, message) => {
    const result = parseModelSpec(text);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(message);
  });
});

describe('checking a model configuration without the network', () => {
  it('is usable with a key, and names the profile', () => {
    const check = checkModelSpec('anthropic:claude-haiku-4-5', { ANTHROPIC_API_KEY: 'sk-ant-abc123' });
    expect(check).toMatchObject({ usable: true, problems: [], keyVariable: 'ANTHROPIC_API_KEY' });
    expect(check.profile?.id).toBe('claude-computer-use-2025-01');
    expect(check.notes).toEqual([]);
  });

  it('says which variable to set when the key is missing or blank', () => {
    for (const env of [{}, { OPENAI_API_KEY: '  ' }]) {
      const check = checkModelSpec('openai:gpt-4.1', env);
      expect(check.usable).toBe(false);
      expect(check.problems).toEqual(['OPENAI_API_KEY is not set; export it with your openai API key']);
    }
  });

  it('passes the spec error through for an unreadable spec', () => {
    const check = checkModelSpec('google:gemini', {});
    expect(check.usable).toBe(false);
    expect(check.problems[0]).toMatch(/unknown provider/);
  });

  it('needs no key for a local server, but notes what it will and will not do', () => {
    const check = checkModelSpec('openai-compatible:llava:13b@http://192.168.1.20:8000/v1', {});
    expect(check.usable).toBe(true);
    expect(check.profile?.id).toBe('openai-compatible-default');
    expect(check.notes).toEqual([
      'no SANDPIPER_OPENAI_COMPATIBLE_API_KEY; requests go without an Authorization header, as local servers expect',
      'http://192.168.1.20:8000/v1 is plain HTTP to another machine: prompts and screenshots travel unencrypted',
    ]);
  });

  it('flags a model without a profile as unusable and one without a price as uncounted', () => {
    const check = checkModelSpec('anthropic:mystery-model', { ANTHROPIC_API_KEY: 'sk-ant-abc123' });
    expect(check.usable).toBe(false);
    expect(check.problems[0]).toMatch(/no model profile matches anthropic:mystery-model/);
    expect(check.notes).toEqual(['no price for anthropic:mystery-model: costs will not be counted']);
  });

  it('notes a key that does not look like the vendor key', () => {
    const check = checkModelSpec('anthropic:claude-haiku-4-5', { ANTHROPIC_API_KEY: 'sk-proj-openai-key' });
    expect(check.usable).toBe(true);
    expect(check.notes).toEqual(['ANTHROPIC_API_KEY does not look like an Anthropic key (they start with sk-ant-)']);
  });
});

describe('creating a client from a spec', () => {
  let server: ReplayServer;
  beforeAll(async () => {
    server = await startReplayServer();
  });
  afterAll(() => server.close());

  it('reads the key from the env object it is given, per provider', async () => {
    const env = {
      ANTHROPIC_API_KEY: 'sk-ant-from-env-object',
      OPENAI_API_KEY: 'sk-openai-from-env-object',
      SANDPIPER_OPENAI_COMPATIBLE_API_KEY: 'local-token-from-env-object',
    };
    const specs = [
      { provider: 'anthropic', model: 'claude-haiku-4-5', baseURL: server.origin },
      { provider: 'openai', model: 'gpt-4.1', baseURL: `${server.origin}/v1` },
      { provider: 'openai-compatible', model: 'llava:13b', baseURL: `${server.origin}/v1` },
    ] as const;
    server.enqueue(loadFixture('anthropic', 'text'), loadFixture('openai', 'text'), loadFixture('openai', 'text'));
    const before = server.requests.length;
    for (const each of specs) {
      const client = createModelClient(each, env, { retry: false });
      expect([client.provider, client.model, client.specificationVersion]).toEqual([each.provider, each.model, '2.0']);
      await client.complete(recordingHandle().handle, { messages: [{ role: 'user', content: 'Hi' }] });
    }
    expect(server.requests.slice(before).map((request) => request.headers.authorization)).toEqual([
      'Bearer sk-ant-from-env-object',
      'Bearer sk-openai-from-env-object',
      'Bearer local-token-from-env-object',
    ]);
  });

  it('refuses to create a hosted client without its key', () => {
    const error = (() => {
      try {
        createModelClient(spec('openai:gpt-4.1'), {});
        return undefined;
      } catch (caught: unknown) {
        return caught;
      }
    })();
    expect(ModelError.isInstance(error) && [error.reason, error.message]).toEqual([
      'auth',
      'OPENAI_API_KEY is not set, so openai:gpt-4.1 cannot be used',
    ]);
  });
});
