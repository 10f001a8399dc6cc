import { projectRun } from '@sandpiper/core';
import { describe, expect, it } from 'vitest';
import { describePhase, describePlanState, effectivePhase, splitRationale } from './run-phase.js';
import { eventLog, testPlan, testTask } from '../test-support/run-events.js';

function runAwaiting(cause: 'initial' | 'system-replan') {
  const log = eventLog();
  log.add('user', { type: 'run-start', task: testTask });
  log.add('agent', { type: 'plan-version-create', version: testPlan('p1', ['Click Next']) });
  if (cause === 'system-replan') {
    log.add('agent', { type: 'approval-request', requestId: 'a1', subject: { type: 'plan', versionId: 'p1' } });
    log.add('user', { type: 'approval-response', requestId: 'a1', decision: 'accepted', by: 'user' });
    log.add('agent', {
      type: 'plan-version-create',
      version: testPlan('p2', ['Scroll down', 'Click Next'], {
        number: 2,
        parentId: 'p1',
        cause: 'system-replan',
        state: 'proposal',
        rationale: 'The click changed nothing three times. [REPEAT_SEQ_L1_R3]',
      }),
    });
  }
  const pending = cause === 'initial' ? 'p1' : 'p2';
  log.add('agent', { type: 'approval-request', requestId: 'a2', subject: { type: 'plan', versionId: pending } });
  return projectRun('r-test', log.events);
}

describe('the status bar phase and plan state', () => {
  it('asks the person to review a first draft', () => {
    const state = runAwaiting('initial');
    expect(describePhase(state)).toMatchObject({ key: 'waiting', tone: 'attention' });
    expect(describePlanState(state).label).toBe('Draft');
  });

  it('calls a later proposal awaiting approval replanning', () => {
    const state = runAwaiting('system-replan');
    expect(describePhase(state)).toMatchObject({ key: 'replanning' });
    expect(describePlanState(state)).toMatchObject({ label: 'Proposal', version: { id: 'p2' } });
  });

  it('shows a locked plan once approved, and done or failed once ended', () => {
    const log = eventLog();
    log.add('user', { type: 'run-start', task: testTask });
    log.add('agent', { type: 'plan-version-create', version: testPlan('p1', ['Click Next']) });
    log.add('agent', { type: 'approval-request', requestId: 'a1', subject: { type: 'plan', versionId: 'p1' } });
    log.add('user', { type: 'approval-response', requestId: 'a1', decision: 'accepted', by: 'user' });
    expect(describePlanState(projectRun('r-test', log.events)).label).toBe('Locked');
    expect(describePhase(projectRun('r-test', log.events)).key).toBe('executing');
    log.add('agent', { type: 'run-end', status: 'failed', reason: 'stuck' });
    expect(describePhase(projectRun('r-test', log.events))).toMatchObject({ key: 'failed', tone: 'bad' });
  });

  it('splits the pattern off a system rationale', () => {
    expect(splitRationale('Nothing changed. [REPEAT_SEQ_L1_R3]')).toEqual({
      text: 'Nothing changed.',
      pattern: 'REPEAT_SEQ_L1_R3',
    });
    expect(splitRationale('Edited by the user.')).toEqual({ text: 'Edited by the user.' });
  });

  it('keeps a paused run paused after a proposal approved during the pause, as the server reports', () => {
    expect(effectivePhase('executing', { type: 'paused' })).toBe('paused');
    expect(effectivePhase('executing', undefined)).toBe('executing');
    expect(effectivePhase('awaiting-approval', { type: 'paused' })).toBe('awaiting-approval');
  });
});
