import { EVENT_SCHEMA_VERSION } from '@sandpiper/protocol';
import { legacyCriterion } from '@sandpiper/testing';
import type { Action, CriterionCheck, PlanVersion, RunEvent } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import {
  completionConfigSchema,
  conservativeVerdict,
  criteriaWorthReading,
  gateVerdict,
  recentTrajectory,
} from './completion-policy.js';

const plan = (ids: readonly string[]): PlanVersion => ({
  id: 'plan-1',
  number: 1,
  cause: 'initial',
  rationale: 'test',
  state: 'locked',
  analysis: '',
  constraints: [],
  successCriteria: ids.map((id) => ({ id, ...legacyCriterion(`criterion ${id}`), status: 'unknown' as const })),
  completed: [],
  pending: [],
});

describe('the completion gate', () => {
  it('says done only when every criterion is satisfied on a stable screen', () => {
    const both = plan(['a', 'b']);
    const satisfied = [
      { id: 'a', status: 'satisfied' as const, evidence: 'seen a' },
      { id: 'b', status: 'satisfied' as const, evidence: 'seen b' },
    ];
    expect(gateVerdict(both, satisfied, true).verdict).toBe('done');
    expect(gateVerdict(both, satisfied, false)).toMatchObject({ verdict: 'continue', stable: false });
  });

  it('treats unknown and missing readings as unmet and names them with what was seen', () => {
    const verdict = gateVerdict(
      plan(['a', 'b', 'c']),
      [
        { id: 'a', status: 'satisfied', evidence: 'seen' },
        { id: 'b', status: 'unknown', evidence: 'cannot read the checkbox' },
      ],
      true,
    );
    expect(verdict.unmet).toEqual(['b', 'c']);
    expect(verdict.reason).toContain('cannot read the checkbox');
    expect(verdict.reason).toContain('not read');
  });

  it('never passes a plan without criteria', () => {
    expect(gateVerdict(plan([]), [], true).verdict).toBe('continue');
  });
});

describe('the conservative reading of a judge', () => {
  it('turns an acceptance its judge marks uncertain into a rejection', () => {
    expect(conservativeVerdict({ verdict: 'accept', reason: 'Saved.', satisfied: [], certain: false })).toMatchObject({
      verdict: 'reject',
      hedged: true,
    });
  });

  it.each(["The Name field shows 'Ada'.", "A banner that reads 'Report saved' appears.", 'It seems done and it is.'])(
    'reads certainty from the flag, not the wording: keeps "%s"',
    (reason) => {
      expect(conservativeVerdict({ verdict: 'accept', reason, satisfied: [] }).verdict).toBe('accept');
      expect(conservativeVerdict({ verdict: 'accept', reason, satisfied: [], certain: true }).verdict).toBe('accept');
    },
  );

  it('turns an acceptance that still lists missing work into a rejection', () => {
    expect(
      conservativeVerdict({ verdict: 'accept', reason: 'Done.', satisfied: [], missing: ['Press Save'] }),
    ).toMatchObject({ verdict: 'reject', hedged: true, missing: ['Press Save'] });
  });

  it('keeps a rejection as it is and trims empty missing items', () => {
    expect(
      conservativeVerdict({ verdict: 'reject', reason: 'No banner.', satisfied: [], missing: [' ', 'Save'] }),
    ).toEqual({
      verdict: 'reject',
      reason: 'No banner.',
      missing: ['Save'],
      hedged: false,
    });
  });
});

describe('the recent trajectory given to the judge', () => {
  const event = (seq: number, payload: RunEvent['payload'], cause?: number): RunEvent => ({
    schemaVersion: EVENT_SCHEMA_VERSION,
    runId: 'run',
    seq,
    at: seq,
    source: 'agent',
    ...(cause ? { cause } : {}),
    payload,
  });
  const click: Action = { type: 'click', at: { x: 1, y: 1 }, button: 'left', count: 1, modifiers: [] };

  it('describes actions with their outcome and step endings, oldest first, keeping the last lines', () => {
    const events = [
      event(1, { type: 'action-start', stepId: 's', action: click, summary: "Clicking 'Save'" }),
      event(2, { type: 'action-end', stepId: 's', result: { ok: false, error: 'gone', durationMs: 1 } }, 1),
      event(3, { type: 'step-end', stepId: 's', status: 'failed', reason: 'nothing changed' }),
    ];
    expect(recentTrajectory(events)).toEqual(["Clicking 'Save': failed", 'Step failed: nothing changed']);
    expect(recentTrajectory(events, 1)).toEqual(['Step failed: nothing changed']);
  });
});

describe('the completion configuration', () => {
  it('has documented defaults and rejects unknown keys', () => {
    expect(completionConfigSchema.parse({})).toMatchObject({ gate: true, judge: true, maxRejections: 2 });
    expect(() => completionConfigSchema.parse({ gates: false })).toThrow();
  });
});

describe('whether a passed step is worth a criteria read', () => {
  const withChecks = (...checks: CriterionCheck[]): PlanVersion => ({
    ...plan([]),
    successCriteria: checks.map((check, index) => ({ id: `c${index}`, text: `c${index}`, check, status: 'unknown' })),
  });
  const field: CriterionCheck = {
    kind: 'field-value',
    target: { role: 'field', name: 'Email' },
    value: 'ada@example.com',
    exact: true,
  };

  it('reads when the step, its outcome or its evidence names what a criterion looks for', () => {
    const criteria = withChecks(field);
    expect(criteriaWorthReading(criteria, { text: "Type 'ada@example.com' into Email" }, '', undefined)).toBe(true);
    expect(
      criteriaWorthReading(
        criteria,
        { text: 'Click Next', expectedOutcome: 'The email field is shown' },
        '',
        undefined,
      ),
    ).toBe(true);
    expect(
      criteriaWorthReading(criteria, { text: 'Click Next' }, "A banner reads 'Saved ada@example.com'", undefined),
    ).toBe(true);
    expect(criteriaWorthReading(criteria, { text: "Click 'Reports'" }, 'The Reports page opened.', undefined)).toBe(
      false,
    );
  });

  it('reads an address criterion when the page is there, never a steps-only one, and always one it cannot match', () => {
    const address = withChecks({ kind: 'address', value: '/reports/2026', exact: false });
    expect(criteriaWorthReading(address, { text: "Click 'Reports'" }, '', 'http://127.0.0.1:3000/reports/2026')).toBe(
      true,
    );
    expect(criteriaWorthReading(address, { text: "Click 'Reports'" }, '', 'http://127.0.0.1:3000/home')).toBe(false);
    expect(criteriaWorthReading(withChecks({ kind: 'steps-confirmed' }), { text: 'Save' }, 'Saved.', undefined)).toBe(
      false,
    );
    const anyDialog = withChecks({ kind: 'element-visible', target: { role: 'dialog' } });
    expect(criteriaWorthReading(anyDialog, { text: "Click 'Reports'" }, '', undefined)).toBe(true);
  });
});
