/** Tasks on the modal dialog example: an "Add Delivery Address" form with nested dialogs. */
import { anything, oneOf, pageState, typed } from '../state.js';
import type { ApgTask } from '../task.js';

const dialog = pageState({
  example: 'patterns/dialog-modal/examples/dialog.html',
  arg: undefined,
  read: () => {
    const isOpen = (id: string) => {
      const node = document.getElementById(id);
      return node !== null && !node.classList.contains('hidden');
    };
    const state: Record<string, string | boolean | null> = {
      'address form open': isOpen('dialog1'),
      'verification open': isOpen('dialog2'),
      'confirmation open': isOpen('dialog3'),
      // The page wraps a dialog in its own backdrop the first time it opens it, so this stays
      // true after the "Address Added" confirmation has been dismissed.
      'address added':
        document.getElementById('dialog3')?.parentElement?.classList.contains('dialog-backdrop') ?? false,
      'help dialog open': isOpen('dialog4'),
    };
    for (const label of Array.from(document.querySelectorAll('#dialog1 .dialog_form_item'))) {
      const name = label.querySelector('.label_text')?.textContent?.replace(':', '').trim() ?? '';
      state[name] = label.querySelector('input')?.value ?? null;
    }
    return state;
  },
  initial: {
    'address form open': false,
    'verification open': false,
    'confirmation open': false,
    'address added': false,
    'help dialog open': false,
    Street: '',
    City: '',
    State: '',
    Zip: '',
    'Special instructions': '',
  },
});

export const dialogPages = [dialog];

export const dialogTasks: readonly ApgTask[] = [
  {
    id: 'dialog-open-address-form',
    example: dialog.example,
    widget: 'dialog',
    goal: 'The "Add Delivery Address" dialog is open with its fields empty.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Open the Add Delivery Address dialog.' },
      { style: 'lower', text: 'i want to add a delivery address, open the form' },
    ],
    check: dialog.expect({ 'address form open': true }),
  },
  {
    id: 'dialog-add-address',
    example: dialog.example,
    widget: 'dialog',
    goal: 'The address 12 Elm Street, Springfield, IL 62704 is entered and added (the confirmation may be open or dismissed).',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Please add a delivery address: 12 Elm Street, Springfield, IL 62704.' },
      { style: 'terse', text: 'Add delivery address 12 Elm Street, Springfield, IL, zip 62704.' },
      {
        style: 'quoted',
        text: 'Open "Add Delivery Address", fill in Street "12 Elm Street", City "Springfield", State "IL", Zip "62704", then press "Add".',
      },
    ],
    check: dialog.expect({
      'address added': true,
      'confirmation open': oneOf(true, false),
      Street: typed('12 Elm Street'),
      City: typed('Springfield'),
      State: typed('IL'),
      Zip: '62704',
    }),
  },
  {
    id: 'dialog-verify-address',
    example: dialog.example,
    widget: 'dialog',
    goal: 'The address 500 Oak Avenue, Dayton, OH 45402 is entered in the open form and the verification result is showing; nothing is added.',
    expected: 'done',
    instructions: [
      {
        style: 'polite',
        text: 'Could you enter 500 Oak Avenue, Dayton, OH 45402 and check it with Verify Address? Don’t add it yet.',
      },
      { style: 'goal', text: 'I want to see whether 500 Oak Avenue, Dayton, OH 45402 verifies, without saving it.' },
    ],
    check: dialog.expect({
      'address form open': true,
      'verification open': true,
      Street: typed('500 Oak Avenue'),
      City: typed('Dayton'),
      State: typed('OH'),
      Zip: '45402',
    }),
  },
  {
    id: 'dialog-my-address-ask',
    example: dialog.example,
    widget: 'dialog',
    goal: 'No address is entered or added until the person gives the address (opening the form is fine).',
    expected: 'ask',
    instructions: [
      { style: 'terse', text: 'Add my delivery address.' },
      { style: 'lower', text: 'put in my home address for delivery' },
    ],
    check: dialog.expect({ 'address form open': anything }),
  },
];
