import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenAIClient, type ModelClient } from '../src/index.js';
import { OPENAI_TEST_KEY, actionSchema, clickTool, recordingHandle, smallPng } from './support/helpers.js';
import { loadFixture, startReplayServer, type ReplayServer } from './support/replay-server.js';

describe('requests the OpenAI adapter sends', () => {
  let server: ReplayServer;
  let client: ModelClient;
  beforeAll(async () => {
    server = await startReplayServer();
    client = createOpenAIClient({ model: 'gpt-4.1', apiKey: OPENAI_TEST_KEY, baseURL: `${server.origin}/v1` });
  });
  afterAll(() => server.close());

  it('posts to /v1/chat/completions with the key as a bearer token and no organization header', async () => {
    server.enqueue(loadFixture('openai', 'text'));
    const before = server.requests.length;
    await client.complete(recordingHandle().handle, { messages: [{ role: 'user', content: 'Where is Export?' }] });
    const request = server.requests[before];
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${OPENAI_TEST_KEY}`);
    expect(request?.headers['openai-organization']).toBeUndefined();
    expect(request?.headers['content-type']).toBe('application/json');
  });

  it('sends images as base64 data URLs at high detail, and max_completion_tokens', async () => {
    const png = await smallPng();
    server.enqueue(loadFixture('openai', 'text'));
    const before = server.requests.length;
    await client.complete(recordingHandle().handle, {
      messages: [
        { role: 'system', content: 'You operate a computer.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Where is Export?' },
            { type: 'image', data: png, mimeType: 'image/png' },
          ],
        },
        { role: 'assistant', content: 'In the toolbar.' },
        { role: 'user', content: 'Click it.' },
      ],
      maxOutputTokens: 200,
      temperature: 0.2,
    });
    expect(server.requests[before]?.body).toEqual({
      model: 'gpt-4.1',
      max_completion_tokens: 200,
      temperature: 0.2,
      messages: [
        { role: 'system', content: 'You operate a computer.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Where is Export?' },
            {
              type: 'image_url',
              image_url: { url: `data:image/png;base64,${Buffer.from(png).toString('base64')}`, detail: 'high' },
            },
          ],
        },
        { role: 'assistant', content: 'In the toolbar.' },
        { role: 'user', content: 'Click it.' },
      ],
    });
  });

  it('asks for strict json_schema output built by z.toJSONSchema, optional fields made nullable', async () => {
    server.enqueue(loadFixture('openai', 'structured'));
    const before = server.requests.length;
    const response = await client.complete(recordingHandle().handle, {
      messages: [{ role: 'user', content: 'Next action?' }],
      outputSchema: actionSchema,
      outputName: 'next_action',
    });
    expect((server.requests[before]?.body as { response_format: unknown }).response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'next_action',
        strict: true,
        schema: {
          type: 'object',
          properties: {
            summary: { type: 'string' },
            target: {
              type: 'object',
              properties: { x: { type: 'number' }, y: { type: 'number' } },
              required: ['x', 'y'],
              additionalProperties: false,
            },
            note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          },
          required: ['summary', 'target', 'note'],
          additionalProperties: false,
        },
      },
    });
    expect(response.warnings).toEqual([]);
  });

  it('defines function tools with strict schemas', async () => {
    server.enqueue(loadFixture('openai', 'tool-calls'));
    const before = server.requests.length;
    await client.complete(recordingHandle().handle, {
      messages: [{ role: 'user', content: 'Export' }],
      tools: [clickTool],
    });
    expect((server.requests[before]?.body as { tools: unknown }).tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'click',
          description: 'Click at a point of the screenshot.',
          strict: true,
          parameters: {
            type: 'object',
            properties: {
              x: { type: 'number' },
              y: { type: 'number' },
              reason: { anyOf: [{ type: 'string' }, { type: 'null' }] },
            },
            required: ['x', 'y', 'reason'],
            additionalProperties: false,
          },
        },
      },
    ]);
  });

  it('sends a schema strict mode cannot express as a non-strict hint, and says so', async () => {
    server.enqueue(loadFixture('openai', 'text'));
    const before = server.requests.length;
    const schema = z.object({ counts: z.record(z.string(), z.number()) });
    await client
      .complete(recordingHandle().handle, { messages: [{ role: 'user', content: 'Count' }], outputSchema: schema })
      .catch(() => undefined);
    const format = (server.requests[before]?.body as { response_format: { json_schema: { strict: boolean } } })
      .response_format;
    expect(format.json_schema.strict).toBe(false);
  });
});
