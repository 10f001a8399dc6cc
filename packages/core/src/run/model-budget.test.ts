import { describe, expect, it } from 'vitest';
import type { Engine } from '../engine.js';
import { setup } from '../test-support/loop-harness.js';
import { startRun } from './agent-loop.js';

/** The scripted engine, with an operator that reports one model call per decision, as a model-backed one would. */
function reportingUsage(
  engine: Engine,
  perCall: { inputTokens: number; outputTokens: number; costUsd: number },
): Engine {
  return {
    ...engine,
    operator: {
      async decide(handle, input) {
        await handle.report?.({ role: 'operator', model: 'test:model', durationMs: 5, outcome: 'ok', ...perCall });
        return engine.operator.decide(handle, input);
      },
    },
  };
}

describe('token and money budgets', () => {
  it('logs every model call with its step and adds them up in the run state', async () => {
    const { deps, task, engine, log } = setup({});
    const state = await startRun(
      { ...deps, engine: reportingUsage(engine, { inputTokens: 1000, outputTokens: 50, costUsd: 0.01 }) },
      'run-1',
      task,
    );
    expect(state.status).toBe('succeeded');
    const calls = log.all('run-1').filter((event) => event.payload.type === 'model-call');
    expect(calls).toHaveLength(4);
    expect(calls[0]!.payload).toMatchObject({ role: 'operator', stepId: state.plan!.completed[0]!.id });
    expect(state.usage).toEqual({ calls: 4, inputTokens: 4000, outputTokens: 200, costUsd: 0.04 });
  });

  it('stops cleanly, as budget-exhausted with the figures, once the tokens are used up', async () => {
    const { deps, task, engine } = setup({ task: { budgets: { maxModelTokens: 2000 } } });
    const state = await startRun(
      { ...deps, engine: reportingUsage(engine, { inputTokens: 1000, outputTokens: 50, costUsd: 0.01 }) },
      'run-1',
      task,
    );
    expect(state.status).toBe('budget-exhausted');
    expect(state.endReason).toBe('The token budget of 2000 was used up (2100 tokens in 2 model calls).');
    expect(state.plan?.completed.length).toBeLessThan(2);
  });

  it('stops at the money budget', async () => {
    const { deps, task, engine } = setup({ task: { budgets: { maxCostUsd: 0.015 } } });
    const state = await startRun(
      { ...deps, engine: reportingUsage(engine, { inputTokens: 10, outputTokens: 5, costUsd: 0.01 }) },
      'run-1',
      task,
    );
    expect(state.status).toBe('budget-exhausted');
    expect(state.endReason).toMatch(/money budget of \$0\.0150 was used up \(\$0\.0200 in 2 model calls\)/);
  });
});
