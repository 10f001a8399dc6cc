import { describe, expect, it } from 'vitest';
import { activityItems, stepLabels } from './activity.js';
import { eventLog, testPlan, testTask } from '../test-support/run-events.js';

describe('the activity feed', () => {
  it('tells what happened in short sentences, the person’s own actions included', () => {
    const plan = testPlan('p1', ["Type 'Ada' into the 'Name' field"]);
    const log = eventLog();
    log.add('user', { type: 'run-start', task: testTask });
    log.add('agent', { type: 'plan-version-create', version: plan });
    log.add('agent', { type: 'step-start', stepId: 's1', attempt: 1 });
    log.add('agent', {
      type: 'action-start',
      stepId: 's1',
      action: { type: 'type', text: 'Ada' },
      summary: "Typing 'Ada' into Name",
      grounding: {
        query: 'Name',
        method: 'ocr',
        score: 0.9,
        ambiguous: true,
        alternatives: [{ label: 'Name', box: { x: 0, y: 0, width: 5, height: 5 }, score: 0.8 }],
      },
    });
    log.add('agent', {
      type: 'action-end',
      stepId: 's1',
      result: { ok: false, error: 'the field is read-only', durationMs: 4 },
    });
    log.add('agent', { type: 'step-end', stepId: 's1', status: 'failed', reason: 'the field kept its old value' });
    log.add('user', {
      type: 'manual-action',
      action: { type: 'key', keys: ['Control', 'a'] },
      result: { ok: true, durationMs: 3 },
    });
    const items = activityItems(log.events, stepLabels([plan], undefined));
    expect(items.map((item) => item.text)).toEqual([
      "Step 1: Type 'Ada' into the 'Name' field",
      "Typing 'Ada' into Name",
      'The action could not be performed',
      'Step 1 failed',
      'You: Pressed Control+a',
    ]);
    expect(items[1]!.detail).toBe('Found “Name” by ocr (90%), ambiguous among 2');
    expect(items[3]!.detail).toBe('the field kept its old value');
  });
});
