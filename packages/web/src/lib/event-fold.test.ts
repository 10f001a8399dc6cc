import { projectRun } from '@sandpiper/core';
import { describe, expect, it } from 'vitest';
import { eventLog, testPlan, testTask } from '../test-support/run-events.js';
import { emptyFold, foldEvents } from './event-fold.js';

function log() {
  const built = eventLog('r-fold');
  built.add('user', { type: 'run-start', task: testTask });
  built.add('agent', { type: 'plan-start', reason: 'initial' });
  built.add('agent', { type: 'plan-version-create', version: testPlan('p1', ['Click Next']) });
  built.add('agent', { type: 'approval-request', requestId: 'a1', subject: { type: 'plan', versionId: 'p1' } });
  built.add('user', { type: 'approval-response', requestId: 'a1', decision: 'accepted', by: 'user' });
  return built.events;
}

describe('folding streamed events', () => {
  it('gives the server’s projection whether events come in one batch or several', () => {
    const events = log();
    const whole = foldEvents(emptyFold('r-fold'), events);
    const parts = foldEvents(foldEvents(emptyFold('r-fold'), events.slice(0, 2)), events.slice(2));
    expect(whole.state).toEqual(projectRun('r-fold', events));
    expect(parts.state).toEqual(whole.state);
    expect(parts.events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('drops events sent again after a reconnect and waits for a missing one', () => {
    const events = log();
    const first = foldEvents(emptyFold('r-fold'), events.slice(0, 3));
    const again = foldEvents(first, [events[1], events[2], events[4]]);
    expect(again).toBe(first);
    const resumed = foldEvents(again, events.slice(2));
    expect(resumed.events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('skips an event that breaks the contract, says so, and goes on', () => {
    const events = log();
    const broken = { ...events[1], payload: { type: 'plan-start', reason: 'whim' } };
    const fold = foldEvents(emptyFold('r-fold'), [events[0], broken, ...events.slice(2)]);
    expect(fold.events.map((event) => event.seq)).toEqual([1, 3, 4, 5]);
    expect(fold.state.lastSeq).toBe(5);
    expect(fold.problem).toMatch(/Event 2 .*payload\.reason/);
  });
});
