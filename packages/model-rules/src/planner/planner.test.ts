import { criterionExactValue, criterionText, renderStepIntent, type CriterionDraft } from '@sandpiper/protocol';
import { createHandle } from '@sandpiper/core';
import type { PlanVersion } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { testTask } from '../test-support/screens.js';
import { allStepsConfirmedCriterion } from './outcomes.js';
import { createRulesPlanner, planInstruction, refreshPlan } from './planner.js';

const expense =
  "Open /expense, type 'Ada Lovelace' into the Employee name field, select 'Engineering' from the Department dropdown, " +
  "check the 'Receipt attached' checkbox, click the Submit button and wait for 'Report submitted' to appear";

function plan(text: string) {
  const result = planInstruction(text);
  if (result.type !== 'plan') throw new Error(result.type === 'clarify' ? result.question : result.reason);
  return result;
}

/** Criteria as people read them (the rendered sentence and the exact value), for comparing plans. */
function readable(criteria: readonly CriterionDraft[]) {
  return criteria.map((criterion) => ({
    text: criterionText(criterion),
    exactValue: criterionExactValue(criterion.check),
  }));
}

describe('planning an instruction', () => {
  it('writes one canonical step per clause with its expected outcome', () => {
    expect(plan(expense).steps.map(({ text, expectedOutcome }) => ({ text, expectedOutcome }))).toEqual([
      { text: 'Open /expense', expectedOutcome: 'The page at /expense is shown' },
      {
        text: "Type 'Ada Lovelace' into the 'Employee name' field",
        expectedOutcome: "The 'Employee name' field shows 'Ada Lovelace'",
      },
      {
        text: "Select 'Engineering' from the 'Department' dropdown",
        expectedOutcome: "The 'Department' dropdown shows 'Engineering'",
      },
      { text: "Check the 'Receipt attached' checkbox", expectedOutcome: "The 'Receipt attached' checkbox is checked" },
      { text: "Click the 'Submit' button", expectedOutcome: "The screen responds to the click on the 'Submit' button" },
      { text: "Wait for 'Report submitted' to appear", expectedOutcome: "'Report submitted' is visible" },
    ]);
  });

  it('writes a short analysis and constraints that keep quoted values exact', () => {
    const result = plan(expense);
    expect(result.analysis).toContain('6 steps');
    expect(result.analysis.split('. ').length).toBeLessThanOrEqual(3);
    expect(result.constraints).toContain("Enter 'Ada Lovelace' into the 'Employee name' field exactly as written.");
    expect(result.constraints).toContain("Pick exactly the option 'Engineering' in the 'Department' dropdown.");
  });

  it('gives every step the typed intent its text renders, so no role has to parse it back', () => {
    const steps = plan(expense).steps;
    expect(steps[1]?.intent).toEqual({
      kind: 'type',
      text: 'Ada Lovelace',
      field: { name: 'Employee name', role: 'field' },
    });
    for (const step of steps) expect(step.intent && renderStepIntent(step.intent)).toBe(step.text);
  });

  it('makes a final "wait for" the success criterion, with its exact text', () => {
    expect(readable(plan(expense).successCriteria)).toEqual([
      { text: "'Report submitted' is visible", exactValue: 'Report submitted' },
    ]);
  });

  it('checks the last values entered when nothing after them may leave the page', () => {
    const result = plan(
      "click 'Edit', type 'Ada' into 'First name', type 'Lovelace' into 'Last name', select 'UK' from 'Country', check 'Newsletter'",
    );
    expect(readable(result.successCriteria)).toEqual([
      { text: "The 'Last name' field shows 'Lovelace'", exactValue: 'Lovelace' },
      { text: "The 'UK' option in 'Country' is selected" },
      { text: "The 'Newsletter' checkbox is checked" },
    ]);
  });

  it('falls back to every step being confirmed when the plan ends with a click', () => {
    expect(readable(plan("type 'Ada' into 'Name' and click 'Save'").successCriteria)).toEqual([
      { text: criterionText(allStepsConfirmedCriterion) },
    ]);
  });

  it('checks the address when the plan ends by opening a page', () => {
    expect(readable(plan('open https://example.com/a').successCriteria)).toEqual([
      { text: "The address shows 'https://example.com/a'", exactValue: 'https://example.com/a' },
    ]);
  });
});

describe('asking instead of guessing', () => {
  it('asks about exactly the clauses it did not understand and lists the forms it knows', () => {
    const result = planInstruction(
      "type 'Dana' into the 'Employee name' field, then fill in the rest with my usual details",
    );
    expect(result.type).toBe('clarify');
    if (result.type !== 'clarify') return;
    expect(result.unparsed).toEqual(['fill in the rest with my usual details']);
    expect(result.question).toContain('"fill in the rest with my usual details"');
    expect(result.question).toContain('"click Save"');
    expect(result.question).toContain(`"type 'ada@example.com' into Email"`);
  });

  it('asks about a whole instruction that matches no form', () => {
    const result = planInstruction('book me a nice hotel for the Denver trip');
    expect(result).toMatchObject({ type: 'clarify', unparsed: ['book me a nice hotel for the Denver trip'] });
  });
});

describe('the planner role', () => {
  it('plans from the task and leaves out steps the previous version already completed', async () => {
    const previous: PlanVersion = {
      id: 'plan-1',
      number: 1,
      cause: 'initial',
      state: 'locked',
      analysis: '',
      constraints: [],
      successCriteria: [],
      completed: [{ id: 's1', text: 'Open /expense', status: 'completed' }],
      pending: [{ id: 's2', text: "Click the 'Next' button", status: 'pending' }],
    };
    const planner = createRulesPlanner();
    const result = await planner.plan(createHandle(), {
      task: { ...testTask, instruction: 'open /expense, click the Next button, press Enter' },
      previous,
    });
    expect(result.type === 'plan' && result.steps.map((step) => step.text)).toEqual([
      "Click the 'Next' button",
      'Press Enter',
    ]);
    expect(result.type === 'plan' && result.analysis).toContain('already done');
  });

  it('stops when the run is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      createRulesPlanner().plan(createHandle({ signal: controller.signal }), { task: testTask }),
    ).rejects.toMatchObject({ name: 'CancelledError' });
  });
});

describe('refreshing a plan after the person edited its steps', () => {
  it('derives criteria and constraints from the edited steps and lists the unreadable ones', () => {
    const refreshed = refreshPlan([
      "Type 'Ada' into the 'Name' field",
      "Select 'Engineering' from the 'Department' dropdown",
      'make it pretty',
    ]);
    expect(refreshed.unparsed).toEqual(['make it pretty']);
    expect(refreshed.successCriteria.map((criterion) => criterionExactValue(criterion.check))).toContain('Engineering');
    expect(refreshed.successCriteria.map((criterion) => criterionExactValue(criterion.check))).not.toContain('Finance');
    expect(refreshed.constraints.join(' ')).toContain("'Engineering'");
  });
});
