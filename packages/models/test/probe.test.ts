import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelClient, probeModel, findProfile, type ModelSpec, type ProbeResult } from '../src/index.js';
import { ANTHROPIC_TEST_KEY, OPENAI_TEST_KEY } from './support/helpers.js';
import { loadFixture, startReplayServer, type Fixture, type ReplayServer } from './support/replay-server.js';

/** The documented Chat Completions answer (fixture `openai/text`) with its content and prompt count replaced. */
function openaiAnswer(content: string, promptTokens = 40): Fixture {
  const fixture = loadFixture('openai', 'text');
  const body = structuredClone(fixture.body) as {
    choices: { message: { content: string } }[];
    usage: { prompt_tokens: number; total_tokens: number; completion_tokens: number };
  };
  body.choices[0]!.message.content = content;
  body.usage.prompt_tokens = promptTokens;
  body.usage.total_tokens = promptTokens + body.usage.completion_tokens;
  return { ...fixture, body };
}

/** The documented Messages answer (fixture `anthropic/text`) with its text replaced. */
function anthropicAnswer(text: string): Fixture {
  const fixture = loadFixture('anthropic', 'text');
  const body = structuredClone(fixture.body) as { content: { text: string }[] };
  body.content[0]!.text = text;
  return { ...fixture, body };
}

/** The documented /api/chat answer (fixture `ollama/chat`) with its content and prompt count replaced. */
function ollamaAnswer(content: string, promptEvalCount = 40): Fixture {
  const fixture = loadFixture('ollama', 'chat');
  const body = structuredClone(fixture.body) as { message: { content: string }; prompt_eval_count: number };
  body.message.content = content;
  body.prompt_eval_count = promptEvalCount;
  return { ...fixture, body };
}

/** An OpenAI-shaped 400 (https://platform.openai.com/docs/guides/error-codes), as OpenAI and vLLM send. */
function badRequest(message: string): Fixture {
  return {
    description: 'HTTP 400 invalid_request_error. Format: https://platform.openai.com/docs/guides/error-codes',
    status: 400,
    body: { error: { message, type: 'invalid_request_error', param: 'messages', code: null } },
  };
}

const env = { OPENAI_API_KEY: OPENAI_TEST_KEY, ANTHROPIC_API_KEY: ANTHROPIC_TEST_KEY };

