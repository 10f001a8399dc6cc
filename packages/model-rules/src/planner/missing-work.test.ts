import { criterionText } from '@sandpiper/protocol';
import type { CriterionReading } from '@sandpiper/core';
import type { PlanVersion } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { screenOf, testTask } from '../test-support/screens.js';
import { missingWorkFor } from './missing-work.js';
import { planInstruction } from './planner.js';

/** The plan the rules planner writes for an instruction, with every step done. */
function finishedPlan(instruction: string): PlanVersion {
  const result = planInstruction(instruction);
  if (result.type !== 'plan') throw new Error('the test instruction must parse');
  return {
    id: 'plan-1',
    number: 1,
    cause: 'initial',
    state: 'locked',
    analysis: result.analysis,
    constraints: [...result.constraints],
    successCriteria: result.successCriteria.map((criterion, index) => ({
      text: criterionText(criterion),
      check: criterion.check,
      id: `c${index + 1}`,
      status: 'unknown' as const,
    })),
    completed: result.steps.map((step, index) => ({ id: `s${index + 1}`, text: step.text, status: 'completed' })),
    pending: [],
  };
}

const unmet = (...ids: string[]): CriterionReading[] => ids.map((id) => ({ id, status: 'unsatisfied', evidence: '' }));
const ask = (plan: PlanVersion, readings: CriterionReading[], missing: string[] = []) =>
  missingWorkFor({ task: testTask, plan, screen: screenOf(), unmet: readings, missing, reason: 'rejected' }).map(
    (step) => step.text,
  );

describe('the work the rules planner appends after a rejected claim', () => {
  it('redoes the step that set a value that is no longer shown', () => {
    const plan = finishedPlan("type 'Ada' into the 'Name' field and type 'Eng' into the 'Team' field");
    expect(plan.successCriteria.map((criterion) => criterion.id)).toEqual(['c1', 'c2']);
    expect(ask(plan, unmet('c2'))).toEqual(["Type 'Eng' into the 'Team' field"]);
    expect(ask(plan, unmet('c2', 'c1'))).toEqual([
      "Type 'Ada' into the 'Name' field",
      "Type 'Eng' into the 'Team' field",
    ]);
  });

  it('redoes the click that should have made awaited text appear, then waits again', () => {
    const plan = finishedPlan("type 'Ada' into the 'Name' field, click 'Save', then wait for 'Saved' to appear");
    expect(ask(plan, unmet('c1'))).toEqual(["Click 'Save'", "Wait for 'Saved' to appear"]);
  });

  it('adds missing work the judge named when the grammar reads it, and ignores prose', () => {
    const plan = finishedPlan("type 'Ada' into the 'Name' field");
    expect(ask(plan, [], ["click 'OK'", 'the dialog is still open'])).toEqual(["Click 'OK'"]);
  });

  it('keeps checking values entered before an in-place control such as Apply, and redoes them', () => {
    const plan = finishedPlan("type '04/15/2025' into the 'From' field, then click 'Apply'");
    expect(plan.successCriteria.map((criterion) => criterion.text)).toEqual(["The 'From' field shows '04/15/2025'"]);
    expect(ask(plan, unmet('c1'))).toEqual(["Type '04/15/2025' into the 'From' field", "Click 'Apply'"]);
    const sorted = finishedPlan("type 'Line 3' into the 'Search' field, then click the 'Temperature' column header");
    expect(sorted.successCriteria.map((criterion) => criterion.text)).toEqual(["The 'Search' field shows 'Line 3'"]);
    const submitted = finishedPlan("type 'Ada' into the 'Name' field, then click 'Next'");
    expect(submitted.successCriteria.map((criterion) => criterion.text)).not.toContain("The 'Name' field shows 'Ada'");
  });

  it('knows no work for the fallback criterion, so the run ends with its evidence', () => {
    const plan = finishedPlan("click 'Next'");
    expect(plan.successCriteria).toHaveLength(1);
    expect(ask(plan, unmet('c1'))).toEqual([]);
  });
});
