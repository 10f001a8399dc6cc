/** Tasks on the meter example and the radio group examples. */
import { anything, pageState } from '../state.js';
import type { ApgTask } from '../task.js';

const meter = pageState({
  example: 'patterns/meter/examples/meter.html',
  arg: undefined,
  read: () => {
    const label = document.querySelector('#example button.play-meters')?.textContent?.trim();
    return {
      updates: label === 'Pause Updates' ? 'running' : label === 'Start Updates' ? 'paused' : (label ?? null),
      value: Number(document.querySelector('#example [role="meter"]')?.getAttribute('aria-valuenow')),
    };
  },
  initial: { updates: 'running', value: anything },
});

const readGroups = () =>
  Object.fromEntries(
    Array.from(document.querySelectorAll('#ex1 [role="radiogroup"]')).map((group) => {
      const label = document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() ?? '';
      const checked = Array.from(group.querySelectorAll('[role="radio"][aria-checked="true"]'));
      return [
        label,
        checked.map((radio) => radio.getAttribute('aria-label') ?? radio.textContent?.trim() ?? '').join(', '),
      ];
    }),
  );

const radio = pageState({
  example: 'patterns/radio/examples/radio.html',
  arg: undefined,
  read: readGroups,
  initial: { 'Pizza Crust': '', 'Pizza Delivery': '' },
});

const activeDescendant = pageState({
  example: 'patterns/radio/examples/radio-activedescendant.html',
  arg: undefined,
  read: readGroups,
  initial: { 'Pizza Crust': '', 'Pizza Delivery': '' },
});

const rating = pageState({
  example: 'patterns/radio/examples/radio-rating.html',
  arg: undefined,
  read: readGroups,
  initial: { Rating: '' },
});

export const meterRadioPages = [meter, radio, activeDescendant, rating];

export const meterRadioTasks: readonly ApgTask[] = [
  {
    id: 'meter-pause-updates',
    example: meter.example,
    widget: 'meter',
    goal: 'The CPU usage meter has stopped updating.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Pause the meter updates.' },
      { style: 'goal', text: 'I want the CPU meter to stop changing.' },
    ],
    check: meter.expect({ updates: 'paused' }),
  },
  {
    id: 'meter-set-value-infeasible',
    example: meter.example,
    widget: 'meter',
    goal: 'Nothing changes: a meter only displays a value and cannot be set.',
    expected: 'infeasible',
    instructions: [
      { style: 'polite', text: 'Could you set the CPU usage meter to 50%, please?' },
      { style: 'lower', text: 'drag the cpu meter down to half' },
    ],
    check: meter.unchanged(),
  },
  {
    id: 'radio-deep-dish',
    example: radio.example,
    widget: 'radio',
    goal: 'Deep dish is the chosen crust; no delivery option is chosen.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Choose Deep dish.' },
      { style: 'lower', text: 'deep dish crust please' },
      { style: 'quoted', text: 'Select "Deep dish" under "Pizza Crust".' },
    ],
    check: radio.expect({ 'Pizza Crust': 'Deep dish' }),
  },
  {
    id: 'radio-thin-crust-delivery',
    example: radio.example,
    widget: 'radio',
    goal: 'Thin crust and Home Delivery are chosen.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'I’d like a thin crust pizza delivered to my home, please.' },
      { style: 'terse', text: 'Thin crust, home delivery.' },
    ],
    check: radio.expect({ 'Pizza Crust': 'Thin crust', 'Pizza Delivery': 'Home Delivery' }),
  },
  {
    id: 'radio-two-crusts-infeasible',
    example: radio.example,
    widget: 'radio',
    goal: 'Nothing changes: only one crust can be chosen in a radio group.',
    expected: 'infeasible',
    instructions: [
      { style: 'terse', text: 'Select both Regular crust and Deep dish.' },
      { style: 'lower', text: 'pick regular crust and deep dish, both of them' },
    ],
    check: radio.unchanged(),
  },
  {
    id: 'radio-activedescendant-dine-in',
    example: activeDescendant.example,
    widget: 'radio',
    goal: 'Dine in Restaurant is the chosen delivery option; no crust is chosen.',
    expected: 'done',
    instructions: [
      { style: 'goal', text: 'We will eat at the restaurant.' },
      { style: 'quoted', text: 'Choose "Dine in Restaurant".' },
    ],
    check: activeDescendant.expect({ 'Pizza Delivery': 'Dine in Restaurant' }),
  },
  {
    id: 'radio-rating-four-stars',
    example: rating.example,
    widget: 'radio',
    goal: 'The rating is four stars.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Rate it 4 stars.' },
      { style: 'lower', text: 'give four stars' },
    ],
    check: rating.expect({ Rating: 'four stars' }),
  },
];
