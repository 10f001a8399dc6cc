import { applyRunEvent, emptyRunState, type RunState } from '@sandpiper/core';
import type { Budgets, EventDraft } from '@sandpiper/protocol';
import { createMemoryEventLog } from '@sandpiper/testing';
import { describe, expect, it } from 'vitest';
import { createProgressPrinter } from '../src/progress.js';

function start(budgets: Partial<Budgets> = {}): EventDraft['payload'][] {
  return [
    {
      type: 'run-start',
      task: {
        instruction: "Type 'Ada' into the 'Name' field",
        environment: { type: 'scenario', name: 'expense-report' },
        budgets: { maxActions: 10, maxAttemptsPerStep: 2, maxDurationMs: 60_000, ...budgets },
        approval: 'auto-all',
      },
    },
    { type: 'plan-start', reason: 'initial' },
  ];
}

const version: EventDraft['payload'] = {
  type: 'plan-version-create',
  version: {
    id: 'v1',
    number: 1,
    cause: 'initial',
    state: 'locked',
    analysis: 'One field.',
    constraints: [],
    successCriteria: [],
    completed: [],
    pending: [{ id: 's1', text: "Type 'Ada' into the 'Name' field", status: 'pending' }],
  },
};

const call = (stepId: string | undefined, costUsd = 0.0042): EventDraft['payload'] => ({
  type: 'model-call',
  role: stepId ? 'operator' : 'planner',
  model: 'openai:gpt-4.1',
  inputTokens: 1100,
  outputTokens: 100,
  costUsd,
  durationMs: 900,
  outcome: 'ok',
  ...(stepId ? { stepId } : {}),
});

/** Everything the printer writes for the payloads, as one text. */
async function printed(payloads: readonly EventDraft['payload'][]): Promise<string> {
  const log = createMemoryEventLog();
  const lines: string[] = [];
  const printer = createProgressPrinter(
    { interactive: false, out: (line) => lines.push(line), error: () => undefined },
    { json: false },
  );
  let state: RunState = emptyRunState('r1');
  for (const payload of payloads) {
    const event = await log.append('r1', { source: 'agent', payload });
    state = applyRunEvent(state, event);
    printer(event, state);
  }
  return lines.join('\n');
}

describe('model usage in the live progress', () => {
  it('prints the planning calls after the plan, one line per step, and the totals at the end', async () => {
    const text = await printed([
      ...start(),
      call(undefined),
      version,
      { type: 'step-start', stepId: 's1', attempt: 1 },
      call('s1'),
      call('s1'),
      { type: 'step-end', stepId: 's1', status: 'completed', reason: 'done' },
      { type: 'run-end', status: 'succeeded', reason: 'Done.' },
    ]);
    expect(text).toContain('  model usage, planning: 1 call · 1,100 in / 100 out tokens · $0.0042');
    expect(text).toContain(
      '    model usage: 2 calls · 2,200 in / 200 out tokens · $0.0084 (run so far: 3,600 tokens, $0.0126)',
    );
    expect(text).toMatch(/Result: succeeded — Done\.\nModel usage: 3 calls · 3,300 in \/ 300 out tokens · \$0\.0126$/);
  });

  it('prints no usage line at all for a run without model calls', async () => {
    const text = await printed([
      ...start(),
      version,
      { type: 'step-start', stepId: 's1', attempt: 1 },
      { type: 'step-end', stepId: 's1', status: 'completed', reason: 'done' },
      { type: 'run-end', status: 'succeeded', reason: 'Done.' },
    ]);
    expect(text).not.toMatch(/usage/i);
  });

  it('says a failed call failed, with its reason', async () => {
    const text = await printed([
      ...start(),
      {
        ...call(undefined),
        outcome: 'error',
        error: 'transport: connect ECONNREFUSED 127.0.0.1:11434',
      } as EventDraft['payload'],
    ]);
    expect(text).toContain('    ✗ planner model call failed: transport: connect ECONNREFUSED 127.0.0.1:11434');
  });

  it('says which budget stopped the run: tokens', async () => {
    const text = await printed([
      ...start({ maxModelTokens: 2000 }),
      call(undefined),
      call(undefined),
      { type: 'run-end', status: 'budget-exhausted', reason: 'The token budget of 2000 was used up.' },
    ]);
    expect(text).toContain('■ stopped: token budget of 2000 used up (2,400 tokens in 2 model calls)');
  });

  it('says which budget stopped the run: money, not tokens while tokens remain', async () => {
    const text = await printed([
      ...start({ maxModelTokens: 100_000, maxCostUsd: 0.01 }),
      call(undefined, 0.006),
      call(undefined, 0.006),
      { type: 'run-end', status: 'budget-exhausted', reason: 'The money budget was used up.' },
    ]);
    expect(text).toContain('■ stopped: money budget of $0.0100 used up ($0.0120 in 2 model calls)');
    expect(text).not.toContain('token budget');
  });
});
