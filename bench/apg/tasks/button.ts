/** Tasks on the two button examples (ARIA attributes, and the same buttons built with ARIA reflection). */
import { pageState } from '../state.js';
import type { ApgTask } from '../task.js';

const readMute = () => ({ 'Mute pressed': document.getElementById('toggle')?.getAttribute('aria-pressed') ?? null });

const button = pageState({
  example: 'patterns/button/examples/button.html',
  arg: undefined,
  read: readMute,
  initial: { 'Mute pressed': 'false' },
});

const buttonIdl = pageState({
  example: 'patterns/button/examples/button_idl.html',
  arg: undefined,
  read: readMute,
  initial: { 'Mute pressed': 'false' },
});

export const buttonPages = [button, buttonIdl];

export const buttonTasks: readonly ApgTask[] = [
  {
    id: 'button-mute',
    example: button.example,
    widget: 'button',
    goal: 'The Mute toggle button is pressed.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Mute.' },
      { style: 'quoted', text: 'Switch the "Mute" button on.' },
      { style: 'goal', text: 'The sound should be muted.' },
    ],
    check: button.expect({ 'Mute pressed': 'true' }),
  },
  {
    id: 'button-which-one-ask',
    example: button.example,
    widget: 'button',
    goal: 'Nothing is pressed until the person says which of the two buttons (Print Page or Mute) they mean.',
    expected: 'ask',
    instructions: [
      { style: 'terse', text: 'Press the button.' },
      { style: 'lower', text: 'click the button for me' },
    ],
    check: button.unchanged(),
  },
  {
    id: 'button-idl-mute',
    example: buttonIdl.example,
    widget: 'button',
    goal: 'The Mute toggle button is pressed.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Would you turn on Mute, please?' },
      { style: 'lower', text: 'mute it' },
    ],
    check: buttonIdl.expect({ 'Mute pressed': 'true' }),
  },
];
