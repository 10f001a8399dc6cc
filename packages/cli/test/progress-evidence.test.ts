import { applyRunEvent, emptyRunState, type RunState } from '@sandpiper/core';
import type { EventDraft } from '@sandpiper/protocol';
import { createMemoryEventLog, legacyCriterion } from '@sandpiper/testing';
import { describe, expect, it } from 'vitest';
import { createProgressPrinter } from '../src/progress.js';

const start: EventDraft['payload'][] = [
  {
    type: 'run-start',
    task: {
      instruction: "Type '248.50' into the 'Amount' field",
      environment: { type: 'scenario', name: 'expense-report' },
      budgets: { maxActions: 10, maxAttemptsPerStep: 2, maxDurationMs: 60_000 },
      approval: 'auto-all',
    },
  },
  {
    type: 'plan-version-create',
    version: {
      id: 'v1',
      number: 1,
      cause: 'initial',
      state: 'locked',
      analysis: 'Fill the amount.',
      constraints: [],
      successCriteria: [
        { id: 'amount', ...legacyCriterion('The Amount field shows 248.50'), status: 'unknown' },
        { id: 'submitted', ...legacyCriterion("The page shows 'Report submitted'"), status: 'unknown' },
      ],
      completed: [],
      pending: [{ id: 's1', text: "Type '248.50' into the 'Amount' field", status: 'pending' }],
    },
  },
  { type: 'approval-request', requestId: 'a1', subject: { type: 'plan', versionId: 'v1' } },
  { type: 'approval-response', requestId: 'a1', decision: 'accepted', by: 'policy' },
  { type: 'step-start', stepId: 's1', attempt: 1 },
];

/** Feed the payloads through a memory log and the printer, as a run does; returns what was printed, per event. */
async function print(payloads: readonly EventDraft['payload'][]): Promise<string[]> {
  const log = createMemoryEventLog();
  const printed: string[] = [];
  const output = { interactive: false, out: (line: string) => printed.push(line), error: () => undefined };
  const printer = createProgressPrinter(output, { json: false });
  let state: RunState = emptyRunState('r1');
  const lines: string[] = [];
  for (const payload of [...start, ...payloads]) {
    const event = await log.append('r1', { source: 'agent', payload });
    state = applyRunEvent(state, event);
    const before = printed.length;
    printer(event, state);
    if (payloads.includes(payload)) lines.push(printed.slice(before).join('\n'));
  }
  return lines;
}

describe('live progress of the evidence events', () => {
  it('prints a reflection with its verdict, method, key evidence and region counts, once', async () => {
    const [reflection, check] = await print([
      {
        type: 'reflection',
        stepId: 's1',
        method: 'evidence-first',
        verdict: 'success',
        keyEvidence: "The 'Amount' field holds '248.50'.",
        summary: 'Done.',
        regions: [
          {
            id: 1,
            box: { x: 0, y: 0, width: 9, height: 9 },
            changedPixels: 50,
            relevance: 'action-relevant',
            description: 'a',
          },
          { id: 2, box: { x: 20, y: 0, width: 9, height: 9 }, changedPixels: 9, relevance: 'noise', description: 'b' },
          { id: 3, box: { x: 40, y: 0, width: 9, height: 9 }, changedPixels: 9, relevance: 'noise', description: 'c' },
        ],
        marked: {},
      },
      { type: 'step-check', stepId: 's1', passed: true, evidence: "The 'Amount' field holds '248.50'." },
    ]);
    expect(reflection).toBe(
      "    ✓ [evidence-first] The 'Amount' field holds '248.50'. (1 relevant · 2 noise · 0 unrelated)",
    );
    expect(check).toBe('');
  });

  it('prints a detector firing with its tier', async () => {
    const [line] = await print([
      {
        type: 'detector-fire',
        detector: 'same-action-no-change',
        tier: 2,
        pattern: 'SAME_ACTION_NO_CHANGE_N3',
        reason: 'no change',
      },
    ]);
    expect(line).toBe('  ⟳ SAME_ACTION_NO_CHANGE_N3 (tier 2): no change');
  });

  it('prints criteria read first or whose status changed, each with short evidence, and skips the rest', async () => {
    const long = `The Amount field holds '24.50'. ${'More detail. '.repeat(40)}`;
    const [first, same, second] = await print([
      {
        type: 'criteria-update',
        stepId: 's1',
        criteria: [
          { id: 'amount', status: 'unsatisfied', evidence: long },
          { id: 'submitted', status: 'unknown', evidence: 'No confirmation yet.' },
        ],
      },
      {
        type: 'criteria-update',
        stepId: 's1',
        criteria: [
          { id: 'submitted', status: 'unknown', evidence: 'No confirmation yet.' },
          { id: 'amount', status: 'unsatisfied', evidence: "The Amount field holds '248.0'." },
        ],
      },
      {
        type: 'criteria-update',
        criteria: [{ id: 'amount', status: 'satisfied', evidence: "The Amount field holds '248.50'." }],
      },
    ]);
    const lines = first!.split('\n');
    expect(lines[0]).toBe('  Criteria after step 1: 0/2 satisfied');
    expect(lines[1]).toMatch(
      /^ {4}✗ The Amount field shows 248\.50: The Amount field holds '24\.50'\. More detail\..*…$/,
    );
    expect(lines[1]!.length).toBeLessThan(160);
    expect(lines[2]).toBe("    ? The page shows 'Report submitted': No confirmation yet.");
    expect(same).toBe('');
    expect(second).toBe(
      "  Criteria at the end: 1/2 satisfied\n    ✓ The Amount field shows 248.50: The Amount field holds '248.50'.",
    );
  });

  it('prints each completion check as gate → judge → outcome with the reason, hedging and missing work', async () => {
    const [gateOnly, hedged, accepted] = await print([
      {
        type: 'completion-check',
        claim: 1,
        gate: { verdict: 'continue', stable: true, unmet: ['submitted'], reason: '1 criterion is not met.' },
        accepted: false,
      },
      {
        type: 'completion-check',
        claim: 2,
        gate: { verdict: 'done', stable: true, unmet: [], reason: 'All criteria met.' },
        judge: { verdict: 'reject', reason: 'I cannot verify it.', missing: ['a confirmation number'], hedged: true },
        accepted: false,
      },
      {
        type: 'completion-check',
        claim: 3,
        gate: { verdict: 'done', stable: true, unmet: [], reason: 'All criteria met.' },
        judge: { verdict: 'accept', reason: 'The confirmation shows.', missing: [], hedged: false },
        accepted: true,
      },
    ]);
    expect(gateOnly).toBe(
      "  ◆ Completion claim 1: gate continue (unmet: The page shows 'Report submitted') → rejected: 1 criterion is not met.",
    );
    expect(hedged).toBe(
      '  ◆ Completion claim 2: gate done → judge reject (hedged) → rejected: I cannot verify it.\n      missing: a confirmation number',
    );
    expect(accepted).toBe('  ◆ Completion claim 3: gate done → judge accept → accepted: The confirmation shows.');
  });

  it('prints a feasibility check with its verdict and at most two pieces of evidence', async () => {
    const [line] = await print([
      {
        type: 'feasibility-check',
        stepId: 's1',
        verdict: 'infeasible',
        evidence: ["No 'Export' button on the page.", 'The menu has no Export item.', 'Search found nothing.'],
      },
    ]);
    expect(line).toBe(
      "  ⚑ Feasibility: infeasible — No 'Export' button on the page.; The menu has no Export item. (+1 more)",
    );
  });
});
