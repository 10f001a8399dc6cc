import { legacyCriterion } from '@sandpiper/testing';
import { createHandle } from '@sandpiper/core';
import type { AccessibilityNode, PlanVersion, Step } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { createScreenReader } from '../screen/screen-reader.js';
import { node, screenOf, testTask } from '../test-support/screens.js';
import { createRulesJudge } from './judge.js';

const judge = createRulesJudge(createScreenReader(undefined));

const done = (text: string, index: number): Step => ({ id: `s${index + 1}`, text, status: 'completed' });

function planOf(steps: readonly string[], criteria: readonly string[]): PlanVersion {
  return {
    id: 'plan-1',
    number: 1,
    cause: 'initial',
    state: 'locked',
    analysis: '',
    constraints: [],
    successCriteria: criteria.map((text, index) => ({
      ...legacyCriterion(text),
      text,
      id: `c${index + 1}`,
      status: 'unknown',
    })),
    completed: steps.map(done),
    pending: [],
  };
}

const nameField = node('textbox', 'Name', [10, 50, 300, 30], { value: 'Ada' });
const saveButton = node('button', 'Save', [10, 100, 80, 30]);
const input = (plan: PlanVersion, nodes: AccessibilityNode[]) => ({
  task: testTask,
  plan,
  screen: screenOf({ nodes }),
});

