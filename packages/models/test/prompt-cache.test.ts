import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costOf, createModelClient, DEFAULT_PRICE_TABLE } from '../src/index.js';
import { ANTHROPIC_TEST_KEY, OPENAI_TEST_KEY, recordingHandle } from './support/helpers.js';
import { loadFixture, startReplayServer, type Fixture, type ReplayServer } from './support/replay-server.js';

/** Fixture `anthropic/text` with the cache counts of https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching. */
function anthropicCached(read: number, written: number): Fixture {
  const fixture = loadFixture('anthropic', 'text');
  const body = structuredClone(fixture.body) as { usage: Record<string, number> };
  body.usage = {
    ...body.usage,
    input_tokens: 200,
    cache_read_input_tokens: read,
    cache_creation_input_tokens: written,
  };
  return { ...fixture, body };
}

/** Fixture `openai/text` with `prompt_tokens_details.cached_tokens` (https://platform.openai.com/docs/guides/prompt-caching). */
function openaiCached(prompt: number, cached: number): Fixture {
  const fixture = loadFixture('openai', 'text');
  const body = structuredClone(fixture.body) as {
    usage: { prompt_tokens: number; prompt_tokens_details: { cached_tokens: number } };
  };
  body.usage.prompt_tokens = prompt;
  body.usage.prompt_tokens_details.cached_tokens = cached;
  return { ...fixture, body };
}

describe('prompt caching is counted and priced', () => {
  let server: ReplayServer;
  beforeAll(async () => {
    server = await startReplayServer();
  });
  afterAll(() => server.close());
  const ask = { messages: [{ role: 'user' as const, content: 'Where is Export?' }] };

  it('reads Anthropic cache reads and writes, at a tenth and 1.25 times the input price', async () => {
    const client = createModelClient(
      { provider: 'anthropic', model: 'claude-sonnet-4-5', baseURL: server.origin },
      { ANTHROPIC_API_KEY: ANTHROPIC_TEST_KEY },
      { retry: false },
    );
    server.enqueue(anthropicCached(3000, 0), anthropicCached(0, 3000));
    const read = await client.complete(recordingHandle().handle, ask);
    expect(read.usage).toMatchObject({ inputTokens: 3200, cacheReadTokens: 3000 });
    // 200 plain at $3/M, 3000 read at $0.30/M, 19 out at $15/M.
    expect(read.usage.costUsd).toBeCloseTo((200 * 3 + 3000 * 0.3 + 19 * 15) / 1e6, 9);
    const written = await client.complete(recordingHandle().handle, ask);
    expect(written.usage).toMatchObject({ inputTokens: 3200, cacheWriteTokens: 3000 });
    expect(written.usage.costUsd).toBeCloseTo((200 * 3 + 3000 * 3.75 + 19 * 15) / 1e6, 9);
  });

  it("reads OpenAI's cached prompt tokens and prices them at the table's cached rate", async () => {
    const client = createModelClient(
      { provider: 'openai', model: 'gpt-4.1', baseURL: `${server.origin}/v1` },
      { OPENAI_API_KEY: OPENAI_TEST_KEY },
      { retry: false },
    );
    server.enqueue(openaiCached(4000, 3072));
    const response = await client.complete(recordingHandle().handle, ask);
    expect(response.usage).toMatchObject({ inputTokens: 4000, cacheReadTokens: 3072 });
    expect(response.usage.costUsd).toBeCloseTo(
      costOf({ inputTokens: 4000, outputTokens: 15, cacheReadTokens: 3072 }, 'openai:gpt-4.1', DEFAULT_PRICE_TABLE)!,
      12,
    );
    // GPT-4.1's cached input is $0.50/M against $2/M.
    expect(
      costOf({ inputTokens: 1e6, outputTokens: 0, cacheReadTokens: 1e6 }, 'openai:gpt-4.1', DEFAULT_PRICE_TABLE),
    ).toBeCloseTo(0.5, 9);
  });
});
