import type { EventDraft } from '@sandpiper/protocol';
import { createMemoryEventLog, legacyCriterion } from '@sandpiper/testing';
import { describe, expect, it } from 'vitest';
import { buildReport, renderReportHtml } from '../src/index.js';

const HOSTILE = `<img src=x onerror="alert('pwned')">&`;
const ESCAPED = '&#60;img src=x onerror=&#34;alert(&#39;pwned&#39;)&#34;&#62;&#38;';

/** Every piece of evidence text a page or a model could have put words into carries markup. */
const payloads: EventDraft['payload'][] = [
  {
    type: 'run-start',
    task: {
      instruction: `Check ${HOSTILE}`,
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
      analysis: 'One step.',
      constraints: [],
      successCriteria: [{ id: 'c1', ...legacyCriterion(`Shows ${HOSTILE}`, HOSTILE), status: 'unknown' }],
      completed: [],
      pending: [{ id: 's1', text: "Click 'Next'", status: 'pending' }],
    },
  },
  { type: 'step-start', stepId: 's1', attempt: 1 },
  {
    type: 'reflection',
    stepId: 's1',
    method: 'evidence-first',
    verdict: 'failure',
    keyEvidence: `Saw ${HOSTILE}`,
    summary: `Not done: ${HOSTILE}`,
    regions: [
      {
        id: 1,
        box: { x: 1, y: 2, width: 3, height: 4 },
        changedPixels: 9,
        relevance: 'unrelated',
        description: `text ${HOSTILE}`,
      },
    ],
    marked: {},
  },
  {
    type: 'detector-fire',
    detector: 'same-action-no-change',
    tier: 1,
    pattern: 'SAME_ACTION_NO_CHANGE_N3',
    reason: HOSTILE,
  },
  { type: 'feasibility-check', stepId: 's1', verdict: 'uncertain', evidence: [`probe: ${HOSTILE}`] },
  { type: 'step-end', stepId: 's1', status: 'failed', reason: HOSTILE },
  { type: 'criteria-update', criteria: [{ id: 'c1', status: 'unsatisfied', evidence: `read ${HOSTILE}` }] },
  {
    type: 'completion-check',
    claim: 1,
    gate: { verdict: 'done', stable: false, unmet: [], reason: `gate ${HOSTILE}` },
    judge: { verdict: 'reject', reason: `judge ${HOSTILE}`, missing: [`missing ${HOSTILE}`], hedged: false },
    accepted: false,
  },
  { type: 'run-end', status: 'failed', reason: HOSTILE },
];

describe('the run report escapes evidence text', () => {
  it('shows markup in evidence as text, never as elements or attributes', async () => {
    const log = createMemoryEventLog();
    for (const payload of payloads) await log.append('r1', { source: 'agent', payload });
    const html = renderReportHtml(buildReport('r1', await log.read('r1')), new Map());
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('onerror="');
    // Task, criterion text, exact value, key evidence, summary, region, detector, feasibility,
    // criterion evidence, gate reason, judge reason, missing work, run reason.
    expect(html.split(ESCAPED).length - 1).toBeGreaterThanOrEqual(13);
    for (const prefix of ['Saw ', 'Not done: ', 'text ', 'probe: ', 'read ', 'gate ', 'judge ', 'missing ']) {
      expect(html).toContain(`${prefix}${ESCAPED}`);
    }
  });
});