describe('the rules judge at a completion claim', () => {
  const savePlan = planOf(["Type 'Ada' into the 'Name' field", "Click 'Save'"], ["The 'Name' field shows 'Ada'"]);

  it('rejects a plan that ends with a save when no message confirms it, even with every criterion met', async () => {
    const verdict = await judge.judge(createHandle(), input(savePlan, [nameField, saveButton]));
    expect(verdict.verdict).toBe('reject');
    expect(verdict.reason).toContain("No message on screen confirms that 'Save' took effect");
    expect(verdict.satisfied).toEqual(['c1']);
  });

  it('accepts the same claim once a status message confirms the save', async () => {
    const verdict = await judge.judge(
      createHandle(),
      input(savePlan, [nameField, saveButton, node('status', 'Changes saved', [10, 140, 200, 20])]),
    );
    expect(verdict.verdict).toBe('accept');
    expect(verdict.reason).toContain("'Changes saved'");
  });

  it('takes an announcement that repeats the value entered for a confirmation, but not a refusal', async () => {
    const plan = planOf(["Type 'ada@example.com' into the 'Email' field", "Click 'Save email'"], []);
    const email = node('textbox', 'Email', [10, 50, 300, 30], { value: 'ada@example.com' });
    const save = node('button', 'Save email', [10, 100, 80, 30]);
    const claim = (message: AccessibilityNode) =>
      judge.judge(
        createHandle(),
        input({ ...plan, successCriteria: savePlan.successCriteria }, [{ ...nameField }, email, save, message]),
      );
    expect((await claim(node('status', 'Invoices now go to ada@example.com.', [10, 140, 300, 20]))).verdict).toBe(
      'accept',
    );
    expect((await claim(node('alert', 'ada@example.com is not a valid address', [10, 140, 300, 20]))).verdict).toBe(
      'reject',
    );
  });

  it('takes a confirmation in plain text only when the last step made it appear', async () => {
    const sent = node('text', 'Request sent for approval.', [10, 140, 300, 20]);
    const claim = (before: AccessibilityNode[]) =>
      judge.judge(createHandle(), {
        ...input(savePlan, [nameField, saveButton, sent]),
        lastStepBefore: screenOf({ nodes: before }),
      });
    expect((await claim([nameField, saveButton])).verdict).toBe('accept');
    // The same words were on the page before the save: they confirm nothing.
    expect((await claim([nameField, saveButton, sent])).verdict).toBe('reject');
    // Without the earlier screen (a resumed run), plain text is not enough.
    expect((await judge.judge(createHandle(), input(savePlan, [nameField, saveButton, sent]))).verdict).toBe('reject');
  });

  it("takes new plain text that reports the command's own verb done", async () => {
    const plan = planOf(['Delete account'], []);
    const tabs = node('tab', 'Profile', [10, 20, 100, 30]);
    const claim = (text: string) =>
      judge.judge(createHandle(), {
        ...input({ ...plan, successCriteria: savePlan.successCriteria }, [
          nameField,
          node('text', text, [10, 60, 400, 20]),
        ]),
        lastStepBefore: screenOf({ nodes: [nameField, tabs] }),
      });
    expect((await claim('Your account is scheduled for deletion.')).verdict).toBe('accept');
    // Another verb's words, or a refusal, confirm nothing.
    expect((await claim('Your account is scheduled for review.')).verdict).toBe('reject');
    expect((await claim('Your account could not be scheduled for deletion.')).verdict).toBe('reject');
  });

  it('takes a confirmation the last step made appear just below the visible part, not far below', async () => {
    const plan = planOf(["Click 'Book appointment'"], []);
    const book = node('button', 'Book appointment', [20, 740, 200, 40]);
    const claim = (y: number) =>
      judge.judge(createHandle(), {
        ...input({ ...plan, successCriteria: savePlan.successCriteria }, [
          nameField,
          book,
          node('text', 'Booked for Noor Haddad on 2026-03-14 at 09:30.', [20, y, 400, 20]),
        ]),
        lastStepBefore: screenOf({ nodes: [nameField, book] }),
      });
    expect((await claim(800)).verdict).toBe('accept');
    expect((await claim(1600)).verdict).toBe('reject');
  });

  it('takes a toast seen when the last step was checked, though it has gone from the final screen', async () => {
    const plan = planOf(["Click 'Download' for 'Invoice March 2024'"], []);
    const download = node('link', 'Download', [10, 100, 80, 30]);
    const claim = (toast: AccessibilityNode | undefined, final: AccessibilityNode[] = [download]) =>
      judge.judge(createHandle(), {
        ...input({ ...plan, successCriteria: savePlan.successCriteria }, [nameField, ...final]),
        lastStepBefore: screenOf({ nodes: [nameField, download] }),
        lastStepAfter: screenOf({ nodes: [nameField, download, ...(toast ? [toast] : [])] }),
      });
    const started = await claim(node('alert', 'Download started.', [900, 20, 300, 40]));
    expect(started.verdict).toBe('accept');
    expect(started.reason).toContain("'Download started.'");
    // Without one, or with a refusal, it stays unconfirmed.
    expect((await claim(undefined)).verdict).toBe('reject');
    expect((await claim(node('alert', 'Download not started: try again', [900, 20, 300, 40]))).verdict).toBe('reject');
    // "Started" outside a live region (a "Getting started" heading) confirms nothing.
    expect((await claim(node('heading', 'Getting started', [900, 20, 300, 40]))).verdict).toBe('reject');
    // A final screen that shows a dialog still open is not overruled by the earlier toast.
    const dialog = node('dialog', 'Choose a format', [300, 200, 400, 200]);
    expect((await claim(node('alert', 'Download started.', [900, 20, 300, 40]), [download, dialog])).verdict).toBe(
      'reject',
    );
  });

  it("does not take a control's own label for a confirmation", async () => {
    const verdict = await judge.judge(
      createHandle(),
      input(savePlan, [nameField, saveButton, node('button', 'Mark as complete', [10, 140, 200, 30])]),
    );
    expect(verdict.verdict).toBe('reject');
  });

  it('does not take the text of a dialog still open, or a message that work is under way, for a confirmation', async () => {
    const dialog = node('dialog', 'Submit expense report?', [300, 200, 400, 200]);
    const body = node('text', 'The report will be sent to Finance and saved.', [320, 250, 360, 20]);
    const open = await judge.judge(createHandle(), input(savePlan, [nameField, saveButton, dialog, body]));
    expect(open.verdict).toBe('reject');
    expect(open.reason).toContain("A dialog is still open ('Submit expense report?')");
    const busy = node('status', 'Saving changes…', [10, 140, 200, 20]);
    const saving = await judge.judge(createHandle(), input(savePlan, [nameField, saveButton, busy]));
    expect(saving.reason).toContain("'Saving changes…'");
  });

  it('confirms "Delete selected" by the ticked items leaving the page, and only then', async () => {
    const plan = {
      ...planOf(
        [
          "Check the checkbox in 'Forklift FL-3'",
          "Check the checkbox in 'Pallet jack PJ-2'",
          "Click 'Delete selected'",
        ],
        [],
      ),
      successCriteria: savePlan.successCriteria,
    };
    const row = (name: string, y: number) => node('cell', name, [40, y, 200, 24]);
    const rest = [nameField, row('Forklift FL-1', 100)];
    const before = screenOf({ nodes: [...rest, row('Forklift FL-3', 130), row('Pallet jack PJ-2', 160)] });
    const claim = (after: AccessibilityNode[]) =>
      judge.judge(createHandle(), { ...input(plan, after), lastStepBefore: before });
    const deleted = await claim(rest);
    expect(deleted.verdict).toBe('accept');
    expect(deleted.reason).toContain("'Forklift FL-3' and 'Pallet jack PJ-2' are no longer on the page");
    // One of them still there: no confirmation from the page.
    expect((await claim([...rest, row('Pallet jack PJ-2', 130)])).verdict).toBe('reject');
  });

  it('confirms the step that opened the form with the confirmed send, and no other step', async () => {
    const sent = node('status', 'Message sent.', [10, 140, 200, 20]);
    const claim = (steps: string[]) =>
      judge.judge(
        createHandle(),
        input({ ...planOf(steps, []), successCriteria: savePlan.successCriteria }, [nameField, sent]),
      );
    const replied = await claim(["Click 'Reply'", "Type 'Thanks' into the 'Message' field", "Click 'Send'"]);
    expect(replied).toMatchObject({ verdict: 'accept', confirmedSteps: ['s1', 's3'] });
    // A step that is no opener of the form keeps its own evidence.
    const archived = await claim(["Click 'Archive'", "Type 'Thanks' into the 'Message' field", "Click 'Send'"]);
    expect(archived.confirmedSteps).toEqual(['s3']);
    // Nor is an opener with nothing filled after it.
    expect((await claim(["Click 'Reply'", "Click 'Send'"])).confirmedSteps).toEqual(['s2']);
  });

  it("reads a radio group's value from the radio chosen in it, not from a field after it", async () => {
    const plan = planOf(["Set 'Visit type' to 'Phone'"], ["The 'Visit type' field shows 'Phone'"]);
    const group = node('group', 'Visit type', [10, 100, 400, 60], { ref: 'g' });
    const legend = node('text', 'Visit type', [12, 100, 80, 18], { parent: 'g' });
    const attendees = node('spinbutton', 'Number attending', [10, 190, 200, 28], { value: '1' });
    const radios = (chosen: string) =>
      ['In person', 'Phone'].map((name, index) =>
        node('radio', name, [12 + index * 100, 130, 13, 13], { parent: 'g', checked: name === chosen }),
      );
    const phone = await judge.judge(createHandle(), input(plan, [group, legend, ...radios('Phone'), attendees]));
    expect(phone.verdict).toBe('accept');
    const person = await judge.judge(createHandle(), input(plan, [group, legend, ...radios('In person'), attendees]));
    expect(person.verdict).toBe('reject');
    expect(person.reason).toContain("'In person' is selected in 'Visit type'");
  });

  it('takes a heading that was there before the last step for no news of work under way', async () => {
    const article = node('heading', 'Sending to a pickup point', [10, 400, 300, 24]);
    const sent = node('status', 'Changes saved', [10, 140, 200, 20]);
    const before = screenOf({ nodes: [nameField, saveButton, article] });
    const verdict = await judge.judge(createHandle(), {
      ...input(savePlan, [nameField, saveButton, article, sent]),
      lastStepBefore: before,
    });
    expect(verdict.verdict).toBe('accept');
    // New, it is news: the work is still going on.
    const fresh = await judge.judge(createHandle(), {
      ...input(savePlan, [nameField, saveButton, article, sent]),
      lastStepBefore: screenOf({ nodes: [nameField, saveButton] }),
    });
    expect(fresh.reason).toContain("'Sending to a pickup point'");
  });

  it('looks for the confirmation in a status region or heading, not in a list elsewhere on the page', async () => {
    const sidebar = node('listitem', 'Travel, March: Paid', [900, 100, 200, 20]);
    const listed = await judge.judge(createHandle(), input(savePlan, [nameField, saveButton, sidebar]));
    expect(listed.verdict).toBe('reject');
    const region = node('status', '', [10, 300, 400, 80]);
    const heading = node('heading', 'Report submitted', [20, 310, 200, 24]);
    const announced = await judge.judge(createHandle(), input(savePlan, [nameField, saveButton, region, heading]));
    expect(announced.verdict).toBe('accept');
  });

  it('asks for no confirmation after a click that changes nothing outside the page', async () => {
    const plan = planOf(["Type 'Ada' into the 'Name' field", "Click 'Apply'"], ["The 'Name' field shows 'Ada'"]);
    expect((await judge.judge(createHandle(), input(plan, [nameField]))).verdict).toBe('accept');
  });

  it('reads criteria as satisfied, unsatisfied or unknown, each with what was seen', async () => {
    const plan = planOf(
      ["Type 'Ada' into the 'Name' field", "Check 'Receipt attached'", "Type 'Eng' into the 'Team' field"],
      ["The 'Name' field shows 'Ada'", "The 'Receipt attached' checkbox is checked", "The 'Team' field shows 'Eng'"],
    );
    const readings = await judge.assess(
      createHandle(),
      input(plan, [
        nameField,
        node('checkbox', 'Receipt attached', [10, 150, 16, 16]),
        node('textbox', 'Team', [10, 200, 300, 30], { value: 'En' }),
      ]),
    );
    expect(readings.map((reading) => [reading.id, reading.status])).toEqual([
      ['c1', 'satisfied'],
      ['c2', 'unknown'],
      ['c3', 'unsatisfied'],
    ]);
    expect(readings[2]?.evidence).toContain("'En'");
  });

  it('reads a tree item or a row as chosen by its selection', async () => {
    const plan = planOf(["Pick 'deploy.md'"], ["The 'deploy.md' option is selected"]);
    const read = async (selected: boolean) =>
      (
        await judge.assess(
          createHandle(),
          input(plan, [node('treeitem', 'deploy.md', [10, 50, 300, 24], { selected })]),
        )
      )[0]?.status;
    expect(await read(true)).toBe('satisfied');
    expect(await read(false)).toBe('unsatisfied');
  });
});

