import { createHandle } from '@sandpiper/core';
import type { AccessibilityNode, TargetRef } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { createScreenReader } from '../screen/screen-reader.js';
import { node, recordingHandle, screenOf } from '../test-support/screens.js';
import { createRulesGrounder, locateTarget } from './grounder.js';

const reader = createScreenReader(undefined);

function locate(nodes: readonly AccessibilityNode[], text: string, role?: string) {
  return locateTarget(createHandle(), reader, screenOf({ nodes }), role === undefined ? { text } : { text, role });
}

describe('matching names', () => {
  it('prefers an exact name over a prefix, a prefix over containment, and containment over a fuzzy match', async () => {
    const nodes = [
      node('button', 'Submitted reports', [10, 10, 100, 30]),
      node('button', 'Submt', [10, 60, 100, 30]),
      node('button', 'Please submit', [10, 110, 100, 30]),
      node('button', 'Submit', [10, 160, 100, 30]),
    ];
    expect((await locate(nodes, 'submit')).best?.label).toBe('Submit');
    expect((await locate(nodes.slice(0, 3), 'submit')).best?.label).toBe('Please submit');
    expect((await locate(nodes.slice(0, 2), 'submit')).best?.label).toBe('Submt');
  });

  it('ignores case, punctuation and a required-field asterisk', async () => {
    const match = await locate([node('textbox', 'Employee name *', [10, 10, 200, 30])], 'employee NAME', 'field');
    expect(match.best?.score).toBe(1);
  });

  it('never takes a name with another number for a misspelling ("D41" is not "D4")', async () => {
    const cells = ['D1', 'D4', 'D11', 'D21'].map((name, index) => node('cell', name, [10, 20 * index, 60, 18]));
    expect((await locate(cells, 'D41', 'cell')).best).toBeUndefined();
    expect((await locate(cells, 'D21', 'cell')).best?.label).toBe('D21');
    const buttons = [node('button', 'Invoice 2024', [10, 10, 100, 20])];
    expect((await locate(buttons, 'Invoice 2025')).best).toBeUndefined();
    expect((await locate(buttons, 'Invoce 2024')).best?.label).toBe('Invoice 2024');
  });

  it('matches a name said with joining words the label leaves out, in the same order only', async () => {
    const nodes = [
      node('option', 'Harbour View Inn, Oslo', [10, 10, 200, 20]),
      node('option', 'Oslo Inn', [10, 40, 200, 20]),
    ];
    expect((await locate(nodes, 'the harbour view inn in oslo')).best?.label).toBe('Harbour View Inn, Oslo');
    expect((await locate(nodes, 'the harbour view inn in oslo')).best?.score).toBeGreaterThan(0.95);
    // Every word in another order is a weaker match than any name starting with the words.
    expect((await locate(nodes, 'oslo view inn harbour')).best?.score ?? 0).toBeLessThan(0.8);
  });

  it('finds a cell named with no kind when no control has the name', async () => {
    const nodes = [node('cell', 'D3', [348, 216, 73, 17], { value: '3' }), node('button', 'Sort', [10, 10, 40, 20])];
    expect((await locate(nodes, 'D3')).best).toMatchObject({ role: 'cell', label: 'D3' });
  });

  it('finds nothing when no name is related', async () => {
    const match = await locate([node('button', 'Cancel', [0, 0, 50, 20])], 'Export CSV');
    expect(match.best).toBeUndefined();
    expect(match.method).toBe('none');
  });
});

