import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAnthropicClient, createOpenAIClient } from '@sandpiper/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelEngine } from '../src/index.js';
import { reportingHandle, sampleTask, step, syntheticScreen } from './support/screens.js';

/**
 * The operator of a Claude model with a computer-use tool version, through the real Anthropic
 * adapter against a loopback Messages API. Reply shapes follow the computer-use tool's
 * documentation (https://platform.claude.com/docs/en/agents-and-tools/tool-use/computer-use-tool)
 * and the Messages API reference (https://docs.anthropic.com/en/api/messages).
 */
type Block = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown };

function message(...content: Block[]): unknown {
  return {
    id: 'msg_01Operator',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5-20250929',
    content,
    stop_reason: content.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 2600, output_tokens: 80 },
  };
}
const computer = (id: string, input: unknown): Block => ({ type: 'tool_use', id, name: 'computer', input });

let server: Server;
let origin: string;
const queue: unknown[] = [];
const bodies: { tools: { name: string; type?: string }[]; messages: { role: string; content: unknown }[] }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as (typeof bodies)[number]);
      const body = queue.shift();
      response.writeHead(body === undefined ? 599 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body ?? { type: 'error', error: { type: 'api_error', message: 'nothing queued' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function engine() {
  const client = createAnthropicClient({
    model: 'claude-sonnet-4-5',
    apiKey: 'sk-ant-test-0123456789',
    baseURL: origin,
  });
  return createModelEngine({ roles: { default: { client } } });
}

/** The engine `decide` asks; the OpenAI cases swap in theirs. */
let makeEngine = engine;

async function decide(...replies: unknown[]) {
  queue.push(...replies);
  const before = bodies.length;
  const { handle, reports } = reportingHandle();
  // A full-HD screen: Claude is shown it at 1429 × 804, and its points come back in that image.
  const screen = await syntheticScreen(1, { width: 1920, height: 1080 });
  const decision = await makeEngine().operator.decide(handle, {
    task: sampleTask,
    step: step('step-1'),
    attempt: 1,
    screen,
    performed: [],
  });
  return { decision, reports, sent: bodies.slice(before) };
}

describe("the operator of a model trained on Anthropic's computer tool", () => {
  it('shows the screen on request, then acts: points in the image become screen points', async () => {
    const { decision, reports, sent } = await decide(
      message({ type: 'text', text: 'Let me look first.' }, computer('toolu_1', { action: 'screenshot' })),
      message(
        computer('toolu_2', { action: 'left_click', coordinate: [714, 402] }),
        computer('toolu_3', { action: 'type', text: 'Ada' }),
        computer('toolu_4', { action: 'key', text: 'Return' }),
      ),
    );
    expect(sent).toHaveLength(2);
    expect(sent[0]!.tools.map((tool) => tool.type ?? tool.name)).toEqual(['report_step', 'computer_20250124']);
    // The second request carries the screenshot call and its result, an image.
    const last = sent[1]!.messages.at(-1) as { role: string; content: { type: string; content: { type: string }[] }[] };
    expect(last.role).toBe('user');
    expect(last.content[0]).toMatchObject({
      type: 'tool_result',
      tool_use_id: 'toolu_1',
      content: [{ type: 'image' }],
    });

    expect(decision.type).toBe('act');
    if (decision.type !== 'act') return;
    const [click, typed, enter] = decision.actions;
    expect(click?.action).toMatchObject({ type: 'click', button: 'left', count: 1 });
    const at = click?.action.type === 'click' ? click.action.at : { x: 0, y: 0 };
    expect(Math.abs(at.x - 960)).toBeLessThanOrEqual(2);
    expect(Math.abs(at.y - 540)).toBeLessThanOrEqual(2);
    expect(typed?.action).toEqual({ type: 'type', text: 'Ada' });
    expect(enter?.action).toEqual({ type: 'key', keys: ['Enter'] });
    expect(reports).toEqual([expect.objectContaining({ role: 'operator', outcome: 'ok', inputTokens: 5200 })]);
  });

  it.each([
    ['done', 'step-complete', { evidence: "The field shows 'Ada'." }],
    ['ask', 'clarify', { question: 'Which of the two name fields?' }],
    ['cannot', 'fail', { reason: 'There is no name field on this page.' }],
  ] as const)('reads report_step %s as %s', async (outcome, type, fields) => {
    const text = Object.values(fields)[0];
    const { decision } = await decide(
      message({ type: 'tool_use', id: 'toolu_r', name: 'report_step', input: { outcome, text } }),
    );
    expect(decision).toEqual({ type, ...fields });
  });

  it("checks the step right after actions that come with report_step 'done'", async () => {
    const { decision } = await decide(
      message(
        computer('toolu_c', { action: 'triple_click', coordinate: [300, 240] }),
        computer('toolu_t', { action: 'type', text: 'Ada' }),
        { type: 'tool_use', id: 'toolu_d', name: 'report_step', input: { outcome: 'done', text: 'Ada is typed.' } },
      ),
    );
    expect(decision).toMatchObject({
      type: 'act',
      completesStep: true,
      actions: [{ action: { type: 'click', count: 3 } }, { action: { type: 'type', text: 'Ada' } }],
    });
  });

  it('sends back an action it cannot perform as an error, and asks the person once the turns run out', async () => {
    const unusable = message(computer('toolu_z', { action: 'zoom', region: [0, 0, 10, 10] }));
    const { decision, reports, sent } = await decide(unusable, unusable, unusable);
    expect(sent).toHaveLength(3);
    const result = (sent[1]!.messages.at(-1) as { content: { type: string; is_error?: boolean }[] }).content[0];
    expect(result).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_z', is_error: true });
    expect(decision.type).toBe('clarify');
    expect(reports).toEqual([expect.objectContaining({ outcome: 'error' })]);
  });

  it("keeps Sandpiper's own actions when another model is the grounder, so that model is used", async () => {
    const client = createAnthropicClient({
      model: 'claude-sonnet-4-5',
      apiKey: 'sk-ant-test-0123456789',
      baseURL: origin,
    });
    const grounder = createAnthropicClient({
      model: 'claude-haiku-4-5',
      apiKey: 'sk-ant-test-0123456789',
      baseURL: origin,
    });
    const withGrounder = createModelEngine({ roles: { default: { client }, grounder: { client: grounder } } });
    const answer = { decision: 'step-complete', evidence: "The field shows 'Ada'." };
    queue.push(message({ type: 'tool_use', id: 'toolu_a', name: 'operator_decision', input: { answer } }));
    const before = bodies.length;
    const decision = await withGrounder.operator.decide(reportingHandle().handle, {
      task: sampleTask,
      step: step('step-1'),
      attempt: 1,
      screen: await syntheticScreen(2),
      performed: [],
    });
    expect(bodies[before]!.tools.map((tool) => tool.type ?? tool.name)).toEqual(['operator_decision']);
    expect(decision).toEqual({ type: 'step-complete', evidence: "The field shows 'Ada'." });
  });

  it('refuses a point off the image and asks again instead of clicking somewhere else', async () => {
    const { decision, sent } = await decide(
      message(computer('toolu_o', { action: 'left_click', coordinate: [5000, 10] })),
      message(computer('toolu_p', { action: 'left_click', coordinate: [100, 100] })),
    );
    expect(sent).toHaveLength(2);
    expect(decision.type).toBe('act');
  });
});

/**
 * The same operator for GPT-5.4 through the real OpenAI adapter, against a loopback Responses API
 * (reply shapes from https://platform.openai.com/docs/api-reference/responses/object and the
 * computer-use guide, https://platform.openai.com/docs/guides/tools-computer-use).
 */
describe("the operator of a model trained on OpenAI's computer tool", () => {
  const openAIEngine = () =>
    createModelEngine({
      roles: {
        default: {
          client: createOpenAIClient({ model: 'gpt-5.4', apiKey: 'sk-test-0123456789', baseURL: `${origin}/v1` }),
        },
      },
    });
  const response = (...output: unknown[]) => ({
    id: 'resp_op',
    status: 'completed',
    output,
    usage: { input_tokens: 2400, output_tokens: 90 },
  });
  const reasoning = { type: 'reasoning', id: 'rs_op', summary: [], encrypted_content: 'gAAAAAB-op' };
  beforeAll(() => {
    makeEngine = openAIEngine;
  });
  afterAll(() => {
    makeEngine = engine;
  });

  it('performs a batched call as one chain, its points mapped from the image to the screen', async () => {
    const { decision, sent } = await decide(
      response(reasoning, {
        type: 'computer_call',
        call_id: 'call_b',
        pending_safety_checks: [],
        actions: [
          { type: 'click', button: 'left', x: 683, y: 384 },
          { type: 'type', text: 'Ada' },
          { type: 'keypress', keys: ['ENTER'] },
        ],
      }),
    );
    expect(sent[0]!.tools.map((tool) => tool.type ?? tool.name)).toEqual(['function', 'computer']);
    expect(decision.type).toBe('act');
    if (decision.type !== 'act') return;
    const [click, typed, enter] = decision.actions;
    const at = click?.action.type === 'click' ? click.action.at : { x: 0, y: 0 };
    // GPT-5.4 is shown the full-HD screen at 1366 × 768.
    expect(Math.abs(at.x - 960)).toBeLessThanOrEqual(2);
    expect(Math.abs(at.y - 540)).toBeLessThanOrEqual(2);
    expect(typed?.action).toEqual({ type: 'type', text: 'Ada' });
    expect(enter?.action).toEqual({ type: 'key', keys: ['Enter'] });
  });

  it('tells the preview tool it drives a browser when the task runs in one', async () => {
    makeEngine = () =>
      createModelEngine({
        roles: {
          default: {
            client: createOpenAIClient({
              model: 'computer-use-preview',
              apiKey: 'sk-test-0123456789',
              baseURL: `${origin}/v1`,
            }),
          },
        },
      });
    try {
      const { sent } = await decide(
        response({
          type: 'computer_call',
          call_id: 'call_e',
          actions: [{ type: 'click', button: 'left', x: 5, y: 5 }],
        }),
      );
      expect(sent[0]!.tools.find((tool) => tool.type === 'computer_use_preview')).toMatchObject({
        environment: 'browser',
      });
    } finally {
      makeEngine = openAIEngine;
    }
  });

  it('answers a screenshot request with the reasoning sent back, then acts', async () => {
    const { decision, sent } = await decide(
      response(reasoning, { type: 'computer_call', call_id: 'call_s', actions: [{ type: 'screenshot' }] }),
      response({
        type: 'computer_call',
        call_id: 'call_c',
        actions: [{ type: 'click', button: 'left', x: 10, y: 10 }],
      }),
    );
    expect(sent).toHaveLength(2);
    const input = (sent[1] as unknown as { input: { type?: string; role?: string }[] }).input;
    expect(input.map((item) => item.type ?? item.role)).toEqual([
      'user',
      'reasoning',
      'computer_call',
      'computer_call_output',
    ]);
    expect(decision.type).toBe('act');
  });

  it("asks the person, performing nothing, when the vendor's safety check flags the call", async () => {
    const { decision, sent } = await decide(
      response({
        type: 'computer_call',
        call_id: 'call_f',
        actions: [{ type: 'click', button: 'left', x: 10, y: 10 }],
        pending_safety_checks: [
          { id: 'sc_1', code: 'irrelevant_domain', message: 'This site looks unrelated to the task.' },
        ],
      }),
    );
    expect(sent).toHaveLength(1);
    expect(decision).toEqual({
      type: 'clarify',
      question:
        "The model's safety check stopped its next action (This site looks unrelated to the task.). Should it go ahead?",
    });
  });
});
