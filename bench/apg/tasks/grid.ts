/** Tasks on the grid examples: data grids (sorting, editing, column hiding) and layout grids. */
import { pageState } from '../state.js';
import type { ApgTask } from '../task.js';

const dataGrids = pageState({
  example: 'patterns/grid/examples/data-grids.html',
  arg: undefined,
  read: () => {
    const grid = document.getElementById('ex2-grid');
    const headers = Array.from(grid?.querySelectorAll('th') ?? []);
    const sortOf = (name: string) =>
      headers.find((header) => header.textContent?.trim() === name)?.getAttribute('aria-sort') ?? null;
    const rows = Array.from(grid?.querySelectorAll('tr') ?? []).slice(1);
    const state: Record<string, string | null> = {
      'Date sort': sortOf('Date'),
      'Amount sort': sortOf('Amount'),
      'row order': rows.map((row) => row.querySelector('.edit-text-button')?.textContent?.trim() ?? '').join(' | '),
    };
    for (const row of rows) {
      const date = row.querySelector('td')?.textContent?.trim() ?? '';
      state[`${date} category`] = row.querySelector('.menu-wrapper > button')?.textContent?.trim() ?? null;
    }
    state['Type and Category columns'] =
      document.getElementById('toggle_column_btn')?.textContent?.trim() === 'Hide Type and Category'
        ? 'shown'
        : 'hidden';
    return state;
  },
  initial: {
    'Date sort': 'ascending',
    'Amount sort': 'none',
    'row order':
      "Cash Deposit | Down Town Grocery | Hot Coffee | The Filling Station | Tinker's Hardware | Cutey's Salon | My Chocolate Shop",
    '01-Jan-16 category': 'Income',
    '02-Jan-16 category': 'Groceries',
    '03-Jan-16 category': 'Dining Out',
    '04-Jan-16 category': 'Auto',
    '05-Jan-16 category': 'Household',
    '06-Jan-16 category': 'Beauty',
    '07-Jan-16 category': 'Dining Out',
    'Type and Category columns': 'shown',
  },
});

const layoutGrids = pageState({
  example: 'patterns/grid/examples/layout-grids.html',
  arg: undefined,
  read: () => ({
    recipients: Array.from(document.querySelectorAll('#ex2-grid .pill-name'))
      .map((name) => name.textContent?.trim() ?? '')
      .join(' | '),
    'results shown': `${document.getElementById('ex3_start_index')?.textContent ?? '?'}–${
      document.getElementById('ex3_end_index')?.textContent ?? '?'
    }`,
  }),
  initial: { recipients: 'Recipient Name 1 | Recipient Name 2', 'results shown': '1–5' },
});

export const gridPages = [dataGrids, layoutGrids];

export const gridTasks: readonly ApgTask[] = [
  {
    id: 'grid-sort-by-amount',
    example: dataGrids.example,
    widget: 'grid',
    goal: 'The second transactions grid is sorted by Amount, smallest first.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Sort the transactions by amount, smallest first.' },
      { style: 'lower', text: 'sort by amount ascending' },
      { style: 'quoted', text: 'Sort the January 1–7 grid by "Amount" (low to high).' },
    ],
    check: dataGrids.expect({
      'Date sort': 'none',
      'Amount sort': 'ascending',
      'row order':
        "Hot Coffee | My Chocolate Shop | The Filling Station | Down Town Grocery | Cutey's Salon | Tinker's Hardware | Cash Deposit",
    }),
  },
  {
    id: 'grid-sort-newest-first',
    example: dataGrids.example,
    widget: 'grid',
    goal: 'The second transactions grid is sorted by Date, newest first.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Could you sort the January 1 to 7 transactions so the newest is at the top?' },
      { style: 'goal', text: 'I want to see the most recent transaction first.' },
    ],
    check: dataGrids.expect({
      'Date sort': 'descending',
      'row order':
        "My Chocolate Shop | Cutey's Salon | Tinker's Hardware | The Filling Station | Hot Coffee | Down Town Grocery | Cash Deposit",
    }),
  },
  {
    id: 'grid-recategorise-coffee',
    example: dataGrids.example,
    widget: 'grid',
    goal: 'The Hot Coffee transaction (3 January) is in the Groceries category; nothing else changes.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Change Hot Coffee’s category to Groceries.' },
      { style: 'quoted', text: 'Set the category of "Hot Coffee" to "Groceries".' },
    ],
    check: dataGrids.expect({ '03-Jan-16 category': 'Groceries' }),
  },
  {
    id: 'grid-rename-salon',
    example: dataGrids.example,
    widget: 'grid',
    goal: 'The 6 January description reads "Cutey\'s Hair Salon".',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Please rename the Cutey’s Salon transaction to "Cutey\'s Hair Salon".' },
      { style: 'lower', text: "edit the jan 6 description to say cutey's hair salon" },
    ],
    check: dataGrids.expect({
      'row order':
        "Cash Deposit | Down Town Grocery | Hot Coffee | The Filling Station | Tinker's Hardware | Cutey's Hair Salon | My Chocolate Shop",
    }),
  },
  {
    id: 'grid-hide-columns',
    example: dataGrids.example,
    widget: 'grid',
    goal: 'The Type and Category columns of the January 1–15 grid are hidden.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Hide the Type and Category columns.' },
      { style: 'goal', text: 'In the last grid I only need date, description, amount and balance.' },
    ],
    check: dataGrids.expect({ 'Type and Category columns': 'hidden' }),
  },
  {
    id: 'grid-remove-first-recipient',
    example: layoutGrids.example,
    widget: 'grid',
    goal: 'Recipient Name 1 is removed from the Send To list; Recipient Name 2 stays.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Remove Recipient Name 1.' },
      { style: 'lower', text: 'take the first recipient off the send to list' },
    ],
    check: layoutGrids.expect({ recipients: 'Recipient Name 2' }),
  },
  {
    id: 'grid-add-recipient',
    example: layoutGrids.example,
    widget: 'grid',
    goal: 'Dana Scully is added to the Send To list after the two existing recipients.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Could you add Dana Scully as a recipient, please?' },
      { style: 'quoted', text: 'Add "Dana Scully" to "Send To".' },
    ],
    check: layoutGrids.expect({ recipients: 'Recipient Name 1 | Recipient Name 2 | Dana Scully' }),
  },
  {
    id: 'grid-next-results',
    example: layoutGrids.example,
    widget: 'grid',
    goal: 'Search results 6 to 10 are shown.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Next page of search results.' },
      { style: 'goal', text: 'Show me results 6 to 10.' },
    ],
    check: layoutGrids.expect({ 'results shown': '6–10' }),
  },
  {
    id: 'grid-remove-third-recipient-infeasible',
    example: layoutGrids.example,
    widget: 'grid',
    goal: 'Nothing changes: there is no third recipient to remove.',
    expected: 'infeasible',
    instructions: [
      { style: 'terse', text: 'Remove Recipient Name 3.' },
      { style: 'lower', text: 'delete the third recipient' },
    ],
    check: layoutGrids.unchanged(),
  },
];
