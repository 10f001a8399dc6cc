import type { EventDraft, RunEvent } from '@sandpiper/protocol';
import { createMemoryEventLog, legacyCriterion } from '@sandpiper/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildReport, renderReportHtml, type RunReport } from '../src/index.js';

const AMOUNT = 'The Amount field shows 248.50';
const SUBMITTED = "The page shows 'Report submitted'";

/** Two steps, two readings of the criteria, and three completion claims (the second hedged). */
const payloads: EventDraft['payload'][] = [
  {
    type: 'run-start',
    task: {
      instruction: "Type '248.50' into the 'Amount' field, then click 'Submit'",
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
      analysis: 'Fill the amount and submit.',
      constraints: [],
      successCriteria: [
        { id: 'amount', ...legacyCriterion(AMOUNT, '248.50'), status: 'unknown' },
        { id: 'submitted', ...legacyCriterion(SUBMITTED), status: 'unknown' },
      ],
      completed: [],
      pending: [
        { id: 's1', text: "Type '248.50' into the 'Amount' field", status: 'pending' },
        { id: 's2', text: "Click 'Submit'", status: 'pending' },
      ],
    },
  },
  { type: 'step-start', stepId: 's1', attempt: 1 },
  { type: 'step-end', stepId: 's1', status: 'completed', reason: 'typed' },
  {
    type: 'criteria-update',
    stepId: 's1',
    criteria: [
      { id: 'amount', status: 'unsatisfied', evidence: "The Amount field holds '24.50'." },
      { id: 'submitted', status: 'unknown', evidence: 'No confirmation is on screen yet.' },
    ],
  },
  {
    type: 'completion-check',
    claim: 1,
    gate: { verdict: 'continue', stable: true, unmet: ['amount', 'submitted'], reason: '2 criteria are not met.' },
    accepted: false,
  },
  { type: 'step-start', stepId: 's2', attempt: 1 },
  { type: 'step-end', stepId: 's2', status: 'completed', reason: 'clicked' },
  {
    type: 'criteria-update',
    stepId: 's2',
    criteria: [{ id: 'amount', status: 'satisfied', evidence: "The Amount field holds '248.50'." }],
  },
  {
    type: 'completion-check',
    claim: 2,
    gate: { verdict: 'done', stable: true, unmet: [], reason: 'Every criterion was seen satisfied.' },
    judge: {
      verdict: 'reject',
      reason: 'It looks submitted, but I cannot verify the confirmation.',
      missing: ['a visible confirmation number'],
      hedged: true,
    },
    accepted: false,
  },
  {
    type: 'completion-check',
    claim: 3,
    gate: { verdict: 'done', stable: true, unmet: [], reason: 'Every criterion was seen satisfied.' },
    judge: {
      verdict: 'accept',
      reason: "'Report submitted' and the number R-1042 are shown.",
      missing: [],
      hedged: false,
    },
    accepted: true,
  },
  { type: 'run-end', status: 'succeeded', reason: 'Done.' },
];

async function events(): Promise<readonly RunEvent[]> {
  const log = createMemoryEventLog();
  for (const payload of payloads) await log.append('r1', { source: 'agent', payload });
  return log.read('r1');
}

describe('the run report shows the success criteria and every completion check', () => {
  let report: RunReport;
  let html = '';
  const rowsOf = (table: string) => {
    const body = new RegExp(`<table class="${table}">.*?</table>`, 's').exec(html)?.[0] ?? '';
    return [...body.matchAll(/<tr class="[^"]*">(.*?)<\/tr>/gs)].map((match) => match[1]!);
  };
  beforeAll(async () => {
    report = buildReport('r1', await events());
    html = renderReportHtml(report, new Map());
  });

  it('gives each criterion the status and evidence of the latest update that names it', () => {
    expect(report.criteria.map(({ id, status, evidence, stepId }) => ({ id, status, evidence, stepId }))).toEqual([
      { id: 'amount', status: 'satisfied', evidence: "The Amount field holds '248.50'.", stepId: 's2' },
      { id: 'submitted', status: 'unknown', evidence: 'No confirmation is on screen yet.', stepId: 's1' },
    ]);
    const [amount, submitted] = rowsOf('criteria');
    expect(amount).toContain('✓');
    expect(amount).toContain('satisfied');
    expect(amount).toContain('248.50&#39;.');
    expect(amount).not.toContain('24.50&#39;');
    expect(amount).toContain('after step 2');
    expect(submitted).toContain('unknown');
    expect(submitted).toContain('after step 1');
    expect(html).toContain('1 of 2 satisfied');
  });

  it('lists every claim in order with the gate, the judge and the outcome', () => {
    const claims = rowsOf('claims');
    expect(claims).toHaveLength(3);
    expect(claims[0]).toContain('continue');
    expect(claims[0]).toContain(`Not yet satisfied: ${AMOUNT}; The page shows &#39;Report submitted&#39;`);
    expect(claims[0]).toContain('not asked');
    expect(claims[0]).toContain('✗ rejected');
    expect(claims[2]).toContain('accept');
    expect(claims[2]).toContain('✓ accepted');
    expect(claims[2]).not.toContain('not certain');
  });

  it('marks an acceptance the judge was not certain of, and shows the work it found missing', () => {
    const hedged = rowsOf('claims')[1]!;
    expect(hedged).toContain('not certain');
    expect(hedged).toContain('reject');
    expect(hedged).toContain('I cannot verify the confirmation.');
    expect(hedged).toContain('Still missing');
    expect(hedged).toContain('<li>a visible confirmation number</li>');
    expect(hedged).toContain('✗ rejected');
    expect(report.completionChecks[1]).toMatchObject({ claim: 2, accepted: false, judge: { hedged: true } });
  });
});
