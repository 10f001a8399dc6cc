import { criterionExactValue, criterionText, type CriterionDraft } from '@sandpiper/protocol';
import { revisePlan } from '@sandpiper/core';
import type { PlanVersion } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { reviseFromGuidance } from './guidance.js';
import { planInstruction } from './planner.js';

/** The rules planner's plan for an instruction, approved, with nothing done yet. */
function planFor(instruction: string): PlanVersion {
  const result = planInstruction(instruction);
  if (result.type !== 'plan') throw new Error('the test instruction must parse');
  return {
    id: 'plan-1',
    number: 1,
    cause: 'initial',
    state: 'locked',
    analysis: result.analysis,
    constraints: [...result.constraints],
    successCriteria: [],
    completed: [],
    pending: result.steps.map((step, index) => ({ id: `s${index + 1}`, text: step.text, status: 'pending' })),
  };
}

/** The pending step texts after the guidance, applied with the real plan invariant. */
function after(plan: PlanVersion, guidance: string): string[] {
  const result = reviseFromGuidance(plan, guidance);
  if (result.type !== 'revision') throw new Error(`unchanged: ${result.reason}`);
  let count = 0;
  const revised = revisePlan(plan, result.edits, {
    ids: { next: (prefix) => `${prefix}-${(count += 1)}` },
    cause: 'guidance',
    number: 2,
    rationale: result.rationale,
  });
  if (!revised.ok) throw revised.error;
  return revised.version.pending.map((step) => step.text);
}

const form = planFor("type 'Ada' into the 'Name' field, select 'Sales' from the 'Team' dropdown, then click 'Save'");

/** Criteria as people read them (the rendered sentence and the exact value). */
function readable(criteria: readonly CriterionDraft[]) {
  return criteria.map((criterion) => ({
    text: criterionText(criterion),
    exactValue: criterionExactValue(criterion.check),
  }));
}

describe('guidance the rules planner understands', () => {
  it.each([
    "use 'Ops' instead of 'Sales'",
    "'Ops' instead of 'Sales'",
    "replace 'Sales' with 'Ops'",
    "change 'Sales' to 'Ops'",
    "not 'Sales' but 'Ops'",
  ])('substitutes a quoted value in every step that names it: %s', (guidance) => {
    expect(after(form, guidance)).toEqual([
      "Type 'Ada' into the 'Name' field",
      "Select 'Ops' from the 'Team' dropdown",
      "Click 'Save'",
    ]);
  });

  it('skips the steps that name the quoted text', () => {
    expect(after(form, "skip 'Team'")).toEqual(["Type 'Ada' into the 'Name' field", "Click 'Save'"]);
    expect(after(form, "don't click 'Save'")).toEqual([
      "Type 'Ada' into the 'Name' field",
      "Select 'Sales' from the 'Team' dropdown",
    ]);
  });

  it('adds steps written in the grammar before the next step, or at the end when told', () => {
    expect(after(form, "First check the 'Urgent' checkbox")[0]).toBe("Check the 'Urgent' checkbox");
    expect(after(form, "also press Tab and type 'x'")).toHaveLength(5);
    expect(after(form, "finally click 'Close'").at(-1)).toBe("Click 'Close'");
  });

  it('says what would work when it cannot read the advice or finds nothing it names', () => {
    const vague = reviseFromGuidance(form, 'make it better');
    expect(vague).toMatchObject({ type: 'unchanged', reason: expect.stringMatching(/instead of/) });
    const absent = reviseFromGuidance(form, "use 'Ops' instead of 'Finance'");
    expect(absent).toEqual({
      type: 'unchanged',
      reason: "no pending step mentions 'Finance', so there is nothing to replace.",
    });
  });

  it('never touches a completed step', () => {
    const done = {
      ...form,
      completed: form.pending.slice(0, 2).map((step) => ({ ...step, status: 'completed' as const })),
      pending: form.pending.slice(2),
    };
    expect(reviseFromGuidance(done, "use 'Ops' instead of 'Sales'")).toMatchObject({ type: 'unchanged' });
  });
});

describe('criteria after guidance', () => {
  it('keeps the value criteria when the advice only adds a Tab at the end', async () => {
    const { refreshPlan } = await import('./planner.js');
    const texts = after(form, 'finally press Tab');
    expect(texts.at(-1)).toBe('Press Tab');
    const withoutSave = planFor("type 'Ada' into the 'Name' field, then press Tab");
    expect(readable(refreshPlan(withoutSave.pending.map((step) => step.text)).successCriteria)).toEqual([
      { text: "The 'Name' field shows 'Ada'", exactValue: 'Ada' },
    ]);
    expect(readable(refreshPlan(["type 'Ada' into the 'Name' field", 'press Enter']).successCriteria)).toEqual([
      { text: expect.stringMatching(/every step/i) },
    ]);
  });
});
