/** Tasks on the treegrid (an e-mail thread) and the tree view examples (file trees, site navigation). */
import { anything, oneOf, pageState } from '../state.js';
import type { ApgTask } from '../task.js';

const treegrid = pageState({
  example: 'patterns/treegrid/examples/treegrid-1.html',
  arg: undefined,
  read: () => {
    const state: Record<string, string | boolean | null> = {};
    Array.from(document.querySelectorAll('#treegrid tbody tr')).forEach((row, index) => {
      const sender = row.querySelector('a')?.textContent?.split('@')[0] ?? '?';
      const key = `row ${index + 1} (${sender})`;
      const holder = row.hasAttribute('aria-expanded') ? row : row.querySelector('[aria-expanded]');
      if (holder) state[`${key} expanded`] = holder.getAttribute('aria-expanded');
      state[`${key} shown`] = !row.classList.contains('hidden');
    });
    return state;
  },
  initial: {
    'row 1 (aaron) expanded': 'true',
    'row 1 (aaron) shown': true,
    'row 2 (joe) shown': true,
    'row 3 (billy) expanded': 'false',
    'row 3 (billy) shown': true,
    'row 4 (doris) shown': false,
    'row 5 (someone) expanded': 'false',
    'row 5 (someone) shown': true,
    'row 6 (mari) expanded': 'false',
    'row 6 (mari) shown': false,
    'row 7 (issie) shown': false,
    'row 8 (kitten) shown': false,
  },
});

/** Open folders, selected items and the "File or Folder Selected" box of the file trees. */
const readFileTree = () => {
  const label = (item: Element) => (item.querySelector(':scope > span')?.textContent ?? item.textContent ?? '').trim();
  const items = Array.from(document.querySelectorAll('#ex1 [role="treeitem"]'));
  return {
    'open folders': items
      .filter((item) => item.getAttribute('aria-expanded') === 'true')
      .map(label)
      .join(', '),
    selected: items
      .filter((item) => item.getAttribute('aria-selected') === 'true')
      .map(label)
      .join(', '),
    'selected box': (document.getElementById('last_action') as HTMLInputElement | null)?.value ?? null,
  };
};

const fileTreeA = pageState({
  example: 'patterns/treeview/examples/treeview-1a.html',
  arg: undefined,
  read: readFileTree,
  initial: { 'open folders': '', selected: '', 'selected box': '' },
});

const fileTreeB = pageState({
  example: 'patterns/treeview/examples/treeview-1b.html',
  arg: undefined,
  read: readFileTree,
  initial: { 'open folders': '', selected: '', 'selected box': '' },
});

const siteTree = pageState({
  example: 'patterns/treeview/examples/treeview-navigation.html',
  arg: undefined,
  read: () => ({
    'page title': document.querySelector('#ex1 .page_title, #ex1 h1')?.textContent?.trim() ?? null,
    'current page item': Array.from(document.querySelectorAll('#ex1 [role="tree"] [aria-current="page"]'))
      .map((item) => item.textContent?.trim() ?? '')
      .join(', '),
    'open sections': Array.from(document.querySelectorAll('#ex1 [role="treeitem"][aria-expanded="true"]'))
      .map((item) => item.textContent?.trim().split(/\s{2,}|\n/)[0] ?? '')
      .join(', '),
  }),
  initial: { 'page title': 'Home', 'current page item': 'Home', 'open sections': '' },
});

export const treePages = [treegrid, fileTreeA, fileTreeB, siteTree];

