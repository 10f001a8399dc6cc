import { createHandle, type OperatorDecision, type PerformedAction, type Screen } from '@sandpiper/core';
import { MAX_SCROLL_DELTA, type AccessibilityNode, type Action } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { createScreenReader } from '../screen/screen-reader.js';
import { node, performedOf, screenOf, stepOf, testTask } from '../test-support/screens.js';
import { createRulesOperator } from './operator.js';

const operator = createRulesOperator(createScreenReader(undefined));

function decide(text: string, screen: Screen, performed: PerformedAction[] = []): Promise<OperatorDecision> {
  return operator.decide(createHandle(), { task: testTask, step: stepOf(text), attempt: 1, screen, performed });
}

function actionsOf(decision: OperatorDecision) {
  if (decision.type !== 'act') throw new Error(`expected act, got ${JSON.stringify(decision)}`);
  return decision.actions;
}

const form: AccessibilityNode[] = [
  node('textbox', 'Employee name', [200, 100, 300, 30], { value: '' }),
  node('combobox', 'Department', [200, 160, 300, 30], {
    value: 'Sales',
    options: ['Choose…', 'Sales', 'Finance', 'Engineering', 'Marketing'],
  }),
  node('checkbox', 'Receipt attached', [200, 220, 16, 16], { checked: false }),
  node('checkbox', 'Newsletter', [200, 260, 16, 16], { checked: true }),
  node('button', 'Next', [200, 320, 80, 32]),
];

