/** Tasks on the two calendar date pickers: the combobox date picker and the dialog date picker. */
import { pageState, type Matcher } from '../state.js';
import type { ApgTask } from '../task.js';

/** A date field value in the pages' m/d/yyyy format (leading zeros optional). */
function sameDate(year: number, month: number, day: number): Matcher {
  return {
    describe: `the date ${month}/${day}/${year}`,
    test: (value) => {
      const match = typeof value === 'string' ? /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(value) : null;
      return match !== null && Number(match[1]) === month && Number(match[2]) === day && Number(match[3]) === year;
    },
  };
}

const readDate = (selector: string) => ({
  date: (document.querySelector(selector) as HTMLInputElement | null)?.value ?? null,
});

const comboPicker = pageState({
  example: 'patterns/combobox/examples/combobox-datepicker.html',
  arg: '#cb-textbox-1',
  read: readDate,
  initial: { date: '' },
});

const dialogPicker = pageState({
  example: 'patterns/dialog-modal/examples/datepicker-dialog.html',
  arg: '#id-textbox-1',
  read: readDate,
  initial: { date: '' },
});

export const datepickerPages = [comboPicker, dialogPicker];

export const datepickerTasks: readonly ApgTask[] = [
  {
    id: 'datepicker-combobox-march-14',
    example: comboPicker.example,
    widget: 'datepicker',
    goal: 'The Date field holds March 14, 2027.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Set the date to March 14, 2027.' },
      { style: 'lower', text: 'pick 14 march 2027' },
      { style: 'polite', text: 'Could you choose the 14th of March 2027 in the date picker, please?' },
    ],
    check: comboPicker.expect({ date: sameDate(2027, 3, 14) }),
  },
  {
    id: 'datepicker-combobox-new-year',
    example: comboPicker.example,
    widget: 'datepicker',
    goal: 'The Date field holds January 1, 2027.',
    expected: 'done',
    instructions: [
      { style: 'goal', text: 'The date should be New Year’s Day 2027.' },
      { style: 'quoted', text: 'Enter "01/01/2027" as the Date.' },
    ],
    check: comboPicker.expect({ date: sameDate(2027, 1, 1) }),
  },
  {
    id: 'datepicker-dialog-christmas',
    example: dialogPicker.example,
    widget: 'datepicker',
    goal: 'The Date field holds December 25, 2026.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Choose 25 December 2026.' },
      { style: 'goal', text: 'I need the date set to Christmas Day, 2026.' },
    ],
    check: dialogPicker.expect({ date: sameDate(2026, 12, 25) }),
  },
  {
    id: 'datepicker-dialog-january-5',
    example: dialogPicker.example,
    widget: 'datepicker',
    goal: 'The Date field holds January 5, 2027.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Please use the calendar button to pick January 5th, 2027.' },
      { style: 'lower', text: 'date should be jan 5 2027' },
    ],
    check: dialogPicker.expect({ date: sameDate(2027, 1, 5) }),
  },
  {
    id: 'datepicker-dialog-birthday-ask',
    example: dialogPicker.example,
    widget: 'datepicker',
    goal: 'No date is entered until the person says which date their birthday is.',
    expected: 'ask',
    instructions: [
      { style: 'terse', text: 'Put my birthday in the date field.' },
      { style: 'lower', text: 'enter my birthday' },
    ],
    check: dialogPicker.unchanged(),
  },
];
