import { createHandle, type OperatorDecision, type PerformedAction, type Screen } from '@sandpiper/core';
import type { Action } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { createScreenReader } from '../screen/screen-reader.js';
import { node, performedOf, screenOf, stepOf, testTask } from '../test-support/screens.js';
import { createRulesOperator } from './operator.js';

const operator = createRulesOperator(createScreenReader(undefined));

function decide(text: string, screen: Screen, performed: PerformedAction[] = []): Promise<OperatorDecision> {
  return operator.decide(createHandle(), { task: testTask, step: stepOf(text), attempt: 1, screen, performed });
}

/** Play the loop's side of the protocol: perform every chain, until the operator stops acting. */
async function runAttempt(text: string, screen: Screen, limit = 8) {
  const performed: PerformedAction[] = [];
  for (let decisions = 1; decisions <= limit; decisions += 1) {
    const decision = await decide(text, screen, performed);
    if (decision.type !== 'act') return { decision, performed, decisions };
    performed.push(
      ...decision.actions.map((planned) => ({ action: planned.action, summary: planned.summary, ok: true })),
    );
  }
  throw new Error(`still acting after ${limit} decisions`);
}

const scroll = (deltaY: number): Action => ({ type: 'scroll', deltaX: 0, deltaY });
const longPage = [node('heading', 'Machines', [10, 10, 200, 30]), node('text', 'Footer', [10, 2400, 100, 20])];

describe('finishing a step', () => {
  it.each([
    ["Click the 'Next' button", [node('button', 'Next', [10, 10, 80, 30])]],
    ["Type 'Ada' into the 'Name' field", [node('textbox', 'Name', [10, 10, 200, 30], { value: '' })]],
    [
      "Select 'B' from the 'Letter' dropdown",
      [node('combobox', 'Letter', [10, 10, 200, 30], { value: 'A', options: ['A', 'B'] })],
    ],
    ["Check the 'Agree' checkbox", [node('checkbox', 'Agree', [10, 10, 16, 16], { checked: false })]],
    ["Choose 'Card'", [node('radio', 'Card', [10, 10, 16, 16], { checked: false })]],
    ['Press Enter', []],
    ['Scroll down 2 times', []],
    ['Open /form', []],
    ['Wait 1 second', []],
  ])('"%s" completes once its chain has been performed, on an unchanged screen', async (text, nodes) => {
    const { decision, decisions } = await runAttempt(text, screenOf({ nodes }));
    expect(decision.type).toBe('step-complete');
    expect(decisions).toBe(2);
  });

  it('completes at once when the screen already shows the wanted state', async () => {
    const nodes = [
      node('checkbox', 'Agree', [10, 10, 16, 16], { checked: true }),
      node('textbox', 'Name', [10, 50, 200, 30], { value: 'Ada' }),
      node('combobox', 'Letter', [10, 100, 200, 30], { value: 'B', options: ['A', 'B'] }),
      node('radio', 'Card', [10, 150, 16, 16], { checked: true }),
      node('status', 'Report submitted', [10, 200, 300, 20]),
    ];
    const screen = screenOf({ nodes });
    expect(await decide("Check the 'Agree' checkbox", screen)).toMatchObject({
      type: 'step-complete',
      evidence: "The 'Agree' checkbox is already checked.",
    });
    expect((await decide("Uncheck the 'Agree' checkbox", screen)).type).toBe('act');
    expect((await decide("Type 'Ada' into the 'Name' field", screen)).type).toBe('step-complete');
    expect((await decide("Select 'B' from the 'Letter' dropdown", screen)).type).toBe('step-complete');
    expect((await decide("Choose 'Card'", screen)).type).toBe('step-complete');
    expect(await decide("Wait for 'Report submitted' to appear", screen)).toMatchObject({ type: 'step-complete' });
  });
});