describe('the actions for each kind of step', () => {
  it('clicks the centre of the target and attaches the grounding', async () => {
    const [click] = actionsOf(await decide("Click the 'Next' button", screenOf({ nodes: form })));
    expect(click).toMatchObject({
      action: { type: 'click', at: { x: 240, y: 336 } },
      summary: "Clicking 'Next'",
      grounding: { query: 'Next', role: 'button', method: 'accessibility', ambiguous: false },
    });
  });

  it('chooses a radio it is asked to go to ("switch to the dark theme"), once', async () => {
    const theme = (checked: boolean) => [
      node('group', 'Theme', [140, 350, 990, 65], { ref: 'g' }),
      node('text', 'Theme', [158, 358, 52, 18], { parent: 'g' }),
      node('radio', 'Light', [160, 390, 13, 13], { parent: 'g', checked: !checked }),
      node('radio', 'Dark', [247, 390, 13, 13], { parent: 'g', checked }),
    ];
    const [click] = actionsOf(await decide("Go to 'dark theme'", screenOf({ nodes: theme(false) })));
    expect(click).toMatchObject({ action: { type: 'click' }, summary: "Choosing 'dark theme'" });
    expect(await decide("Go to 'dark theme'", screenOf({ nodes: theme(true) }))).toMatchObject({
      type: 'step-complete',
    });
  });

  it('picks a grid row by its checkbox, so rows picked before stay picked', async () => {
    const grid = (ticked: boolean) => [
      node('grid', 'Assets', [100, 100, 900, 300], { ref: 'grid' }),
      node('row', '', [100, 140, 900, 40], { ref: 'r1', parent: 'grid' }),
      node('checkbox', 'Toggle row selection', [110, 152, 16, 16], { parent: 'r1', checked: ticked }),
      node('text', 'Forklift FL-3', [200, 150, 150, 20], { parent: 'r1' }),
      node('row', '', [100, 180, 900, 40], { ref: 'r2', parent: 'grid' }),
      node('checkbox', 'Toggle row selection', [110, 192, 16, 16], { parent: 'r2', checked: false }),
      node('text', 'Pallet jack PJ-2', [200, 190, 150, 20], { parent: 'r2' }),
    ];
    const [click] = actionsOf(await decide("Pick 'Forklift FL-3'", screenOf({ nodes: grid(false) })));
    expect(click?.action).toMatchObject({ type: 'click', at: { x: 118, y: 160 } });
    expect(await decide("Pick 'Forklift FL-3'", screenOf({ nodes: grid(true) }))).toMatchObject({
      type: 'step-complete',
    });
  });

  it("opens an item's edit form to find a field of that item, and nothing for another kind of step", async () => {
    const table = [
      node('table', 'Schedule', [10, 10, 900, 300], { ref: 't' }),
      node('row', '', [10, 40, 900, 30], { ref: 'r1', parent: 't' }),
      node('text', 'Compressor-A', [20, 45, 100, 20], { parent: 'r1' }),
      node('button', 'Edit', [800, 45, 50, 20], { parent: 'r1' }),
      node('row', '', [10, 70, 900, 30], { ref: 'r2', parent: 't' }),
      node('text', 'Compressor-B', [20, 75, 100, 20], { parent: 'r2' }),
      node('button', 'Edit', [800, 75, 50, 20], { parent: 'r2' }),
    ];
    const [open] = actionsOf(
      await decide("Set 'status' in 'Compressor-B' to 'Out of service'", screenOf({ nodes: table })),
    );
    expect(open).toMatchObject({ action: { type: 'click', at: { x: 825, y: 85 } } });
    expect(open?.summary).toContain("opening the item's edit form");
    const archive = await decide("Archive 'Compressor-B'", screenOf({ nodes: table }));
    expect(JSON.stringify(archive)).not.toContain('edit form');
  });

  it('double-clicks and hovers with their own actions', async () => {
    const [double] = actionsOf(await decide("Double-click 'Next'", screenOf({ nodes: form })));
    const [hover] = actionsOf(await decide("Hover over 'Next'", screenOf({ nodes: form })));
    expect(double?.action).toMatchObject({ type: 'double-click', at: { x: 240, y: 336 } });
    expect(hover).toMatchObject({ action: { type: 'move', to: { x: 240, y: 336 } }, summary: "Hovering over 'Next'" });
  });

  it('types by clicking the field near its left edge, selecting all and typing', async () => {
    const actions = actionsOf(await decide("Type 'Ada' into the 'Employee name' field", screenOf({ nodes: form })));
    expect(actions.map((planned) => planned.action)).toEqual([
      { type: 'click', at: { x: 210, y: 115 }, button: 'left', count: 1, modifiers: [] },
      { type: 'key', keys: ['Control', 'a'] },
      { type: 'type', text: 'Ada' },
    ]);
    expect(actions[2]?.summary).toBe("Typing 'Ada' into Employee name");
  });

  it('opens a tree item the click only selected with Enter, once, and leaves a folder or an opened one alone', async () => {
    const click: Action = { type: 'click', at: { x: 150, y: 110 }, button: 'left', count: 1, modifiers: [] };
    const selected = [
      node('tree', 'Files', [100, 80, 300, 200]),
      node('treeitem', 'package.json', [100, 100, 300, 20], { selected: true, focused: true }),
    ];
    const [enter] = actionsOf(await decide("Go to 'package.json'", screenOf({ nodes: selected }), performedOf(click)));
    expect(enter?.action).toEqual({ type: 'key', keys: ['Enter'] });
    const pressed = performedOf(click, { type: 'key', keys: ['Enter'] });
    expect(await decide("Go to 'package.json'", screenOf({ nodes: selected }), pressed)).toMatchObject({
      type: 'step-complete',
    });
    const folder = [node('treeitem', 'src', [100, 100, 300, 20], { selected: true, expanded: true })];
    expect(await decide("Go to 'src'", screenOf({ nodes: folder }), performedOf(click))).toMatchObject({
      type: 'step-complete',
    });
    // In a dialog ("Move to folder") Enter may answer the dialog: the click is all.
    const picker = [
      node('dialog', 'Move to folder', [80, 60, 400, 300], { ref: 'picker' }),
      node('treeitem', 'Archive 2025', [100, 100, 300, 20], { selected: true, parent: 'picker' }),
    ];
    expect(await decide("Go to 'Archive 2025'", screenOf({ nodes: picker }), performedOf(click))).toMatchObject({
      type: 'step-complete',
    });
    const opened = [...selected, node('tab', 'package.json', [420, 80, 120, 24], { selected: true })];
    expect(await decide("Go to 'package.json'", screenOf({ nodes: opened }), performedOf(click))).toMatchObject({
      type: 'step-complete',
    });
  });

  it('goes to a cell by clicking it, so what is typed next lands there', async () => {
    const cells = [
      node('cell', 'A1', [41, 182, 88, 17], { focused: true }),
      node('cell', 'D3', [348, 216, 73, 17], { value: '3' }),
    ];
    const [click] = actionsOf(await decide('Go to D3', screenOf({ nodes: cells })));
    expect(click?.action).toMatchObject({ type: 'click', at: { x: 385, y: 225 } });
    const there = await decide('Go to cell A1', screenOf({ nodes: cells }));
    expect(there).toMatchObject({ type: 'step-complete' });
  });

  it('does not type into the focus again on a retry when the focused element already shows the text', async () => {
    const cell = node('cell', 'G5', [626, 250, 110, 17], { value: '42', focused: true });
    const retry = await operator.decide(createHandle(), {
      task: testTask,
      step: stepOf("Type '42'"),
      attempt: 2,
      screen: screenOf({ nodes: [cell] }),
      performed: [],
    });
    expect(retry).toMatchObject({ type: 'step-complete' });
    const first = actionsOf(await decide("Type '42'", screenOf({ nodes: [cell] })));
    expect(first.map((planned) => planned.action)).toEqual([{ type: 'type', text: '42' }]);
    const elsewhere = await operator.decide(createHandle(), {
      task: testTask,
      step: stepOf("Type '42'"),
      attempt: 2,
      screen: screenOf({ nodes: [{ ...cell, value: '' }] }),
      performed: [],
    });
    expect(actionsOf(elsewhere).map((planned) => planned.action)).toEqual([{ type: 'type', text: '42' }]);
  });

  it('clears a field with select-all and Backspace', async () => {
    const nodes = [node('textbox', 'Search', [10, 10, 200, 30], { value: 'old' })];
    const actions = actionsOf(await decide("Clear the 'Search' field", screenOf({ nodes })));
    expect(actions.map((planned) => planned.action.type === 'key' && planned.action.keys)).toEqual([
      false,
      ['Control', 'a'],
      ['Backspace'],
    ]);
  });

  it('takes the choices a searchable select shows beside its empty text box off with Backspace', async () => {
    const nodes = [
      node('generic', '', [10, 10, 400, 30], { ref: 'h' }),
      node('text', 'Mei Lin', [14, 16, 50, 18], { parent: 'h' }),
      node('button', 'Remove Mei Lin', [66, 14, 20, 20], { parent: 'h' }),
      node('text', 'Jonas Berg', [90, 16, 70, 18], { parent: 'h' }),
      node('combobox', 'Travellers', [164, 16, 5, 18], { parent: 'h', value: '' }),
    ];
    const actions = actionsOf(await decide("Clear the 'Travellers' field", screenOf({ nodes })));
    expect(actions.map((planned) => planned.action.type === 'key' && planned.action.keys)).toEqual([
      false,
      ['Backspace'],
      ['Backspace'],
    ]);
    const empty = [
      node('generic', '', [10, 10, 400, 30], { ref: 'h' }),
      node('text', 'Select...', [14, 16, 60, 18], { parent: 'h' }),
      node('combobox', 'Travellers', [14, 16, 5, 18], { parent: 'h', value: '', description: 'Select...' }),
    ];
    expect(await decide("Clear the 'Travellers' field", screenOf({ nodes: empty }))).toMatchObject({
      type: 'step-complete',
    });
  });

  it('undoes a mark with the toggle that gave it, pressed now', async () => {
    const nodes = [
      node('article', 'Dana Whitfield', [10, 10, 600, 100], { ref: 'p1' }),
      node('button', '♡ Like', [20, 70, 80, 30], { parent: 'p1', pressed: false }),
      node('article', 'Sam Ortiz', [10, 120, 600, 100], { ref: 'p2' }),
      node('button', '♥ Liked', [20, 180, 80, 30], { parent: 'p2', pressed: true }),
    ];
    const actions = actionsOf(await decide("Unlike the 'Sam Ortiz' card", screenOf({ nodes })));
    expect(actions.map((planned) => planned.action)).toEqual([
      { type: 'click', at: { x: 60, y: 195 }, button: 'left', count: 1, modifiers: [] },
    ]);
  });

  it('drives a native select with arrow keys from the current option, then Enter', async () => {
    const down = actionsOf(
      await decide("Select 'Engineering' from the 'Department' dropdown", screenOf({ nodes: form })),
    );
    expect(down.map((planned) => planned.action)).toEqual([
      { type: 'click', at: { x: 350, y: 175 }, button: 'left', count: 1, modifiers: [] },
      { type: 'key', keys: ['ArrowDown'] },
      { type: 'key', keys: ['ArrowDown'] },
      { type: 'key', keys: ['Enter'] },
    ]);
    expect(down.map((planned) => planned.summary)).toEqual([
      'Focusing the Department dropdown',
      'Pressing ArrowDown in Department',
      'Pressing ArrowDown in Department',
      "Selecting 'Engineering' in Department",
    ]);
    const up = actionsOf(await decide("Select 'Choose…' from the 'Department' dropdown", screenOf({ nodes: form })));
    expect(up.slice(1).map((planned) => planned.action)).toEqual([
      { type: 'key', keys: ['ArrowUp'] },
      { type: 'key', keys: ['Enter'] },
    ]);
  });

  it('asks which option is meant when the name fits several alike, and takes the one it fits best', async () => {
    const options = ['Choose a room', 'Aurora — 12 seats', 'Harbour — 12 seats', 'Dune — 8 seats'];
    const nodes = [node('combobox', 'Room', [10, 10, 200, 30], { value: 'Choose a room', options })];
    const tied = await decide("Select '12 seats' from the 'Room' dropdown", screenOf({ nodes }));
    expect(tied).toMatchObject({ type: 'clarify', question: expect.stringContaining("'Harbour — 12 seats'") });
    const one = actionsOf(await decide("Select '8 seats' from the 'Room' dropdown", screenOf({ nodes })));
    expect(one.at(-1)?.summary).toBe("Selecting '8 seats' in Room");
  });

  it('types the option text into a long native select', async () => {
    const options = Array.from({ length: 40 }, (_, index) => `Country ${index}`);
    const nodes = [node('combobox', 'Country', [10, 10, 200, 30], { value: 'Country 0', options })];
    const actions = actionsOf(await decide("Select 'Country 35' from the 'Country' dropdown", screenOf({ nodes })));
    expect(actions.slice(1).map((planned) => planned.action)).toEqual([
      { type: 'type', text: 'Country 35' },
      { type: 'key', keys: ['Enter'] },
    ]);
  });

  it('opens a custom dropdown, then clicks the option', async () => {
    const closed = [node('combobox', 'Team', [10, 10, 200, 30], { value: 'Ops' })];
    const [open] = actionsOf(await decide("Select 'Design' from the 'Team' dropdown", screenOf({ nodes: closed })));
    expect(open).toMatchObject({
      action: { type: 'click', at: { x: 110, y: 25 } },
      summary: 'Opening the Team dropdown',
    });
    const opened = [...closed, node('option', 'Ops', [10, 40, 200, 24]), node('option', 'Design', [10, 64, 200, 24])];
    const performed = performedOf(open!.action);
    const [pick] = actionsOf(
      await decide("Select 'Design' from the 'Team' dropdown", screenOf({ nodes: opened }), performed),
    );
    expect(pick?.action).toMatchObject({ type: 'click', at: { x: 110, y: 76 } });
  });

  it('checks an unchecked box and unchecks a checked one by clicking it', async () => {
    const [check] = actionsOf(await decide("Check the 'Receipt attached' checkbox", screenOf({ nodes: form })));
    const [uncheck] = actionsOf(await decide("Uncheck the 'Newsletter' checkbox", screenOf({ nodes: form })));
    expect(check).toMatchObject({
      action: { type: 'click', at: { x: 208, y: 228 } },
      summary: "Checking 'Receipt attached'",
    });
    expect(uncheck).toMatchObject({
      action: { type: 'click', at: { x: 208, y: 268 } },
      summary: "Unchecking 'Newsletter'",
    });
  });

  it('chooses the radio option inside the named group', async () => {
    const nodes = [
      node('text', 'Do you smoke?', [10, 100, 120, 20]),
      node('radio', 'Yes', [10, 130, 16, 16], { checked: false, ref: 'smoke-yes' }),
      node('text', 'Do you drive?', [10, 200, 120, 20]),
      node('radio', 'Yes', [10, 230, 16, 16], { checked: false, ref: 'drive-yes' }),
    ];
    const [choose] = actionsOf(await decide("Choose 'Yes' for 'Do you drive?'", screenOf({ nodes })));
    expect(choose).toMatchObject({ action: { type: 'click', at: { x: 18, y: 238 } }, summary: "Choosing 'Yes'" });
  });

  it('presses keys, letters in lower case unless Shift is held', async () => {
    const [selectAll] = actionsOf(await decide('Press Control+A', screenOf()));
    const [shifted] = actionsOf(await decide('Press Control+Shift+K', screenOf()));
    expect(selectAll).toMatchObject({ action: { type: 'key', keys: ['Control', 'a'] }, summary: 'Pressing Control+A' });
    expect(shifted?.action).toEqual({ type: 'key', keys: ['Control', 'Shift', 'K'] });
  });

  it('scrolls by 80% of the screen height per time, or by exact pixels', async () => {
    const down = actionsOf(await decide('Scroll down 3 times', screenOf({ height: 800 })));
    expect(down.map((planned) => planned.action)).toEqual(Array(3).fill({ type: 'scroll', deltaX: 0, deltaY: 640 }));
    expect(down[0]?.summary).toBe('Scrolling down');
    const [up] = actionsOf(await decide('Scroll up by 120 pixels', screenOf()));
    expect(up?.action).toEqual({ type: 'scroll', deltaX: 0, deltaY: -120 });
  });

  it('scrolls to the bottom with one long wheel turn', async () => {
    const [bottom] = actionsOf(await decide('Scroll to the bottom', screenOf()));
    expect(bottom?.action).toMatchObject({ type: 'scroll', deltaY: MAX_SCROLL_DELTA });
  });

  it('opens addresses as written and waits in chunks of at most a minute', async () => {
    const [open] = actionsOf(await decide('Open /expense', screenOf()));
    expect(open).toEqual({ action: { type: 'open', target: '/expense' }, summary: 'Opening /expense' });
    const waits = actionsOf(await decide('Wait 90 seconds', screenOf()));
    expect(waits.map((planned) => planned.action)).toEqual([
      { type: 'wait', ms: 60_000 },
      { type: 'wait', ms: 30_000 },
    ]);
  });
});

