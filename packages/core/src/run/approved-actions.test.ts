import type { EventPayload, RunEvent } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { approvedActionsFrom, repeatOf } from './approved-actions.js';

const log = (payloads: readonly EventPayload[]): RunEvent[] =>
  payloads.map((payload, index) => ({
    runId: 'run-1',
    seq: index + 1,
    at: 1_000 + index,
    source: 'agent',
    schemaVersion: 1,
    payload,
  })) as unknown as RunEvent[];

const asked = (requestId: string, stepId: string, summary: string): EventPayload => ({
  type: 'approval-request',
  requestId,
  subject: { type: 'action', stepId, summary, reason: 'deletes something' },
});
const click = (stepId: string): EventPayload => ({
  type: 'action-start',
  stepId,
  action: { type: 'click', at: { x: 1, y: 1 }, button: 'left', count: 1, modifiers: [] },
  summary: 'Clicking',
});

describe('approved actions read from a log', () => {
  it('counts an action the person approved once the run started it, in its step', () => {
    const events = log([
      asked('a1', 'step-1', "Clicking 'Delete'"),
      { type: 'approval-response', requestId: 'a1', decision: 'accepted', by: 'user' },
      click('step-1'),
    ]);
    expect(approvedActionsFrom(events)).toEqual([{ stepId: 'step-1', summary: "Clicking 'Delete'" }]);
  });

  it('leaves out declined actions, approvals by policy, and approvals the run never acted on', () => {
    const events = log([
      asked('a1', 'step-1', "Clicking 'Delete'"),
      { type: 'approval-response', requestId: 'a1', decision: 'rejected', by: 'user', reason: 'no' },
      click('step-1'),
      asked('a2', 'step-2', "Clicking 'Send'"),
      { type: 'approval-response', requestId: 'a2', decision: 'accepted', by: 'policy' },
      click('step-2'),
      asked('a3', 'step-3', "Clicking 'Pay'"),
      { type: 'approval-response', requestId: 'a3', decision: 'accepted', by: 'user' },
    ]);
    expect(approvedActionsFrom(events)).toEqual([]);
  });

  it('finds a repeat by summary or by control, only within the same step', () => {
    const done = [{ stepId: 'step-1', summary: "Clicking 'Delete'", target: "button 'Delete'" }];
    expect(repeatOf(done, { stepId: 'step-1', summary: "Clicking 'Delete'" })).toBeDefined();
    expect(repeatOf(done, { stepId: 'step-1', summary: 'Click Delete', target: "button 'Delete'" })).toBeDefined();
    expect(repeatOf(done, { stepId: 'step-2', summary: "Clicking 'Delete'" })).toBeUndefined();
    expect(repeatOf(done, { stepId: 'step-1', summary: "Clicking 'OK'", target: "button 'OK'" })).toBeUndefined();
  });
});
