import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAICompatibleClient, type ModelClient } from '../src/index.js';
import { actionSchema, recordingHandle, smallPng } from './support/helpers.js';
import { loadFixture, startReplayServer, type ReplayServer } from './support/replay-server.js';

describe('the OpenAI-compatible adapter (Ollama, vLLM, llama.cpp, LM Studio)', () => {
  let server: ReplayServer;
  let client: ModelClient;
  beforeAll(async () => {
    server = await startReplayServer();
    client = createOpenAICompatibleClient({ model: 'qwen2.5vl:7b', baseURL: `${server.origin}/v1` });
  });
  afterAll(() => server.close());

  it('sends no Authorization header without a key, and a bearer token with one', async () => {
    server.enqueue(loadFixture('openai-compatible', 'fixed-json'), loadFixture('openai-compatible', 'fixed-json'));
    const before = server.requests.length;
    await client.complete(recordingHandle().handle, { messages: [{ role: 'user', content: 'Hi' }] });
    const keyed = createOpenAICompatibleClient({
      model: 'qwen2.5vl:7b',
      baseURL: `${server.origin}/v1`,
      apiKey: 'vllm-local-token',
    });
    await keyed.complete(recordingHandle().handle, { messages: [{ role: 'user', content: 'Hi' }] });
    expect(server.requests[before]?.path).toBe('/v1/chat/completions');
    expect(server.requests[before]?.headers.authorization).toBeUndefined();
    expect(server.requests[before + 1]?.headers.authorization).toBe('Bearer vllm-local-token');
  });

  it('puts the JSON Schema in one leading system turn and in response_format, and uses max_tokens', async () => {
    const png = await smallPng();
    server.enqueue(loadFixture('openai-compatible', 'fixed-json'));
    const before = server.requests.length;
    await client.complete(recordingHandle().handle, {
      messages: [
        { role: 'system', content: 'You operate a computer.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Next action?' },
            { type: 'image', data: png, mimeType: 'image/png' },
          ],
        },
      ],
      outputSchema: actionSchema,
      maxOutputTokens: 256,
    });
    const body = server.requests[before]?.body as Record<string, unknown> & {
      messages: { role: string; content: unknown }[];
    };
    expect(body.max_completion_tokens).toBeUndefined();
    expect(body.max_tokens).toBe(256);
    expect(body.messages.map((message) => message.role)).toEqual(['system', 'user']);
    const system = body.messages[0]?.content as string;
    expect(system.startsWith('You operate a computer.\n\nAnswer with one JSON object')).toBe(true);
    const schemaLine = system.split('\n').at(-1) ?? '';
    // The same schema, for the server's constrained decoding (vLLM, llama.cpp, LM Studio, Ollama).
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'structured_output', schema: JSON.parse(schemaLine) as unknown },
    });
    expect(JSON.parse(schemaLine)).toEqual({
      type: 'object',
      properties: {
        summary: { type: 'string' },
        target: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'] },
        note: { type: 'string' },
      },
      required: ['summary', 'target'],
    });
    expect(body.messages[1]?.content).toEqual([
      { type: 'text', text: 'Next action?' },
      {
        type: 'image_url',
        image_url: { url: `data:image/png;base64,${Buffer.from(png).toString('base64')}`, detail: 'high' },
      },
    ]);
  });

  it('cuts JSON out of prose and a fence, and says so in the warnings', async () => {
    server.enqueue(loadFixture('openai-compatible', 'prose-json'));
    const response = await client.complete(recordingHandle().handle, {
      messages: [{ role: 'user', content: 'Next action?' }],
      outputSchema: actionSchema,
    });
    expect(response.parsed).toEqual({ summary: "Clicking 'Export'", target: { x: 1204, y: 88 } });
    expect(response.warnings.map((warning) => warning.type)).toEqual(['repaired-output']);
    expect(response.usage).toEqual({ inputTokens: 980, outputTokens: 40, costUsd: 0 });
  });

  it('asks again without response_format when the server refuses it, and leaves it out from then on', async () => {
    const local = createOpenAICompatibleClient({ model: 'qwen2.5vl:7b', baseURL: `${server.origin}/v1` });
    server.enqueue(
      loadFixture('openai-compatible', 'response-format-rejected'),
      loadFixture('openai-compatible', 'fixed-json'),
      loadFixture('openai-compatible', 'fixed-json'),
    );
    const before = server.requests.length;
    const ask = () =>
      local.complete(recordingHandle().handle, {
        messages: [{ role: 'user', content: 'Next action?' }],
        outputSchema: actionSchema,
      });
    const first = await ask();
    expect(first.parsed).toEqual({ summary: "Clicking 'Export'", target: { x: 1204, y: 88 } });
    expect(first.warnings.map((warning) => warning.type)).toContain('prompted-structured-output');
    await ask();
    const formats = server.requests
      .slice(before)
      .map((request) => (request.body as { response_format?: unknown }).response_format !== undefined);
    expect(formats).toEqual([true, false, false]);
  });

  it('does not retry other refusals without response_format: a bad key is a bad key', async () => {
    const local = createOpenAICompatibleClient({ model: 'qwen2.5vl:7b', baseURL: `${server.origin}/v1` });
    server.enqueue({ description: 'unauthorized', status: 401, body: { error: { message: 'bad key' } } });
    const before = server.requests.length;
    await expect(
      local.complete(recordingHandle().handle, {
        messages: [{ role: 'user', content: 'Next action?' }],
        outputSchema: actionSchema,
      }),
    ).rejects.toMatchObject({ reason: 'auth' });
    expect(server.requests.length - before).toBe(1);
  });

  it('counts zero tokens, with a warning, when the server reports no usage', async () => {
    server.enqueue(loadFixture('openai-compatible', 'no-usage'));
    const response = await client.complete(recordingHandle().handle, { messages: [{ role: 'user', content: 'Hi' }] });
    expect(response.text).toBe('Done.');
    expect(response.usage).toEqual({ inputTokens: 0, outputTokens: 0, costUsd: 0 });
    expect(response.warnings).toEqual([
      { type: 'other', message: expect.stringContaining('no token usage') as unknown },
    ]);
  });
});