describe('a date typed into a picker field', () => {
  const picker = (value: string) => [
    node('textbox', 'Meeting date', [200, 100, 300, 30], { value, placeholder: 'Pick a date' }),
  ];
  const committed = (spelling: string): PerformedAction[] => [
    { action: { type: 'type', text: spelling }, summary: `Typing '${spelling}' into Meeting date`, ok: true },
    { action: { type: 'key', keys: ['Tab'] }, summary: `Committing '${spelling}' in Meeting date with Tab`, ok: true },
  ];

  it('types the first spelling and commits it with Tab', async () => {
    const actions = actionsOf(await decide("Set 'Meeting date' to '14 March 2026'", screenOf({ nodes: picker('') })));
    expect(actions.map((planned) => planned.action.type)).toEqual(['click', 'key', 'type', 'key']);
    expect(actions[3]?.action).toEqual({ type: 'key', keys: ['Tab'] });
  });

  it('tries the next spelling when the field dropped the text, and is done once it shows the date', async () => {
    const first = actionsOf(await decide("Set 'Meeting date' to '14 March 2026'", screenOf({ nodes: picker('') })));
    const spelling = (first[2]?.action as { text: string }).text;
    const retry = actionsOf(
      await decide("Set 'Meeting date' to '14 March 2026'", screenOf({ nodes: picker('') }), committed(spelling)),
    );
    expect((retry[2]?.action as { text: string }).text).not.toBe(spelling);
    const done = await decide(
      "Set 'Meeting date' to '14 March 2026'",
      screenOf({ nodes: picker('March 14, 2026') }),
      committed('March 14, 2026'),
    );
    expect(done.type).toBe('step-complete');
  });
});