describe('role hints', () => {
  const nodes = [node('link', 'Next', [10, 10, 60, 20]), node('button', 'Next', [10, 300, 60, 30])];

  it('prefers the element of the hinted role over an equal name of another role', async () => {
    expect((await locate(nodes, 'Next', 'button')).best?.role).toBe('button');
    expect((await locate(nodes, 'Next', 'link')).best?.role).toBe('link');
  });

  it('accepts a compatible role when the hinted one is missing', async () => {
    expect((await locate(nodes.slice(0, 1), 'Next', 'button')).best?.role).toBe('link');
  });

  it('only considers fields for a field hint, and comboboxes for a dropdown', async () => {
    const form = [
      node('text', 'Department', [10, 10, 90, 20]),
      node('combobox', 'Department', [110, 10, 200, 30], { value: 'Sales', options: ['Sales', 'Finance'] }),
      node('button', 'Department', [10, 400, 90, 30]),
    ];
    expect((await locate(form, 'Department', 'dropdown')).best?.role).toBe('combobox');
    expect((await locate(form, 'Department', 'field')).best?.role).toBe('combobox');
  });

  it('takes the control inside a matching header cell rather than the cell itself', async () => {
    const table = [
      node('columnheader', 'Name', [100, 100, 300, 40]),
      node('button', 'Name', [104, 108, 60, 24], { ref: 'sort-name' }),
      node('columnheader', 'Location', [400, 100, 300, 40]),
    ];
    const match = await locate(table, 'Name', 'header');
    expect(match.best?.node?.ref).toBe('sort-name');
    expect(match.alternatives[0]?.role).toBe('columnheader');
  });

  it('maps column headers', async () => {
    const table = [
      node('text', 'Temperature', [10, 300, 90, 20]),
      node('columnheader', 'Temperature', [400, 100, 120, 30]),
    ];
    expect((await locate(table, 'Temperature', 'column header')).best?.role).toBe('columnheader');
  });
});

describe('labels and fields', () => {
  it("takes a field's accessible name as its label", async () => {
    const nodes = [node('text', 'Email', [10, 10, 50, 20]), node('textbox', 'Email', [70, 8, 200, 26])];
    const match = await locate(nodes, 'Email', 'field');
    expect(match.best).toMatchObject({ role: 'textbox', via: 'name' });
  });

  it('uses the nearest field right of or below a matching text when no field is named', async () => {
    const nodes = [
      node('text', 'Employee name', [10, 100, 110, 20]),
      node('textbox', '', [130, 96, 200, 28], { ref: 'right' }),
      node('textbox', '', [10, 160, 200, 28], { ref: 'below-far' }),
      node('text', 'Email', [10, 200, 50, 20]),
      node('textbox', '', [10, 224, 200, 28], { ref: 'below' }),
      node('textbox', '', [10, 20, 200, 28], { ref: 'above' }),
    ];
    expect((await locate(nodes, 'Employee name', 'field')).best).toMatchObject({
      via: 'label',
      node: { ref: 'right' },
    });
    expect((await locate(nodes, 'Email', 'field')).best).toMatchObject({ via: 'label', node: { ref: 'below' } });
  });

  it('takes the one box in the row that shows the name, when no box has the name', async () => {
    const row = (ref: string, name: string, y: number) => [
      node('row', '', [10, y, 600, 30], { ref }),
      node('checkbox', 'Press Space to toggle row selection', [20, y + 8, 14, 14], { ref: `${ref}-box`, parent: ref }),
      node('gridcell', name, [60, y, 200, 30], { parent: ref }),
    ];
    const nodes = [...row('r1', 'Forklift FL-3', 100), ...row('r2', 'Pallet jack PJ-2', 140)];
    expect((await locate(nodes, 'Pallet jack PJ-2', 'checkbox')).best?.node?.ref).toBe('r2-box');
  });

  it("takes no field after a group for the group's legend, but one inside it", async () => {
    const group = node('group', 'Visit type', [10, 100, 400, 60], { ref: 'group' });
    const legend = node('text', 'Visit type', [12, 100, 80, 18], { parent: 'group' });
    const radio = node('radio', 'Phone', [12, 130, 13, 13], { parent: 'group' });
    const after = node('spinbutton', 'Number of people attending', [10, 190, 200, 28], { ref: 'after' });
    expect((await locate([group, legend, radio, after], 'Visit type', 'field')).best).toBeUndefined();
    const inside = node('textbox', '', [12, 130, 200, 28], { ref: 'inside', parent: 'group' });
    expect((await locate([group, legend, inside, after], 'Visit type', 'field')).best).toMatchObject({
      via: 'label',
      node: { ref: 'inside' },
    });
  });
});