describe('a plan that ends by following a download link', () => {
  const plan = planOf(["Click 'Download the user guide (PDF)'"], ["'Download the user guide (PDF)' was clicked"]);
  const url = 'http://127.0.0.1:4000/help/#article-user-guide-pdf';
  const link = node('link', 'Download the user guide (PDF)', [10, 100, 300, 20]);
  const went = [`Step completed: After the click on 'Download the user guide (PDF)', the address changed to ${url}.`];
  const claim = (nodes: AccessibilityNode[], at: string, recent: string[]) =>
    judge.judge(createHandle(), { task: testTask, plan, screen: screenOf({ nodes, url: at }), recent });

  it('accepts the page the link led to as its effect', async () => {
    const verdict = await claim([link], url, went);
    expect(verdict.verdict).toBe('accept');
    expect(verdict.reason).toContain(`led to ${url}`);
  });

  it('asks as before when the page is no longer there, or the control was a button', async () => {
    expect((await claim([link], 'http://127.0.0.1:4000/help/', went)).verdict).toBe('reject');
    const button = node('button', 'Download the user guide (PDF)', [10, 100, 300, 20]);
    expect((await claim([button], url, went)).verdict).toBe('reject');
    expect((await claim([link], url, ["Step completed: Clicked 'Download the user guide (PDF)'."])).verdict).toBe(
      'reject',
    );
  });
});