describe('a combobox that searches as you type', () => {
  const step = "Set 'Hotel' to 'harbour view inn in oslo'";
  const field = (value: string, extra: Partial<AccessibilityNode> = {}) =>
    node('combobox', 'Hotel', [200, 100, 300, 30], { value, editable: true, focused: true, ...extra });
  const typed = (text: string): PerformedAction[] => [
    { action: { type: 'type', text }, summary: `Typing '${text}' into the 'Hotel' field`, ok: true },
  ];
  const waited: PerformedAction[] = [
    { action: { type: 'wait', ms: 400 }, summary: 'Waiting for suggestions', ok: true },
    { action: { type: 'wait', ms: 400 }, summary: 'Waiting for suggestions', ok: true },
  ];
  const options = [
    node('option', 'Harbour View Inn, Oslo', [200, 140, 300, 30]),
    node('option', 'Harbour Lights, Bergen', [200, 170, 300, 30]),
  ];

  it('looks a value of several words up again by its first word when it brings no suggestion', async () => {
    const screen = screenOf({ nodes: [field('harbour view inn in oslo')] });
    const actions = actionsOf(await decide(step, screen, [...typed('harbour view inn in oslo'), ...waited]));
    expect(actions.at(-1)?.action).toEqual({ type: 'type', text: 'harbour' });
  });

  it('chooses the suggestion that carries the same words, joining words and punctuation aside', async () => {
    const screen = screenOf({ nodes: [field('harbour', { expanded: true }), ...options] });
    const performed = [...typed('harbour view inn in oslo'), ...waited, ...typed('harbour')];
    const [click] = actionsOf(await decide(step, screen, performed));
    expect(click).toMatchObject({ action: { type: 'click', at: { x: 350, y: 155 } } });
    expect(click?.summary).toMatch(/^Choosing the suggestion 'Harbour View Inn, Oslo'/);
  });

  it('waits once for a list still showing options the typed text rules out, then chooses', async () => {
    const unfiltered = [node('option', 'Any city', [200, 140, 300, 30]), node('option', 'Lisbon', [200, 170, 300, 30])];
    const city = "Set 'Hotel' to 'Lisbon'";
    const screen = screenOf({ nodes: [field('Lisbon', { expanded: true }), ...unfiltered] });
    const first = actionsOf(await decide(city, screen, typed('Lisbon')));
    expect(first.map((planned) => planned.action)).toEqual([{ type: 'wait', ms: 400 }]);
    const [click] = actionsOf(await decide(city, screen, [...typed('Lisbon'), waited[0]!]));
    expect(click?.summary).toMatch(/^Choosing the suggestion 'Lisbon'/);
  });

  it('takes text no suggestion matched only when the field keeps it after focus leaves', async () => {
    const lookedUp = [...typed('harbour view inn in oslo'), ...waited, ...typed('harbour'), ...waited];
    const again = actionsOf(await decide(step, screenOf({ nodes: [field('harbour')] }), lookedUp));
    expect(again.at(-1)?.action).toEqual({ type: 'type', text: 'harbour view inn in oslo' });
    const retyped = [...lookedUp, ...typed('harbour view inn in oslo'), ...waited];
    const leave = actionsOf(await decide(step, screenOf({ nodes: [field('harbour view inn in oslo')] }), retyped));
    expect(leave.map((planned) => planned.action)).toEqual([{ type: 'key', keys: ['Tab'] }]);
    const left: PerformedAction[] = [
      ...retyped,
      { action: { type: 'key', keys: ['Tab'] }, summary: leave[0]!.summary, ok: true },
    ];
    const kept = await decide(step, screenOf({ nodes: [field('harbour view inn in oslo', { focused: false })] }), left);
    expect(kept.type).toBe('step-complete');
    const dropped = await decide(step, screenOf({ nodes: [field('', { focused: false })] }), left);
    expect(dropped).toMatchObject({ type: 'fail', reason: expect.stringMatching(/did not keep the typed text/) });
  });

  it('does not count the click into the search field as the pick itself', async () => {
    const pick = "Pick 'harbour view inn in oslo' in 'Hotel'";
    const performed: PerformedAction[] = [
      {
        action: { type: 'click', at: { x: 210, y: 115 }, button: 'left', count: 1, modifiers: [] },
        summary: "Clicking the 'Hotel' field",
        ok: true,
      },
      ...typed('harbour view inn in oslo'),
    ];
    const decision = await decide(pick, screenOf({ nodes: [field('harbour view inn in oslo')] }), performed);
    expect(decision.type).toBe('act');
  });
});

