/** Tasks on the combobox examples: three autocomplete styles, select-only, and a grid popup. */
import { pageState, typed } from '../state.js';
import type { ApgTask } from '../task.js';

const inputValue = (selector: string) => ({
  value: (document.querySelector(selector) as HTMLInputElement | null)?.value ?? null,
});

const both = pageState({
  example: 'patterns/combobox/examples/combobox-autocomplete-both.html',
  arg: '#cb1-input',
  read: inputValue,
  initial: { value: '' },
});

const list = pageState({
  example: 'patterns/combobox/examples/combobox-autocomplete-list.html',
  arg: '#cb1-input',
  read: inputValue,
  initial: { value: '' },
});

const none = pageState({
  example: 'patterns/combobox/examples/combobox-autocomplete-none.html',
  arg: '#cb1-input',
  read: inputValue,
  initial: { value: '' },
});

const gridCombo = pageState({
  example: 'patterns/combobox/examples/grid-combo.html',
  arg: '#ex1-input',
  read: inputValue,
  initial: { value: '' },
});

const selectOnly = pageState({
  example: 'patterns/combobox/examples/combobox-select-only.html',
  arg: undefined,
  read: () => {
    const selected = Array.from(document.querySelectorAll('#listbox1 [role="option"][aria-selected="true"]'));
    return {
      shown: document.getElementById('combo1')?.textContent?.trim() ?? null,
      'selected option': selected.map((option) => option.textContent?.trim() ?? '').join(', '),
    };
  },
  initial: { shown: 'Choose a Fruit', 'selected option': 'Choose a Fruit' },
  ready: (page) => page.locator('#listbox1 [role="option"]').first().waitFor({ state: 'attached', timeout: 5000 }),
});

export const comboboxPages = [both, list, none, gridCombo, selectOnly];

export const comboboxTasks: readonly ApgTask[] = [
  {
    id: 'combobox-both-oregon',
    example: both.example,
    widget: 'combobox',
    goal: 'The State combobox holds "Oregon".',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Set State to Oregon.' },
      { style: 'lower', text: 'state is oregon' },
      { style: 'polite', text: 'Could you choose Oregon as the state, please?' },
    ],
    check: both.expect({ value: 'Oregon' }),
  },
  {
    id: 'combobox-both-new-mexico',
    example: both.example,
    widget: 'combobox',
    goal: 'The State combobox holds "New Mexico".',
    expected: 'done',
    instructions: [
      { style: 'quoted', text: 'Pick "New Mexico" in the State box.' },
      { style: 'goal', text: 'I live in New Mexico; the state field should say so.' },
    ],
    check: both.expect({ value: 'New Mexico' }),
  },
  {
    id: 'combobox-list-north-carolina',
    example: list.example,
    widget: 'combobox',
    goal: 'The State combobox holds "North Carolina".',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Choose North Carolina for State.' },
      { style: 'lower', text: 'select north carolina from the states' },
    ],
    check: list.expect({ value: 'North Carolina' }),
  },
  {
    id: 'combobox-none-previous-search',
    example: none.example,
    widget: 'combobox',
    goal: 'The Search box holds the previous search "hotels in NY".',
    expected: 'done',
    instructions: [
      { style: 'quoted', text: 'Pick "hotels in NY" from the previous searches.' },
      { style: 'polite', text: 'Could you put my earlier search for hotels in New York back into the search box?' },
    ],
    check: none.expect({ value: 'hotels in NY' }),
  },
  {
    id: 'combobox-none-type-search',
    example: none.example,
    widget: 'combobox',
    goal: 'The Search box holds "pizza near the station".',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Type pizza near the station in the search box.' },
      { style: 'quoted', text: 'Enter "pizza near the station" as the search.' },
    ],
    check: none.expect({ value: typed('pizza near the station') }),
  },
  {
    id: 'combobox-select-banana',
    example: selectOnly.example,
    widget: 'combobox',
    goal: 'Favorite Fruit shows Banana, and Banana is the selected option.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Favorite fruit: banana.' },
      { style: 'quoted', text: 'Choose "Banana" as Favorite Fruit.' },
      { style: 'goal', text: 'My favourite fruit is bananas.' },
    ],
    check: selectOnly.expect({ shown: 'Banana', 'selected option': 'Banana' }),
  },
  {
    id: 'combobox-select-last-fruit',
    example: selectOnly.example,
    widget: 'combobox',
    goal: 'Favorite Fruit shows Huckleberry, the last option.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Please select the very last fruit in the list.' },
      { style: 'lower', text: 'pick huckleberry as my favorite fruit' },
    ],
    check: selectOnly.expect({ shown: 'Huckleberry', 'selected option': 'Huckleberry' }),
  },
  {
    id: 'combobox-select-mango-infeasible',
    example: selectOnly.example,
    widget: 'combobox',
    goal: 'Nothing changes: Mango is not one of the fruits offered.',
    expected: 'infeasible',
    instructions: [
      { style: 'terse', text: 'Set Favorite Fruit to Mango.' },
      { style: 'lower', text: 'my favorite fruit is mango, choose that' },
    ],
    check: selectOnly.unchanged(),
  },
  {
    id: 'combobox-grid-eggplant',
    example: gridCombo.example,
    widget: 'combobox',
    goal: 'The "Fruits and vegetables" box holds "Eggplant".',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Choose Eggplant.' },
      { style: 'polite', text: 'Could you pick eggplant from the fruits and vegetables list?' },
    ],
    check: gridCombo.expect({ value: 'Eggplant' }),
  },
  {
    id: 'combobox-grid-kiwi',
    example: gridCombo.example,
    widget: 'combobox',
    goal: 'The "Fruits and vegetables" box holds "Kiwi".',
    expected: 'done',
    instructions: [
      { style: 'lower', text: 'find kiwi and select it' },
      { style: 'quoted', text: 'Select "Kiwi" in "Fruits and vegetables".' },
    ],
    check: gridCombo.expect({ value: 'Kiwi' }),
  },
];
