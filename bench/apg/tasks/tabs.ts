/** Tasks on the tabs examples: automatic activation, manual activation, and tabs with action menus. */
import { pageState } from '../state.js';
import type { ApgTask } from '../task.js';

const readTabs = () => {
  const tabs = Array.from(document.querySelectorAll('#ex1 [role="tab"]'));
  const name = (element: Element | null | undefined) => element?.textContent?.trim() ?? '';
  const shown = Array.from(document.querySelectorAll('#ex1 [role="tabpanel"]')).filter(
    (panel) => !panel.classList.contains('is-hidden') && !(panel as HTMLElement).hidden,
  );
  return {
    tabs: tabs.map((tab) => name(tab)).join(' | '),
    'selected tab': tabs
      .filter((tab) => tab.getAttribute('aria-selected') === 'true')
      .map((tab) => name(tab))
      .join(', '),
    'panel shown': shown
      .map((panel) => name(document.getElementById(panel.getAttribute('aria-labelledby') ?? '')))
      .join(', '),
  };
};

const composers = 'Maria Ahlefeldt | Carl Andersen | Ida da Fonseca | Peter Müller';
const sharks = 'Nurse shark | Basking shark | Whale shark | Goblin shark';

const automatic = pageState({
  example: 'patterns/tabs/examples/tabs-automatic.html',
  arg: undefined,
  read: readTabs,
  initial: { tabs: composers, 'selected tab': 'Maria Ahlefeldt', 'panel shown': 'Maria Ahlefeldt' },
});

const manual = pageState({
  example: 'patterns/tabs/examples/tabs-manual.html',
  arg: undefined,
  read: readTabs,
  initial: { tabs: composers, 'selected tab': 'Maria Ahlefeldt', 'panel shown': 'Maria Ahlefeldt' },
});

const withActions = pageState({
  example: 'patterns/tabs/examples/tabs-actions.html',
  arg: undefined,
  read: readTabs,
  initial: { tabs: sharks, 'selected tab': 'Nurse shark', 'panel shown': 'Nurse shark' },
});

export const tabsPages = [automatic, manual, withActions];

export const tabsTasks: readonly ApgTask[] = [
  {
    id: 'tabs-automatic-ida',
    example: automatic.example,
    widget: 'tabs',
    goal: 'The Ida da Fonseca tab is selected and its panel shown.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Switch to Ida da Fonseca.' },
      { style: 'goal', text: 'I want to read about Ida da Fonseca.' },
    ],
    check: automatic.expect({ 'selected tab': 'Ida da Fonseca', 'panel shown': 'Ida da Fonseca' }),
  },
  {
    id: 'tabs-automatic-last',
    example: automatic.example,
    widget: 'tabs',
    goal: 'The last tab, Peter Müller, is selected and its panel shown.',
    expected: 'done',
    instructions: [
      { style: 'lower', text: 'go to the last tab' },
      { style: 'quoted', text: 'Open the "Peter Müller" tab.' },
    ],
    check: automatic.expect({ 'selected tab': 'Peter Müller', 'panel shown': 'Peter Müller' }),
  },
  {
    id: 'tabs-manual-carl',
    example: manual.example,
    widget: 'tabs',
    goal: 'The Carl Andersen tab is selected and its panel shown.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Could you show the Carl Andersen tab, please?' },
      { style: 'terse', text: 'Open Carl Andersen.' },
    ],
    check: manual.expect({ 'selected tab': 'Carl Andersen', 'panel shown': 'Carl Andersen' }),
  },
  {
    id: 'tabs-manual-after-ida',
    example: manual.example,
    widget: 'tabs',
    goal: 'The tab after Ida da Fonseca (Peter Müller) is selected and its panel shown.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Select the tab to the right of Ida da Fonseca.' },
      { style: 'lower', text: 'show the composer after ida da fonseca' },
    ],
    check: manual.expect({ 'selected tab': 'Peter Müller', 'panel shown': 'Peter Müller' }),
  },
  {
    id: 'tabs-actions-close-whale',
    example: withActions.example,
    widget: 'tabs',
    goal: 'The Whale shark tab is closed; the other three remain in order with Nurse shark selected.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Close the Whale shark tab.' },
      { style: 'quoted', text: 'Use the actions menu of "Whale shark" to close that tab.' },
    ],
    check: withActions.expect({ tabs: 'Nurse shark | Basking shark | Goblin shark' }),
  },
  {
    id: 'tabs-actions-move-goblin-back',
    example: withActions.example,
    widget: 'tabs',
    goal: 'The Goblin shark tab is moved one place back, before Whale shark.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Please move the Goblin shark tab one position to the left.' },
      { style: 'goal', text: 'Goblin shark should come before Whale shark in the tab row.' },
    ],
    check: withActions.expect({ tabs: 'Nurse shark | Basking shark | Goblin shark | Whale shark' }),
  },
  {
    id: 'tabs-actions-basking',
    example: withActions.example,
    widget: 'tabs',
    goal: 'The Basking shark tab is selected and its panel shown; no tab is moved or closed.',
    expected: 'done',
    instructions: [
      { style: 'lower', text: 'show the basking shark tab' },
      { style: 'terse', text: 'Select Basking shark.' },
    ],
    check: withActions.expect({ 'selected tab': 'Basking shark', 'panel shown': 'Basking shark' }),
  },
  {
    id: 'tabs-actions-which-tab-ask',
    example: withActions.example,
    widget: 'tabs',
    goal: 'No tab is closed until the person says which of the four shark tabs to close.',
    expected: 'ask',
    instructions: [
      { style: 'terse', text: 'Close the shark tab.' },
      { style: 'lower', text: 'close the shark tab i dont need anymore' },
    ],
    check: withActions.unchanged(),
  },
];
