import type { PerformedAction } from '@sandpiper/core';
import { describe, expect, it } from 'vitest';
import { createModelEngine } from '../src/index.js';
import { reportingHandle, sampleTask, step, syntheticScreen } from './support/screens.js';
import { createScriptedModel, type ScriptedCall } from './support/scripted-model.js';

const searchAnswer = (input: Record<string, unknown>) =>
  JSON.stringify({
    decision: 'act',
    actions: [
      {
        summary: "Searching for 'native select by keyboard'",
        action: { type: 'tool-call', tool: 'search', input },
      },
    ],
  });

/** Completes the step quoting the first line of the tool output it was shown, or says it saw none. */
function quoteOutput(call: ScriptedCall): string {
  const shown = /Output:\n {4}(.+)/.exec(call.user)?.[1];
  return JSON.stringify({ decision: 'step-complete', evidence: shown ?? 'no output shown' });
}

describe('the model operator calls the searcher and the coder', () => {
  it('turns a tool call into a protocol tool-call action, re-asking when its input lacks the query', async () => {
    const model = createScriptedModel({
      script: { operator_decision: [searchAnswer({ q: 'select' }), searchAnswer({ query: 'native select' })] },
    });
    const engine = createModelEngine({ roles: { default: { client: model } } });
    const decision = await engine.operator.decide(reportingHandle().handle, {
      task: sampleTask,
      step: step('step-1'),
      attempt: 1,
      screen: await syntheticScreen(1),
      performed: [],
    });
    expect(decision).toEqual({
      type: 'act',
      actions: [
        {
          action: { type: 'tool-call', tool: 'search', input: { query: 'native select' } },
          summary: "Searching for 'native select by keyboard'",
        },
      ],
    });
    const reask = model.calls[1]!.request.messages.at(-1);
    expect(JSON.stringify(reask?.content)).toContain('a search call needs a non-empty \\"query\\" string');
  });

  it("shows the tool's output in the next decision's prompt", async () => {
    const model = createScriptedModel({ script: { operator_decision: [quoteOutput] } });
    const engine = createModelEngine({ roles: { default: { client: model } } });
    const performed: PerformedAction[] = [
      {
        action: { type: 'tool-call', tool: 'code', input: { command: 'echo hi' } },
        summary: 'Running echo hi',
        ok: true,
        output: 'Command: echo hi\nExit code: 0',
      },
    ];
    const decision = await engine.operator.decide(reportingHandle().handle, {
      task: sampleTask,
      step: step('step-1'),
      attempt: 1,
      screen: await syntheticScreen(2),
      performed,
    });
    expect(decision).toEqual({ type: 'step-complete', evidence: 'Command: echo hi' });
  });
});
