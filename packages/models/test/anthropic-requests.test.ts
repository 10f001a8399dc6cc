import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnthropicClient, type ModelClient } from '../src/index.js';
import { ANTHROPIC_TEST_KEY, actionSchema, clickTool, recordingHandle, smallPng } from './support/helpers.js';
import { loadFixture, startReplayServer, type ReplayServer } from './support/replay-server.js';

describe('requests the Anthropic adapter sends', () => {
  let server: ReplayServer;
  let client: ModelClient;
  beforeAll(async () => {
    server = await startReplayServer();
    client = createAnthropicClient({ model: 'claude-haiku-4-5', apiKey: ANTHROPIC_TEST_KEY, baseURL: server.origin });
  });
  afterAll(() => server.close());

  it('posts to /v1/messages with the key as a bearer token, a dated anthropic-version and JSON', async () => {
    server.enqueue(loadFixture('anthropic', 'text'));
    const before = server.requests.length;
    await client.complete(recordingHandle().handle, { messages: [{ role: 'user', content: 'Where is Export?' }] });
    const request = server.requests[before];
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/messages');
    // SDK 1.x sends the API key as a bearer token (not x-api-key) and pins the API version.
    expect(request?.headers.authorization).toBe(`Bearer ${ANTHROPIC_TEST_KEY}`);
    expect(request?.headers['x-api-key']).toBeUndefined();
    expect(request?.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['x-stainless-retry-count']).toBe('0');
  });

  it('keeps system turns apart, sends images as base64 source blocks and the token limit', async () => {
    const png = await smallPng();
    server.enqueue(loadFixture('anthropic', 'text'));
    const before = server.requests.length;
    await client.complete(recordingHandle().handle, {
      messages: [
        { role: 'system', content: 'You operate a computer.' },
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Where is Export?' },
            { type: 'image', data: png, mimeType: 'image/png' },
          ],
        },
      ],
      maxOutputTokens: 300,
      temperature: 0,
    });
    expect(server.requests[before]?.body).toEqual({
      model: 'claude-haiku-4-5',
      max_tokens: 300,
      // One cache breakpoint after the role's fixed instructions.
      system: [{ type: 'text', text: 'You operate a computer.\n\nBe brief.', cache_control: { type: 'ephemeral' } }],
      temperature: 0,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Where is Export?' },
            {
              type: 'image',
              source: { type: 'base64', media_type: 'image/png', data: Buffer.from(png).toString('base64') },
            },
          ],
        },
      ],
    });
  });

  it('defines tools with their JSON schemas and forces the structured_output tool for a schema', async () => {
    server.enqueue(loadFixture('anthropic', 'structured'));
    const before = server.requests.length;
    await client.complete(recordingHandle().handle, {
      messages: [{ role: 'user', content: 'Next action?' }],
      outputSchema: actionSchema,
    });
    const body = server.requests[before]?.body as Record<string, unknown>;
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'structured_output' });
    expect(body.tools).toEqual([
      {
        name: 'structured_output',
        description: expect.stringContaining('final answer') as unknown,
        input_schema: {
          type: 'object',
          properties: {
            summary: { type: 'string' },
            target: {
              type: 'object',
              properties: { x: { type: 'number' }, y: { type: 'number' } },
              required: ['x', 'y'],
            },
            note: { type: 'string' },
          },
          required: ['summary', 'target'],
        },
      },
    ]);
    expect(body.max_tokens).toBe(4096);
  });

  it('offers client tools and, with a schema too, lets the model choose any tool', async () => {
    server.enqueue(loadFixture('anthropic', 'tool-use'), loadFixture('anthropic', 'structured'));
    const before = server.requests.length;
    const handle = recordingHandle().handle;
    await client.complete(handle, { messages: [{ role: 'user', content: 'Export' }], tools: [clickTool] });
    await client.complete(handle, {
      messages: [{ role: 'user', content: 'Export' }],
      tools: [clickTool],
      outputSchema: actionSchema,
    });
    const toolsOnly = server.requests[before]?.body as Record<string, unknown>;
    expect(toolsOnly.tools).toEqual([
      {
        name: 'click',
        description: 'Click at a point of the screenshot.',
        input_schema: {
          type: 'object',
          properties: { x: { type: 'number' }, y: { type: 'number' }, reason: { type: 'string' } },
          required: ['x', 'y'],
        },
      },
    ]);
    expect(toolsOnly.tool_choice).toBeUndefined();
    const both = server.requests[before + 1]?.body as { tools: { name: string }[]; tool_choice: unknown };
    expect(both.tools.map((tool) => tool.name)).toEqual(['click', 'structured_output']);
    expect(both.tool_choice).toEqual({ type: 'any' });
  });
});