describe('ambiguity', () => {
  it('picks by role, then top-most, then left-most, and records the alternatives', async () => {
    const nodes = [
      node('button', 'Delete', [300, 200, 60, 30], { ref: 'lower' }),
      node('button', 'Delete', [500, 100, 60, 30], { ref: 'upper-right' }),
      node('button', 'Delete', [100, 100, 60, 30], { ref: 'upper-left' }),
      node('text', 'Delete', [10, 10, 60, 20], { ref: 'text' }),
    ];
    const handle = recordingHandle();
    const grounding = await createRulesGrounder(reader).ground(handle, {
      query: { text: 'Delete', role: 'button' },
      screen: screenOf({ nodes }),
    });
    expect(grounding).toMatchObject({ method: 'accessibility', ambiguous: true, box: { x: 100, y: 100 } });
    expect(grounding.alternatives.map((alternative) => alternative.box.x)).toEqual([500, 300, 10]);
    expect(handle.messages.join(' ')).toContain('about equally');
  });

  it('is not ambiguous when one candidate is clearly better', async () => {
    const nodes = [node('button', 'Save', [10, 10, 60, 30]), node('button', 'Save as template', [10, 60, 120, 30])];
    expect((await locate(nodes, 'Save')).ambiguous).toBe(false);
  });
});

describe('disabled and off-screen targets', () => {
  it('skips a disabled target when an enabled one matches', async () => {
    const nodes = [
      node('button', 'Submit', [10, 10, 60, 30], { disabled: true, ref: 'disabled' }),
      node('button', 'Submit', [10, 300, 60, 30], { ref: 'enabled' }),
    ];
    expect((await locate(nodes, 'Submit', 'button')).best?.node?.ref).toBe('enabled');
  });

  it('returns a disabled target, marked, when nothing else matches', async () => {
    const match = await locate([node('button', 'Submit', [10, 10, 60, 30], { disabled: true })], 'Submit', 'button');
    expect(match.best).toMatchObject({ disabled: true, label: 'Submit' });
  });

  it('prefers a target on screen over an equal one scrolled out of view, and marks off-screen ones', async () => {
    const nodes = [
      node('button', 'Export CSV', [10, 1400, 100, 30], { ref: 'below-fold' }),
      node('button', 'Export CSV', [10, 500, 100, 30], { ref: 'visible' }),
    ];
    expect((await locate(nodes, 'Export CSV')).best?.node?.ref).toBe('visible');
    const alone = await locate(nodes.slice(0, 1), 'Export CSV');
    expect(alone.best).toMatchObject({ inViewport: false });
  });
});

describe('ordinals over holders', () => {
  it('counts the cards side by side, not the region that holds them all', async () => {
    const results = node('region', 'Results', [100, 200, 1000, 500], { ref: 'r' });
    const cards = [1, 2, 3, 4].map((index) =>
      node('article', '', [120, 200 + index * 90, 960, 80], { ref: `a${index}`, parent: 'r' }),
    );
    const titles = cards.map((card, index) =>
      node('link', `Title ${index + 1}`, [140, card.box.y + 10, 200, 20], { ref: `l${index}`, parent: card.ref }),
    );
    const match = await locateTarget(createHandle(), reader, screenOf({ nodes: [results, ...cards, ...titles] }), {
      text: '',
      role: 'card',
      ordinal: 3,
    });
    expect(match.best?.node?.ref).toBe('a3');
    const last = await locateTarget(createHandle(), reader, screenOf({ nodes: [results, ...cards, ...titles] }), {
      text: '',
      role: 'card',
      ordinal: -1,
    });
    expect(last.best?.node?.ref).toBe('a4');
  });

  it('finds a target inside the holder an ordinal picks', async () => {
    const heading = node('heading', 'Library', [20, 10, 200, 24], { ref: 'h' });
    const results = node('region', 'Results', [100, 200, 1000, 500], { ref: 'r' });
    const cards = [1, 2, 3].map((index) =>
      node('article', '', [120, 200 + index * 90, 960, 80], { ref: `a${index}`, parent: 'r' }),
    );
    const titles = cards.map((card, index) =>
      node('heading', `Title ${index + 1}`, [140, card.box.y + 10, 200, 20], { ref: `t${index}`, parent: card.ref }),
    );
    const match = await locateTarget(
      createHandle(),
      reader,
      screenOf({ nodes: [heading, results, ...cards, ...titles] }),
      { text: '', role: 'heading', within: { role: 'card', ordinal: 3 } },
    );
    expect(match.best?.label).toBe('Title 3');
  });
});

