import { describe, expect, it } from 'vitest';
import { interventionMarkers, lastGrounding, stepMetrics } from './step-metrics.js';
import { eventLog, screenshot, testPlan, testTask } from '../test-support/run-events.js';

function executedRun() {
  const log = eventLog();
  log.add('user', { type: 'run-start', task: testTask });
  log.add('agent', { type: 'plan-version-create', version: testPlan('p1', ['Click Next', 'Click Submit']) });
  log.add('agent', { type: 'step-start', stepId: 's1', attempt: 1 });
  log.add('environment', { type: 'observation', observation: screenshot('aa') });
  log.add('agent', {
    type: 'action-start',
    stepId: 's1',
    action: { type: 'click', at: { x: 5, y: 5 }, button: 'left', count: 1, modifiers: [] },
    summary: 'Clicking Next',
    grounding: { query: 'Next', method: 'accessibility', ambiguous: false, alternatives: [] },
  });
  log.add('environment', { type: 'observation', observation: screenshot('bb') });
  log.add('agent', { type: 'step-end', stepId: 's1', status: 'completed', reason: 'the next page shows' });
  log.add('user', { type: 'guidance', text: 'Use the second button' });
  log.add('user', { type: 'takeover-start' });
  log.add('user', {
    type: 'manual-action',
    action: { type: 'click', at: { x: 9, y: 9 }, button: 'left', count: 1, modifiers: [] },
    result: { ok: true, durationMs: 20 },
  });
  log.add('environment', { type: 'observation', observation: screenshot('cc') });
  log.add('user', { type: 'takeover-end', manualActions: 1 });
  log.add('agent', { type: 'step-start', stepId: 's2', attempt: 1 });
  log.add('environment', { type: 'observation', observation: screenshot('dd') });
  return log.events;
}

describe('the run timeline data', () => {
  it('counts each step’s screenshots and time from its start to its end', () => {
    const metrics = stepMetrics(executedRun());
    expect(metrics.get('s1')).toEqual({
      attempts: 1,
      startedAt: 1_003_000,
      endedAt: 1_007_000,
      screenshots: 2,
      actions: 1,
    });
    expect(metrics.get('s2')).toMatchObject({ attempts: 1, screenshots: 1 });
    expect(metrics.get('s2')?.endedAt).toBeUndefined();
  });

  it('leaves screenshots taken between steps (during a takeover) out of every step', () => {
    const metrics = stepMetrics(executedRun());
    const total = [...metrics.values()].reduce((sum, metric) => sum + metric.screenshots, 0);
    expect(total).toBe(3);
  });

  it('places interventions after the steps completed before them', () => {
    expect(interventionMarkers(executedRun()).map(({ kind, afterCompleted }) => ({ kind, afterCompleted }))).toEqual([
      { kind: 'guidance', afterCompleted: 1 },
      { kind: 'takeover', afterCompleted: 1 },
    ]);
  });

  it('reports the grounding of the latest action that had one', () => {
    expect(lastGrounding(executedRun())).toMatchObject({ query: 'Next', method: 'accessibility' });
  });
});