describe('a pick that a filter offers', () => {
  it('chooses the dropdown option, across a plural, over a result link that carries the word', async () => {
    const nodes = [
      node('combobox', 'Format', [600, 100, 200, 30], {
        value: 'All formats',
        options: ['All formats', 'Book', 'Audiobook'],
      }),
      node('link', 'Audiobook · Tales of the Sea', [40, 300, 300, 24]),
    ];
    const actions = actionsOf(await decide("Pick 'audiobooks'", screenOf({ nodes })));
    expect(actions[0]?.summary).toMatch(/Format/);
    expect(actions.at(-1)?.summary).toMatch(/Selecting 'Audiobook'/);
  });
});

describe('a value the field cannot take', () => {
  it('is not typed into a time or date field when it is no time or date', async () => {
    const fields = [
      node('textbox', 'End time', [200, 100, 300, 30], { value: '' }),
      node('textbox', 'Meeting date', [200, 160, 300, 30], { value: '' }),
    ];
    const time = await decide("Set the 'End time' field to 'an hour'", screenOf({ nodes: fields }));
    expect(time).toMatchObject({ type: 'fail', reason: expect.stringContaining("'an hour' is not a time") });
    const date = await decide("Set the 'Meeting date' field to 'soon'", screenOf({ nodes: fields }));
    expect(date).toMatchObject({ type: 'fail', reason: expect.stringContaining("'soon' is not a date") });
    const typed = await decide("Set the 'End time' field to '11:15 AM'", screenOf({ nodes: fields }));
    expect(typed.type).toBe('act');
  });
});