describe('targets that are not ready', () => {
  it('scrolls a target below the fold into view before clicking it', async () => {
    const nodes = [node('button', 'Export CSV', [10, 1500, 100, 30])];
    const decision = await decide("Click 'Export CSV'", screenOf({ nodes, height: 800 }));
    expect(decision).toMatchObject({
      type: 'act',
      actions: [{ action: { type: 'scroll', deltaY: 1115 }, summary: "Scrolling to bring 'Export CSV' into view" }],
    });
  });

  it('searches by scrolling down when the page goes on below, and fails naming the target after three scrolls', async () => {
    const screen = screenOf({ nodes: longPage });
    expect(await decide("Click 'Welder-28'", screen)).toMatchObject({
      type: 'act',
      actions: [{ action: { type: 'scroll', deltaY: 640 }, summary: "Exploring for 'Welder-28': scrolling down" }],
    });
    const afterThree = await decide("Click 'Welder-28'", screen, performedOf(scroll(640), scroll(640), scroll(640)));
    expect(afterThree).toEqual({
      type: 'fail',
      reason: "Could not find 'Welder-28' on the screen after scrolling down 3 times.",
    });
  });

  it('fails at once when nothing on the page lies below the screen', async () => {
    const decision = await decide(
      "Click the 'Welder-28' link",
      screenOf({ nodes: [node('button', 'Apply', [10, 10, 60, 30])] }),
    );
    expect(decision).toEqual({ type: 'fail', reason: "Could not find the 'Welder-28' link on the screen." });
  });

  it('waits briefly for a disabled target, then fails saying it is disabled', async () => {
    const nodes = [node('button', 'Submit', [10, 10, 80, 30], { disabled: true })];
    const { decision, performed } = await runAttempt("Click the 'Submit' button", screenOf({ nodes }));
    expect(performed.map((entry) => entry.action.type)).toEqual(['wait', 'wait']);
    expect(decision).toMatchObject({
      type: 'fail',
      reason: expect.stringContaining("The 'Submit' button is disabled"),
    });
  });
});

describe('exploring for a target', () => {
  it('brings a section at the bottom edge to the middle before opening it, once', async () => {
    const page = [
      node('button', 'Save changes', [100, 740, 130, 32]),
      node('button', 'Danger zone', [100, 752, 900, 21], { expanded: false }),
    ];
    const first = await decide("Click 'Erase everything'", screenOf({ nodes: page }));
    if (first.type !== 'act') throw new Error(`expected act, got ${first.type}`);
    expect(first.actions[0]?.action.type).toBe('scroll');
    const scrolled: PerformedAction[] = [
      { action: first.actions[0]!.action, summary: first.actions[0]!.summary, ok: true },
    ];
    // The page could not scroll: the section is opened where it is.
    const second = await decide("Click 'Erase everything'", screenOf({ nodes: page }), scrolled);
    expect(second).toMatchObject({ type: 'act', actions: [{ action: { type: 'click' } }] });
  });

  const tree = [
    node('tree', 'Files', [10, 50, 300, 300], { ref: 'tree' }),
    node('treeitem', 'tests', [10, 60, 300, 24], { ref: 'tests', parent: 'tree', expanded: false, level: 1 }),
  ];

  it('does not take the click that expanded a folder for the click on the target', async () => {
    const expanded: PerformedAction[] = [
      {
        action: { type: 'click', at: { x: 160, y: 72 }, button: 'left', count: 1, modifiers: [] },
        summary: "Exploring for 'button.test.tsx': expanding 'tests'",
        ok: true,
      },
    ];
    const opened = [
      node('tree', 'Files', [10, 50, 300, 300], { ref: 'tree' }),
      node('treeitem', 'tests', [10, 60, 300, 24], { ref: 'tests', parent: 'tree', expanded: true, level: 1 }),
      node('treeitem', 'button.test.tsx', [30, 86, 280, 24], { ref: 'file', parent: 'tests', level: 2 }),
    ];
    expect((await decide("Click 'button.test.tsx'", screenOf({ nodes: tree }))).type).toBe('act');
    const next = await decide("Click 'button.test.tsx'", screenOf({ nodes: opened }), expanded);
    expect(next).toMatchObject({ type: 'act', actions: [{ summary: "Clicking 'button.test.tsx'" }] });
  });

  it('selects the item a page-wide menu would act on before opening that menu', async () => {
    const nodes = [
      node('button', 'Actions', [400, 10, 80, 30], { popup: 'menu', expanded: false }),
      node('tree', 'Files', [10, 50, 300, 300], { ref: 'tree' }),
      node('treeitem', 'tests', [10, 60, 300, 24], { ref: 'tests', parent: 'tree', expanded: true, selected: true }),
      node('treeitem', 'button.test.tsx', [30, 86, 280, 24], { ref: 'file', parent: 'tests', selected: false }),
    ];
    const first = await decide("Delete 'button.test.tsx'", screenOf({ nodes }));
    expect(first).toMatchObject({
      type: 'act',
      actions: [{ summary: expect.stringMatching(/selecting 'button\.test\.tsx'$/) }],
    });
    const selected = nodes.map((entry) =>
      entry.ref === 'file'
        ? { ...entry, selected: true }
        : entry.ref === 'tests'
          ? { ...entry, selected: false }
          : entry,
    );
    const performed = (first as Extract<OperatorDecision, { type: 'act' }>).actions.map((planned) => ({
      action: planned.action,
      summary: planned.summary,
      ok: true,
    }));
    const second = await decide("Delete 'button.test.tsx'", screenOf({ nodes: selected }), performed);
    expect(second).toMatchObject({
      type: 'act',
      actions: [{ summary: expect.stringMatching(/opening the menu 'Actions'$/) }],
    });
  });
});

