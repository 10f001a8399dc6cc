/** Tasks on the listbox examples: actions, collapsible, grouped, rearrangeable and scrollable. */
import { pageState } from '../state.js';
import type { ApgTask } from '../task.js';

const actions = pageState({
  example: 'patterns/listbox/examples/listbox-actions.html',
  arg: undefined,
  read: () => {
    const options = Array.from(document.querySelectorAll('#ss_elem_list [role="option"]'));
    const name = (option: Element) =>
      Array.from(option.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join(' ')
        .trim();
    return {
      'bucket list': options.map(name).join(' | '),
      favourites: options
        .filter((option) => option.querySelector('[aria-label="favorite"]')?.getAttribute('aria-pressed') === 'true')
        .map(name)
        .join(' | '),
    };
  },
  initial: {
    'bucket list': 'Complete an Iron Man | Climb Everest | Learn archery | Train a guide dog | Build an airplane',
    favourites: '',
  },
});

const collapsible = pageState({
  example: 'patterns/listbox/examples/listbox-collapsible.html',
  arg: undefined,
  read: () => ({
    'chosen element': document.getElementById('exp_button')?.textContent?.trim() ?? null,
    'selected option': Array.from(document.querySelectorAll('#exp_elem_list [aria-selected="true"]'))
      .map((option) => option.textContent?.trim() ?? '')
      .join(', '),
  }),
  initial: { 'chosen element': 'Neptunium', 'selected option': '' },
});

const selectedIn = (selector: string) => ({
  selected: Array.from(document.querySelectorAll(`${selector} [role="option"][aria-selected="true"]`))
    .map((option) => option.textContent?.trim() ?? '')
    .join(', '),
});

const grouped = pageState({
  example: 'patterns/listbox/examples/listbox-grouped.html',
  arg: '#ss_elem_list',
  read: selectedIn,
  initial: { selected: '' },
});

const scrollable = pageState({
  example: 'patterns/listbox/examples/listbox-scrollable.html',
  arg: '#ss_elem_list',
  read: selectedIn,
  initial: { selected: '' },
});

const rearrangeable = pageState({
  example: 'patterns/listbox/examples/listbox-rearrangeable.html',
  arg: undefined,
  read: () => {
    const items = (id: string) =>
      Array.from(document.getElementById(id)?.querySelectorAll('[role="option"]') ?? [])
        .map((option) => option.textContent?.trim() ?? '')
        .join(' | ');
    return {
      important: items('ss_imp_list'),
      unimportant: items('ss_unimp_list'),
      'available upgrades': items('ms_imp_list'),
      'chosen upgrades': items('ms_unimp_list'),
    };
  },
  initial: {
    important:
      'Proximity of public K-12 schools | Proximity of child-friendly parks | Proximity of grocery shopping | ' +
      'Proximity of fast food | Proximity of fine dining | Neighborhood walkability | Availability of public transit | ' +
      'Proximity of hospital and medical services | Level of traffic noise | Access to major highways',
    unimportant: '',
    'available upgrades':
      'Leather seats | Front seat warmers | Rear bucket seats | Rear seat warmers | Front sun roof | Rear sun roof | ' +
      'Cloaking capability | Food synthesizer | Advanced waste recycling system | Turbo vertical take-off capability',
    'chosen upgrades': '',
  },
});

export const listboxPages = [actions, collapsible, grouped, scrollable, rearrangeable];

export const listboxTasks: readonly ApgTask[] = [
  {
    id: 'listbox-actions-favourite-archery',
    example: actions.example,
    widget: 'listbox',
    goal: 'Learn archery is marked as a favourite; the list order is unchanged.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Favorite Learn archery.' },
      { style: 'goal', text: 'Learning archery is one of my favourites on the bucket list.' },
    ],
    check: actions.expect({ favourites: 'Learn archery' }),
  },
  {
    id: 'listbox-actions-delete-guide-dog',
    example: actions.example,
    widget: 'listbox',
    goal: 'Train a guide dog is deleted from the bucket list; the other items keep their order.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Could you delete "Train a guide dog" from my bucket list?' },
      { style: 'lower', text: 'remove train a guide dog' },
    ],
    check: actions.expect({
      'bucket list': 'Complete an Iron Man | Climb Everest | Learn archery | Build an airplane',
    }),
  },
  {
    id: 'listbox-actions-airplane-up',
    example: actions.example,
    widget: 'listbox',
    goal: 'Build an airplane is moved up one place, above Train a guide dog.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Move Build an airplane up one.' },
      { style: 'quoted', text: 'Move "Build an airplane" one place higher.' },
      { style: 'goal', text: 'I want the airplane ahead of the guide dog on my list.' },
    ],
    check: actions.expect({
      'bucket list': 'Complete an Iron Man | Climb Everest | Learn archery | Build an airplane | Train a guide dog',
    }),
  },
  {
    id: 'listbox-collapsible-curium',
    example: collapsible.example,
    widget: 'listbox',
    goal: 'Curium is the chosen element.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Choose Curium.' },
      { style: 'lower', text: 'my favourite element is curium' },
    ],
    check: collapsible.expect({ 'chosen element': 'Curium', 'selected option': 'Curium' }),
  },
  {
    id: 'listbox-collapsible-none',
    example: collapsible.example,
    widget: 'listbox',
    goal: 'The element choice is set to "None".',
    expected: 'done',
    instructions: [
      { style: 'quoted', text: 'Set "Choose an element" to "None".' },
      { style: 'polite', text: 'Please clear my element choice by picking None.' },
    ],
    check: collapsible.expect({ 'chosen element': 'None', 'selected option': 'None' }),
  },
  {
    id: 'listbox-grouped-dolphin',
    example: grouped.example,
    widget: 'listbox',
    goal: 'Dolphin is the only selected sidekick.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Pick Dolphin as my sidekick.' },
      { style: 'goal', text: 'My animal sidekick should be the dolphin.' },
    ],
    check: grouped.expect({ selected: 'Dolphin' }),
  },
  {
    id: 'listbox-grouped-owl',
    example: grouped.example,
    widget: 'listbox',
    goal: 'Owl, the last animal in the Air group, is the only selected sidekick.',
    expected: 'done',
    instructions: [
      { style: 'lower', text: 'choose the last one in the air group' },
      { style: 'quoted', text: 'Select "Owl".' },
    ],
    check: grouped.expect({ selected: 'Owl' }),
  },
  {
    id: 'listbox-rearrangeable-fast-food',
    example: rearrangeable.example,
    widget: 'listbox',
    goal: 'Proximity of fast food is moved to the Unimportant Features list; the rest keep their order.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Mark Proximity of fast food as not important.' },
      { style: 'lower', text: 'i dont care about fast food nearby, move it to unimportant' },
    ],
    check: rearrangeable.expect({
      important:
        'Proximity of public K-12 schools | Proximity of child-friendly parks | Proximity of grocery shopping | ' +
        'Proximity of fine dining | Neighborhood walkability | Availability of public transit | ' +
        'Proximity of hospital and medical services | Level of traffic noise | Access to major highways',
      unimportant: 'Proximity of fast food',
    }),
  },
  {
    id: 'listbox-rearrangeable-walkability-up',
    example: rearrangeable.example,
    widget: 'listbox',
    goal: 'Neighborhood walkability moves up one place, above Proximity of fine dining.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Could you move Neighborhood walkability up one spot in my important features?' },
      { style: 'quoted', text: 'Move "Neighborhood walkability" up by one.' },
    ],
    check: rearrangeable.expect({
      important:
        'Proximity of public K-12 schools | Proximity of child-friendly parks | Proximity of grocery shopping | ' +
        'Proximity of fast food | Neighborhood walkability | Proximity of fine dining | Availability of public transit | ' +
        'Proximity of hospital and medical services | Level of traffic noise | Access to major highways',
    }),
  },
  {
    id: 'listbox-rearrangeable-upgrades',
    example: rearrangeable.example,
    widget: 'listbox',
    goal: 'Leather seats and Food synthesizer are the chosen upgrades.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Add the leather seats and food synthesizer upgrades.' },
      { style: 'goal', text: 'My capsule should get leather seats and a food synthesizer, nothing else.' },
    ],
    check: rearrangeable.expect({
      'available upgrades':
        'Front seat warmers | Rear bucket seats | Rear seat warmers | Front sun roof | Rear sun roof | ' +
        'Cloaking capability | Advanced waste recycling system | Turbo vertical take-off capability',
      'chosen upgrades': 'Leather seats | Food synthesizer',
    }),
  },
  {
    id: 'listbox-scrollable-einsteinium',
    example: scrollable.example,
    widget: 'listbox',
    goal: 'Einsteinium is the selected element.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Select Einsteinium.' },
      { style: 'polite', text: 'Please select Einsteinium in the transuranium elements list.' },
    ],
    check: scrollable.expect({ selected: 'Einsteinium' }),
  },
  {
    id: 'listbox-scrollable-last',
    example: scrollable.example,
    widget: 'listbox',
    goal: 'Oganesson, the last element in the list, is selected.',
    expected: 'done',
    instructions: [
      { style: 'lower', text: 'pick the last element in the list' },
      { style: 'quoted', text: 'Choose "Oganesson".' },
    ],
    check: scrollable.expect({ selected: 'Oganesson' }),
  },
];
