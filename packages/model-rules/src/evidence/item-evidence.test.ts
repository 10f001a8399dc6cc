import { createHandle } from '@sandpiper/core';
import type { AccessibilityNode } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { node, performedOf, screenOf, stepOf } from '../test-support/screens.js';
import { createEvidenceReflector } from './evidence-reflector.js';
import { click } from './test-pairs.js';

const page = [
  node('heading', 'Reports', [20, 20, 300, 30]),
  node('StaticText', 'Quarterly report', [20, 80, 200, 20]),
  node('button', 'Archive', [240, 80, 80, 24]),
];

function check(after: AccessibilityNode[]) {
  return createEvidenceReflector().check(createHandle(), {
    step: stepOf("Archive 'Quarterly report'"),
    performed: performedOf(click(280, 92)),
    before: screenOf({ nodes: page }),
    after: screenOf({ nodes: after }),
  });
}

describe('news after a command', () => {
  it('confirms the command when it names the verb', async () => {
    const result = await check([...page, node('StaticText', 'Quarterly report archived.', [20, 400, 300, 20])]);
    expect(result).toMatchObject({ passed: true, evidence: expect.stringContaining("'Quarterly report archived.'") });
  });

  it('is no confirmation when it says the command went wrong', async () => {
    for (const text of ['Archive failed: try again later.', 'Could not archive the report']) {
      const result = await check([...page, node('StaticText', text, [20, 400, 300, 20])]);
      expect(result.evidence, text).not.toContain('the page says');
    }
  });
});

describe('news of a removal', () => {
  const list = [
    node('heading', 'Inbox', [20, 20, 300, 30]),
    node('button', 'Budget: final numbers', [20, 80, 300, 40]),
    node('button', 'Parking permits for 2026', [20, 130, 300, 40]),
    node('button', 'Your password expires soon', [20, 180, 300, 40]),
  ];

  function remove(after: AccessibilityNode[]) {
    return createEvidenceReflector().check(createHandle(), {
      step: stepOf("Delete 'Parking permits for 2026'"),
      performed: performedOf(click(600, 60)),
      before: screenOf({ nodes: list }),
      after: screenOf({ nodes: after }),
    });
  }

  it('does not confirm it while the object is still listed: something else went', async () => {
    const result = await remove([...list.slice(0, 3), node('status', 'Conversation deleted.', [600, 20, 300, 30])]);
    expect(result.passed).toBe(false);
    expect(result.evidence).toContain("'Parking permits for 2026' is still there");
  });

  it('confirms it once the object has gone', async () => {
    const result = await remove([
      list[0]!,
      list[1]!,
      list[3]!,
      node('status', 'Conversation deleted.', [600, 20, 300, 30]),
    ]);
    expect(result.passed).toBe(true);
  });
});

describe('an item of a list opened by its button', () => {
  const list = [
    node('heading', 'Inbox', [20, 20, 300, 30]),
    node('button', 'Marco Ruiz · 09:42 Dock schedule for Friday', [20, 80, 360, 50]),
    node('button', 'Priya Nair · 09:15 Q3 budget draft', [20, 130, 360, 50]),
  ];
  const open = (title: string) =>
    createEvidenceReflector().check(createHandle(), {
      step: stepOf("Go to 'Dock schedule for Friday'"),
      performed: performedOf(click(200, 100)),
      before: screenOf({ nodes: list }),
      after: screenOf({
        nodes: [...list, node('heading', title, [420, 80, 500, 30]), node('button', 'Reply', [420, 200, 80, 30])],
      }),
    });

  it('is read as open when a title its button ends with appears beside the list', async () => {
    const result = await open('Dock schedule for Friday');
    expect(result).toMatchObject({ passed: true, basis: 'state' });
    expect(result.evidence).toContain("the heading 'Dock schedule for Friday' appeared");
  });

  it('is only a change when another title appears', async () => {
    expect((await open('Q3 budget draft')).basis).toBe('change');
  });
});

describe('going to something that expands', () => {
  it('is open only when the control that expanded is the one named, not one the name merely holds', async () => {
    const folder = (expanded: boolean) => node('treeitem', 'Modal', [20, 80, 300, 26], { expanded });
    const check = (step: string) =>
      createEvidenceReflector().check(createHandle(), {
        step: stepOf(step),
        performed: performedOf(click(100, 92)),
        before: screenOf({ nodes: [folder(false)] }),
        after: screenOf({ nodes: [folder(true), node('treeitem', 'Dialog.tsx', [40, 106, 280, 26])] }),
      });
    expect(await check("Go to 'Modal'")).toMatchObject({ passed: true, basis: 'state' });
    expect((await check("Go to 'Modal settings panel'")).basis).not.toBe('state');
  });
});