describe('probing a model for real', () => {
  let server: ReplayServer;
  beforeAll(async () => {
    server = await startReplayServer();
  });
  afterAll(() => server.close());

  async function probe(
    spec: ModelSpec,
    options: { image: boolean; contextTokens?: number; computer?: boolean },
  ): Promise<ProbeResult> {
    const profile = findProfile(spec.provider, spec.model);
    const client = createModelClient(spec, env, { retry: false, timeoutMs: 5000 });
    return probeModel(client, { ...options, ...(profile === undefined ? {} : { profile }) });
  }

  it('passes a hosted model that answers and names the red square, sending a real image', async () => {
    server.enqueue(openaiAnswer('ready'), openaiAnswer('Red.'));
    const before = server.requests.length;
    const result = await probe(
      { provider: 'openai', model: 'gpt-4.1', baseURL: `${server.origin}/v1` },
      { image: true },
    );
    expect(result.ok).toBe(true);
    expect(result.checks.map((check) => [check.check, check.ok])).toEqual([
      ['text', true],
      ['image', true],
    ]);
    expect(result.checks[1]!.detail).toContain('saw the red square');
    const image = server.requests[before + 1]!.body as {
      messages: { content: { type: string; image_url?: { url: string } }[] }[];
    };
    const part = image.messages[0]!.content.find((each) => each.type === 'image_url');
    expect(part?.image_url?.url).toMatch(/^data:image\/(png|jpeg);base64,/);
    expect(result.usage.inputTokens).toBe(80);
    expect(result.usage.costUsd).toBeGreaterThan(0);
  });

  it('gives a reasoning model room to think at its lowest effort, and no temperature', async () => {
    server.enqueue(openaiAnswer('ready'));
    const before = server.requests.length;
    const result = await probe(
      { provider: 'openai', model: 'o4-mini', baseURL: `${server.origin}/v1` },
      { image: false },
    );
    expect(result.ok).toBe(true);
    const body = server.requests[before]!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('temperature');
    expect(body.reasoning_effort).toBe('low');
    expect(body.max_completion_tokens).toBeGreaterThan(256);
  });

  it('reports a refused key as auth, tries nothing else, and never repeats the key', async () => {
    server.enqueue(loadFixture('anthropic', 'error-401'));
    const before = server.requests.length;
    const result = await probe(
      { provider: 'anthropic', model: 'claude-sonnet-4-5', baseURL: server.origin },
      { image: true },
    );
    expect(server.requests.length - before).toBe(1);
    expect(result.ok).toBe(false);
    expect(result.checks).toEqual([
      expect.objectContaining({ check: 'text', ok: false, problem: 'auth', status: 401 }),
    ]);
    expect(JSON.stringify(result)).not.toContain(ANTHROPIC_TEST_KEY);
  });

  it('tells a model that is not pulled from a server that is down', async () => {
    server.enqueue(loadFixture('ollama', 'error-404'));
    const missing = await probe({ provider: 'ollama', model: 'qwen2.5vl:7b', baseURL: server.origin }, { image: true });
    expect(missing.checks).toEqual([expect.objectContaining({ problem: 'not-found', status: 404 })]);

    const closed = await freePort();
    const down = await probe(
      { provider: 'openai-compatible', model: 'qwen2.5-vl', baseURL: `http://127.0.0.1:${closed}/v1` },
      { image: true },
    );
    expect(down.checks).toEqual([expect.objectContaining({ check: 'text', ok: false, problem: 'unreachable' })]);
  });

  it('catches a model that answers about an image it never saw, and a server that refuses images', async () => {
    const spec: ModelSpec = { provider: 'openai-compatible', model: 'qwen2.5-vl', baseURL: `${server.origin}/v1` };
    server.enqueue(openaiAnswer('ready'), openaiAnswer('I cannot see any picture; please describe it.'));
    const blind = await probe(spec, { image: true });
    expect(blind.checks[1]).toMatchObject({ check: 'image', ok: false, problem: 'no-image-support' });

    server.enqueue(
      openaiAnswer('ready'),
      badRequest('Invalid content type. image_url is only supported by certain models.'),
    );
    const refused = await probe(spec, { image: true });
    expect(refused.checks[1]).toMatchObject({ check: 'image', ok: false, problem: 'no-image-support', status: 400 });
  });

  it('catches a server that keeps only part of a full-size request, silently or with an error', async () => {
    const spec: ModelSpec = { provider: 'openai-compatible', model: 'qwen2.5-vl', baseURL: `${server.origin}/v1` };
    server.enqueue(openaiAnswer('ready'), openaiAnswer('ready', 4096));
    const before = server.requests.length;
    const cut = await probe(spec, { image: false, contextTokens: 8000 });
    expect(cut.checks[1]).toMatchObject({ check: 'context', ok: false, problem: 'context-too-small' });
    expect(cut.checks[1]!.detail).toContain('4,096');
    const padded = server.requests[before + 1]!.body as { messages: { content: string }[] };
    expect(padded.messages[0]!.content.split(' ').length).toBeGreaterThan(8000);

    server.enqueue(
      openaiAnswer('ready'),
      badRequest("This model's maximum context length is 4096 tokens. However, you requested 8120 tokens."),
    );
    const refused = await probe(spec, { image: false, contextTokens: 8000 });
    expect(refused.checks[1]).toMatchObject({ check: 'context', ok: false, problem: 'context-too-small' });

    server.enqueue(ollamaAnswer('ready'), ollamaAnswer('ready', 8043));
    const kept = await probe(
      { provider: 'ollama', model: 'qwen2.5vl:7b', baseURL: server.origin },
      { image: false, contextTokens: 8000 },
    );
    expect(kept.ok).toBe(true);
    expect(kept.checks[1]!.detail).toContain('kept all');
  });

  it('passes Claude that names the colour', async () => {
    server.enqueue(anthropicAnswer('ready'), anthropicAnswer('red'));
    const result = await probe(
      { provider: 'anthropic', model: 'claude-sonnet-4-5', baseURL: server.origin },
      { image: true },
    );
    expect(result.ok).toBe(true);
  });

  it("checks Claude's computer tool with one click on the square, and names a refused beta", async () => {
    const spec = { provider: 'anthropic' as const, model: 'claude-sonnet-4-5', baseURL: server.origin };
    // The documented computer call, aimed at the middle of the 224 × 224 picture.
    const click = loadFixture('anthropic', 'computer-click');
    const body = structuredClone(click.body) as { content: { input?: { coordinate?: number[] } }[] };
    body.content[1]!.input!.coordinate = [112, 112];
    server.enqueue(anthropicAnswer('ready'), { ...click, body });
    const served = await probe(spec, { image: false, computer: true });
    expect(served.checks.map((check) => [check.check, check.ok])).toEqual([
      ['text', true],
      ['computer', true],
    ]);
    expect(served.checks[1]!.detail).toBe('called the computer tool: click at (112, 112)');
    const sent = server.requests.at(-1)!;
    expect(sent.headers['anthropic-beta']).toBe('computer-use-2025-01-24');
    expect((sent.body as { tools: { type: string }[] }).tools[0]!.type).toBe('computer_20250124');

    server.enqueue(anthropicAnswer('ready'), loadFixture('anthropic', 'error-400'));
    const refused = await probe(spec, { image: false, computer: true });
    expect(refused.ok).toBe(false);
    expect(refused.checks[1]).toMatchObject({ check: 'computer', ok: false, problem: 'no-computer-tool', status: 400 });

    server.enqueue(anthropicAnswer('ready'), anthropicAnswer('I see a red square.'));
    const ignored = await probe(spec, { image: false, computer: true });
    expect(ignored.checks[1]).toMatchObject({ ok: false, problem: 'no-computer-tool' });
  });
});

/** A port nothing listens on: bound once, then released. */
async function freePort(): Promise<number> {
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const port = (listener.address() as { port: number }).port;
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  return port;
}