export const treeTasks: readonly ApgTask[] = [
  {
    id: 'treegrid-expand-billy',
    example: treegrid.example,
    widget: 'treegrid',
    goal: 'The reply from billy is expanded, showing doris’s answer; nothing else changes.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Expand billy’s reply.' },
      { style: 'goal', text: 'I want to see the reply to "They are great for showing a lot of data, like a grid".' },
    ],
    check: treegrid.expect({ 'row 3 (billy) expanded': 'true', 'row 4 (doris) shown': true }),
  },
  {
    id: 'treegrid-collapse-thread',
    example: treegrid.example,
    widget: 'treegrid',
    goal: 'The whole "Treegrids are awesome" thread is collapsed to its first message.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Could you collapse the whole e-mail thread, please?' },
      { style: 'lower', text: 'collapse the top message so only it shows' },
    ],
    check: treegrid.expect({
      'row 1 (aaron) expanded': 'false',
      'row 2 (joe) shown': false,
      'row 3 (billy) shown': false,
      'row 5 (someone) shown': false,
    }),
  },
  {
    id: 'treegrid-show-all',
    example: treegrid.example,
    widget: 'treegrid',
    goal: 'Every message in the thread is visible (all replies expanded).',
    expected: 'done',
    instructions: [
      { style: 'goal', text: 'I want to see every message in the inbox thread.' },
      { style: 'terse', text: 'Expand all the replies.' },
    ],
    check: treegrid.expect({
      'row 3 (billy) expanded': 'true',
      'row 4 (doris) shown': true,
      'row 5 (someone) expanded': 'true',
      'row 6 (mari) expanded': 'true',
      'row 6 (mari) shown': true,
      'row 7 (issie) shown': true,
      'row 8 (kitten) shown': true,
    }),
  },
  {
    id: 'treeview-open-reports',
    example: fileTreeA.example,
    widget: 'treeview',
    goal: 'The Reports folder is open; no other folder is.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Open the Reports folder.' },
      { style: 'lower', text: 'expand reports' },
    ],
    check: fileTreeA.expect({
      'open folders': 'Reports',
      selected: oneOf('', 'Reports'),
      'selected box': oneOf('', 'Reports'),
    }),
  },
  {
    id: 'treeview-select-report-2b',
    example: fileTreeA.example,
    widget: 'treeview',
    goal: 'report-2B.docx is selected; only the folders on its path (Reports, report-2) are open.',
    expected: 'done',
    instructions: [
      { style: 'quoted', text: 'Select "report-2B.docx".' },
      { style: 'polite', text: 'Could you find report-2B.docx in the Reports folder and select it?' },
    ],
    check: fileTreeA.expect({
      'open folders': 'Reports, report-2',
      selected: 'report-2B.docx',
      'selected box': 'report-2B.docx',
    }),
  },
  {
    id: 'treeview-select-project-5c',
    example: fileTreeB.example,
    widget: 'treeview',
    goal: 'project-5C.docx is selected; only Projects and project-5 are open.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Select project-5C.docx.' },
      { style: 'lower', text: 'pick the third file in project-5' },
    ],
    check: fileTreeB.expect({
      'open folders': 'Projects, project-5',
      selected: 'project-5C.docx',
      'selected box': 'project-5C.docx',
    }),
  },
  {
    id: 'treeview-open-letter-3',
    example: fileTreeB.example,
    widget: 'treeview',
    goal: 'The Letters folder and its letter-3 subfolder are open; no file is selected.',
    expected: 'done',
    instructions: [
      { style: 'goal', text: 'I want to see what is inside the letter-3 folder.' },
      { style: 'quoted', text: 'Expand "Letters" and then "letter-3".' },
    ],
    check: fileTreeB.expect({
      'open folders': 'Letters, letter-3',
      selected: oneOf('', 'Letters', 'letter-3'),
      'selected box': oneOf('', 'Letters', 'letter-3'),
    }),
  },
  {
    id: 'treeview-nav-awards',
    example: siteTree.example,
    widget: 'treeview',
    goal: 'The Awards page (About > Facts > Awards) is the current page.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Go to About > Facts > Awards.' },
      { style: 'lower', text: 'open the awards page' },
    ],
    check: siteTree.expect({ 'page title': 'Awards', 'current page item': 'Awards', 'open sections': anything }),
  },
  {
    id: 'treeview-nav-alumni-tours',
    example: siteTree.example,
    widget: 'treeview',
    goal: 'The "For Alumni" campus tours page (About > Campus Tours) is the current page.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Could you open the campus tours page for alumni?' },
      { style: 'quoted', text: 'Navigate to "For Alumni" under "Campus Tours".' },
    ],
    check: siteTree.expect({
      'page title': 'For Alumni',
      'current page item': 'For Alumni',
      'open sections': anything,
    }),
  },
];
