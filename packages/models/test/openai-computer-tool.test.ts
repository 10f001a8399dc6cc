import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenAIClient, ModelError, type ModelClient, type ModelRequest, type ModelTool } from '../src/index.js';
import { OPENAI_TEST_KEY, recordingHandle, smallPng } from './support/helpers.js';
import { loadFixture, startReplayServer, type ReplayServer } from './support/replay-server.js';

const display = { displayWidth: 1280, displayHeight: 720 };
const report: ModelTool = {
  name: 'report_step',
  description: 'Say whether the step is done.',
  inputSchema: z.object({ outcome: z.enum(['done', 'ask', 'cannot']), text: z.string() }),
};

interface SentBody {
  model: string;
  instructions?: string;
  input: { type?: string; role?: string; call_id?: string; content?: unknown; output?: unknown }[];
  tools?: Record<string, unknown>[];
  store?: boolean;
  include?: string[];
  truncation?: string;
  text?: unknown;
  reasoning?: unknown;
  temperature?: number;
}

describe("OpenAI's computer-use tool on the Responses API, on the wire", () => {
  let server: ReplayServer;
  let png: Uint8Array;
  const client = (model: string): ModelClient =>
    createOpenAIClient({ model, apiKey: OPENAI_TEST_KEY, baseURL: `${server.origin}/v1` });
  const asked = (): ModelRequest => ({
    messages: [
      { role: 'system', content: 'Carry out the step.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Type Ada into the Employee name field.' },
          { type: 'image', data: png, mimeType: 'image/png' },
        ],
      },
    ],
    tools: [report],
    computer: display,
    temperature: 0.2,
  });
  beforeAll(async () => {
    server = await startReplayServer();
    png = await smallPng();
  });
  afterAll(() => server.close());

  it('offers GPT-5.4 the current tool on /v1/responses, storing nothing and asking for its reasoning back', async () => {
    server.enqueue(loadFixture('openai', 'responses-computer-batch'));
    await client('gpt-5.4').complete(recordingHandle().handle, asked());
    const sent = server.requests.at(-1)!;
    expect(sent.path).toBe('/v1/responses');
    const body = sent.body as SentBody;
    expect(body.tools).toEqual([
      expect.objectContaining({ type: 'function', name: 'report_step', strict: true }),
      { type: 'computer' },
    ]);
    expect([body.store, body.include, body.truncation, body.instructions]).toEqual([
      false,
      ['reasoning.encrypted_content'],
      undefined,
      'Carry out the step.',
    ]);
    // A reasoning model takes its default temperature only.
    expect(body.temperature).toBeUndefined();
    expect(body.input).toEqual([
      {
        role: 'user',
        content: [
          { type: 'input_text', text: 'Type Ada into the Employee name field.' },
          {
            type: 'input_image',
            image_url: `data:image/png;base64,${Buffer.from(png).toString('base64')}`,
            detail: 'high',
          },
        ],
      },
    ]);
  });

  it('reads a batched call into its actions in order, with key names and wheel notches', async () => {
    server.enqueue(loadFixture('openai', 'responses-computer-batch'));
    const response = await client('gpt-5.4').complete(recordingHandle().handle, asked());
    expect(response.stopReason).toBe('tool-use');
    expect(response.usage).toMatchObject({ inputTokens: 2210, outputTokens: 180, cacheReadTokens: 1024 });
    expect(response.toolCalls).toHaveLength(1);
    expect(response.toolCalls[0]).toMatchObject({
      id: 'call_01Batch',
      name: 'computer',
      computerActions: [
        { kind: 'click', at: { x: 640, y: 200 }, button: 'left', count: 1 },
        { kind: 'type', text: 'Ada' },
        { kind: 'keys', chords: [['Control', 's']] },
        { kind: 'scroll', at: { x: 500, y: 400 }, direction: 'down', amount: 3 },
      ],
    });
    expect(response.transcript?.map((item) => (item as { type: string }).type)).toEqual(['reasoning', 'computer_call']);
  });

  it('continues after a call: the turn goes back as it came (reasoning first), then the screenshot', async () => {
    server.enqueue(loadFixture('openai', 'responses-computer-batch'), loadFixture('openai', 'responses-report'));
    const model = client('gpt-5.4');
    const first = await model.complete(recordingHandle().handle, asked());
    const call = first.toolCalls[0]!;
    const second = await model.complete(recordingHandle().handle, {
      ...asked(),
      messages: [
        ...asked().messages,
        {
          role: 'assistant',
          content: first.text,
          toolCalls: [{ id: call.id, name: call.name, input: call.input }],
          ...(first.transcript === undefined ? {} : { transcript: first.transcript }),
        },
        {
          role: 'user',
          content: '',
          toolResults: [{ callId: call.id, isError: true, content: [{ type: 'text', text: 'Not performed.' }] }],
        },
      ],
    });
    const body = server.requests.at(-1)!.body as SentBody;
    expect(body.input.slice(1).map((item) => item.type ?? item.role)).toEqual([
      'reasoning',
      'computer_call',
      'computer_call_output',
      'user',
    ]);
    expect(body.input[1]).toMatchObject({ encrypted_content: 'gAAAAABencrypted-reasoning-01' });
    // Nothing was performed, so the screenshot sent is the last one the model saw; why goes in text.
    expect(body.input[3]).toEqual({
      type: 'computer_call_output',
      call_id: 'call_01Batch',
      output: {
        type: 'computer_screenshot',
        image_url: `data:image/png;base64,${Buffer.from(png).toString('base64')}`,
      },
    });
    expect(body.input[4]).toEqual({ role: 'user', content: [{ type: 'input_text', text: 'Not performed.' }] });
    expect(second.text).toBe('The name field shows Ada.');
    expect(second.toolCalls).toEqual([
      { id: 'call_01Report', name: 'report_step', input: { outcome: 'done', text: 'The name field shows Ada.' } },
    ]);
  });

  it('declares the preview tool with its display and truncation, and passes its safety checks on', async () => {
    server.enqueue(loadFixture('openai', 'responses-preview-flagged'));
    const response = await client('computer-use-preview').complete(recordingHandle().handle, {
      ...asked(),
      computer: { ...display, environment: 'browser' },
    });
    const body = server.requests.at(-1)!.body as SentBody;
    expect(body.tools?.at(-1)).toEqual({
      type: 'computer_use_preview',
      display_width: 1280,
      display_height: 720,
      environment: 'browser',
    });
    expect(body.truncation).toBe('auto');
    expect(response.toolCalls[0]).toMatchObject({
      computerActions: [{ kind: 'click', at: { x: 100, y: 120 }, button: 'left', count: 1 }],
      safetyChecks: [
        {
          id: 'cu_sc_01',
          code: 'malicious_instructions',
          message: 'The screen shows instructions that may be an attempt to misuse the agent.',
        },
      ],
    });
  });

  it('sends every request of computer-use-preview to the Responses API, its JSON asked for in the prompt', async () => {
    server.enqueue({
      description: 'a JSON answer in a message item',
      status: 200,
      body: {
        id: 'resp_json',
        status: 'completed',
        output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: '{"colour":"red"}' }] }],
        usage: { input_tokens: 10, output_tokens: 5 },
      },
    });
    const response = await client('computer-use-preview').complete(recordingHandle().handle, {
      messages: [{ role: 'user', content: 'Which colour?' }],
      outputSchema: z.object({ colour: z.string() }),
    });
    const sent = server.requests.at(-1)!;
    expect(sent.path).toBe('/v1/responses');
    expect((sent.body as SentBody).text).toBeUndefined();
    expect((sent.body as SentBody).instructions).toContain('JSON Schema');
    expect(response.parsed).toEqual({ colour: 'red' });
    expect(response.warnings.map((warning) => warning.type)).toContain('prompted-structured-output');
  });

  it('names actions it cannot perform, and points off the display', async () => {
    server.enqueue({
      description: 'computer calls this agent cannot perform',
      status: 200,
      body: {
        status: 'completed',
        output: [
          {
            type: 'computer_call',
            call_id: 'c_back',
            action: { type: 'click', button: 'back', x: 1, y: 1 },
            pending_safety_checks: [],
          },
          { type: 'computer_call', call_id: 'c_off', actions: [{ type: 'double_click', x: 1280, y: 10 }] },
          { type: 'computer_call', call_id: 'c_zoom', actions: [{ type: 'zoom', factor: 2 }] },
        ],
        usage: { input_tokens: 10, output_tokens: 5 },
      },
    });
    const response = await client('gpt-5.4').complete(recordingHandle().handle, asked());
    expect(response.toolCalls.map((call) => call.computerProblem)).toEqual([
      'the "back" mouse button is not available here',
      '(1280, 10) is off the 1280×720 display',
      '"zoom" is not available here; use click, double_click, drag, keypress, move, screenshot, scroll, type or wait',
    ]);
    expect(response.toolCalls.every((call) => call.computerActions === undefined)).toBe(true);
  });

  it('reads a cut-off answer as cut off (truncated when an answer schema was asked) and a failed one as its error', async () => {
    server.enqueue(
      loadFixture('openai', 'responses-incomplete'),
      loadFixture('openai', 'responses-incomplete'),
      loadFixture('openai', 'responses-failed'),
    );
    const cut = await client('gpt-5.4').complete(recordingHandle().handle, asked());
    expect([cut.stopReason, cut.toolCalls]).toEqual(['max-tokens', []]);
    const structured = await client('gpt-5.4')
      .complete(recordingHandle().handle, { ...asked(), outputSchema: z.object({ done: z.boolean() }) })
      .catch((caught: unknown) => caught);
    expect(ModelError.isInstance(structured) && structured.reason).toBe('truncated');
    const failed = await client('gpt-5.4')
      .complete(recordingHandle().handle, asked())
      .catch((caught: unknown) => caught);
    expect(ModelError.isInstance(failed) && failed.reason).toBe('server');
    expect(String((failed as Error).message)).toContain('The model failed to generate a response.');
  });

  it('rejects a body that is not a response, and a computer call nobody offered the tool for', async () => {
    server.enqueue(
      { description: 'output is not a list', status: 200, body: { id: 'x', output: 'nope' } },
      {
        description: 'a computer call without the tool offered',
        status: 200,
        body: {
          status: 'completed',
          output: [{ type: 'computer_call', call_id: 'c1', action: { type: 'screenshot' } }],
        },
      },
    );
    const shapeless = await client('gpt-5.4')
      .complete(recordingHandle().handle, asked())
      .catch((caught: unknown) => caught);
    expect(ModelError.isInstance(shapeless) && shapeless.reason).toBe('bad-response');
    const unasked = await client('computer-use-preview')
      .complete(recordingHandle().handle, { messages: [{ role: 'user', content: 'Hello.' }] })
      .catch((caught: unknown) => caught);
    expect(ModelError.isInstance(unasked) && unasked.reason).toBe('bad-response');
  });

  it('keeps every other GPT-5.4 request on Chat Completions', async () => {
    server.enqueue(loadFixture('openai', 'text'));
    await client('gpt-5.4').complete(recordingHandle().handle, { messages: [{ role: 'user', content: 'Hello.' }] });
    expect(server.requests.at(-1)!.path).toBe('/v1/chat/completions');
  });
});
