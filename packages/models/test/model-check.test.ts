import { describe, expect, it } from 'vitest';
import { checkModelSpec, createModelClient, findProfile } from '../src/index.js';

const env = { OPENAI_API_KEY: 'sk-test-check-0123456789' };

describe("OpenAI's computer-use models", () => {
  it('takes openai:computer-use-preview, on the Responses API alone, with the preview tool', () => {
    for (const model of ['computer-use-preview', 'computer-use-preview-2025-03-11']) {
      const check = checkModelSpec(`openai:${model}`, env);
      expect(check.usable).toBe(true);
      expect(check.profile?.id).toBe('openai-computer-use-preview');
      expect(check.profile?.capabilities).toMatchObject({
        responsesOnly: true,
        structuredOutput: 'prompted',
        computerUse: { tool: 'computer_use_preview' },
      });
    }
    expect(createModelClient({ provider: 'openai', model: 'computer-use-preview' }, env, { retry: false }).model).toBe(
      'computer-use-preview',
    );
  });

  it('gives GPT-5.4 and later the current computer tool, and their smaller variants none', () => {
    for (const model of ['gpt-5.4', 'gpt-5.4-2026-03-05', 'gpt-5.5']) {
      expect(findProfile('openai', model)?.id).toBe('openai-computer-use');
      expect(findProfile('openai', model)?.capabilities.computerUse).toEqual({ tool: 'computer' });
      expect(findProfile('openai', model)?.capabilities.responsesOnly).toBeUndefined();
    }
    for (const model of ['gpt-5.4-mini', 'gpt-5.2', 'gpt-5']) {
      expect(findProfile('openai', model)?.capabilities.computerUse).toBeUndefined();
    }
  });
});

describe('OpenAI reasoning models', () => {
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
