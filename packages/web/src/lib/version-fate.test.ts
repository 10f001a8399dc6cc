import type { PlanVersion, RunEvent } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { versionFates } from './version-fate.js';

function version(
  number: number,
  state: PlanVersion['state'],
  cause: PlanVersion['cause'],
  parent?: number,
): PlanVersion {
  return {
    id: `v${number}`,
    number,
    ...(parent === undefined ? {} : { parentId: `v${parent}` }),
    cause,
    state,
    analysis: '',
    constraints: [],
    successCriteria: [],
    completed: [],
    pending: [{ id: 's1', text: 'Click Next', status: 'pending' }],
  };
}

let seq = 0;
function event(payload: RunEvent['payload']): RunEvent {
  seq += 1;
  return { schemaVersion: 2, runId: 'r', seq, at: seq, source: 'agent', payload };
}
const ask = (requestId: string, versionId: string) =>
  event({ type: 'approval-request', requestId, subject: { type: 'plan', versionId } });
const answer = (requestId: string, decision: 'accepted' | 'rejected', by: 'user' | 'policy', reason?: string) =>
  event({ type: 'approval-response', requestId, decision, by, ...(reason ? { reason } : {}) });

describe('what happened to each plan version', () => {
  it('says which version replaced an edited draft, and which one is in force', () => {
    const versions = [version(1, 'rejected', 'initial'), version(2, 'locked', 'plan-edit', 1)];
    const fates = versionFates(versions, [
      ask('a1', 'v1'),
      answer('a1', 'rejected', 'user', 'superseded by version 2 (plan-edit)'),
      ask('a2', 'v2'),
      answer('a2', 'accepted', 'user'),
    ]);
    expect(fates.get('v1')).toEqual({ label: 'replaced by your edit (v2)', tone: 'past' });
    expect(fates.get('v2')).toEqual({ label: 'in force (approved)', tone: 'current' });
  });

  it('keeps a rejected proposal apart from the line that continues, with the reason', () => {
    const versions = [
      version(1, 'superseded', 'initial'),
      version(2, 'rejected', 'guidance', 1),
      version(3, 'locked', 'system-replan', 1),
      version(4, 'proposal', 'annotation', 3),
    ];
    const fates = versionFates(versions, [
      ask('a1', 'v1'),
      answer('a1', 'accepted', 'policy'),
      ask('a2', 'v2'),
      answer('a2', 'rejected', 'user', 'that skips the receipt'),
    ]);
    expect(fates.get('v1')).toEqual({ label: 'approved by policy, replaced by v3', tone: 'past' });
    expect(fates.get('v2')).toEqual({ label: 'rejected: that skips the receipt', tone: 'rejected' });
    expect(fates.get('v4')).toEqual({ label: 'awaiting approval', tone: 'waiting' });
  });
});