describe('words of the name that point at another tab', () => {
  const tabs = [
    node('tablist', 'Rooms', [0, 0, 600, 40], { ref: 'list' }),
    node('tab', 'Living room', [0, 0, 150, 40], { ref: 't1', parent: 'list', selected: true }),
    node('tab', 'Kitchen', [150, 0, 150, 40], { ref: 't2', parent: 'list', selected: false }),
    node('tabpanel', 'Living room', [0, 60, 600, 300], { ref: 'p1' }),
    node('switch', 'Lights', [20, 100, 40, 20], { ref: 's1', parent: 'p1', checked: true }),
  ];

  it('do not take the switch of the tab that is open', async () => {
    const match = await locate(tabs, 'kitchen lights', 'switch');
    expect(match.best?.node?.ref).not.toBe('s1');
  });

  it('take it once the panel that holds it carries them', async () => {
    const kitchen = tabs.map((entry) =>
      entry.ref === 'p1'
        ? { ...entry, name: 'Kitchen' }
        : entry.role === 'tab'
          ? { ...entry, selected: entry.ref === 't2' }
          : entry,
    );
    expect((await locate(kitchen, 'kitchen lights', 'switch')).best?.node?.ref).toBe('s1');
  });
});

describe('positions among headings', () => {
  it('counts the most common level and takes the link a counted heading holds', async () => {
    const nodes = [
      node('heading', 'Quayside Library', [10, 10, 600, 30], { ref: 'h1', level: 1 }),
      node('article', '', [10, 60, 600, 80], { ref: 'a1' }),
      node('heading', 'The Sea Around Us', [20, 70, 580, 24], { ref: 'h3a', level: 3, parent: 'a1' }),
      node('link', 'The Sea Around Us', [20, 70, 160, 24], { ref: 'l1', parent: 'h3a' }),
      node('article', '', [10, 150, 600, 80], { ref: 'a2' }),
      node('heading', 'Sea Glass', [20, 160, 580, 24], { ref: 'h3b', level: 3, parent: 'a2' }),
      node('link', 'Sea Glass', [20, 160, 90, 24], { ref: 'l2', parent: 'h3b' }),
    ];
    const first = await locateTarget(createHandle(), reader, screenOf({ nodes }), {
      text: '',
      role: 'heading',
      ordinal: 1,
    });
    expect(first.best).toMatchObject({ role: 'link', label: 'The Sea Around Us' });
  });
});

describe('an item named with the kind of item after it', () => {
  const nodes = [
    node('navigation', 'Folders', [0, 60, 180, 500], { ref: 'nav' }),
    node('button', 'Archive', [10, 110, 160, 30], { parent: 'nav' }),
    node('list', '', [200, 60, 400, 500], { ref: 'messages' }),
    node('listitem', '', [200, 120, 400, 56], { ref: 'm2', parent: 'messages' }),
    node('button', 'Harbor Weekly · This week: new cranes', [200, 120, 360, 56], { parent: 'm2' }),
    node('button', 'Star', [560, 130, 36, 32], { parent: 'm2' }),
    node('textbox', 'Billing email', [700, 60, 300, 30]),
  ];
  const within = (text: string, name: string) =>
    locateTarget(createHandle(), reader, screenOf({ nodes }), { text, within: { name } });

  it('is found by its name alone when nothing on screen carries the noun', async () => {
    expect((await locate(nodes, 'Harbor Weekly newsletter')).best?.label).toBe('Harbor Weekly · This week: new cranes');
    expect((await within('Star', 'Harbor Weekly newsletter')).best?.node?.parent).toBe('m2');
    // A name that is on screen with its noun stays whole.
    expect((await locate(nodes, 'billing email')).best?.label).toBe('Billing email');
  });

  it('takes nothing that shares no holder with it, however near', async () => {
    expect((await within('Archive', 'Harbor Weekly newsletter')).best).toBeUndefined();
    expect((await within('Archive', 'Harbor Weekly')).best).toBeUndefined();
  });
});

describe('a field named with a kind-of-item noun', () => {
  it('is never taken for something named by the rest of its name', async () => {
    const nodes = [
      node('tab', 'Billing', [10, 10, 100, 30]),
      node('button', 'Change billing email', [10, 60, 200, 30]),
    ];
    expect((await locate(nodes, 'billing email', 'field')).best).toBeUndefined();
  });
});