describe('paging to find a target', () => {
  it('turns page after page with the same Next button', async () => {
    const pageOf = [
      node('grid', 'Assets', [10, 10, 800, 300], { ref: 'g' }),
      node('row', '', [10, 40, 800, 30], { ref: 'r1', parent: 'g' }),
      node('gridcell', 'Tug TG-1', [10, 40, 200, 30], { parent: 'r1' }),
      node('button', 'Delete', [700, 40, 60, 30], { parent: 'r1' }),
      node('button', 'Next Page', [760, 320, 30, 30]),
    ];
    const turned: PerformedAction = {
      action: { type: 'click', at: { x: 775, y: 335 }, button: 'left', count: 1, modifiers: [] },
      summary: "Exploring for 'Delete' for 'Boiler B-02': going to the next page with 'Next Page'",
      ok: true,
    };
    const again = await decide("Delete 'Boiler B-02'", screenOf({ nodes: pageOf }), [turned]);
    expect(again).toMatchObject({ type: 'act', actions: [{ summary: expect.stringContaining('next page') }] });
  });
});

describe('an item named by what it shows, in a list shown in part', () => {
  const post = (index: number, author: string) => [
    node('article', '', [20, 20 + index * 120, 600, 110], { ref: `p${index}`, parent: 'feed' }),
    node('link', author, [40, 30 + index * 120, 150, 20], { parent: `p${index}` }),
    node('button', 'Like', [40, 100 + index * 120, 60, 24], { parent: `p${index}` }),
  ];
  const feed = (authors: readonly string[], more: boolean) => [
    node('feed', 'Posts', [0, 0, 700, 700], { ref: 'feed' }),
    ...authors.flatMap((author, index) => post(index, author)),
    ...(more ? [node('button', 'Show more posts', [20, 640, 200, 30])] : []),
  ];

  it('shows the rest before acting, and then asks when the item is not the only one', async () => {
    const first = await decide(
      'Like the post by Omar Haddad',
      screenOf({ nodes: feed(['Dana', 'Omar Haddad'], true) }),
    );
    expect(first).toMatchObject({ type: 'act', actions: [{ summary: expect.stringContaining('showing the rest') }] });
    const performed = (first as Extract<OperatorDecision, { type: 'act' }>).actions.map((planned) => ({
      action: planned.action,
      summary: planned.summary,
      ok: true,
    }));
    const all = screenOf({ nodes: feed(['Dana', 'Omar Haddad', 'Lee', 'Omar Haddad'], false) });
    expect(await decide('Like the post by Omar Haddad', all, performed)).toMatchObject({ type: 'clarify' });
  });
});

