import { createHandle } from '@sandpiper/core';
import { criterionText, type AccessibilityNode, type CriterionDraft, type PlanVersion } from '@sandpiper/protocol';
import { legacyCriterion } from '@sandpiper/testing';
import { describe, expect, it } from 'vitest';
import { allStepsConfirmedCriterion } from '../planner/outcomes.js';
import { createScreenReader } from '../screen/screen-reader.js';
import { node, screenOf, testTask } from '../test-support/screens.js';
import { createRulesJudge } from './judge.js';

const judge = createRulesJudge(createScreenReader(undefined));

function planWith(criteria: readonly CriterionDraft[], overrides: Partial<PlanVersion> = {}): PlanVersion {
  return {
    id: 'plan-1',
    number: 1,
    cause: 'initial',
    state: 'locked',
    analysis: '',
    constraints: [],
    successCriteria: criteria.map((criterion, index) => ({
      text: criterionText(criterion),
      check: criterion.check,
      id: `c${index + 1}`,
      status: 'unknown',
    })),
    completed: [{ id: 's1', text: "Click 'Next'", status: 'completed' }],
    pending: [],
    ...overrides,
  };
}

function verdict(criteria: readonly CriterionDraft[], nodes: AccessibilityNode[], overrides?: Partial<PlanVersion>) {
  return judge.judge(createHandle(), {
    task: testTask,
    plan: planWith(criteria, overrides),
    screen: screenOf({ nodes }),
  });
}

const finalScreen = [
  node('status', 'Report submitted', [10, 10, 300, 20]),
  node('textbox', 'Employee name', [10, 50, 300, 30], { value: 'Ada Lovelace' }),
  node('combobox', 'Department', [10, 100, 300, 30], { value: 'Engineering', options: ['Sales', 'Engineering'] }),
  node('checkbox', 'Receipt attached', [10, 150, 16, 16], { checked: true }),
  node('text', 'Archived note', [10, 2000, 200, 20]),
];

describe('the rules judge', () => {
  it('accepts when every criterion is seen and lists them as satisfied', async () => {
    const result = await verdict(
      [
        legacyCriterion("'Report submitted' is visible", 'Report submitted'),
        legacyCriterion("The 'Employee name' field shows 'Ada Lovelace'", 'Ada Lovelace'),
        legacyCriterion("The 'Department' dropdown shows 'Engineering'", 'Engineering'),
        legacyCriterion("The 'Receipt attached' checkbox is checked"),
      ],
      finalScreen,
    );
    expect(result.verdict).toBe('accept');
    expect(result.satisfied).toEqual(['c1', 'c2', 'c3', 'c4']);
  });

  it('rejects listing each criterion it did not see, and keeps the ones it did', async () => {
    const result = await verdict(
      [
        legacyCriterion("'Report submitted' is visible", 'Report submitted'),
        legacyCriterion("The 'Employee name' field shows 'Grace Hopper'", 'Grace Hopper'),
        legacyCriterion("'Archived note' is visible", 'Archived note'),
      ],
      finalScreen,
    );
    expect(result.verdict).toBe('reject');
    expect(result.satisfied).toEqual(['c1']);
    expect(result.reason).toBe(
      "Not seen on the final screen: \"The 'Employee name' field shows 'Grace Hopper'\" (The 'Employee name' field shows 'Ada Lovelace'); " +
        "\"'Archived note' is visible\" ('Archived note' is scrolled out of view).",
    );
  });

  it('rejects a qualitative criterion it cannot look for', async () => {
    const result = await verdict([legacyCriterion('The chart looks better')], finalScreen);
    expect(result).toMatchObject({ verdict: 'reject', satisfied: [] });
    expect(result.reason).toContain('names nothing exact');
  });

  it('checks any other criterion by its exact value and quoted parts', async () => {
    const seen = await verdict([legacyCriterion("A confirmation says 'Report submitted'")], finalScreen);
    const unseen = await verdict([legacyCriterion('The total is shown', '$1,249.99')], finalScreen);
    expect(seen.verdict).toBe('accept');
    expect(unseen.verdict).toBe('reject');
  });

  it('accepts the every-step criterion only when all steps completed', async () => {
    const done = await verdict([allStepsConfirmedCriterion], []);
    const unfinished = await verdict([allStepsConfirmedCriterion], [], {
      pending: [{ id: 's2', text: "Click 'Next'", status: 'failed' }],
    });
    expect(done.verdict).toBe('accept');
    expect(unfinished).toMatchObject({ verdict: 'reject', satisfied: [] });
    expect(unfinished.reason).toContain('"Click \'Next\'"');
  });

  it('rejects a plan without criteria', async () => {
    expect((await verdict([], finalScreen)).verdict).toBe('reject');
  });
});