describe('a name made only of nouns for kinds of item', () => {
  it('counts items of that kind, not headings or buttons that share a word', async () => {
    const nodes = [
      node('heading', 'Studio · Projects', [10, 10, 600, 30]),
      node('button', 'New project', [700, 10, 120, 30]),
      ...['Atlas', 'Beacon', 'Comet'].flatMap((name, index) => [
        node('article', name, [10 + 300 * index, 80, 280, 150], { ref: `a${index}` }),
        node('text', name, [20 + 300 * index, 90, 200, 20], { parent: `a${index}` }),
        node('button', 'More actions', [240 + 300 * index, 90, 40, 40], { parent: `a${index}` }),
      ]),
    ];
    const second = await locateTarget(createHandle(), reader, screenOf({ nodes }), {
      text: 'project card',
      ordinal: 2,
    });
    expect(second.best?.label).toBe('Beacon');
    // A name that is one, with a kind noun after it, is still found by the name.
    expect((await locate(nodes, 'Comet card')).best?.label).toBe('Comet');
  });
});

describe('a collection named by the kind of its items', () => {
  it('is never the item a longer name asks for ("the parking permits message" is not "Messages")', async () => {
    const nodes = [
      node('region', 'Messages', [200, 60, 400, 500], { ref: 'list' }),
      node('button', 'Dock schedule for Friday', [200, 60, 360, 50], { parent: 'list' }),
      node('heading', 'Projects', [700, 60, 400, 30]),
    ];
    expect((await locate(nodes, 'parking permits message')).best).toBeUndefined();
    expect((await locate(nodes, 'the launch project')).best).toBeUndefined();
    // A field named by the kind alone still takes a longer name for it ("work email" → "Email").
    const field = [node('textbox', 'Email', [10, 10, 300, 30])];
    expect((await locate(field, 'work email', 'field')).best?.label).toBe('Email');
  });
});

describe('plurals', () => {
  it('match the singular, a little below the name as written', async () => {
    const nodes = [node('switch', 'Lights', [10, 10, 60, 30]), node('switch', 'Light scene', [10, 60, 60, 30])];
    expect((await locate(nodes, 'light', 'switch')).best?.label).toBe('Lights');
    expect((await locate([nodes[0]!], 'light', 'switch')).best?.score).toBeGreaterThan(0.9);
    const articles = [
      node('link', 'Shipping label errors', [10, 10, 200, 20]),
      node('link', 'Printing a return label', [10, 40, 200, 20]),
    ];
    expect((await locate(articles, 'labels')).ambiguous).toBe(true);
    // Made singular, a name the query only holds is no match: "Modal component" is not "components".
    const folders = [node('treeitem', 'components', [10, 10, 200, 20])];
    expect((await locate(folders, 'Modal component')).best).toBeUndefined();
  });
});

describe('an open modal dialog', () => {
  const nodes = [
    node('button', 'Invite member', [1000, 200, 200, 30]),
    node('dialog', 'Invite a member', [300, 100, 600, 400], { ref: 'd', modal: true }),
    node('textbox', 'Email address', [320, 160, 400, 30], { parent: 'd' }),
    node('button', 'Send invite', [700, 440, 150, 30], { parent: 'd' }),
  ];

  it('is all that can be reached: a control behind it is never the target', async () => {
    expect((await locate(nodes, 'invite', 'button')).best?.label).toBe('Send invite');
    expect((await locate(nodes, 'Invite member')).best?.label).not.toBe('Invite member');
    // Without the dialog, the page's own button is found.
    expect((await locate([nodes[0]!], 'Invite member')).best?.label).toBe('Invite member');
  });
});

describe("a choice named with its group's name", () => {
  it('is the choice in that group ("the Dark theme")', async () => {
    const nodes = [
      node('group', 'Theme', [140, 750, 990, 65], { ref: 'g' }),
      node('text', 'Theme', [158, 758, 52, 18], { parent: 'g' }),
      node('radio', 'Light', [160, 790, 13, 13], { parent: 'g' }),
      node('radio', 'Dark', [247, 790, 13, 13], { parent: 'g' }),
    ];
    const match = await locate(nodes, 'Dark theme');
    expect(match.best?.label).toBe('Dark');
    expect(match.ambiguous).toBe(false);
    // Named by every word asked for, it is a good match, not a name holding part of them.
    expect(match.best!.score).toBeGreaterThanOrEqual(0.9);
    expect((await locate(nodes, 'Dark theme', 'radio')).best!.score).toBeGreaterThanOrEqual(0.9);
    // Not when another kind is asked for.
    expect((await locate(nodes, 'Dark theme', 'tab')).best?.score ?? 0).toBeLessThan(0.9);
  });
});