describe('a command named one way by the person and another by the page', () => {
  it('removes with the Delete button of the row', async () => {
    const nodes = [
      node('table', 'Machines', [10, 10, 800, 200], { ref: 't' }),
      node('row', '', [10, 40, 800, 30], { ref: 'r1', parent: 't' }),
      node('cell', 'Pump-07', [10, 40, 200, 30], { parent: 'r1' }),
      node('button', 'Delete', [700, 40, 60, 30], { parent: 'r1' }),
    ];
    const decision = await decide("Remove 'Pump-07'", screenOf({ nodes }));
    expect(decision).toMatchObject({ type: 'act', actions: [{ summary: "Clicking 'Delete' for 'Pump-07'" }] });
  });
});

describe('ordering a column', () => {
  const header = (sort?: string) => [
    node('table', 'Machines', [10, 10, 800, 400], { ref: 't' }),
    node('columnheader', 'Next service', [10, 10, 200, 30], {
      ref: 'h',
      parent: 't',
      ...(sort ? { value: sort } : {}),
    }),
    node('button', 'Next service', [14, 14, 150, 22], { parent: 'h' }),
  ];
  const step = "Set the 'Next service' column header to 'descending'";

  it("clicks the header's button until the header says the order asked for", async () => {
    const first = await decide(step, screenOf({ nodes: header() }));
    expect(first).toMatchObject({ type: 'act', actions: [{ action: { type: 'click', at: { x: 89, y: 25 } } }] });
    const performed = (first as Extract<OperatorDecision, { type: 'act' }>).actions.map((planned) => ({
      action: planned.action,
      summary: planned.summary,
      ok: true,
    }));
    const second = await decide(step, screenOf({ nodes: header('ascending') }), performed);
    expect(second).toMatchObject({ type: 'act', actions: [{ action: { type: 'click' } }] });
    const done = await decide(step, screenOf({ nodes: header('descending') }), [...performed, ...performed]);
    expect(done).toMatchObject({ type: 'step-complete' });
  });

  it('fails rather than guess when the header never says its order', async () => {
    const click: PerformedAction = {
      action: { type: 'click', at: { x: 89, y: 25 }, button: 'left', count: 1, modifiers: [] },
      summary: "Clicking the 'Next service' column header to sort it",
      ok: true,
    };
    expect(await decide(step, screenOf({ nodes: header() }), [click])).toMatchObject({ type: 'fail' });
  });
});

describe('a target cut by the edge of the view', () => {
  it('is brought fully into view once before it is clicked', async () => {
    const screen = screenOf({ nodes: [node('radio', 'Dark', [30, 786, 120, 24])], height: 800 });
    const first = await decide("Click 'Dark'", screen);
    expect(first).toMatchObject({ type: 'act', actions: [{ summary: expect.stringMatching(/^Scrolling to bring/) }] });
    const performed = (first as Extract<OperatorDecision, { type: 'act' }>).actions.map((planned) => ({
      action: planned.action,
      summary: planned.summary,
      ok: true,
    }));
    // Where the page cannot scroll further, it is clicked where it is.
    const second = await decide("Click 'Dark'", screen, performed);
    expect(second).toMatchObject({ type: 'act', actions: [{ action: { type: 'click' } }] });
  });
});

