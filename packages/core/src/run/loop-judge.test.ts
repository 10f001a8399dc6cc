import type { Action } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import type { OperatorDecision, OperatorInput } from '../engine.js';
import { setup } from '../test-support/loop-harness.js';
import { startRun } from './agent-loop.js';

const clickAt = (x: number): Action => ({ type: 'click', at: { x, y: 300 }, button: 'left', count: 1, modifiers: [] });

/** A different click each time (so tiers 1 and 2 stay quiet) until told to switch; then it gives up. */
function wanderingOperator(input: OperatorInput): OperatorDecision {
  if (input.loopHint) return { type: 'fail', reason: `told to switch: ${input.loopHint.reason}` };
  const x = 100 + input.performed.length * 120;
  return { type: 'act', actions: [{ action: clickAt(x), summary: `Clicking at ${x}` }] };
}

/** Screens that alternate between two far-apart states: the clicks open and close the same panel. */
const alternating = () => {
  let call = 0;
  return { dHash: async () => ((call += 1) % 2 === 0 ? 'ffffffff00000000' : '00000000ffffffff') };
};

describe('loop breaker tier 3 inside a run', () => {
  it('asks the loop judge after judgeEvery actions and, on switch, fires tier 3 and hints the operator', async () => {
    const { deps, log, task, engine } = setup({
      fingerprinter: alternating(),
      script: {
        operator: [wanderingOperator],
        loopJudge: [{ verdict: 'switch', reason: 'The panel opens and closes without progress.' }],
      },
    });
    await startRun(deps, 'run-1', { ...task, budgets: { ...task.budgets, maxAttemptsPerStep: 1 } });
    expect(engine.calls.loopJudge).toHaveLength(1);
    expect(engine.calls.loopJudge[0]?.trajectory).toHaveLength(4);
    expect(engine.calls.loopJudge[0]?.lines.filter((line) => line.startsWith('Clicking at'))).toHaveLength(4);
    const fired = log.all('run-1').flatMap((event) => (event.payload.type === 'detector-fire' ? [event.payload] : []));
    expect(fired).toEqual([
      expect.objectContaining({
        tier: 3,
        pattern: 'JUDGE_SWITCH',
        reason: 'The panel opens and closes without progress.',
      }),
    ]);
    const hinted = engine.calls.operator.find((call) => call.loopHint !== undefined);
    expect(hinted?.loopHint?.tier).toBe(3);
    expect(hinted?.loopHint?.avoid.length).toBeGreaterThan(0);
  });

  it('does nothing when the judge says keep', async () => {
    const { deps, log, task, engine } = setup({
      fingerprinter: alternating(),
      script: {
        operator: [
          (input) =>
            input.performed.length < 4 ? wanderingOperator(input) : { type: 'step-complete', evidence: 'ok' },
        ],
        loopJudge: [{ verdict: 'keep', reason: 'Each click opened something new.' }],
      },
    });
    const state = await startRun(deps, 'run-1', task);
    expect(engine.calls.loopJudge.length).toBeGreaterThan(0);
    expect(log.all('run-1').some((event) => event.payload.type === 'detector-fire')).toBe(false);
    expect(engine.calls.operator.some((call) => call.loopHint !== undefined)).toBe(false);
    expect(state.plan?.completed.length).toBeGreaterThan(0);
  });
});