describe('a tree item open on its children', () => {
  const tree = [
    node('tree', 'Project files', [140, 80, 320, 260], { ref: 't' }),
    node('treeitem', 'src', [140, 112, 320, 130], { ref: 'src', parent: 't', expanded: true }),
    node('group', '', [158, 138, 302, 104], { ref: 'g', parent: 'src' }),
    node('treeitem', 'components', [158, 138, 302, 26], { ref: 'c', parent: 'g' }),
    node('treeitem', 'pages', [158, 164, 302, 26], { ref: 'p', parent: 'g' }),
    node('treeitem', 'utils', [158, 190, 302, 26], { ref: 'u', parent: 'g' }),
  ];

  it('is clicked on its own row, not on the middle of its children', async () => {
    const best = (await locate(tree, 'src')).best!;
    expect(best.node?.ref).toBe('src');
    expect(best.box).toEqual({ x: 140, y: 112, width: 320, height: 26 });
  });

  it('keeps the whole box of a holder that is not a tree item', async () => {
    const card = [
      node('article', 'Harbor Ops', [100, 100, 400, 200], { ref: 'a' }),
      node('button', 'Open', [120, 250, 80, 30], { ref: 'b', parent: 'a' }),
    ];
    expect((await locate(card, 'Harbor Ops')).best!.box).toEqual({ x: 100, y: 100, width: 400, height: 200 });
  });
});

