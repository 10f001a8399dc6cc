import { legacyCriterion } from '@sandpiper/testing';
import type { PlanVersion, PlanEdit } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import type { IdGenerator } from '../ports.js';
import { buildPlan, createSequentialIds, deepFreeze, FORM_STEPS } from './plan-test-support.js';
import { revisePlan } from './revise-plan.js';

function setup(): { ids: IdGenerator; parent: PlanVersion } {
  const ids = createSequentialIds();
  return { ids, parent: deepFreeze(buildPlan(ids, FORM_STEPS, 1)) };
}

function revise(edits: readonly PlanEdit[]): { parent: PlanVersion; version: PlanVersion } {
  const { ids, parent } = setup();
  const result = revisePlan(parent, edits, { ids, cause: 'plan-edit', number: 2, rationale: 'Edited by hand.' });
  if (!result.ok) throw result.error;
  return { parent, version: result.version };
}

const pendingTexts = (version: PlanVersion) => version.pending.map((step) => step.text);

describe('revisePlan applies each kind of edit', () => {
  it('records the revision as a proposal of its parent and keeps completed steps verbatim', () => {
    const { parent, version } = revise([{ type: 'remove', stepId: 'step-4' }]);
    expect(version).toMatchObject({
      id: 'plan-2',
      number: 2,
      parentId: parent.id,
      cause: 'plan-edit',
      rationale: 'Edited by hand.',
      state: 'proposal',
    });
    expect(version.completed).toEqual(parent.completed);
  });

  it('adds a step at a pending position with a fresh id', () => {
    const { version } = revise([{ type: 'add', index: 1, text: ' Scroll down ', expectedOutcome: 'The footer shows' }]);
    expect(version.pending[1]).toEqual({
      id: 'step-6',
      text: 'Scroll down',
      status: 'pending',
      expectedOutcome: 'The footer shows',
    });
    expect(version.pending).toHaveLength(5);
  });

  it('appends when the index equals the pending length', () => {
    const { version } = revise([{ type: 'add', index: 4, text: 'Close the tab' }]);
    expect(pendingTexts(version).at(-1)).toBe('Close the tab');
  });

  it('removes a pending step', () => {
    const { version } = revise([{ type: 'remove', stepId: 'step-3' }]);
    expect(version.pending.map((step) => step.id)).toEqual(['step-2', 'step-4', 'step-5']);
  });

  it('moves a pending step to its new position', () => {
    const { version } = revise([{ type: 'move', stepId: 'step-5', toIndex: 0 }]);
    expect(version.pending.map((step) => step.id)).toEqual(['step-5', 'step-2', 'step-3', 'step-4']);
  });

  it('rewrites one step in place, keeping its id and resetting it to pending', () => {
    const ids = createSequentialIds();
    const plan = buildPlan(ids, FORM_STEPS, 1);
    const failed = deepFreeze({
      ...plan,
      pending: plan.pending.map((step, index) => (index === 0 ? { ...step, status: 'failed' as const } : step)),
    });
    const result = revisePlan(failed, [{ type: 'rewrite', stepId: 'step-2', text: "Type 'Ada' into Full name" }], {
      ids,
      cause: 'guidance',
      number: 2,
    });
    if (!result.ok) throw result.error;
    expect(result.version.pending[0]).toEqual({
      id: 'step-2',
      text: "Type 'Ada' into Full name",
      status: 'pending',
    });
  });

  it('patches a short run of steps with new ones', () => {
    const { version } = revise([
      {
        type: 'patch',
        fromStepId: 'step-3',
        count: 2,
        steps: [{ text: 'Open the Email tab' }, { text: 'Type it' }, { text: 'Tick it' }],
      },
    ]);
    expect(version.pending.map((step) => step.id)).toEqual(['step-2', 'step-6', 'step-7', 'step-8', 'step-5']);
    expect(pendingTexts(version).slice(1, 4)).toEqual(['Open the Email tab', 'Type it', 'Tick it']);
  });

  it('replaces the whole pending list on a full replan', () => {
    const { parent, version } = revise([{ type: 'replace-pending', steps: [{ text: 'Use the wizard instead' }] }]);
    expect(version.pending).toEqual([{ id: 'step-6', text: 'Use the wizard instead', status: 'pending' }]);
    expect(version.completed).toEqual(parent.completed);
  });

  it('replaces criteria, keeping the id and status of an unchanged one', () => {
    const { version } = revise([
      { type: 'set-criteria', criteria: [legacyCriterion('The form shows Ada', 'Ada'), legacyCriterion('Saved')] },
    ]);
    expect(version.successCriteria).toEqual([
      { id: 'criterion-1', ...legacyCriterion('The form shows Ada', 'Ada'), status: 'unknown' },
      { id: 'criterion-2', ...legacyCriterion('Saved'), status: 'unknown' },
    ]);
  });

  it('replaces constraints', () => {
    const { version } = revise([{ type: 'set-constraints', constraints: ['Use the Ops team'] }]);
    expect(version.constraints).toEqual(['Use the Ops team']);
  });

  it('applies a batch in order, each edit seeing the result of the previous ones', () => {
    const { version } = revise([
      { type: 'add', index: 0, text: 'Dismiss the banner' },
      { type: 'move', stepId: 'step-2', toIndex: 4 },
      { type: 'remove', stepId: 'step-6' },
    ]);
    expect(version.pending.map((step) => step.id)).toEqual(['step-3', 'step-4', 'step-5', 'step-2']);
  });
});
