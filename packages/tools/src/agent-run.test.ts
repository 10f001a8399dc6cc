import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createQueueChannel,
  startRun,
  type Environment,
  type OperatorDecision,
  type OperatorInput,
  type PlannerResult,
} from '@sandpiper/core';
import { taskSchema, type TaskInput } from '@sandpiper/protocol';
import {
  createManualClock,
  createMemoryBlobStore,
  createMemoryEventLog,
  createScriptedEngine,
  createScriptedEnvironment,
  createSequentialIds,
  legacyCriterion,
} from '@sandpiper/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createShellEnvironment } from '../test/shell-environment.js';
import { createCoder } from './coder/coder.js';
import { createKnowledgeBase, type KnowledgeBase } from './knowledge/knowledge-base.js';
import { createToolRunner } from './tool-runner.js';

const plan: Extract<PlannerResult, { type: 'plan' }> = {
  type: 'plan',
  analysis: 'Choose the department in the native select.',
  constraints: [],
  successCriteria: [legacyCriterion("The Department select shows 'Finance'", 'Finance')],
  steps: [{ text: "Select 'Finance' from the 'Department' dropdown" }],
};

/** Looks the procedure up first, then follows what the search returned. */
function searchThenFollow(input: OperatorInput): OperatorDecision {
  const [searched, typed] = input.performed;
  if (!searched) {
    return {
      type: 'act',
      actions: [
        {
          action: { type: 'tool-call', tool: 'search', input: { query: 'choose an option in a native select' } },
          summary: "Searching the knowledge base for 'choose an option in a native select'",
        },
      ],
    };
  }
  if (!typed) {
    // Follow the advice only if the search really gave it: otherwise the test must fail.
    if (!searched.output?.includes('Type the first letters')) return { type: 'fail', reason: 'no advice found' };
    return {
      type: 'act',
      actions: [
        { action: { type: 'type', text: 'Fin' }, summary: "Typing 'Fin'" },
        { action: { type: 'key', keys: ['Enter'] }, summary: 'Pressing Enter' },
      ],
    };
  }
  return { type: 'step-complete', evidence: 'the select shows Finance' };
}

/** Runs one command, then completes the step quoting what the command printed. */
function runCommandThenQuote(input: OperatorInput): OperatorDecision {
  const [ran] = input.performed;
  if (!ran) {
    return {
      type: 'act',
      actions: [
        {
          action: { type: 'tool-call', tool: 'code', input: { command: 'echo department=Finance' } },
          summary: 'Running echo department=Finance',
        },
      ],
    };
  }
  return { type: 'step-complete', evidence: `${ran.ok ? 'ran' : 'refused'}: ${ran.output ?? ''}` };
}

function setup(
  environment: Environment,
  operator: (input: OperatorInput) => OperatorDecision,
  task: Partial<TaskInput>,
) {
  const clock = createManualClock();
  const log = createMemoryEventLog(clock.now);
  const engine = createScriptedEngine({ planner: [plan], operator: [operator] });
  const deps = {
    log,
    blobs: createMemoryBlobStore((bytes) => createHash('sha256').update(bytes).digest('hex')),
    environment,
    engine,
    clock,
    ids: createSequentialIds(),
    channel: createQueueChannel({ interactive: false }),
  };
  const parsed = taskSchema.parse({
    instruction: "select 'Finance' from the 'Department' dropdown",
    environment: { type: 'url', url: 'http://127.0.0.1:1/' },
    approval: 'auto',
    ...task,
  });
  return { deps, log, engine, task: parsed };
}

describe('tool calls in a complete run', () => {
  let knowledge: KnowledgeBase;
  const scratch: string[] = [];
  beforeAll(async () => {
    knowledge = await createKnowledgeBase();
  });
  afterEach(() => {
    for (const directory of scratch.splice(0)) rmSync(directory, { recursive: true, force: true });
  });

  it('the operator searches, reads the sections in its next decision, and acts on them', async () => {
    const environment = createScriptedEnvironment();
    const { deps, log, engine, task } = setup(environment, searchThenFollow, {});
    const tools = createToolRunner({ knowledge, coder: createCoder() });
    const state = await startRun({ ...deps, tools }, 'run-1', task);

    expect(state.status).toBe('succeeded');
    const second = engine.calls.operator[1]!;
    expect(second.performed[0]).toMatchObject({ ok: true, output: expect.stringContaining('native-selects.md') });
    expect(environment.performed).toEqual([
      { type: 'type', text: 'Fin' },
      { type: 'key', keys: ['Enter'] },
    ]);
    const ends = log.all('run-1').filter((event) => event.payload.type === 'action-end');
    expect(ends[0]!.payload).toMatchObject({
      result: { ok: true, output: expect.stringMatching(/^\d sections? from the local knowledge base/) },
    });
  });

  it('a shell command passes the approval policy, runs in the environment shell, and its report reaches the operator', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'run-shell-'));
    scratch.push(directory);
    const environment = createShellEnvironment(directory);
    const { deps, log, engine, task } = setup(environment, runCommandThenQuote, { approval: 'auto-all' });
    const state = await startRun(
      { ...deps, tools: createToolRunner({ knowledge, coder: createCoder() }) },
      'run-1',
      task,
    );

    expect(state.status).toBe('succeeded');
    expect(environment.commands).toEqual(['echo department=Finance']);
    const payloads = log.all('run-1').map((event) => event.payload);
    expect(payloads).toContainEqual(
      expect.objectContaining({
        type: 'approval-request',
        subject: expect.objectContaining({ reason: 'runs the shell command `echo department=Finance`' }),
      }),
    );
    expect(payloads).toContainEqual(
      expect.objectContaining({ type: 'approval-response', decision: 'accepted', by: 'policy' }),
    );
    expect(engine.calls.operator[1]!.performed[0]!.output).toContain('Stdout (19 characters):\ndepartment=Finance');
  });

  it('in a browser, the operator learns there is no shell and the run goes on', async () => {
    const { deps, engine, task } = setup(createScriptedEnvironment(), runCommandThenQuote, { approval: 'auto-all' });
    const state = await startRun(
      { ...deps, tools: createToolRunner({ knowledge, coder: createCoder() }) },
      'run-1',
      task,
    );

    expect(state.status).toBe('succeeded');
    expect(engine.calls.operator[1]!.performed[0]).toMatchObject({
      ok: false,
      output: expect.stringMatching(/^this environment offers no shell; the browser environment/),
    });
  });
});
