import { describe, expect, it } from 'vitest';
import type { OperatorDecision, OperatorInput } from '../engine.js';
import type { ToolRunner } from '../ports.js';
import { setup } from '../test-support/loop-harness.js';
import { startRun } from './agent-loop.js';
import { createQueueChannel } from './user-channel.js';

/** Searches first, then completes the step once it has read the search output. */
function searchThenComplete(input: OperatorInput): OperatorDecision {
  const searched = input.performed.find((done) => done.action.type === 'tool-call');
  if (!searched) {
    return {
      type: 'act',
      actions: [
        {
          action: { type: 'tool-call', tool: 'search', input: { query: 'how to export' } },
          summary: "Searching the knowledge base for 'how to export'",
        },
        { action: { type: 'wait', ms: 1 }, summary: 'Never reached: the tool call ends the chain' },
      ],
    };
  }
  return { type: 'step-complete', evidence: `read: ${searched.output}` };
}

const knowledge: ToolRunner = {
  async run(_handle, call) {
    return { ok: true, output: `1 result for ${String(call.input['query'])}: use File > Export`, durationMs: 3 };
  },
};

describe('tool calls', () => {
  it('runs the tool, logs its output, and hands it to the next decision', async () => {
    const { deps, task, engine, log } = setup({ script: { operator: [searchThenComplete] } });
    const state = await startRun({ ...deps, tools: knowledge }, 'run-1', task);
    expect(state.status).toBe('succeeded');
    const second = engine.calls.operator[1]!;
    expect(second.performed).toEqual([
      expect.objectContaining({ ok: true, output: '1 result for how to export: use File > Export' }),
    ]);
    const ends = log.all('run-1').filter((event) => event.payload.type === 'action-end');
    expect(ends[0]!.payload).toMatchObject({ result: { ok: true, output: expect.stringContaining('File > Export') } });
    expect(
      log.all('run-1').some((event) => event.payload.type === 'action-start' && event.payload.action.type === 'wait'),
    ).toBe(false);
  });

  it('tells the operator when no tools are set up, instead of failing the run', async () => {
    const { deps, task, engine } = setup({ script: { operator: [searchThenComplete] } });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('succeeded');
    expect(engine.calls.operator[1]!.performed[0]).toMatchObject({
      ok: false,
      output: 'no tools are set up for this run',
    });
  });

  it('asks the person before any shell command, even when plans are approved by policy', async () => {
    const runs: string[] = [];
    const coder: ToolRunner = {
      async run(_handle, call) {
        runs.push(String(call.input['command']));
        return { ok: true, output: 'exit 0', durationMs: 1 };
      },
    };
    const operator = (input: OperatorInput): OperatorDecision =>
      input.performed.length === 0
        ? {
            type: 'act',
            actions: [
              {
                action: { type: 'tool-call', tool: 'code', input: { command: 'ls /tmp' } },
                summary: 'Running ls /tmp',
              },
            ],
          }
        : { type: 'step-complete', evidence: 'listed' };
    const channel = createQueueChannel({ interactive: true });
    const { deps, task, log } = setup({ channel, task: { approval: 'auto' }, script: { operator: [operator] } });
    const state = await startRun(
      {
        ...deps,
        tools: coder,
        onEvent: (event, state) => {
          if (event.payload.type !== 'approval-request') return;
          if (event.payload.subject.type === 'action') channel.push({ type: 'reject', reason: 'not on my machine' });
          // The run then proposes going on without the step, which the person rejects too.
          else if (event.payload.subject.type === 'plan' && state.versions.length > 1) {
            channel.push({ type: 'reject', reason: 'keep it' });
          }
        },
      },
      'run-1',
      task,
    );
    // Declining ends the step without asking again; refusing to go on without it stops the run.
    expect(state.status).toBe('cancelled');
    expect(state.endReason).toContain('not on my machine');
    expect(runs).toEqual([]);
    const events = log.all('run-1');
    const request = events.find(
      (event) => event.payload.type === 'approval-request' && event.payload.subject.type === 'action',
    );
    expect(request?.payload).toMatchObject({ subject: { reason: 'runs the shell command `ls /tmp`' } });
    const response = events.find((event) => event.payload.type === 'approval-response' && event.seq > request!.seq);
    expect(response?.payload).toMatchObject({ decision: 'rejected', by: 'user', reason: 'not on my machine' });
    expect(events.filter((event) => event.payload.type === 'approval-request')).toHaveLength(3);
  });
});
