/** Tasks on the three switch examples (div, button and checkbox based). */
import { pageState } from '../state.js';
import type { ApgTask } from '../task.js';

const readSwitches = () => {
  const state: Record<string, string | null> = {};
  for (const control of Array.from(document.querySelectorAll<HTMLElement>('#ex1 [role="switch"]'))) {
    const name =
      control.querySelector('.label')?.textContent?.trim() ??
      control.closest('label')?.querySelector('.label')?.textContent?.trim() ??
      '?';
    state[name] = control instanceof HTMLInputElement ? String(control.checked) : control.getAttribute('aria-checked');
  }
  return state;
};

const divSwitch = pageState({
  example: 'patterns/switch/examples/switch.html',
  arg: undefined,
  read: readSwitches,
  initial: { Notifications: 'false' },
});

const buttonSwitches = pageState({
  example: 'patterns/switch/examples/switch-button.html',
  arg: undefined,
  read: readSwitches,
  initial: { 'Living Room Lights': 'false', 'Outdoor Lights': 'false' },
});

const checkboxSwitches = pageState({
  example: 'patterns/switch/examples/switch-checkbox.html',
  arg: undefined,
  read: readSwitches,
  initial: { 'Reduced motion': 'false', 'Show captions': 'false' },
});

export const switchPages = [divSwitch, buttonSwitches, checkboxSwitches];

export const switchTasks: readonly ApgTask[] = [
  {
    id: 'switch-notifications-on',
    example: divSwitch.example,
    widget: 'switch',
    goal: 'Notifications are switched on.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Turn on notifications.' },
      { style: 'goal', text: 'I want to get notifications.' },
    ],
    check: divSwitch.expect({ Notifications: 'true' }),
  },
  {
    id: 'switch-outdoor-lights-on',
    example: buttonSwitches.example,
    widget: 'switch',
    goal: 'The outdoor lights are on; the living room lights stay off.',
    expected: 'done',
    instructions: [
      { style: 'lower', text: 'switch the outdoor lights on' },
      { style: 'quoted', text: 'Turn "Outdoor Lights" on.' },
    ],
    check: buttonSwitches.expect({ 'Outdoor Lights': 'true' }),
  },
  {
    id: 'switch-which-lights-ask',
    example: buttonSwitches.example,
    widget: 'switch',
    goal: 'No light is switched until the person says which lights (living room or outdoor) they mean.',
    expected: 'ask',
    instructions: [
      { style: 'terse', text: 'Turn on the light.' },
      { style: 'polite', text: 'Could you switch the light on for me?' },
    ],
    check: buttonSwitches.unchanged(),
  },
  {
    id: 'switch-captions-on',
    example: checkboxSwitches.example,
    widget: 'switch',
    goal: 'Show captions is on; reduced motion stays off.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Enable captions.' },
      { style: 'polite', text: 'Please turn on Show captions.' },
    ],
    check: checkboxSwitches.expect({ 'Show captions': 'true' }),
  },
  {
    id: 'switch-reduced-motion-on',
    example: checkboxSwitches.example,
    widget: 'switch',
    goal: 'Reduced motion is on; captions stay off.',
    expected: 'done',
    instructions: [
      { style: 'goal', text: 'Animations make me dizzy; I want less motion.' },
      { style: 'quoted', text: 'Switch on "Reduced motion".' },
    ],
    check: checkboxSwitches.expect({ 'Reduced motion': 'true' }),
  },
];