describe('a holder named inside another holder', () => {
  const nodes = [
    node('region', 'Pump room', [0, 0, 600, 100], { ref: 's1' }),
    node('row', '', [0, 40, 600, 40], { ref: 'r1', parent: 's1' }),
    node('cell', 'Readings 14:00', [0, 40, 200, 40], { parent: 'r1' }),
    node('button', 'Delete', [400, 40, 80, 40], { ref: 'd1', parent: 'r1' }),
    node('region', 'Boiler room', [0, 120, 600, 100], { ref: 's2' }),
    node('row', '', [0, 160, 600, 40], { ref: 'r2', parent: 's2' }),
    node('cell', 'Readings 14:00', [0, 160, 200, 40], { parent: 'r2' }),
    node('button', 'Delete', [400, 160, 80, 40], { ref: 'd2', parent: 'r2' }),
  ];
  const deleteIn = (within: TargetRef) =>
    locateTarget(createHandle(), reader, screenOf({ nodes }), { text: 'Delete', within });

  it('is looked for only inside the outer one', async () => {
    const match = await deleteIn({ name: 'Readings 14:00', within: { name: 'Boiler room' } });
    expect(match.best?.node?.ref).toBe('d2');
    expect(match.rivals).toBeUndefined();
  });

  it('is nothing when the outer one is not on screen', async () => {
    expect((await deleteIn({ name: 'Readings 14:00', within: { name: 'Cold store' } })).best).toBeUndefined();
  });

  it('is not the one under a neighbouring heading, when questions and answers sit flat in a list', async () => {
    // Only the open question's answer shows; the refund question is collapsed.
    const faq = [
      node('list', 'Questions', [0, 0, 600, 400], { ref: 'l' }),
      node('heading', 'What payment methods do you accept?', [0, 0, 600, 30], { ref: 'h1', parent: 'l' }),
      node('button', 'What payment methods do you accept?', [0, 0, 600, 30], { ref: 'b1', parent: 'h1' }),
      node('group', 'Was this helpful?', [0, 40, 600, 40], { ref: 'g1', parent: 'l' }),
      node('button', 'Yes', [0, 40, 60, 40], { ref: 'y1', parent: 'g1' }),
      node('heading', 'How long does a refund take?', [0, 100, 600, 30], { ref: 'h2', parent: 'l' }),
      node('button', 'How long does a refund take?', [0, 100, 600, 30], { ref: 'b2', parent: 'h2' }),
    ];
    const yesIn = (question: string) =>
      locateTarget(createHandle(), reader, screenOf({ nodes: faq }), {
        text: 'Yes',
        within: { name: 'Was this helpful?', within: { name: question } },
      });
    expect((await yesIn('What payment methods do you accept?')).best?.node?.ref).toBe('y1');
    expect((await yesIn('How long does a refund take?')).best).toBeUndefined();
  });

  it('finds a file in the folders its path names, in a nested tree', async () => {
    const files = [
      node('tree', 'Project files', [0, 0, 600, 400], { ref: 't' }),
      node('treeitem', 'docs', [0, 0, 600, 120], { ref: 'docs', parent: 't', expanded: true }),
      node('text', 'docs', [0, 0, 100, 20], { parent: 'docs' }),
      node('group', '', [0, 20, 600, 100], { ref: 'g1', parent: 'docs' }),
      node('treeitem', 'guides', [0, 20, 600, 70], { ref: 'guides', parent: 'g1', expanded: true }),
      node('text', 'guides', [0, 20, 100, 20], { parent: 'guides' }),
      node('group', '', [0, 40, 600, 50], { ref: 'g2', parent: 'guides' }),
      node('treeitem', 'deploy.md', [0, 40, 600, 25], { ref: 'deploy', parent: 'g2' }),
      node('treeitem', 'setup.md', [0, 65, 600, 25], { ref: 'setup', parent: 'g2' }),
      node('treeitem', 'architecture.md', [0, 90, 600, 25], { ref: 'arch', parent: 'g1' }),
      // Each item's label text, as browsers expose it: a peer of the folder's own label.
      node('text', 'architecture.md', [0, 90, 100, 20], { parent: 'arch' }),
      node('treeitem', 'tests', [0, 120, 600, 25], { ref: 'tests', parent: 't' }),
      node('region', 'Details', [700, 0, 300, 200], { ref: 'd' }),
      node('paragraph', 'guides — folder in /docs', [700, 40, 300, 20], { parent: 'd' }),
    ];
    const match = await locateTarget(createHandle(), reader, screenOf({ nodes: files }), {
      text: 'deploy.md',
      within: { name: 'guides', within: { name: 'docs' } },
    });
    expect(match.best?.node?.ref).toBe('deploy');
  });

  it('finds what is in a tab only in its panel while that tab is selected', async () => {
    const rooms = (selected: string) => [
      node('main', '', [0, 0, 800, 400], { ref: 'm' }),
      node('tablist', 'Rooms', [0, 0, 600, 40], { ref: 'tl', parent: 'm' }),
      node('tab', 'Living room', [0, 0, 150, 40], { parent: 'tl', selected: selected === 'Living room' }),
      node('tab', 'Kitchen', [150, 0, 150, 40], { parent: 'tl', selected: selected === 'Kitchen' }),
      node('tabpanel', selected, [0, 50, 600, 300], { ref: 'panel', parent: 'm' }),
      node('switch', 'Lights', [20, 80, 60, 30], { ref: 'lights', parent: 'panel' }),
    ];
    const lightsIn = async (selected: string) =>
      (
        await locateTarget(createHandle(), reader, screenOf({ nodes: rooms(selected) }), {
          text: 'lights',
          within: { name: 'kitchen' },
        })
      ).best?.node?.ref;
    expect(await lightsIn('Living room')).toBeUndefined();
    expect(await lightsIn('Kitchen')).toBe('lights');
  });

  it('reads a name inside a holder among what that holder has, not the best match anywhere', async () => {
    // "the invoice for March 2024": the heading "Invoices" reads more like "invoice" than any
    // line does, but it is not in March's line; the line is.
    const billing = [
      node('tabpanel', 'Billing', [0, 0, 800, 300], { ref: 'p' }),
      node('heading', 'Invoices', [0, 0, 300, 30], { ref: 'h', parent: 'p' }),
      node('list', '', [0, 40, 800, 100], { ref: 'l', parent: 'p' }),
      ...['April', 'March', 'February'].flatMap((month, index) => [
        node('listitem', '', [0, 40 + index * 32, 800, 32], { ref: `i${index}`, parent: 'l' }),
        node('text', `Invoice ${month} 2024 · €180.00`, [0, 40 + index * 32, 300, 32], { parent: `i${index}` }),
        node('link', 'Download', [700, 40 + index * 32, 80, 32], { ref: `d${index}`, parent: `i${index}` }),
      ]),
    ];
    const match = await locateTarget(createHandle(), reader, screenOf({ nodes: billing }), {
      text: 'Download',
      within: { name: 'invoice', within: { name: 'march 2024', within: { name: 'billing' } } },
    });
    expect(match.best?.node?.ref).toBe('d1');
  });
});

