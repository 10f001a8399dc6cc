/** Tasks on the accordion example: three sections of a checkout form. */
import { pageState, typed } from '../state.js';
import type { ApgTask } from '../task.js';

const accordion = pageState({
  example: 'patterns/accordion/examples/accordion.html',
  arg: undefined,
  read: () => {
    const state: Record<string, string | boolean | null> = {};
    for (const trigger of Array.from(document.querySelectorAll('#accordionGroup .accordion-trigger'))) {
      const title = trigger.querySelector('.accordion-title')?.textContent?.trim() ?? '';
      const panel = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
      state[`${title} expanded`] = trigger.getAttribute('aria-expanded');
      state[`${title} panel shown`] = panel !== null && !panel.hidden;
      for (const input of Array.from(panel?.querySelectorAll('input') ?? [])) {
        const label =
          panel?.querySelector(`label[for="${input.id}"]`)?.textContent?.replace('*', '').trim() ?? input.id;
        state[`${title} / ${label}`] = input.value;
      }
    }
    return state;
  },
  initial: {
    'Personal Information expanded': 'true',
    'Personal Information panel shown': true,
    'Personal Information / Name:': '',
    'Personal Information / Email:': '',
    'Personal Information / Phone:': '',
    'Personal Information / Extension:': '',
    'Personal Information / Country:': '',
    'Personal Information / City/Province:': '',
    'Billing Address expanded': 'false',
    'Billing Address panel shown': false,
    'Billing Address / Address 1:': '',
    'Billing Address / Address 2:': '',
    'Billing Address / City:': '',
    'Billing Address / State:': '',
    'Billing Address / Zip Code:': '',
    'Shipping Address expanded': 'false',
    'Shipping Address panel shown': false,
    'Shipping Address / Address 1:': '',
    'Shipping Address / Address 2:': '',
    'Shipping Address / City:': '',
    'Shipping Address / State:': '',
    'Shipping Address / Zip Code:': '',
  },
});

export const accordionPages = [accordion];

export const accordionTasks: readonly ApgTask[] = [
  {
    id: 'accordion-expand-billing',
    example: accordion.example,
    widget: 'accordion',
    goal: 'The Billing Address section is expanded; Personal Information stays open, Shipping Address closed.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Expand Billing Address.' },
      { style: 'quoted', text: 'Open the "Billing Address" section.' },
      { style: 'lower', text: 'show me the billing address fields' },
    ],
    check: accordion.expect({ 'Billing Address expanded': 'true', 'Billing Address panel shown': true }),
  },
  {
    id: 'accordion-collapse-personal',
    example: accordion.example,
    widget: 'accordion',
    goal: 'The Personal Information section is collapsed and no section is open.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Please collapse the Personal Information section.' },
      { style: 'goal', text: 'I would like all the form sections closed.' },
    ],
    check: accordion.expect({ 'Personal Information expanded': 'false', 'Personal Information panel shown': false }),
  },
  {
    id: 'accordion-shipping-city',
    example: accordion.example,
    widget: 'accordion',
    goal: 'The Shipping Address section is open and its City field reads "Portland"; nothing else is filled in.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Open Shipping Address and enter Portland as the city.' },
      { style: 'lower', text: 'shipping city is portland' },
      { style: 'quoted', text: 'Type "Portland" into the City field under "Shipping Address".' },
    ],
    check: accordion.expect({
      'Shipping Address expanded': 'true',
      'Shipping Address panel shown': true,
      'Shipping Address / City:': typed('Portland'),
    }),
  },
  {
    id: 'accordion-name-email',
    example: accordion.example,
    widget: 'accordion',
    goal: 'Name reads "Maria Lopez" and Email reads "maria.lopez@example.com"; the other fields stay empty.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Could you fill in my name, Maria Lopez, and my email, maria.lopez@example.com?' },
      { style: 'terse', text: 'Name: Maria Lopez. Email: maria.lopez@example.com.' },
    ],
    check: accordion.expect({
      'Personal Information / Name:': typed('Maria Lopez'),
      'Personal Information / Email:': typed('maria.lopez@example.com'),
    }),
  },
];
