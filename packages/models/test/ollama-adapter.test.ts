import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkModelSpec,
  createModelClient,
  findProfile,
  ModelError,
  parseModelSpec,
  type ModelClient,
  type ModelSpec,
} from '../src/index.js';
import { actionSchema, clickTool, recordingHandle, smallPng } from './support/helpers.js';
import { loadFixture, startReplayServer, type ReplayServer } from './support/replay-server.js';

function spec(text: string): ModelSpec {
  const parsed = parseModelSpec(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.spec;
}

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!ModelError.isInstance(error)) throw new Error(`expected a ModelError, got ${String(error)}`);
  return error;
}

describe('ollama: specs on Ollama’s native chat route, with the context size per request', () => {
  let server: ReplayServer;
  let client: ModelClient;
  beforeAll(async () => {
    server = await startReplayServer();
    client = createModelClient(spec(`ollama:qwen2.5vl:7b@${server.origin}`), {}, { retry: false });
  });
  afterAll(() => server.close());

  it('posts to /api/chat with num_ctx, num_predict, the schema as format and images beside the text', async () => {
    const png = await smallPng();
    server.enqueue(loadFixture('ollama', 'chat-structured'));
    const before = server.requests.length;
    const response = await client.complete(recordingHandle().handle, {
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
      maxOutputTokens: 1500,
      temperature: 0.2,
    });
    const request = server.requests[before]!;
    expect([request.method, request.path, request.headers.authorization]).toEqual(['POST', '/api/chat', undefined]);
    const body = request.body as Record<string, unknown> & { messages: Record<string, unknown>[] };
    expect(body).toMatchObject({
      model: 'qwen2.5vl:7b',
      stream: false,
      options: { num_ctx: 16384, num_predict: 1500, temperature: 0.2 },
      format: { type: 'object', required: ['summary', 'target'] },
    });
    expect(body.messages[0]).toMatchObject({ role: 'system' });
    expect(String(body.messages[0]!.content)).toMatch(/^You operate a computer\.\n\nAnswer with one JSON object/);
    expect(body.messages[1]).toEqual({
      role: 'user',
      content: 'Next action?',
      images: [Buffer.from(png).toString('base64')],
    });
    expect(response.parsed).toEqual({ summary: "Clicking 'Export'", target: { x: 1204, y: 88 } });
    expect(response.usage).toEqual({ inputTokens: 5830, outputTokens: 29, costUsd: 0 });
    expect(response.rawStopReason).toBe('stop');
  });

  it('takes the context size from ?num_ctx= and reads a base URL written for the /v1 route', async () => {
    const wide = createModelClient(spec(`ollama:qwen2.5vl:7b@${server.origin}/v1?num_ctx=32768`), {}, { retry: false });
    server.enqueue(loadFixture('ollama', 'chat'));
    const before = server.requests.length;
    const response = await wide.complete(recordingHandle().handle, { messages: [{ role: 'user', content: 'Hi' }] });
    expect(server.requests[before]?.path).toBe('/api/chat');
    expect((server.requests[before]?.body as { options: unknown }).options).toEqual({
      num_ctx: 32768,
      num_predict: 4096,
    });
    expect(response.text).toBe('The Export button is in the toolbar.');
  });

  it('reads a streamed answer line by line', async () => {
    const streaming = createModelClient(
      spec(`ollama:qwen2.5vl:7b@${server.origin}`),
      {},
      { retry: false, stream: true },
    );
    server.enqueue(loadFixture('ollama', 'stream'));
    const before = server.requests.length;
    const response = await streaming.complete(recordingHandle().handle, {
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect((server.requests[before]?.body as { stream: boolean }).stream).toBe(true);
    expect([response.text, response.usage.inputTokens, response.usage.outputTokens]).toEqual([
      'The Export button.',
      5210,
      4,
    ]);
  });

  it('maps done_reason length to truncated, and warns when the prompt filled the window', async () => {
    server.enqueue(loadFixture('ollama', 'chat-length'), loadFixture('ollama', 'chat-full-context'));
    const cut = await failure(
      client.complete(recordingHandle().handle, {
        messages: [{ role: 'user', content: 'x' }],
        outputSchema: actionSchema,
      }),
    );
    expect([cut.reason, cut.usage?.outputTokens]).toEqual(['truncated', 16]);
    const full = await client.complete(recordingHandle().handle, { messages: [{ role: 'user', content: 'x' }] });
    expect(full.warnings).toContainEqual({
      type: 'other',
      message: 'the prompt filled the 16384-token context window, so Ollama may have cut its start; raise num_ctx',
    });
  });

  it('validates tool calls whose arguments arrive as an object', async () => {
    server.enqueue(loadFixture('ollama', 'chat-tools'));
    const response = await client.complete(recordingHandle().handle, {
      messages: [{ role: 'user', content: 'Export' }],
      tools: [clickTool],
    });
    expect(response.stopReason).toBe('tool-use');
    expect(response.toolCalls).toEqual([{ id: 'call_0', name: 'click', input: { x: 1204, y: 88 } }]);
  });

  it('says what to do about a model that is not pulled, and about a server that is not running', async () => {
    server.enqueue(loadFixture('ollama', 'error-404'));
    const missing = await failure(
      client.complete(recordingHandle().handle, { messages: [{ role: 'user', content: 'x' }] }),
    );
    expect([missing.reason, missing.status]).toEqual(['bad-request', 404]);
    expect(missing.message).toBe(
      'ollama request failed, HTTP 404: model "qwen2.5vl:7b" not found, try pulling it first',
    );
    const closed = await startReplayServer();
    await closed.close();
    const down = createModelClient(spec(`ollama:qwen2.5vl:7b@${closed.origin}`), {}, { retry: false });
    const refused = await failure(
      down.complete(recordingHandle().handle, { messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(refused.reason).toBe('server');
    expect(refused.message).toContain(`connection failed: is Ollama running at ${closed.origin}?`);
  });

  it('turns a body that is not an answer into a bad response', async () => {
    server.enqueue(
      { description: 'html', status: 200, raw: '<html><title>Proxy error</title></html>', contentType: 'text/html' },
      {
        description: 'error in 200',
        status: 200,
        raw: JSON.stringify({ error: 'llama runner process has terminated' }),
      },
      { description: 'cut stream', status: 200, lines: [{ message: { content: 'The' }, done: false }] },
    );
    const ask = { messages: [{ role: 'user' as const, content: 'x' }] };
    const html = await failure(client.complete(recordingHandle().handle, ask));
    expect([html.reason, html.message]).toEqual([
      'bad-response',
      'ollama answered an HTML page ("Proxy error"), not JSON',
    ]);
    const crashed = await failure(client.complete(recordingHandle().handle, ask));
    expect(crashed.message).toBe(
      'ollama answered with an error instead of an answer: llama runner process has terminated',
    );
    const streaming = createModelClient(
      spec(`ollama:qwen2.5vl:7b@${server.origin}`),
      {},
      { retry: false, stream: true },
    );
    const cut = await failure(streaming.complete(recordingHandle().handle, ask));
    expect(cut.message).toBe('ollama ended the stream before the answer was finished (no "done": true)');
  });
});

describe('checking an ollama spec', () => {
  it('needs no key and no base URL, matches the local model profiles and names the context size', () => {
    const check = checkModelSpec('ollama:qwen2.5vl:7b', {});
    expect(check).toMatchObject({ usable: true, problems: [], spec: { provider: 'ollama', model: 'qwen2.5vl:7b' } });
    expect(check.keyVariable).toBeUndefined();
    expect(check.profile?.id).toBe('qwen2.5-vl');
    expect(check.notes).toContain(
      "Ollama's native /api/chat with a 16384-token context window (num_ctx); set another with ?num_ctx= on the base URL",
    );
    expect(findProfile('ollama', 'hf.co/ByteDance-Seed/UI-TARS-1.5-7B-GGUF')?.id).toBe('ui-tars-1.5');
  });

  it('refuses a context size that is not one', () => {
    const check = checkModelSpec('ollama:llava:13b@http://127.0.0.1:11434?num_ctx=lots', {});
    expect(check.usable).toBe(false);
    expect(check.problems).toEqual([
      'num_ctx=lots is not a context size; give a whole number of tokens from 2048 to 1048576',
    ]);
  });

  it('points an OpenAI-compatible spec on Ollama’s port to the native route', () => {
    const check = checkModelSpec('openai-compatible:qwen2.5vl:7b@http://127.0.0.1:11434/v1', {});
    expect(check.usable).toBe(true);
    expect(check.notes.some((note) => note.includes('use ollama:qwen2.5vl:7b instead'))).toBe(true);
  });
});