describe('the rules feasibility check', () => {
  const plan = planOf([], []);
  const check = (stepText: string, nodes: AccessibilityNode[] | undefined) =>
    judge.feasibility!(createHandle(), {
      task: testTask,
      plan,
      step: { id: 'step-1', text: stepText, status: 'executing' },
      failure: 'the target was not found',
      screen: nodes === undefined ? screenOf() : screenOf({ nodes }),
    });

  it('is infeasible when nothing on the whole page matches the target, and says what the page offers', async () => {
    const verdict = await check("Click 'Export PDF'", [saveButton, nameField]);
    expect(verdict.verdict).toBe('infeasible');
    expect(verdict.evidence[0]).toContain("'Export PDF'");
    expect(verdict.evidence[1]).toContain("'Save' (button)");
  });

  it('is feasible when the target exists, even scrolled out of view', async () => {
    const below = node('button', 'Export PDF', [10, 3000, 120, 30]);
    expect((await check("Click 'Export PDF'", [saveButton, below])).verdict).toBe('feasible');
  });

  it('is only uncertain when the target is disabled or the screen has no accessibility data', async () => {
    const disabled = node('button', 'Export PDF', [10, 300, 120, 30], { disabled: true });
    expect((await check("Click 'Export PDF'", [disabled])).verdict).toBe('uncertain');
    expect((await check("Click 'Export PDF'", undefined)).verdict).toBe('uncertain');
  });

  it('is uncertain for steps with no named target', async () => {
    expect((await check('Press Enter', [saveButton])).verdict).toBe('uncertain');
  });
});