describe('a command in a menu drawn away from its card', () => {
  // While the menu is open the page behind it is hidden from the accessibility tree, as a modal
  // menu's page is: the object's card cannot be found, only the menu.
  const menu = [
    node('menu', '', [700, 80, 160, 120], { ref: 'menu' }),
    node('menuitem', 'Rename', [700, 80, 160, 30], { parent: 'menu' }),
    node('menuitem', 'Archive', [700, 110, 160, 30], { parent: 'menu' }),
  ];
  const page = (open: boolean) => (open ? menu : cards);
  const cards = [
    node('region', 'Projects', [0, 0, 1200, 400], { ref: 'grid' }),
    node('article', '', [20, 20, 360, 200], { ref: 'c1', parent: 'grid' }),
    node('heading', 'Harbor Redesign', [40, 40, 200, 24], { parent: 'c1' }),
    node('button', 'More actions', [330, 40, 32, 32], { parent: 'c1', popup: 'menu' }),
    node('article', '', [400, 20, 360, 200], { ref: 'c2', parent: 'grid' }),
    node('heading', 'Crew Portal', [420, 40, 200, 24], { parent: 'c2' }),
    node('button', 'More actions', [710, 40, 32, 32], { parent: 'c2', popup: 'menu' }),
  ];

  it("opens the object's own menu, then takes its item", async () => {
    const first = await decide("Archive 'Crew Portal'", screenOf({ nodes: page(false) }));
    expect(first).toMatchObject({ type: 'act', actions: [{ summary: expect.stringMatching(/opening its menu/) }] });
    const performed = (first as Extract<OperatorDecision, { type: 'act' }>).actions.map((planned) => ({
      action: planned.action,
      summary: planned.summary,
      ok: true,
    }));
    expect(performed[0]?.action).toMatchObject({ at: { x: 726, y: 56 } });
    const second = await decide("Archive 'Crew Portal'", screenOf({ nodes: page(true) }), performed);
    expect(second).toMatchObject({ type: 'act', actions: [{ summary: "Clicking 'Archive' for 'Crew Portal'" }] });
  });

  it('does not take an item of a menu opened for nothing in particular', async () => {
    const performed: PerformedAction[] = [
      {
        action: { type: 'click', at: { x: 346, y: 56 }, button: 'left', count: 1, modifiers: [] },
        summary: "Exploring for 'Archive' for 'Crew Portal': opening the menu 'More actions'",
        ok: true,
      },
    ];
    const decision = await decide("Archive 'Crew Portal'", screenOf({ nodes: page(true) }), performed);
    expect(decision).not.toMatchObject({ type: 'act', actions: [{ summary: "Clicking 'Archive' for 'Crew Portal'" }] });
  });

  // Cards named by their titles, each holding its own menu, straight under the page's root.
  const named = [
    node('generic', '', [0, 0, 1200, 400], { ref: 'root' }),
    node('article', 'Harbor Redesign', [20, 20, 360, 200], { ref: 'c1', parent: 'root' }),
    node('button', 'More actions', [330, 40, 32, 32], { parent: 'c1', popup: 'menu' }),
    node('article', 'Crew Portal', [400, 20, 360, 200], { ref: 'c2', parent: 'root' }),
    node('button', 'More actions', [710, 40, 32, 32], { parent: 'c2', popup: 'menu' }),
    node('article', 'Supplier Portal', [780, 20, 360, 200], { ref: 'c3', parent: 'root' }),
    node('button', 'More actions', [1090, 40, 32, 32], { parent: 'c3', popup: 'menu' }),
  ];

  it('opens the menu of the card counted, not the first one on the page', async () => {
    const decision = await decide('Archive the second card', screenOf({ nodes: named }));
    expect(decision).toMatchObject({ type: 'act', actions: [{ action: { at: { x: 726, y: 56 } } }] });
  });

  it('never explores from a holder of every card when the object found is not one of them', async () => {
    // "Offsite" is only a button in the page's toolbar; the root holds every card's menu.
    const toolbar = [...named, node('button', 'Offsite planning', [20, 240, 200, 30], { parent: 'root' })];
    const decision = await decide("Archive 'Offsite planning'", screenOf({ nodes: toolbar }));
    expect(decision).not.toMatchObject({
      type: 'act',
      actions: [{ summary: expect.stringMatching(/opening its menu/) }],
    });
  });

  it('asks which one when the object named fits several cards', async () => {
    const decision = await decide("Delete the 'portal' card", screenOf({ nodes: named }));
    expect(decision).toMatchObject({ type: 'clarify' });
    expect(decision.type === 'clarify' && decision.question).toMatch(/Crew Portal.*Supplier Portal/);
  });
});

