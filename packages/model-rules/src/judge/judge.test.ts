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

  it('reads the choice a searchable select shows beside its empty text box, on its own line only', async () => {
    const picked: CriterionDraft = {
      check: {
        kind: 'control-state',
        target: { name: 'harbour view inn in oslo', role: 'option', within: { name: 'Hotel' } },
        state: 'selected',
      },
    };
    const hotel = node('combobox', 'Hotel', [220, 100, 4, 20], { value: '', editable: true, expanded: false });
    const chosen = await verdict([picked], [hotel, node('text', 'Harbour View Inn, Oslo', [60, 100, 150, 20])]);
    expect(chosen).toMatchObject({ verdict: 'accept', satisfied: ['c1'] });
    const elsewhere = await verdict([picked], [hotel, node('text', 'Harbour View Inn, Oslo', [60, 400, 150, 20])]);
    expect(elsewhere.verdict).toBe('reject');
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

  describe('an edit left unsaved', () => {
    const editor = (save: string) => [
      node('group', 'Billing', [10, 10, 400, 120], { ref: 'g1' }),
      node('textbox', 'Billing email', [20, 30, 300, 30], { ref: 't1', parent: 'g1', value: 'ada@example.com' }),
      node('button', save, [20, 80, 80, 30], { ref: 'b1', parent: 'g1' }),
      node('textbox', 'Search', [500, 10, 200, 30], { ref: 't2' }),
    ];
    const typed = {
      completed: [
        { id: 's1', text: "Type 'ada@example.com' into the 'Billing email' field", status: 'completed' as const },
      ],
    };
    const wanted: CriterionDraft = {
      check: {
        kind: 'field-value',
        target: { name: 'Billing email', role: 'field' },
        value: 'ada@example.com',
        exact: true,
      },
    };

    it('rejects a value typed into a small editor whose Save was never pressed, naming the missing click', async () => {
      const result = await verdict([wanted], editor('Save'), typed);
      expect(result).toMatchObject({ verdict: 'reject', missing: ["Click the 'Save' button"] });
      expect(result.reason).toContain("'Save' was never clicked");
    });

    it('accepts once a later step pressed it', async () => {
      const saved = {
        completed: [...typed.completed, { id: 's2', text: "Click the 'Save' button", status: 'completed' as const }],
      };
      const confirmed = [...editor('Save'), node('status', 'Billing email saved', [10, 200, 300, 20])];
      expect(await verdict([wanted], confirmed, saved)).toMatchObject({ verdict: 'accept' });
    });

    it('accepts when the field has no commit button of its own', async () => {
      expect((await verdict([wanted], editor('Help'), typed)).verdict).toBe('accept');
    });

    it('rejects an option picked into a filter form whose Apply was never pressed, however many fields it has', async () => {
      const filters = [
        node('form', 'Filters', [10, 10, 400, 300], { ref: 'f' }),
        node('searchbox', 'Keyword', [20, 30, 300, 30], { parent: 'f' }),
        node('combobox', '', [20, 80, 300, 30], { parent: 'f', value: 'Lisbon' }),
        node('slider', 'Minimum salary', [20, 130, 300, 30], { parent: 'f' }),
        node('button', 'Apply filters', [20, 250, 120, 30], { parent: 'f' }),
      ];
      const picked = { completed: [{ id: 's1', text: "Pick 'Lisbon'", status: 'completed' as const }] };
      const result = await verdict([allStepsConfirmedCriterion], filters, picked);
      expect(result).toMatchObject({ verdict: 'reject', missing: ["Click the 'Apply filters' button"] });
    });
  });

  describe("an item's edit dialog", () => {
    const dialog = [
      node('dialog', 'Edit Compressor-B', [300, 100, 500, 400], { ref: 'd' }),
      node('combobox', 'Technician', [320, 150, 300, 30], { parent: 'd', value: 'Ken Adams' }),
      node('textbox', 'Next service', [320, 200, 300, 30], { parent: 'd', value: '2026-04-01' }),
      node('combobox', 'Status', [320, 250, 300, 30], { parent: 'd', value: 'Out of service' }),
      node('button', 'Cancel', [320, 420, 80, 30], { parent: 'd' }),
      node('button', 'Save', [420, 420, 80, 30], { parent: 'd' }),
    ];
    const set = {
      completed: [
        { id: 's1', text: "Set 'status' in 'Compressor-B' to 'Out of service'", status: 'completed' as const },
      ],
    };

    it('left open after a field was set in it, however many fields it has, is an unsaved edit', async () => {
      const result = await verdict([allStepsConfirmedCriterion], dialog, set);
      expect(result).toMatchObject({ verdict: 'reject', missing: ["Click the 'Save' button"] });
    });

    it("once saved, is read in the item's row under the field's column", async () => {
      const table = [
        node('table', 'Maintenance schedule', [10, 10, 900, 300], { ref: 't' }),
        node('row', '', [10, 10, 900, 30], { ref: 'h', parent: 't' }),
        node('columnheader', 'Machine', [10, 10, 200, 30], { parent: 'h' }),
        node('columnheader', 'Status', [210, 10, 200, 30], { parent: 'h' }),
        node('row', '', [10, 40, 900, 30], { ref: 'r', parent: 't' }),
        node('text', 'Compressor-B', [20, 45, 100, 20], { parent: 'r' }),
        node('text', 'Out of service', [220, 45, 120, 20], { parent: 'r' }),
        node('row', '', [10, 70, 900, 30], { ref: 'r2', parent: 't' }),
        node('text', 'Compressor-A', [20, 75, 100, 20], { parent: 'r2' }),
        node('text', 'Running', [220, 75, 120, 20], { parent: 'r2' }),
      ];
      const status = (value: string): CriterionDraft => ({
        check: {
          kind: 'field-value',
          target: { name: 'status', role: 'field', within: { name: 'Compressor-B' } },
          value,
          exact: true,
        },
      });
      const saved = {
        completed: [...set.completed, { id: 's2', text: "Click the 'Save' button", status: 'completed' as const }],
      };
      const announced = [...table, node('status', 'Changes saved', [10, 400, 300, 20])];
      expect((await verdict([status('Out of service')], announced, saved)).verdict).toBe('accept');
      const other = await verdict([status('Running')], announced, saved);
      expect(other).toMatchObject({ verdict: 'reject' });
      expect(other.reason).toContain("In the row of 'Compressor-B', the 'status' column shows 'Out of service'");
    });
  });

  describe('a save of an edit form opened for one item', () => {
    const plan = {
      completed: [
        { id: 's1', text: "Edit 'Generator G-1'", status: 'completed' as const },
        { id: 's2', text: "Set 'status' to 'Retired'", status: 'completed' as const },
        { id: 's3', text: 'Save', status: 'completed' as const },
      ],
    };
    const grid = (status: string) => [
      node('grid', 'Assets', [10, 10, 900, 300], { ref: 'g' }),
      node('row', '', [10, 10, 900, 30], { ref: 'h', parent: 'g' }),
      node('columnheader', 'Name', [10, 10, 200, 30], { parent: 'h' }),
      node('columnheader', 'Status', [210, 10, 200, 30], { parent: 'h' }),
      node('row', '', [10, 40, 900, 30], { ref: 'r', parent: 'g' }),
      node('text', 'Generator G-1', [20, 45, 100, 20], { parent: 'r' }),
      node('text', status, [220, 45, 120, 20], { parent: 'r' }),
    ];

    it("is confirmed by the item's row showing what was set, and by nothing else", async () => {
      const saved = await verdict([allStepsConfirmedCriterion], grid('Retired'), plan);
      expect(saved).toMatchObject({ verdict: 'accept', confirmedSteps: ['s3'] });
      expect(saved.reason).toContain("The row of 'Generator G-1' now shows 'Retired' under 'status'");
      expect((await verdict([allStepsConfirmedCriterion], grid('In service'), plan)).verdict).toBe('reject');
    });
  });

  describe('values the final screen contradicts', () => {
    const typedName = {
      completed: [
        { id: 's1', text: "Type 'Ada' into the 'Name' field", status: 'completed' as const },
        { id: 's2', text: "Check the 'Newsletter' checkbox", status: 'completed' as const },
      ],
    };
    const screenWith = (name: string, newsletter: boolean) => [
      node('textbox', 'Name', [10, 10, 200, 30], { value: name }),
      node('checkbox', 'Newsletter', [10, 60, 16, 16], { checked: newsletter }),
    ];

    it('rejects when a field a step filled now shows another value', async () => {
      const result = await verdict([allStepsConfirmedCriterion], screenWith('Bob', true), typedName);
      expect(result.verdict).toBe('reject');
      expect(result.reason).toContain("'Name' shows 'Bob' on the final screen, not 'Ada'");
    });

    it('rejects when a checkbox a step checked is unchecked again', async () => {
      const result = await verdict([allStepsConfirmedCriterion], screenWith('Ada', false), typedName);
      expect(result.reason).toContain("'Newsletter' is off on the final screen");
    });

    it('takes an emptied field or a control that is gone as no evidence either way', async () => {
      expect((await verdict([allStepsConfirmedCriterion], screenWith('', true), typedName)).verdict).toBe('accept');
      expect((await verdict([allStepsConfirmedCriterion], [], typedName)).verdict).toBe('accept');
    });
  });

  describe('comboboxes', () => {
    const shows = (value: string): CriterionDraft => ({
      check: { kind: 'field-value', target: { name: 'Hotel', role: 'field' }, value, exact: true },
    });

    it('does not take text typed into a combobox whose list is still open as a choice', async () => {
      const open = [node('combobox', 'Hotel', [10, 10, 200, 30], { value: 'harbour view', expanded: true })];
      const closed = [node('combobox', 'Hotel', [10, 10, 200, 30], { value: 'harbour view', expanded: false })];
      expect((await verdict([shows('harbour view')], open)).verdict).toBe('reject');
      expect((await verdict([shows('harbour view')], closed)).verdict).toBe('accept');
    });

    it('cannot tell from an empty text box that a combobox was cleared', async () => {
      const empty = [node('combobox', 'Hotel', [10, 10, 200, 30], { value: '' })];
      const result = await verdict([shows('')], empty);
      expect(result.verdict).toBe('reject');
      expect(result.reason).toContain('cannot be read');
    });

    it('reads a cleared searchable select from what shows beside its text box', async () => {
      const holder = node('generic', '', [10, 10, 300, 30], { ref: 'h' });
      const box = (description?: string) =>
        node('combobox', 'Hotel', [14, 16, 5, 18], { parent: 'h', value: '', ...(description ? { description } : {}) });
      const placeholder = [holder, node('text', 'Select...', [14, 16, 60, 18], { parent: 'h' }), box('Select...')];
      const chosen = [holder, node('text', 'Harbour View Inn', [14, 16, 140, 18], { parent: 'h' }), box()];
      expect((await verdict([shows('')], placeholder)).verdict).toBe('accept');
      const kept = await verdict([shows('')], chosen);
      expect(kept.verdict).toBe('reject');
      expect(kept.reason).toContain("still shows 'Harbour View Inn'");
    });
  });

  it('asks instead of accepting while a dialog of choices it opened stands unanswered', async () => {
    const criteria = [allStepsConfirmedCriterion];
    const done = { completed: [{ id: 's1', text: "Sort 'sheet'", status: 'completed' as const }] };
    const dialog = node('dialog', 'Sort', [300, 200, 500, 400], { ref: 'd1' });
    const choices = [
      node('combobox', 'Sort Key 1', [320, 260, 200, 24], { parent: 'd1', value: 'Column A' }),
      node('radio', 'Descending', [320, 300, 16, 16], { parent: 'd1', checked: false }),
      node('button', 'OK', [600, 560, 80, 24], { parent: 'd1' }),
    ];
    const open = await verdict(criteria, [dialog, ...choices], done);
    expect(open).toMatchObject({ verdict: 'reject', unsure: true });
    expect(open.reason).toContain("The dialog 'Sort' is still open");
    // Flat, as a desktop snapshot is: the box tells what belongs to the dialog.
    const flat = await verdict(criteria, [dialog, ...choices.map(({ parent: _, ...rest }) => rest)], done);
    expect(flat).toMatchObject({ verdict: 'reject', unsure: true });
    // A message with only a button is no open question.
    const message = [
      node('dialog', 'Saved', [300, 200, 300, 120], { ref: 'd2' }),
      node('button', 'OK', [400, 280, 80, 24], { parent: 'd2' }),
    ];
    expect(await verdict(criteria, message, done)).toMatchObject({ verdict: 'accept' });
  });
});