describe('a dialog that just opened', () => {
  const page = [
    node('row', 'Chidi Obi', [20, 300, 900, 40], { ref: 'r1' }),
    node('combobox', 'Role', [600, 305, 150, 30], { parent: 'r1', value: 'Viewer', options: ['Viewer', 'Editor'] }),
    node('dialog', 'Invite a member', [300, 100, 600, 400], { ref: 'd', modal: true, focused: true }),
    node('textbox', 'Full name', [320, 160, 400, 30], { parent: 'd', value: 'Noor' }),
    node('textbox', 'Email address', [320, 220, 400, 30], { parent: 'd', value: '' }),
    node('textbox', 'Note', [320, 280, 400, 30], { parent: 'd', value: '' }),
    node('combobox', 'Role', [320, 340, 400, 30], { parent: 'd', value: 'Viewer', options: ['Viewer', 'Editor'] }),
  ];

  it('types a value into the field made for it when nothing that takes text has the focus', async () => {
    const actions = actionsOf(await decide("Type 'noor@example.com'", screenOf({ nodes: page })));
    expect(actions.map((planned) => planned.action)).toEqual([
      { type: 'click', at: { x: 330, y: 235 }, button: 'left', count: 1, modifiers: [] },
      { type: 'type', text: 'noor@example.com' },
    ]);
    // Two empty fields and nothing says which: typed where the focus is, as before.
    const plain = actionsOf(await decide("Type 'Welcome aboard'", screenOf({ nodes: page })));
    expect(plain.map((planned) => planned.action)).toEqual([{ type: 'type', text: 'Welcome aboard' }]);
  });

  it("picks an option in the dialog's dropdown, not in one behind it", async () => {
    const actions = actionsOf(await decide("Pick 'Editor'", screenOf({ nodes: page })));
    expect(actions[0]?.action).toMatchObject({ type: 'click', at: { x: 520, y: 355 } });
  });
});

describe('going to a place named on screen', () => {
  it('is done when a heading of that name is in view, and asks when only something like it is', async () => {
    const nodes = [
      node('heading', 'Billing', [20, 20, 200, 30]),
      node('heading', 'Popular articles', [20, 80, 300, 30]),
    ];
    expect(await decide("Go to 'Billing'", screenOf({ nodes }))).toMatchObject({ type: 'step-complete' });
    const near = await decide(
      "Go to 'Invoicing'",
      screenOf({ nodes: [node('heading', 'Invoices', [20, 20, 200, 30])] }),
    );
    expect(near).toMatchObject({ type: 'clarify', question: expect.stringContaining("'Invoices'") });
  });

  it('asks about an item counted by its kind that nothing in it opens, rather than calling it reached', async () => {
    const regions = ['Browse by topic', 'Frequently asked questions', 'Troubleshooting'].map((name, index) =>
      node('region', name, [100, 60 + index * 200, 900, 180], { ref: `r${index}` }),
    );
    const third = await decide('Go to the third card', screenOf({ nodes: regions }));
    expect(third).toMatchObject({ type: 'clarify', question: expect.stringContaining('no link in it opens it') });
    const withLinks = regions.flatMap((region, index) => [
      region,
      node('link', `Guide ${index + 1}`, [120, region.box.y + 20, 200, 20], { parent: region.ref }),
    ]);
    const [click] = actionsOf(await decide('Go to the third card', screenOf({ nodes: withLinks })));
    expect(click?.summary).toMatch(/Opening 'Guide 3'/);
  });

  it('opens an item that is one big button by that button, not by the toggle beside it', async () => {
    const inbox = ['Marco Ruiz · Dock schedule', 'Priya Nair · Q3 budget'].flatMap((summary, index) => [
      node('listitem', '', [200, 60 + index * 60, 400, 57], { ref: `i${index}` }),
      node('button', summary, [200, 60 + index * 60, 364, 56], { parent: `i${index}` }),
      node('button', 'Star', [570, 72 + index * 60, 36, 33], { parent: `i${index}`, pressed: false }),
    ]);
    const [click] = actionsOf(await decide('Go to the second card', screenOf({ nodes: inbox })));
    expect(click?.summary).toMatch(/Opening 'Priya Nair · Q3 budget'/);
  });
});