describe('two controls of one name in different places', () => {
  const nodes = [
    node('navigation', 'Folders', [0, 60, 180, 400], { ref: 'nav' }),
    node('button', 'Archive', [10, 100, 160, 30], { parent: 'nav' }),
    node('article', '', [400, 60, 600, 300], { ref: 'msg' }),
    node('heading', 'Team offsite in June', [420, 80, 400, 30], { parent: 'msg' }),
    node('toolbar', 'Message actions', [420, 200, 400, 32], { ref: 'bar', parent: 'msg' }),
    node('button', 'Archive', [520, 200, 90, 32], { parent: 'bar' }),
  ];

  it('asks which one, naming where each is', async () => {
    const decision = await decide("Click 'Archive'", screenOf({ nodes }));
    expect(decision).toMatchObject({ type: 'clarify' });
    expect(decision.type === 'clarify' && decision.question).toContain("in 'Folders' and in 'Message actions'");
  });

  it('takes the one named with its place', async () => {
    const decision = await decide("Click 'Archive' in 'Message actions'", screenOf({ nodes }));
    expect(decision).toMatchObject({ type: 'act', actions: [{ action: { type: 'click', at: { x: 565, y: 216 } } }] });
  });
});

describe('waiting for text', () => {
  it('polls with growing waits while the text is absent', async () => {
    const screen = screenOf({ nodes: [node('heading', 'Review', [10, 10, 100, 30])] });
    const first = await decide("Wait for 'Report submitted' to appear", screen);
    const second = await decide(
      "Wait for 'Report submitted' to appear",
      screen,
      performedOf({ type: 'wait', ms: 500 }),
    );
    expect(first).toMatchObject({ type: 'act', actions: [{ action: { type: 'wait', ms: 500 } }] });
    expect(second).toMatchObject({ type: 'act', actions: [{ action: { type: 'wait', ms: 1000 } }] });
  });

  it('scrolls to the text when the page has it out of view', async () => {
    const screen = screenOf({ nodes: [node('status', 'Export complete', [10, 1800, 200, 20])] });
    expect(await decide("Wait for 'Export complete' to appear", screen)).toMatchObject({
      type: 'act',
      actions: [{ action: { type: 'scroll' } }],
    });
  });
});

describe('step text', () => {
  it('re-reads the current step text each time, so an edited step is followed', async () => {
    const nodes = [node('button', 'Back', [10, 10, 60, 30]), node('button', 'Next', [100, 10, 60, 30])];
    const decision = await decide("Click the 'Back' button", screenOf({ nodes }));
    expect(decision).toMatchObject({ type: 'act', actions: [{ action: { at: { x: 40 } } }] });
  });

  it('asks for clarification instead of guessing at text it cannot read', async () => {
    const decision = await decide('Make the chart look better', screenOf());
    expect(decision.type).toBe('clarify');
    expect(decision.type === 'clarify' && decision.question).toContain('"Make the chart look better"');
  });
});

describe('a control in a tab panel the person did not name', () => {
  const tabs = (selected: string) => [
    node('tablist', 'Rooms', [100, 90, 600, 40], { ref: 'rooms' }),
    ...['Living room', 'Kitchen', 'Garage'].map((name, index) =>
      node('tab', name, [100 + index * 150, 90, 140, 38], { parent: 'rooms', selected: name === selected }),
    ),
  ];
  const panel = (room: string, controls: ReturnType<typeof node>[]) =>
    screenOf({
      nodes: [
        ...tabs(room),
        node('tabpanel', room, [100, 150, 1000, 300], { ref: 'panel' }),
        ...controls.map((control) => ({ ...control, parent: 'panel' })),
      ],
    });
  const lights = node('switch', 'Lights', [300, 200, 60, 30], { checked: true });
  const fan = node('switch', 'Fan', [300, 200, 60, 30], { checked: true });
  const step = "Turn off 'light'";
  const did = (summary: string): PerformedAction => ({
    action: { type: 'click', at: { x: 1, y: 1 }, button: 'left', count: 1, modifiers: [] },
    summary,
    ok: true,
  });

  it('looks in the other tabs before changing it', async () => {
    const decision = await decide(step, panel('Living room', [lights]));
    expect(decision).toMatchObject({
      type: 'act',
      actions: [
        { summary: "Exploring for 'light' (it is in 'Living room'): looking for another in the tab 'Kitchen'" },
      ],
    });
  });

  it('asks which one when another tab holds one too', async () => {
    const performed = [did("Exploring for 'light' (it is in 'Living room'): looking for another in the tab 'Kitchen'")];
    const decision = await decide(step, panel('Kitchen', [lights]), performed);
    expect(decision).toMatchObject({ type: 'clarify' });
    expect(decision.type === 'clarify' && decision.question).toContain("'Living room' and 'Kitchen'");
  });

  it('goes back to its own tab when no other tab has one, then acts', async () => {
    const looked = [
      did("Exploring for 'light' (it is in 'Living room'): looking for another in the tab 'Kitchen'"),
      did("Exploring for 'light': looking for another in the tab 'Garage'"),
    ];
    const back = await decide(step, panel('Garage', [fan]), looked);
    expect(back).toMatchObject({
      type: 'act',
      actions: [{ summary: "Exploring for 'light': back to the tab 'Living room'", action: { at: { x: 170 } } }],
    });
    const returned = [...looked, did("Exploring for 'light': back to the tab 'Living room'")];
    const acting = await decide(step, panel('Living room', [lights]), returned);
    expect(acting).toMatchObject({ type: 'act', actions: [{ summary: "Turning off 'light'" }] });
  });

  it('acts at once when the person named the tab', async () => {
    const decision = await operator.decide(createHandle(), {
      task: { ...testTask, instruction: 'In the living room, turn the light off' },
      step: stepOf(step),
      attempt: 1,
      screen: panel('Living room', [lights]),
      performed: [],
    });
    expect(decision).toMatchObject({ type: 'act', actions: [{ summary: "Turning off 'light'" }] });
  });
});