describe('a label over a group of fields', () => {
  const nodes = [
    node('text', 'Salary range (per year)', [100, 320, 200, 20]),
    node('slider', 'Minimum salary', [100, 350, 300, 20]),
    node('slider', 'Maximum salary', [100, 400, 300, 20]),
  ];

  it('does not pick the first field when the fields own names fit the words alike', async () => {
    const match = await locate(nodes, 'salary', 'field');
    expect(match.ambiguous).toBe(true);
    expect([match.best?.label, ...match.alternatives.map((candidate) => candidate.label)]).toEqual(
      expect.arrayContaining(['Minimum salary', 'Maximum salary']),
    );
  });

  it('still picks the field a name fits best', async () => {
    expect((await locate(nodes, 'maximum salary', 'field')).best?.label).toBe('Maximum salary');
  });
});

describe('the places of a holder named by what it shows', () => {
  // Two posts of a real feed, as Chromium's accessibility tree gave them: each post an article
  // named by its author, inside a feed region.
  const feed: AccessibilityNode[] = [
    node('region', 'Feed', [112.5, 69, 720, 1247], { ref: 'n2' }),
    node('generic', '', [112.5, 69, 720, 1184], { parent: 'n2', ref: 'n3' }),
    node('article', 'Dana Whitfield', [112.5, 69, 720, 224], { parent: 'n3', ref: 'n4' }),
    node('text', 'Dana Whitfield', [133.5, 86, 125.25, 18], { parent: 'n4', ref: 'n5' }),
    node('text', '@dana \u00b7 2h', [266.75, 86, 85.75, 18], { parent: 'n4', ref: 'n6' }),
    node(
      'text',
      'Finally finished the harbour mural on Quay Street! Three weeks of early mornings.',
      [133.5, 119, 618.5, 18],
      { parent: 'n4', ref: 'n7' },
    ),
    node('button', '\u2661 Like', [133.5, 152, 78.25, 32], { parent: 'n4', ref: 'n8', pressed: false }),
    node('text', '24 likes', [221.75, 159, 57.5, 18], { parent: 'n4', ref: 'n9' }),
    node('button', 'Comment', [289, 152, 103.5, 32], { parent: 'n4', ref: 'n10' }),
    node('text', '0 comments', [402.5, 159, 93.5, 18], { parent: 'n4', ref: 'n11' }),
    node('article', 'Omar Haddad', [112.5, 309, 720, 224], { parent: 'n3', ref: 'n12' }),
    node('text', 'Omar Haddad', [133.5, 326, 116.25, 18], { parent: 'n12', ref: 'n13' }),
    node('text', '@omar \u00b7 3h', [257.75, 326, 87.5, 18], { parent: 'n12', ref: 'n14' }),
    node('text', 'Anyone know if the ferry to Kestrel Island runs on public holidays?', [133.5, 359, 496.25, 18], {
      parent: 'n12',
      ref: 'n15',
    }),
    node('button', '\u2661 Like', [133.5, 392, 78.25, 32], { parent: 'n12', ref: 'n16', pressed: false }),
    node('text', '3 likes', [221.75, 399, 47.75, 18], { parent: 'n12', ref: 'n17' }),
    node('button', 'Comment', [279.5, 392, 103.5, 32], { parent: 'n12', ref: 'n18' }),
    node('text', '0 comments', [393, 399, 93.5, 18], { parent: 'n12', ref: 'n19' }),
  ];
  const likeBy = (nodes: AccessibilityNode[], author: string) =>
    locateTarget(createHandle(), reader, screenOf({ nodes }), { text: 'Like', within: { name: author, role: 'card' } });

  it('are the innermost place showing the text, not the feed that holds every post', async () => {
    const match = await likeBy(feed, 'Dana');
    expect(match.best?.node?.ref).toBe('n8');
    expect(match.rivals).toBeUndefined();
  });

  it('are still two for two posts that show the same name', async () => {
    const again = feed
      .filter((entry) => entry.ref === 'n12' || entry.parent === 'n12')
      .map((entry) => ({
        ...entry,
        ref: `x${entry.ref}`,
        ...(entry.parent === 'n12' ? { parent: 'xn12' } : { parent: 'n3' }),
        name: entry.name === 'Omar Haddad' ? 'Dana Whitfield' : entry.name,
        box: { ...entry.box, y: entry.box.y + 480 },
      }));
    expect((await likeBy([...feed, ...again], 'Dana')).rivals).toHaveLength(2);
  });
});
