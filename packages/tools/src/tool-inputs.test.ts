import { createHandle, type ToolCall } from '@sandpiper/core';
import { taskSchema, type Step } from '@sandpiper/protocol';
import { createScriptedEnvironment } from '@sandpiper/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCoder } from './coder/coder.js';
import { createKnowledgeBase, type KnowledgeBase } from './knowledge/knowledge-base.js';
import { createToolRunner } from './tool-runner.js';

const task = taskSchema.parse({
  instruction: 'pick Finance',
  environment: { type: 'url', url: 'http://127.0.0.1:1/' },
});
const step: Step = { id: 'step-1', text: "Select 'Finance' from 'Department'", status: 'executing' };

describe('tool inputs are checked before anything runs', () => {
  let knowledge: KnowledgeBase;
  beforeAll(async () => {
    knowledge = await createKnowledgeBase();
  });
  const run = (call: ToolCall) =>
    createToolRunner({ knowledge, coder: createCoder() }).run(createHandle(), call, {
      task,
      step,
      environment: createScriptedEnvironment(),
    });

  it.each([
    [{ tool: 'search', input: {} }, 'invalid search input: query: Invalid input: expected string, received undefined'],
    [{ tool: 'search', input: { query: '   ' } }, /^invalid search input: query: Too small/],
    [{ tool: 'search', input: { query: 'x'.repeat(501) } }, /^invalid search input: query: Too big/],
    [{ tool: 'search', input: { query: 'dates', limit: 50 } }, /^invalid search input: limit: Too big/],
    [{ tool: 'search', input: { query: 'dates', limit: 1.5 } }, /^invalid search input: limit: /],
    [{ tool: 'code', input: {} }, /^invalid code input: command: /],
    [{ tool: 'code', input: { command: 42 } }, /^invalid code input: command: .*expected string/],
    [{ tool: 'code', input: { command: 'x'.repeat(4001) } }, /^invalid code input: command: Too big/],
  ] as const)('%j is refused with the field named', async (call, message) => {
    const outcome = await run(call as ToolCall);
    expect(outcome.ok).toBe(false);
    expect(outcome.output).toBe('');
    expect(outcome.error).toMatch(message);
  });

  it('refuses a tool it does not know instead of throwing', async () => {
    const outcome = await run({ tool: 'browse', input: {} } as unknown as ToolCall);
    expect(outcome).toMatchObject({ ok: false, error: "there is no tool named 'browse'" });
  });

  it('runs a valid search and reports the sections it found', async () => {
    const outcome = await run({ tool: 'search', input: { query: '  native select keyboard ', limit: 2 } });
    expect(outcome.ok).toBe(true);
    expect(outcome.output).toMatch(
      /^2 sections from the local knowledge base for "native select keyboard", best first:/,
    );
    expect(outcome.output).toContain('(built-in native-selects.md, score ');
    expect(outcome.output).not.toContain('[3]');
  });

  it('says so when nothing matches, which is still a successful search', async () => {
    const outcome = await run({ tool: 'search', input: { query: 'qqqq zzzz' } });
    expect(outcome).toMatchObject({ ok: true, output: 'The local knowledge base has nothing on "qqqq zzzz".' });
  });
});
