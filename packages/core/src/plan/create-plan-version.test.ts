import { legacyCriterion } from '@sandpiper/testing';
import { planVersionSchema } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { createPlanVersion } from './create-plan-version.js';
import { buildPlan, createSequentialIds, deepFreeze, FORM_STEPS } from './plan-test-support.js';

describe('createPlanVersion', () => {
  it('makes an initial draft with fresh ids, pending steps and unknown criteria', () => {
    const ids = createSequentialIds();
    const version = createPlanVersion(ids, {
      analysis: 'Fill in the form.',
      constraints: ['Do not submit'],
      successCriteria: [legacyCriterion('Name shows Ada', 'Ada'), legacyCriterion('No error is shown')],
      steps: [{ text: "  Open 'Contact' ", expectedOutcome: 'The form is visible' }, { text: 'Click Save' }],
      number: 1,
    });
    expect(version).toEqual({
      id: 'plan-1',
      number: 1,
      cause: 'initial',
      state: 'draft',
      analysis: 'Fill in the form.',
      constraints: ['Do not submit'],
      successCriteria: [
        { id: 'criterion-1', ...legacyCriterion('Name shows Ada', 'Ada'), status: 'unknown' },
        { id: 'criterion-2', ...legacyCriterion('No error is shown'), status: 'unknown' },
      ],
      completed: [],
      pending: [
        { id: 'step-1', text: "Open 'Contact'", status: 'pending', expectedOutcome: 'The form is visible' },
        { id: 'step-2', text: 'Click Save', status: 'pending' },
      ],
    });
    expect(planVersionSchema.parse(version)).toEqual(version);
  });

  it('carries the parent’s completed steps into a regenerated draft and records the parent', () => {
    const ids = createSequentialIds();
    const parent = deepFreeze(buildPlan(ids, FORM_STEPS, 2));
    const version = createPlanVersion(ids, {
      analysis: 'Fill in the form again.',
      constraints: [],
      successCriteria: [],
      steps: [{ text: "Click 'Save draft'" }],
      cause: 'regenerate',
      parent,
      rationale: 'The person asked for a new plan.',
      number: 2,
    });
    expect(version.state).toBe('draft');
    expect(version.parentId).toBe(parent.id);
    expect(version.rationale).toBe('The person asked for a new plan.');
    expect(version.completed).toEqual(parent.completed);
    expect(version.pending.map((step) => step.text)).toEqual(["Click 'Save draft'"]);
    expect(parent.pending.map((step) => step.id)).not.toContain(version.pending[0]!.id);
  });

  it('makes a proposal when the cause is a revision rather than a fresh plan', () => {
    const ids = createSequentialIds();
    const parent = buildPlan(ids, FORM_STEPS, 1);
    const version = createPlanVersion(ids, {
      analysis: '',
      constraints: [],
      successCriteria: [],
      steps: [{ text: 'Retry' }],
      cause: 'system-replan',
      parent,
      number: 2,
    });
    expect(version.state).toBe('proposal');
    expect(version.completed).toEqual(parent.completed);
  });
});
