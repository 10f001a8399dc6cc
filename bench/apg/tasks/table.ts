/** Tasks on the table examples: a sortable HTML table and a static ARIA table. */
import { pageState } from '../state.js';
import type { ApgTask } from '../task.js';

const sortable = pageState({
  example: 'patterns/table/examples/sortable-table.html',
  arg: undefined,
  read: () => {
    const state: Record<string, string | null> = {};
    for (const header of Array.from(document.querySelectorAll('table.sortable thead th'))) {
      state[`${header.textContent?.trim() ?? '?'} sort`] = header.getAttribute('aria-sort') ?? 'none';
    }
    state['row order'] = Array.from(document.querySelectorAll('table.sortable tbody tr'))
      .map((row) => row.querySelector('td')?.textContent?.trim() ?? '')
      .join(', ');
    return state;
  },
  initial: {
    'First Name sort': 'none',
    'Last Name sort': 'ascending',
    'Company sort': 'none',
    'Address sort': 'none',
    'Favorite Number sort': 'none',
    'row order': 'Fred, Sara, Ralph, Nancy',
  },
});

const ariaTable = pageState({
  example: 'patterns/table/examples/table.html',
  arg: undefined,
  read: () => ({
    'row order': Array.from(document.querySelectorAll('#ex1 [role="rowgroup"]:last-of-type [role="row"]'))
      .map((row) => row.querySelector('[role="cell"]')?.textContent?.trim() ?? '')
      .join(', '),
  }),
  initial: { 'row order': 'Fred, Sara, Ralph, Nancy' },
});

export const tablePages = [sortable, ariaTable];

export const tableTasks: readonly ApgTask[] = [
  {
    id: 'table-sort-first-name',
    example: sortable.example,
    widget: 'table',
    goal: 'The students table is sorted by First Name, A to Z.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Sort by first name, A to Z.' },
      { style: 'quoted', text: 'Sort the table by "First Name" in ascending order.' },
    ],
    check: sortable.expect({
      'First Name sort': 'ascending',
      'Last Name sort': 'none',
      'row order': 'Fred, Nancy, Ralph, Sara',
    }),
  },
  {
    id: 'table-sort-company-descending',
    example: sortable.example,
    widget: 'table',
    goal: 'The students table is sorted by Company, Z to A.',
    expected: 'done',
    instructions: [
      { style: 'lower', text: 'sort companies z to a' },
      { style: 'polite', text: 'Could you sort the students by company in reverse alphabetical order?' },
    ],
    check: sortable.expect({
      'Company sort': 'descending',
      'Last Name sort': 'none',
      'row order': 'Ralph, Nancy, Sara, Fred',
    }),
  },
  {
    id: 'table-sort-favourite-number',
    example: sortable.example,
    widget: 'table',
    goal: 'The students table is sorted by Favorite Number, smallest first.',
    expected: 'done',
    instructions: [
      { style: 'goal', text: 'I want the student with the smallest favourite number at the top.' },
      { style: 'terse', text: 'Sort by favorite number, lowest first.' },
    ],
    check: sortable.expect({
      'Favorite Number sort': 'ascending',
      'Last Name sort': 'none',
      'row order': 'Nancy, Sara, Fred, Ralph',
    }),
  },
  {
    id: 'table-sort-address-infeasible',
    example: sortable.example,
    widget: 'table',
    goal: 'Nothing changes: the Address column cannot be sorted.',
    expected: 'infeasible',
    instructions: [
      { style: 'terse', text: 'Sort by address.' },
      { style: 'quoted', text: 'Sort the table by the "Address" column.' },
    ],
    check: sortable.unchanged(),
  },
  {
    id: 'table-static-sort-infeasible',
    example: ariaTable.example,
    widget: 'table',
    goal: 'Nothing changes: this students table has no sorting.',
    expected: 'infeasible',
    instructions: [
      { style: 'polite', text: 'Please sort the students table by company.' },
      { style: 'lower', text: 'order the students by last name z to a' },
    ],
    check: ariaTable.unchanged(),
  },
];