describe('a command on an item named by what it holds', () => {
  it('asks which one when two items hold the name, telling them apart by the rest of their text', async () => {
    const inbox = ['Dana Ruiz · Site visit', 'Omar Haddad · Rota', 'Dana Ruiz · Invoice query'].flatMap(
      (summary, index) => [
        node('listitem', '', [200, 60 + index * 60, 400, 57], { ref: `i${index}` }),
        node('button', summary, [200, 60 + index * 60, 364, 56], { parent: `i${index}` }),
        node('button', 'Star', [570, 72 + index * 60, 36, 33], { parent: `i${index}`, pressed: false }),
      ],
    );
    const decision = await decide("Reply 'message' in 'Dana Ruiz'", screenOf({ nodes: inbox }));
    expect(decision).toMatchObject({ type: 'clarify' });
    if (decision.type !== 'clarify') return;
    expect(decision.question).toContain('Site visit');
    expect(decision.question).toContain('Invoice query');
  });

  it('opens the item to find its Reply, never taking the opening for the reply', async () => {
    const inbox = ['Dana Ruiz · Site visit', 'Omar Haddad · Rota'].flatMap((summary, index) => [
      node('listitem', '', [200, 60 + index * 60, 400, 57], { ref: `i${index}` }),
      node('button', summary, [200, 60 + index * 60, 364, 56], { parent: `i${index}` }),
      node('button', 'Star', [570, 72 + index * 60, 36, 33], { parent: `i${index}`, pressed: false }),
    ]);
    const step = {
      ...stepOf("Reply 'Omar Haddad'"),
      intent: { kind: 'command', verb: 'reply', object: { name: 'Omar Haddad' } },
    } as const;
    const decision = await operator.decide(createHandle(), {
      task: testTask,
      step,
      attempt: 1,
      screen: screenOf({ nodes: inbox }),
      performed: [],
    });
    const [open] = actionsOf(decision);
    expect(open?.summary).toContain('opening the item');
  });
});

describe('a page of a numbered pager', () => {
  it("goes to page 2 with the pager's own button, not another '2' on the page", async () => {
    const nodes = [
      node('spinbutton', 'Copies', [100, 40, 80, 30], { value: '2' }),
      node('button', '2', [190, 40, 30, 30]),
      node('navigation', 'Result pages', [100, 500, 400, 40], { ref: 'nav' }),
      ...['Previous', '1', '2', 'Next'].map((name, index) =>
        node('button', name, [110 + index * 80, 505, 70, 30], { parent: 'nav' }),
      ),
    ];
    const [click] = actionsOf(await decide('Go to the second page', screenOf({ nodes })));
    expect(click).toMatchObject({
      action: { type: 'click', at: { x: 305, y: 520 } },
      summary: "Going to page 2 with '2'",
    });
  });
});

describe('a value for a group of radios', () => {
  it('chooses the radio of that name in the group, not the field below its legend', async () => {
    const nodes = [
      node('group', 'Visit type', [140, 417, 636, 65], { ref: 'g' }),
      node('text', 'Visit type', [158, 417, 70, 18], { parent: 'g' }),
      node('radio', 'In person', [161, 450, 13, 13], { parent: 'g', checked: true }),
      node('radio', 'Phone', [400, 450, 13, 13], { parent: 'g', checked: false }),
      node('spinbutton', 'Number of people attending', [141, 514, 240, 32], { value: '1' }),
    ];
    const [click] = actionsOf(await decide("Set the 'Visit type' field to 'Phone'", screenOf({ nodes })));
    expect(click?.action).toMatchObject({ type: 'click', at: { x: 407, y: 457 } });
  });
});

describe('a control of another kind that only partly matches', () => {
  it('is not taken for the target: the target is looked for in the other tabs', async () => {
    const nodes = [
      node('tablist', '', [0, 80, 600, 40], { ref: 'tabs' }),
      node('tab', 'Profile', [20, 80, 120, 40], { parent: 'tabs', selected: true }),
      node('tab', 'Privacy', [160, 80, 120, 40], { parent: 'tabs' }),
      node('textbox', 'Full name', [20, 160, 300, 30], { value: 'Ada' }),
    ];
    const decision = await decide("Turn off the 'Public profile' switch", screenOf({ nodes }));
    expect(decision).toMatchObject({ type: 'act', actions: [{ summary: expect.stringMatching(/^Exploring/) }] });
    expect(decision).not.toMatchObject({ type: 'act', actions: [{ action: { at: { x: 80, y: 100 } } }] });
  });
});

