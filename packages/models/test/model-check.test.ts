import { describe, expect, it } from 'vitest';
import { checkModelSpec, createModelClient, findProfile, ModelError } from '../src/index.js';

const env = { OPENAI_API_KEY: 'sk-test-check-0123456789' };

describe('models that no adapter here can drive are refused before a run', () => {
  it('refuses openai:computer-use-preview, which only the Responses API serves', () => {
    for (const model of ['computer-use-preview', 'computer-use-preview-2025-03-11']) {
      const check = checkModelSpec(`openai:${model}`, env);
      expect(check.usable).toBe(false);
      expect(check.profile?.id).toBe('openai-computer-use');
      expect(check.problems).toEqual([
        'computer-use-preview is served only by the Responses API and its computer tool, which no adapter here speaks ' +
          '(they use Chat Completions); choose a model such as openai:gpt-4.1 or openai:o3',
      ]);
    }
  });

  it('will not build a client for it either', () => {
    const error = (() => {
      try {
        createModelClient({ provider: 'openai', model: 'computer-use-preview' }, env, { retry: false });
        return undefined;
      } catch (caught: unknown) {
        return caught;
      }
    })();
    expect(ModelError.isInstance(error) && error.reason).toBe('bad-request');
  });

  it('keeps the reasoning models usable, with their restrictions in the profile', () => {
    for (const model of ['gpt-5', 'gpt-5-mini', 'o3', 'o4-mini']) {
      expect(checkModelSpec(`openai:${model}`, env).usable).toBe(true);
      const capabilities = findProfile('openai', model)?.capabilities;
      expect([capabilities?.temperature, capabilities?.reasoning?.efforts]).toEqual([false, ['low', 'medium', 'high']]);
    }
    expect(findProfile('openai', 'gpt-5-chat-latest')?.capabilities).toMatchObject({ temperature: false });
    expect(findProfile('openai', 'gpt-5-chat-latest')?.capabilities.reasoning).toBeUndefined();
    expect(findProfile('openai', 'gpt-4.1')?.capabilities.temperature).toBeUndefined();
  });
});