describe('a command whose control shows once its item is open', () => {
  // A mail client: a folder sidebar (with its own "Archive" folder), a list of messages, and a
  // reading pane that shows Archive and Delete only for the message opened.
  const list = [
    node('navigation', 'Folders', [0, 60, 180, 500], { ref: 'nav' }),
    node('button', 'Inbox', [10, 70, 160, 30], { parent: 'nav' }),
    node('button', 'Archive', [10, 110, 160, 30], { parent: 'nav' }),
    node('list', '', [200, 60, 400, 500], { ref: 'messages' }),
    node('listitem', '', [200, 60, 400, 56], { ref: 'm1', parent: 'messages' }),
    node('button', 'Marco Ruiz · Dock schedule for Friday', [200, 60, 360, 56], { parent: 'm1' }),
    node('button', 'Star', [560, 70, 36, 32], { parent: 'm1', pressed: false }),
    node('listitem', '', [200, 120, 400, 56], { ref: 'm2', parent: 'messages' }),
    node('button', 'Harbor Weekly · This week: new cranes', [200, 120, 360, 56], { parent: 'm2' }),
    node('button', 'Star', [560, 130, 36, 32], { parent: 'm2', pressed: false }),
  ];
  const pane = [
    node('region', 'Reading pane', [620, 60, 600, 500], { ref: 'pane' }),
    node('heading', 'This week: new cranes', [640, 70, 400, 30], { parent: 'pane' }),
    node('button', 'Archive', [640, 110, 90, 30], { parent: 'pane' }),
    node('button', 'Delete', [740, 110, 90, 30], { parent: 'pane' }),
  ];
  const step = 'Archive the Harbor Weekly newsletter';

  it('opens the item (named without the kind of item) instead of taking a control elsewhere', async () => {
    const decision = await decide(step, screenOf({ nodes: list }));
    expect(decision).toMatchObject({
      type: 'act',
      actions: [{ summary: expect.stringContaining("opening the item 'Harbor Weekly · This week: new cranes'") }],
    });
    expect(decision).not.toMatchObject({ type: 'act', actions: [{ action: { at: { x: 90, y: 125 } } }] });
  });

  it("then takes the one control of the verb's name that the open item shows", async () => {
    const opened: PerformedAction[] = [
      {
        action: { type: 'click', at: { x: 380, y: 148 }, button: 'left', count: 1, modifiers: [] },
        summary:
          "Exploring for 'Archive' for 'Harbor Weekly newsletter': opening the item 'Harbor Weekly · This week: new cranes'",
        ok: true,
      },
    ];
    const decision = await decide(step, screenOf({ nodes: [...list, ...pane] }), opened);
    expect(decision).toMatchObject({ type: 'act', actions: [{ action: { at: { x: 685, y: 125 } } }] });
  });
});
