import { createHandle } from '@sandpiper/core';
import type { AccessibilityNode, PlanVersion, SuccessCriterion } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { allStepsConfirmedCriterion } from '../planner/outcomes.js';
import { createScreenReader } from '../screen/screen-reader.js';
import { node, screenOf, testTask } from '../test-support/screens.js';
import { createRulesJudge } from './judge.js';

const judge = createRulesJudge(createScreenReader(undefined));

function planWith(
  criteria: Omit<SuccessCriterion, 'id' | 'status'>[],
  overrides: Partial<PlanVersion> = {},
): PlanVersion {
  return {
    id: 'plan-1',
    number: 1,
    cause: 'initial',
    state: 'locked',
    analysis: '',
    constraints: [],
    successCriteria: criteria.map((criterion, index) => ({ ...criterion, id: `c${index + 1}`, status: 'unknown' })),
    completed: [{ id: 's1', text: "Click 'Next'", status: 'completed' }],
    pending: [],
    ...overrides,
  };
}

function verdict(
  criteria: Omit<SuccessCriterion, 'id' | 'status'>[],
  nodes: AccessibilityNode[],
  overrides?: Partial<PlanVersion>,
) {
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
        { text: "'Report submitted' is visible", exactValue: 'Report submitted' },
        { text: "The 'Employee name' field shows 'Ada Lovelace'", exactValue: 'Ada Lovelace' },
        { text: "The 'Department' dropdown shows 'Engineering'", exactValue: 'Engineering' },
        { text: "The 'Receipt attached' checkbox is checked" },
      ],
      finalScreen,
    );
    expect(result.verdict).toBe('accept');
    expect(result.satisfied).toEqual(['c1', 'c2', 'c3', 'c4']);
  });

  it('rejects listing each criterion it did not see, and keeps the ones it did', async () => {
    const result = await verdict(
      [
        { text: "'Report submitted' is visible", exactValue: 'Report submitted' },
        { text: "The 'Employee name' field shows 'Grace Hopper'", exactValue: 'Grace Hopper' },
        { text: "'Archived note' is visible", exactValue: 'Archived note' },
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
    const result = await verdict([{ text: 'The chart looks better' }], finalScreen);
    expect(result).toMatchObject({ verdict: 'reject', satisfied: [] });
    expect(result.reason).toContain('names nothing exact');
  });

  it('checks any other criterion by its exact value and quoted parts', async () => {
    const seen = await verdict([{ text: "A confirmation says 'Report submitted'" }], finalScreen);
    const unseen = await verdict([{ text: 'The total is shown', exactValue: '$1,249.99' }], finalScreen);
    expect(seen.verdict).toBe('accept');
    expect(unseen.verdict).toBe('reject');
  });

  it('accepts the every-step criterion only when all steps completed', async () => {
    const done = await verdict([{ text: allStepsConfirmedCriterion }], []);
    const unfinished = await verdict([{ text: allStepsConfirmedCriterion }], [], {
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
