import { projectRun } from '@sandpiper/core';
import type { QueuedChange, UserPrompt } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { eventLog, testPlan, testTask } from '../test-support/run-events.js';
import { queuedNotice } from './queued-changes.js';

const STEPS = ["Select 'Error' from the 'Status' dropdown", "Click 'Restart selected'", "Click 'Confirm'"];

/** A run executing its approved plan, at step 2, or asking about that step's action. */
function runAtStep2(asking: boolean) {
  const log = eventLog();
  log.add('user', { type: 'run-start', task: testTask });
  log.add('agent', { type: 'plan-version-create', version: testPlan('p1', STEPS) });
  log.add('agent', { type: 'approval-request', requestId: 'a1', subject: { type: 'plan', versionId: 'p1' } });
  log.add('user', { type: 'approval-response', requestId: 'a1', decision: 'accepted', by: 'user' });
  log.add('agent', { type: 'step-start', stepId: 's1', attempt: 1 });
  log.add('agent', { type: 'step-end', stepId: 's1', status: 'completed', reason: 'the filter shows Error' });
  log.add('agent', { type: 'step-start', stepId: 's2', attempt: 1 });
  if (asking) {
    const subject = {
      type: 'action',
      stepId: 's2',
      summary: "Clicking 'Restart selected'",
      reason: 'it restarts',
    } as const;
    log.add('agent', { type: 'approval-request', requestId: 'a2', subject });
  }
  return projectRun('r-test', log.events);
}

const actionQuestion: UserPrompt = {
  type: 'action-approval',
  summary: "Clicking 'Restart selected'",
  reason: 'it restarts',
  requestId: 'a2',
};
const rewrite: QueuedChange = { type: 'edit', edits: [{ type: 'rewrite', stepId: 's3', text: "Click 'Cancel'" }] };

describe('the notice for changes that wait for the run', () => {
  it('says an edit waits for the decision on the action, and what it changes', () => {
    expect(queuedNotice([rewrite], runAtStep2(true), actionQuestion)).toEqual({
      headline:
        "Your edits wait: the run takes them in after you decide on the action “Clicking 'Restart selected'” above.",
      items: ["Step 3 “Click 'Confirm'” becomes “Click 'Cancel'”."],
    });
  });

  it('says an edit waits for the current action while the run executes', () => {
    expect(queuedNotice([rewrite], runAtStep2(false), undefined)?.headline).toBe(
      "Your edits wait: the run takes them in after its current action, in step 2 “Click 'Restart selected'”.",
    );
  });

  it('names guidance, marks and a takeover together as changes', () => {
    const notice = queuedNotice(
      [
        { type: 'guidance', text: 'only the Error machines' },
        { type: 'annotation', sentence: 'this row' },
        { type: 'takeover' },
      ],
      runAtStep2(false),
      undefined,
    );
    expect(notice?.headline).toMatch(/^Your changes wait: the run takes them in after its current action/);
    expect(notice?.items).toEqual([
      'Guidance: “only the Error machines”.',
      'Marks on a screenshot: “this row”.',
      'You take over the screen.',
    ]);
  });

  it('says guidance sent while the planner writes waits for the plan', () => {
    const log = eventLog();
    log.add('user', { type: 'run-start', task: testTask });
    log.add('agent', { type: 'plan-start', reason: 'initial' });
    expect(
      queuedNotice([{ type: 'guidance', text: 'be careful' }], projectRun('r-test', log.events), undefined),
    ).toEqual({
      headline: 'Your guidance waits: the run takes it in once the planner has written the plan.',
      items: ['Guidance: “be careful”.'],
    });
  });

  it('shows nothing when nothing waits, or once the run has ended', () => {
    expect(queuedNotice([], runAtStep2(true), actionQuestion)).toBeUndefined();
    const ended = { ...runAtStep2(false), phase: 'ended' as const };
    expect(queuedNotice([rewrite], ended, undefined)).toBeUndefined();
  });
});
