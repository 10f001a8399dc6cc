/** Tasks on the spin button examples: a date picker built from spin buttons and guest quantities. */
import { pageState, type Matcher } from '../state.js';
import type { ApgTask } from '../task.js';

/** Today's day, month (0–11) or year, evaluated when checked (the page starts on today's date). */
const today = (part: 'day' | 'month' | 'year'): Matcher => ({
  describe: `today's ${part}`,
  test: (value) => {
    const now = new Date();
    const want = part === 'day' ? now.getDate() : part === 'month' ? now.getMonth() : now.getFullYear();
    return value === want;
  },
});

const dateSpinners = pageState({
  example: 'patterns/spinbutton/examples/datepicker-spinbuttons.html',
  arg: undefined,
  read: () =>
    Object.fromEntries(
      Array.from(document.querySelectorAll('#example [role="spinbutton"]')).map((spinner) => [
        spinner.getAttribute('aria-label') ?? '?',
        Number(spinner.getAttribute('aria-valuenow')),
      ]),
    ),
  initial: { Day: today('day'), Month: today('month'), Year: today('year') },
});

const guests = pageState({
  example: 'patterns/spinbutton/examples/quantity-spinbutton.html',
  arg: undefined,
  read: () => {
    const state: Record<string, string | null> = {};
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('#example input[role="spinbutton"]'))) {
      state[input.id] = input.value.trim();
    }
    state['invalid fields'] = Array.from(document.querySelectorAll('#example [aria-invalid="true"]'))
      .map((field) => field.id)
      .join(', ');
    return state;
  },
  initial: { adults: '1', kids: '0', animals: '0', 'invalid fields': '' },
});

export const spinbuttonPages = [dateSpinners, guests];

export const spinbuttonTasks: readonly ApgTask[] = [
  {
    id: 'spinbutton-date-march-15-2030',
    example: dateSpinners.example,
    widget: 'spinbutton',
    goal: 'The chosen date is 15 March 2030 (day 15, month March, year 2030).',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Set the date to 15 March 2030.' },
      { style: 'polite', text: 'Could you change the date to March 15th, 2030, please?' },
      { style: 'lower', text: 'date: 3/15/2030' },
    ],
    check: dateSpinners.expect({ Day: 15, Month: 2, Year: 2030 }),
  },
  {
    id: 'spinbutton-year-2045-infeasible',
    example: dateSpinners.example,
    widget: 'spinbutton',
    goal: 'Nothing changes: the year only goes up to 2040.',
    expected: 'infeasible',
    instructions: [
      { style: 'terse', text: 'Set the year to 2045.' },
      { style: 'goal', text: 'The date needs to be in 2045.' },
    ],
    check: dateSpinners.unchanged(),
  },
  {
    id: 'spinbutton-two-adults-three-kids',
    example: guests.example,
    widget: 'spinbutton',
    goal: 'Guests: 2 adults, 3 kids, 0 animals.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: '2 adults and 3 kids.' },
      { style: 'goal', text: 'There will be two adults and three children, no pets.' },
    ],
    check: guests.expect({ adults: '2', kids: '3' }),
  },
  {
    id: 'spinbutton-two-dogs',
    example: guests.example,
    widget: 'spinbutton',
    goal: 'Guests: 1 adult, 0 kids, 2 animals.',
    expected: 'done',
    instructions: [
      { style: 'lower', text: 'im bringing my two dogs' },
      { style: 'quoted', text: 'Set "Animals" to 2.' },
    ],
    check: guests.expect({ animals: '2' }),
  },
  {
    id: 'spinbutton-ten-adults-infeasible',
    example: guests.example,
    widget: 'spinbutton',
    goal: 'Nothing changes: at most 8 adults are allowed.',
    expected: 'infeasible',
    instructions: [
      { style: 'terse', text: 'Set Adults to 10.' },
      { style: 'polite', text: 'Please book for ten adults.' },
    ],
    check: guests.unchanged(),
  },
];