describe('typed text whose field the screen makes plain', () => {
  it('replaces what the one field made for such a value holds', async () => {
    const nodes = [
      node('button', 'Change billing email', [20, 100, 200, 30], { focused: true }),
      node('textbox', 'Billing email', [20, 150, 300, 30], { value: 'accounts@example.com', inputType: 'email' }),
    ];
    const actions = actionsOf(await decide("Type 'billing@example.com'", screenOf({ nodes })));
    expect(actions.map((planned) => planned.action.type)).toEqual(['click', 'key', 'type']);
  });
});

describe('collapsing an open tree item', () => {
  it('clicks the item on its own row, not on the middle of its children', async () => {
    const tree = [
      node('tree', 'Project files', [140, 80, 320, 260], { ref: 't' }),
      node('treeitem', 'src', [140, 112, 320, 130], { ref: 'src', parent: 't', expanded: true }),
      node('group', '', [158, 138, 302, 104], { ref: 'g', parent: 'src' }),
      node('treeitem', 'components', [158, 138, 302, 26], { parent: 'g', expanded: false }),
      node('treeitem', 'pages', [158, 164, 302, 26], { parent: 'g', expanded: false }),
      node('treeitem', 'utils', [158, 190, 302, 26], { parent: 'g', expanded: false }),
    ];
    const [click] = actionsOf(await decide("Collapse 'src'", screenOf({ nodes: tree })));
    expect(click?.action).toMatchObject({ type: 'click' });
    const at = (click?.action as { at: { y: number } }).at;
    expect(at.y).toBeGreaterThanOrEqual(112);
    expect(at.y).toBeLessThan(138);
  });
});

describe('moving a slider a long way', () => {
  const volume = (value: number) =>
    screenOf({
      nodes: [
        node('slider', 'Volume', [100, 100, 300, 20], {
          value: String(value),
          valueMin: 0,
          valueMax: 100,
          focused: true,
        }),
      ],
    });
  const step = "Set the 'Volume' slider to '35'";
  const keysOf = (decision: OperatorDecision) =>
    actionsOf(decision).map((planned) => (planned.action as { keys?: string[] }).keys?.join('+'));
  const done = (decision: OperatorDecision): PerformedAction[] =>
    actionsOf(decision).map((planned) => ({ action: planned.action, summary: planned.summary, ok: true }));

  it('goes by pages, learning how far one goes, then by arrows for the rest', async () => {
    const first = await decide(step, volume(70));
    expect(keysOf(first)).toEqual(['PageDown']);
    const second = await decide(step, volume(60), done(first));
    expect(keysOf(second)).toEqual(['PageDown', 'PageDown']);
    const third = await decide(step, volume(40), [...done(first), ...done(second)]);
    expect(keysOf(third)).toEqual(Array(5).fill('ArrowLeft'));
  });

  it('goes by arrows when a page moved nothing, and for a short way', async () => {
    const first = await decide(step, volume(70));
    expect(keysOf(await decide(step, volume(70), done(first)))).toEqual(Array(35).fill('ArrowLeft'));
    expect(keysOf(await decide(step, volume(40)))).toEqual(Array(5).fill('ArrowLeft'));
  });
});

describe('controls of one name, one per row', () => {
  const members = ['Ana Souza', 'Jonas Berg', 'Chidi Obi'].flatMap((name, index) => [
    node('row', '', [0, 100 + index * 40, 800, 40], { ref: `r${index}` }),
    node('cell', name, [0, 100 + index * 40, 300, 40], { parent: `r${index}` }),
    node('combobox', 'Role', [400, 105 + index * 40, 150, 30], { parent: `r${index}`, value: 'Viewer' }),
  ]);

  it('takes the one in the row that shows the other words asked for', async () => {
    const [first] = actionsOf(await decide("Set 'chidi obis role' to 'Editor'", screenOf({ nodes: members })));
    const at = (first?.action as { at?: { y: number } }).at;
    expect(at?.y).toBeGreaterThanOrEqual(180);
    expect(at?.y).toBeLessThan(220);
  });

  it('asks, rather than changing the top row, when no row shows them', async () => {
    const decision = await decide("Set 'Noor Haddad role' to 'Editor'", screenOf({ nodes: members }));
    expect(decision).toMatchObject({ type: 'clarify', question: expect.stringContaining("'noor haddad'") });
  });
});

describe('closing an open section', () => {
  it('collapses it by its header rather than pressing Escape', async () => {
    const nodes = [
      node('heading', 'What payment methods do you accept?', [100, 100, 600, 40], { ref: 'h' }),
      node('button', 'What payment methods do you accept?', [100, 100, 600, 40], { parent: 'h', expanded: true }),
    ];
    const [first] = actionsOf(await decide("Close the 'payment methods' section", screenOf({ nodes })));
    expect(first?.action.type).toBe('click');
    expect(first?.summary).toMatch(/^Collapsing/);
  });
});
