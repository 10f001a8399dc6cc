import { describe, expect, it } from 'vitest';
import type { CriticVerdict, Engine } from '../engine.js';
import { setup } from '../test-support/loop-harness.js';
import { startRun } from './agent-loop.js';

/** A run whose only step cannot be done, on an engine with a critic that answers `verdict`. */
async function failedRunWith(verdict: CriticVerdict) {
  const { deps, task, engine } = setup({
    task: { budgets: { maxAttemptsPerStep: 1 } },
    script: { operator: [{ type: 'fail', reason: 'The Export button is not on this screen.' }] },
  });
  const reviewed: string[][] = [];
  const withCritic: Engine = {
    ...engine,
    critic: {
      async review(_handle, input) {
        reviewed.push([...input.recent]);
        return verdict;
      },
    },
  };
  const state = await startRun({ ...deps, engine: withCritic }, 'run-1', task);
  return { state, reviewed };
}

describe('the critic', () => {
  it('adds its reading to a failed run’s reason, after reading the recent trajectory', async () => {
    const { state, reviewed } = await failedRunWith({
      verdict: 'blocked',
      reason: 'the page offers no export at all.',
    });
    expect(state.status).toBe('failed');
    expect(state.endReason).toMatch(
      /The Export button is not on this screen\..*Critic: blocked, the page offers no export at all\./,
    );
    expect(reviewed).toHaveLength(1);
    expect(reviewed[0]!.length).toBeGreaterThan(0);
  });

  it('leaves the reason alone when it claims success: the run’s own checks decided', async () => {
    const { state } = await failedRunWith({ verdict: 'success', reason: 'looks fine' });
    expect(state.endReason).not.toContain('Critic');
  });
});
