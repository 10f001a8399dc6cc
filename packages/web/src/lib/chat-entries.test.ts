import { describe, expect, it } from 'vitest';
import { chatEntries } from './chat-entries.js';
import { eventLog, testPlan, testTask } from '../test-support/run-events.js';

describe('the planner chat', () => {
  it('shows the person’s interventions as their messages and the system’s answers as banners', () => {
    const log = eventLog();
    log.add('user', { type: 'run-start', task: testTask });
    log.add('agent', { type: 'plan-version-create', version: testPlan('p1', ['Click Next']) });
    log.add('agent', { type: 'approval-request', requestId: 'a1', subject: { type: 'plan', versionId: 'p1' } });
    log.add('user', { type: 'approval-response', requestId: 'a1', decision: 'accepted', by: 'user' });
    log.add('user', { type: 'guidance', text: 'Pick the second row' });
    log.add('user', {
      type: 'annotation',
      screenshotHash: 'a'.repeat(64),
      marks: [{ kind: 'rect', box: { x: 10, y: 20, width: 30, height: 40 } }],
      box: { x: 10, y: 20, width: 30, height: 40 },
      sentence: 'This one',
    });
    log.add('agent', {
      type: 'detector-fire',
      detector: 'repeated-subsequence',
      pattern: 'REPEAT_SEQ_L2_R3',
      reason: 'The same two actions ran three times.',
    });
    log.add('agent', {
      type: 'completion-check',
      claim: 1,
      gate: { verdict: 'continue', stable: true, unmet: ['c1'], reason: 'The total is not shown yet.' },
      accepted: false,
    });
    log.add('agent', { type: 'warning', message: 'The plan stays as it is: nothing to change.' });
    const entries = chatEntries(log.events);
    expect(entries.map((entry) => [entry.side, entry.kind])).toEqual([
      ['banner', 'plan'],
      ['banner', 'decision'],
      ['user', 'guidance'],
      ['user', 'annotation'],
      ['banner', 'detector'],
      ['banner', 'completion'],
      ['banner', 'warning'],
    ]);
    expect(entries[1]!.title).toBe('You approved plan v1');
    expect(entries[3]).toMatchObject({ title: 'This one', body: '1 mark around (10, 20), 30×40 px' });
    expect(entries[4]!.tag).toBe('REPEAT_SEQ_L2_R3');
    expect(entries[5]!.body).toBe('The total is not shown yet.');
  });

  it('leaves out the rejection an edit sends on its way to a new version', () => {
    const log = eventLog();
    log.add('agent', { type: 'plan-version-create', version: testPlan('p1', ['Click Next']) });
    log.add('agent', { type: 'approval-request', requestId: 'a1', subject: { type: 'plan', versionId: 'p1' } });
    log.add('user', {
      type: 'approval-response',
      requestId: 'a1',
      decision: 'rejected',
      by: 'user',
      reason: 'superseded by version 2 (plan-edit)',
    });
    log.add('user', {
      type: 'plan-version-create',
      version: testPlan('p2', ['Click Back'], { number: 2, parentId: 'p1', cause: 'plan-edit', state: 'proposal' }),
    });
    expect(chatEntries(log.events).map((entry) => entry.kind)).toEqual(['plan', 'proposal']);
  });
});
