import type { EventDraft, PayloadOf } from '@sandpiper/protocol';
import { createMemoryEventLog } from '@sandpiper/testing';
import { describe, expect, it } from 'vitest';
import { buildReport, renderReportHtml } from '../src/index.js';

type Call = Omit<PayloadOf<'model-call'>, 'type' | 'durationMs' | 'outcome'> & { outcome?: 'ok' | 'error' };

const call = (fields: Call): EventDraft['payload'] => ({
  type: 'model-call',
  durationMs: 120,
  outcome: 'ok',
  ...fields,
});

const plan: EventDraft['payload'][] = [
  {
    type: 'run-start',
    task: {
      instruction: "Type 'Ada' into the 'Name' field",
      environment: { type: 'scenario', name: 'expense-report' },
      budgets: { maxActions: 10, maxAttemptsPerStep: 2, maxDurationMs: 60_000 },
      approval: 'auto-all',
    },
  },
  { type: 'plan-start', reason: 'initial' },
  call({
    role: 'planner',
    model: 'anthropic:claude-sonnet-4-5',
    inputTokens: 2000,
    outputTokens: 300,
    costUsd: 0.0105,
  }),
  {
    type: 'plan-version-create',
    version: {
      id: 'v1',
      number: 1,
      cause: 'initial',
      state: 'locked',
      analysis: 'Two fields.',
      constraints: [],
      successCriteria: [],
      completed: [],
      pending: [
        { id: 's1', text: "Type 'Ada' into the <Name> field", status: 'pending' },
        { id: 's2', text: 'Check the total', status: 'pending' },
      ],
    },
  },
  { type: 'step-start', stepId: 's1', attempt: 1 },
  call({
    role: 'operator',
    model: 'openai:gpt-4.1',
    inputTokens: 1500,
    outputTokens: 100,
    costUsd: 0.0038,
    stepId: 's1',
  }),
  call({ role: 'grounder', model: 'openai-compatible:ui-tars', inputTokens: 900, outputTokens: 20, stepId: 's1' }),
  call({
    role: 'operator',
    model: 'openai:gpt-4.1',
    inputTokens: 1500,
    outputTokens: 0,
    costUsd: 0.003,
    stepId: 's1',
    outcome: 'error',
    error: 'overloaded',
  }),
  { type: 'step-end', stepId: 's1', status: 'completed', reason: 'done' },
  call({ role: 'judge', model: 'anthropic:claude-sonnet-4-5', inputTokens: 1000, outputTokens: 50, costUsd: 0.004 }),
];

async function report(payloads: readonly EventDraft['payload'][]) {
  const log = createMemoryEventLog();
  for (const payload of payloads) await log.append('r1', { source: 'agent', payload });
  return buildReport('r1', await log.read('r1'));
}

describe('model usage in the run report', () => {
  it('adds the calls up per role and model, per step, and for the run', async () => {
    const { usage } = await report(plan);
    expect(usage.total).toEqual({
      calls: 5,
      inputTokens: 6900,
      outputTokens: 470,
      costUsd: expect.closeTo(0.0213, 8) as unknown as number,
      unpricedCalls: 1,
      failedCalls: 1,
    });
    expect(usage.byRole.map((role) => [role.role, role.model, role.calls])).toEqual([
      ['planner', 'anthropic:claude-sonnet-4-5', 1],
      ['operator', 'openai:gpt-4.1', 2],
      ['grounder', 'openai-compatible:ui-tars', 1],
      ['judge', 'anthropic:claude-sonnet-4-5', 1],
    ]);
    expect(usage.byStep.map((step) => [step.number, step.calls, step.inputTokens])).toEqual([
      [1, 3, 3900],
      [undefined, 2, 3000],
    ]);
    expect(usage.byStep[0]).toMatchObject({ stepId: 's1', unpricedCalls: 1, failedCalls: 1 });
  });

  it('renders the tables in the page, escaped, with the total in the header', async () => {
    const page = renderReportHtml(await report(plan), new Map());
    expect(page).toContain('<h2 id="usage">Model usage</h2>');
    expect(page).toContain('<a href="#usage">5 model calls · $0.0213 + 1 unpriced call</a>');
    expect(page).toContain(
      '<tr><td>grounder</td><td>openai-compatible:ui-tars</td><td class="num">1</td><td class="num">900</td><td class="num">20</td><td class="num">unknown</td></tr>',
    );
    expect(page).toContain('<td>1. Type &#39;Ada&#39; into the &#60;Name&#62; field</td>');
    expect(page).toContain('<span class="bad">(1 failed)</span>');
    expect(page).toContain('Outside steps (planning, completion checks)');
  });

  it('leaves the section out for a run without model calls', async () => {
    const withoutCalls = plan.filter((payload) => payload.type !== 'model-call');
    const built = await report(withoutCalls);
    expect(built.usage).toEqual({ total: expect.objectContaining({ calls: 0 }) as unknown, byRole: [], byStep: [] });
    expect(renderReportHtml(built, new Map())).not.toContain('Model usage');
  });
});
