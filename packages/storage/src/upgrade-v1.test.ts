import { describe, expect, it } from 'vitest';
import { upgradeEvent, type StoredEventRecord } from './event-record.js';

const record = (payload: unknown): StoredEventRecord => ({
  schemaVersion: 1,
  runId: 'r-old',
  seq: 3,
  at: 1_700_000_000_000,
  source: 'agent',
  payload,
});

describe('reading logs written before criteria were typed (event schema 1)', () => {
  it('gives each criterion the check its sentence meant, and keeps the rest', () => {
    const upgraded = upgradeEvent(
      record({
        type: 'plan-version-create',
        version: {
          id: 'plan-1',
          successCriteria: [
            {
              id: 'c1',
              text: "The 'Email' field shows 'ada@example.com'",
              exactValue: 'ada@example.com',
              status: 'unknown',
            },
            { id: 'c2', text: "The 'Terms' checkbox is checked", status: 'satisfied' },
            {
              id: 'c3',
              text: 'Every step was carried out and its visible effect was confirmed on screen',
              status: 'unknown',
            },
            { id: 'c4', text: 'The total is right', exactValue: '$42.50', status: 'unknown' },
          ],
        },
      }),
    );
    expect(upgraded.schemaVersion).toBe(2);
    const criteria = (upgraded.payload as { version: { successCriteria: unknown[] } }).version.successCriteria;
    expect(criteria).toEqual([
      {
        id: 'c1',
        text: "The 'Email' field shows 'ada@example.com'",
        status: 'unknown',
        check: { kind: 'field-value', target: { name: 'Email', role: 'field' }, value: 'ada@example.com', exact: true },
      },
      {
        id: 'c2',
        text: "The 'Terms' checkbox is checked",
        status: 'satisfied',
        check: { kind: 'control-state', target: { name: 'Terms', role: 'checkbox' }, state: 'checked' },
      },
      {
        id: 'c3',
        text: 'Every step was carried out and its visible effect was confirmed on screen',
        status: 'unknown',
        check: { kind: 'steps-confirmed' },
      },
      { id: 'c4', text: 'The total is right', status: 'unknown', check: { kind: 'described', mustShow: ['$42.50'] } },
    ]);
  });

  it('spells the detector names of old firings the current way', () => {
    const upgraded = upgradeEvent(
      record({ type: 'detector-fire', detector: 'systemReplanTrigger', pattern: 'REPEAT_SEQ_L1_R3', reason: 'x' }),
    );
    expect(upgraded.payload).toMatchObject({ detector: 'system-replan-trigger' });
    const other = upgradeEvent(record({ type: 'warning', message: 'kept' }));
    expect(other).toMatchObject({ schemaVersion: 2, payload: { type: 'warning', message: 'kept' } });
  });
});
