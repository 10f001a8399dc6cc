/** Tasks on the two checkbox examples: the two-state group and the mixed-state group. */
import { pageState } from '../state.js';
import type { ApgTask } from '../task.js';

const twoState = pageState({
  example: 'patterns/checkbox/examples/checkbox.html',
  arg: undefined,
  read: () =>
    Object.fromEntries(
      Array.from(document.querySelectorAll('#ex1 [role="checkbox"]')).map((box) => [
        box.textContent?.trim() ?? '',
        box.getAttribute('aria-checked'),
      ]),
    ),
  initial: { Lettuce: 'false', Tomato: 'true', Mustard: 'false', Sprouts: 'false' },
});

const mixed = pageState({
  example: 'patterns/checkbox/examples/checkbox-mixed.html',
  arg: undefined,
  read: () => {
    const state: Record<string, string | boolean | null> = {
      'All condiments': document.querySelector('#ex1 [role="checkbox"]')?.getAttribute('aria-checked') ?? null,
    };
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('#ex1 input[type="checkbox"]'))) {
      state[input.parentElement?.textContent?.trim() ?? input.id] = input.checked;
    }
    return state;
  },
  initial: { 'All condiments': 'mixed', Lettuce: false, Tomato: true, Mustard: false, Sprouts: false },
});

export const checkboxPages = [twoState, mixed];

export const checkboxTasks: readonly ApgTask[] = [
  {
    id: 'checkbox-tick-mustard',
    example: twoState.example,
    widget: 'checkbox',
    goal: 'Mustard is checked; Tomato stays checked; Lettuce and Sprouts stay unchecked.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Tick Mustard.' },
      { style: 'goal', text: 'I want mustard on my sandwich as well.' },
      { style: 'quoted', text: 'Check the "Mustard" box.' },
    ],
    check: twoState.expect({ Mustard: 'true' }),
  },
  {
    id: 'checkbox-untick-tomato',
    example: twoState.example,
    widget: 'checkbox',
    goal: 'Tomato is unchecked and no condiment is checked.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Could you untick Tomato for me, please?' },
      { style: 'lower', text: 'no tomato' },
    ],
    check: twoState.expect({ Tomato: 'false' }),
  },
  {
    id: 'checkbox-lettuce-and-sprouts',
    example: twoState.example,
    widget: 'checkbox',
    goal: 'Lettuce and Sprouts are checked in addition to Tomato; Mustard stays unchecked.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Check Lettuce and Sprouts.' },
      { style: 'lower', text: 'add lettuce and sprouts too' },
      { style: 'goal', text: 'The sandwich should have lettuce, tomato and sprouts.' },
    ],
    check: twoState.expect({ Lettuce: 'true', Sprouts: 'true' }),
  },
  {
    id: 'checkbox-pickles-infeasible',
    example: twoState.example,
    widget: 'checkbox',
    goal: 'Nothing changes: there is no Pickles condiment to choose.',
    expected: 'infeasible',
    instructions: [
      { style: 'terse', text: 'Tick Pickles.' },
      { style: 'polite', text: 'Please add pickles to my sandwich condiments.' },
    ],
    check: twoState.unchanged(),
  },
  {
    id: 'checkbox-mixed-select-all',
    example: mixed.example,
    widget: 'checkbox',
    goal: 'All four condiments are checked and the "All condiments" box shows checked.',
    expected: 'done',
    instructions: [
      { style: 'quoted', text: 'Tick "All condiments".' },
      { style: 'goal', text: 'I want every condiment on it.' },
      { style: 'lower', text: 'select all the condiments' },
    ],
    check: mixed.expect({ 'All condiments': 'true', Lettuce: true, Mustard: true, Sprouts: true }),
  },
  {
    id: 'checkbox-mixed-clear-all',
    example: mixed.example,
    widget: 'checkbox',
    goal: 'No condiment is checked and the "All condiments" box shows unchecked.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Could you clear all the condiments, please? I want a plain sandwich.' },
      { style: 'terse', text: 'Uncheck every condiment.' },
    ],
    check: mixed.expect({ 'All condiments': 'false', Tomato: false }),
  },
  {
    id: 'checkbox-mixed-add-mustard',
    example: mixed.example,
    widget: 'checkbox',
    goal: 'Mustard and Tomato are checked, Lettuce and Sprouts are not; "All condiments" stays mixed.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Also check Mustard.' },
      { style: 'quoted', text: 'Tick "Mustard" but leave the others as they are.' },
    ],
    check: mixed.expect({ Mustard: true }),
  },
];
