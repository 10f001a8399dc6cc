import { createModelClient, type ReasoningEffort } from '@sandpiper/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelEngine } from '../src/index.js';
import { chatCompletion, startChatServer, type ChatServer } from './support/chat-server.js';
import { plan, reportingHandle, sampleTask, syntheticScreen } from './support/screens.js';

/**
 * What the roles send OpenAI's reasoning models, through the real client on the wire: no
 * temperature (they reject all but their default with HTTP 400), a reasoning effort, output
 * limits with room to think, and one retry with twice the room when the thinking ate the answer.
 */

const reject = JSON.stringify({
  verdict: 'reject',
  certain: true,
  reason: 'The Employee name field is still empty.',
  criteria: [{ id: 'criterion-1', satisfied: false, evidence: 'The field is empty.' }],
  sideEffects: 'unconfirmed',
  screenStable: true,
  missing: ["type 'Ada'"],
});

const planned = JSON.stringify({
  decision: 'plan',
  analysis: 'One field to fill.',
  constraints: [],
  successCriteria: [{ kind: 'text-visible', text: "The 'Employee name' field shows 'Ada'", value: 'Ada' }],
  steps: [{ text: "Type 'Ada' into the 'Employee name' field", expectedOutcome: "The field shows 'Ada'" }],
});

describe('role requests to reasoning models', () => {
  let server: ChatServer;
  beforeAll(async () => {
    server = await startChatServer();
  });
  afterAll(() => server.close());

  function engineOn(model: string, judgeEffort?: ReasoningEffort) {
    const client = createModelClient(
      { provider: 'openai', model, baseURL: server.baseURL },
      { OPENAI_API_KEY: 'sk-test-engine-0123456789' },
      { retry: false },
    );
    return createModelEngine({
      roles: {
        default: { client },
        ...(judgeEffort === undefined ? {} : { judge: { client, reasoningEffort: judgeEffort } }),
      },
    });
  }

  async function judge(engine: ReturnType<typeof engineOn>) {
    const { handle, reports } = reportingHandle();
    const verdict = await engine.judge.judge(handle, {
      task: sampleTask,
      plan: plan(),
      screen: await syntheticScreen(7),
    });
    return { verdict, reports };
  }

  it('sends gpt-4.1 the judge temperature of 0.2 and no reasoning effort', async () => {
    server.reply(chatCompletion(reject));
    const before = server.requests.length;
    const { verdict } = await judge(engineOn('gpt-4.1'));
    expect(verdict.verdict).toBe('reject');
    expect(server.requests[before]).toMatchObject({ temperature: 0.2, max_completion_tokens: 1500 });
    expect(server.requests[before]).not.toHaveProperty('reasoning_effort');
  });

  it.each(['o3', 'gpt-5'])('sends %s no temperature, low effort and room to think', async (model) => {
    server.reply(chatCompletion(reject, 'stop', { prompt: 1900, completion: 900, reasoning: 840 }));
    const before = server.requests.length;
    const { verdict } = await judge(engineOn(model));
    expect(verdict.verdict).toBe('reject');
    expect(server.requests[before]).not.toHaveProperty('temperature');
    expect(server.requests[before]).toMatchObject({ reasoning_effort: 'low', max_completion_tokens: 1500 + 4096 });
  });

  it('gives the planner medium effort, and a configured effort wins', async () => {
    server.reply(chatCompletion(planned), chatCompletion(reject));
    const before = server.requests.length;
    const engine = engineOn('o3', 'high');
    const result = await engine.planner.plan(reportingHandle().handle, { task: sampleTask });
    expect(result.type).toBe('plan');
    expect(server.requests[before]).toMatchObject({ reasoning_effort: 'medium', max_completion_tokens: 4000 + 12_288 });
    await judge(engine);
    expect(server.requests[before + 1]).toMatchObject({
      reasoning_effort: 'high',
      max_completion_tokens: 1500 + 24_576,
    });
  });

  it('asks once more with twice the room when the thinking spent the whole limit', async () => {
    server.reply(
      chatCompletion('', 'length', { prompt: 1900, completion: 5596, reasoning: 5596 }),
      chatCompletion(reject),
    );
    const before = server.requests.length;
    const { verdict, reports } = await judge(engineOn('o4-mini'));
    expect(verdict.verdict).toBe('reject');
    expect(verdict.reason).toBe('The Employee name field is still empty.');
    expect(server.requests.slice(before).map((request) => request.max_completion_tokens)).toEqual([5596, 11_192]);
    expect(reports).toEqual([expect.objectContaining({ role: 'judge', outcome: 'repaired', outputTokens: 5596 + 60 })]);
  });

  it('falls back to the safe verdict when the answer is cut off even with more room', async () => {
    const empty = chatCompletion('', 'length', { prompt: 1900, completion: 5596, reasoning: 5596 });
    server.reply(empty, empty);
    const { verdict, reports } = await judge(engineOn('o3'));
    expect(verdict.verdict).toBe('reject');
    expect(verdict.reason).toMatch(/^The judge's answer could not be read \(truncated: /);
    expect(reports[0]).toMatchObject({ outcome: 'error', outputTokens: 2 * 5596 });
  });
});
