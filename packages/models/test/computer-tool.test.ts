import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAnthropicClient,
  createOpenAIClient,
  ModelError,
  type ModelClient,
  type ModelRequest,
} from '../src/index.js';
import { ANTHROPIC_TEST_KEY, OPENAI_TEST_KEY, recordingHandle, smallPng } from './support/helpers.js';
import { loadFixture, startReplayServer, type ReplayServer } from './support/replay-server.js';

const display = { displayWidth: 1280, displayHeight: 720 };
const asked: ModelRequest = {
  messages: [
    { role: 'system', content: 'Carry out the step.' },
    { role: 'user', content: 'Type Ada into the Employee name field.' },
  ],
  computer: display,
};

interface SentBody {
  tools?: { type?: string; name: string; display_width_px?: number; display_height_px?: number }[];
  messages: { role: string; content: string | { type: string; [key: string]: unknown }[] }[];
}

describe("Anthropic's computer-use tool, on the wire", () => {
  let server: ReplayServer;
  const client = (model: string, origin: string): ModelClient =>
    createAnthropicClient({ model, apiKey: ANTHROPIC_TEST_KEY, baseURL: origin });
  beforeAll(async () => {
    server = await startReplayServer();
  });
  afterAll(() => server.close());

  it.each([
    ['claude-sonnet-4-5', 'computer_20250124', 'computer-use-2025-01-24'],
    ['claude-haiku-4-5', 'computer_20250124', 'computer-use-2025-01-24'],
    ['claude-opus-4-5-20251101', 'computer_20251124', 'computer-use-2025-11-24'],
    ['claude-sonnet-4-6', 'computer_20251124', 'computer-use-2025-11-24'],
  ])('offers %s the tool version %s with the beta flag %s and the display size', async (model, tool, beta) => {
    server.enqueue(loadFixture('anthropic', 'computer-click'));
    await client(model, server.origin).complete(recordingHandle().handle, asked);
    const sent = server.requests.at(-1)!;
    expect(sent.headers['anthropic-beta']).toBe(beta);
    expect((sent.body as SentBody).tools).toEqual([
      { type: tool, name: 'computer', display_width_px: 1280, display_height_px: 720 },
    ]);
  });

  it('reads each call into an action in display pixels, keeping the input as written', async () => {
    server.enqueue(loadFixture('anthropic', 'computer-click'));
    const response = await client('claude-sonnet-4-5', server.origin).complete(recordingHandle().handle, asked);
    expect(response.stopReason).toBe('tool-use');
    expect(response.toolCalls).toEqual([
      {
        id: 'toolu_01ComputerClick',
        name: 'computer',
        input: { action: 'left_click', coordinate: [640, 200] },
        computerActions: [{ kind: 'click', at: { x: 640, y: 200 }, button: 'left', count: 1 }],
      },
      {
        id: 'toolu_01ComputerType',
        name: 'computer',
        input: { action: 'type', text: 'Ada' },
        computerActions: [{ kind: 'type', text: 'Ada' }],
      },
    ]);
  });

  it('turns xdotool key syntax into key names, and names the action it cannot perform', async () => {
    server.enqueue(loadFixture('anthropic', 'computer-keys-scroll'));
    const response = await client('claude-sonnet-4-5', server.origin).complete(recordingHandle().handle, asked);
    const [keys, scroll, down] = response.toolCalls;
    expect(keys?.computerActions?.[0]).toEqual({ kind: 'keys', chords: [['Control', 's']] });
    expect(scroll?.computerActions?.[0]).toEqual({
      kind: 'scroll',
      at: { x: 500, y: 400 },
      direction: 'down',
      amount: 3,
    });
    expect(down?.computerActions).toBeUndefined();
    expect(down?.computerProblem).toContain('"left_mouse_down" is not available');
  });

  it('sends the conversation on after a screenshot call: the call, then its result with the image', async () => {
    server.enqueue(loadFixture('anthropic', 'computer-screenshot'), loadFixture('anthropic', 'computer-click'));
    const model = client('claude-sonnet-4-5', server.origin);
    const first = await model.complete(recordingHandle().handle, asked);
    const [shot] = first.toolCalls;
    expect(shot?.computerActions).toEqual([{ kind: 'screenshot' }]);
    const png = await smallPng();
    await model.complete(recordingHandle().handle, {
      ...asked,
      messages: [
        ...asked.messages,
        { role: 'assistant', content: first.text, toolCalls: [{ id: shot!.id, name: shot!.name, input: shot!.input }] },
        {
          role: 'user',
          content: '',
          toolResults: [{ callId: shot!.id, content: [{ type: 'image', data: png, mimeType: 'image/png' }] }],
        },
      ],
    });
    const sent = server.requests.at(-1)!.body as SentBody;
    expect(sent.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me take a screenshot to see the screen.' },
          { type: 'tool_use', id: 'toolu_01ComputerShot', name: 'computer', input: { action: 'screenshot' } },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_01ComputerShot',
            content: [
              {
                type: 'image',
                source: { type: 'base64', media_type: 'image/png', data: Buffer.from(png).toString('base64') },
              },
            ],
          },
        ],
      },
    ]);
  });

  it('refuses the tool for a model without a known tool version, before sending anything', async () => {
    const before = server.requests.length;
    const error = await client('claude-custom-finetune', server.origin)
      .complete(recordingHandle().handle, asked)
      .catch((caught: unknown) => caught);
    expect(ModelError.isInstance(error) && error.reason).toBe('bad-request');
    expect(String((error as Error).message)).toContain('no computer-use tool version is known');
    expect(server.requests.length).toBe(before);
  });
});

describe('adapters without a computer-use tool', () => {
  it('refuse the tool and tool history with bad-request, before any call', async () => {
    let called = false;
    const openai = createOpenAIClient({
      model: 'gpt-4.1',
      apiKey: OPENAI_TEST_KEY,
      baseURL: 'http://127.0.0.1:9/v1',
      fetch: async () => {
        called = true;
        throw new Error('no call was expected');
      },
    });
    const withTool = await openai.complete(recordingHandle().handle, asked).catch((caught: unknown) => caught);
    expect(ModelError.isInstance(withTool) && withTool.reason).toBe('bad-request');
    const history = await openai
      .complete(recordingHandle().handle, {
        messages: [
          { role: 'user', content: 'Go on.' },
          { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'computer', input: {} }] },
          { role: 'user', content: '', toolResults: [{ callId: 'c1', content: [{ type: 'text', text: 'ok' }] }] },
        ],
      })
      .catch((caught: unknown) => caught);
    expect(ModelError.isInstance(history) && history.reason).toBe('bad-request');
    expect(called).toBe(false);
  });
});