describe('going to an item the page reports opened', () => {
  const tree = [node('treeitem', 'package.json', [20, 80, 300, 26])];
  const open = (report: string, step = "Go to 'package.json'") =>
    createEvidenceReflector().check(createHandle(), {
      step: stepOf(step),
      performed: performedOf(click(100, 92)),
      before: screenOf({ nodes: tree }),
      after: screenOf({
        nodes: [
          node('treeitem', 'package.json', [20, 80, 300, 26], { selected: true }),
          node('status', report, [400, 20, 300, 20]),
        ],
      }),
    });

  it('is open when a new message says the named item opened', async () => {
    const result = await open('Opened package.json in the editor.');
    expect(result).toMatchObject({ passed: true, basis: 'state' });
    // Named with its kind ("the package.json file"), the kind is not part of what is reported.
    expect(await open('Opened package.json in the editor.', "Go to 'package.json file'")).toMatchObject({
      passed: true,
      basis: 'state',
    });
  });

  it('is not when the message names another item, or says opening failed', async () => {
    expect((await open('Opened tsconfig.json in the editor.')).basis).not.toBe('state');
    expect((await open('Could not open package.json')).basis).not.toBe('state');
    // Opening that has not happened yet is no news of it.
    expect((await open('Opening package.json…')).basis).not.toBe('state');
  });
});

describe('going to a choice', () => {
  const theme = (checked: boolean) => [
    node('group', 'Theme', [140, 350, 990, 65], { ref: 'g' }),
    node('text', 'Theme', [158, 358, 52, 18], { parent: 'g' }),
    node('radio', 'Light', [160, 390, 13, 13], { parent: 'g', checked: !checked }),
    node('radio', 'Dark', [247, 390, 13, 13], { parent: 'g', checked }),
  ];
  const go = (after: boolean) =>
    createEvidenceReflector().check(createHandle(), {
      step: stepOf("Go to 'dark theme'"),
      performed: performedOf(click(253, 396)),
      before: screenOf({ nodes: theme(false) }),
      after: screenOf({ nodes: theme(after) }),
    });

  it('is done when the choice is selected, and not before', async () => {
    expect(await go(true)).toMatchObject({ passed: true, basis: 'state' });
    expect((await go(false)).passed).toBe(false);
  });
});

describe('going to a page of results', () => {
  const pager = ['Previous', '1', '2', 'Next'].map((name, index) =>
    node('button', name, [110 + index * 80, 505, 70, 30]),
  );
  const results = (titles: readonly string[]) => [
    ...titles.map((title, index) => node('link', title, [20, 80 + index * 60, 300, 24])),
    ...pager,
  ];
  const turn = (after: AccessibilityNode[]) =>
    createEvidenceReflector().check(createHandle(), {
      step: stepOf('Go to the second page'),
      performed: performedOf(click(305, 520)),
      before: screenOf({ nodes: results(['Salt and Sail', 'Ports of Call']) }),
      after: screenOf({ nodes: after }),
    });

  it('is confirmed by other items in place of the ones shown before', async () => {
    const result = await turn(results(['Tide Tables', 'Harbour Lights']));
    expect(result).toMatchObject({ passed: true, evidence: expect.stringContaining("'Tide Tables'") });
  });

  it('is not confirmed by the same items shown again', async () => {
    const result = await turn(results(['Salt and Sail', 'Ports of Call']));
    expect(result.evidence).not.toContain('shows other items');
  });
});

describe('a choice made in a searchable select', () => {
  const select = (shown: string | undefined) => [
    node('text', 'Department', [140, 420, 100, 18]),
    node('generic', '', [140, 445, 620, 38], { ref: 'control' }),
    ...(shown === undefined ? [] : [node('text', shown, [152, 455, 130, 18], { parent: 'control' })]),
    node('combobox', 'Department', [152, 455, 5, 18], { parent: 'control', value: '' }),
  ];
  const chosen = (after: AccessibilityNode[]) =>
    createEvidenceReflector().check(createHandle(), {
      step: stepOf("Select 'Marine Works' from the 'Department' dropdown"),
      performed: performedOf(click(154, 464), click(300, 540)),
      before: screenOf({ nodes: select(undefined) }),
      after: screenOf({ nodes: after }),
    });

  it('is confirmed by the choice shown beside its empty text box', async () => {
    expect(await chosen(select('Marine Works'))).toMatchObject({ passed: true });
  });

  it('is not confirmed when another choice shows there', async () => {
    expect(await chosen(select('Road Works'))).toMatchObject({ passed: false });
  });
});
