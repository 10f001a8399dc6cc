import { expenseReportStateSchema, type ExpenseReportState, type ExpenseSubmission } from '../state-schemas.js';
import { defineTasks, equals, fact, taskNamed, type Fact } from './facts.js';

/** A submitted report without its reference number, which the app makes up. */
export type Report = Omit<ExpenseSubmission, 'reference'>;

/** Exactly one report was confirmed, with these contents, and the success page is showing. */
export function submitted(state: ExpenseReportState, expected: Report): Fact[] {
  const [report, ...others] = state.submissions;
  if (report === undefined) return [fact('a report was submitted', false, 'no submission')];
  return [
    equals('the number of submitted reports', others.length + 1, 1),
    equals('the page', state.step, 'submitted'),
    ...Object.entries(expected).map(([field, value]) =>
      equals(`the submitted ${field}`, report[field as keyof Report], value),
    ),
  ];
}

export function notSubmitted(state: ExpenseReportState): Fact[] {
  return [equals('the number of submitted reports', state.submissions.length, 0)];
}

/** Nothing was typed, chosen or submitted: the form is as it loads. */
function untouched(state: ExpenseReportState): Fact[] {
  const { fields } = state;
  return [
    ...notSubmitted(state),
    equals('the page', state.step, 'details'),
    equals('the employee name', fields.employeeName, ''),
    equals('the email', fields.email, ''),
    equals('the department', fields.department, ''),
    equals('the trip date', fields.tripDate, ''),
    equals('the amount', fields.amount, ''),
    equals('the category', fields.category, ''),
  ];
}

export function details(state: ExpenseReportState, expected: Partial<ExpenseReportState['fields']>): Fact[] {
  return Object.entries(expected).map(([field, value]) =>
    equals(`the ${field} field`, state.fields[field as keyof ExpenseReportState['fields']], value),
  );
}

export const danaDetails =
  "type 'Dana Whitfield' into the 'Employee name' field, type 'dana.whitfield@example.com' into the 'Email' field, " +
  "select 'Finance' from the 'Department' dropdown, type '03/14/2026' into the 'Trip date' field, click 'Next'";
export const danaFields = {
  employeeName: 'Dana Whitfield',
  email: 'dana.whitfield@example.com',
  department: 'Finance',
  tripDate: '2026-03-14',
} as const;
export const lodgingExpense =
  "type '248.50' into the 'Amount' field, choose 'Lodging', check the 'Receipt attached' checkbox, " +
  "scroll down, type 'Hotel for the Denver client visit' into the 'Notes' field, click 'Next'";
export const lodgingReport: Report = {
  ...danaFields,
  amount: 248.5,
  category: 'Lodging',
  receiptAttached: true,
  notes: 'Hotel for the Denver client visit',
};

export const expenseReportTasks = defineTasks('expense-report', expenseReportStateSchema, [
  {
    name: 'submit-lodging',
    instruction:
      `${danaDetails}, ${lodgingExpense}, check the 'I certify these expenses are accurate' checkbox, ` +
      "click 'Submit', then click 'Confirm'",
    facts: (state) => submitted(state, lodgingReport),
  },
  {
    name: 'submit-meals-without-receipt',
    instruction:
      "fill in the Employee name field with 'Marcus Lee', fill in the Email field with 'marcus.lee@example.com', " +
      "select 'Sales' from the 'Department' dropdown, type '11/03/2025' in the Trip date field, click the Next button, " +
      "type '42.80' into the 'Amount' field, choose 'Meals', then click the Next button, " +
      "check 'I certify these expenses are accurate', click 'Submit' and click 'Confirm'",
    facts: (state) =>
      submitted(state, {
        employeeName: 'Marcus Lee',
        email: 'marcus.lee@example.com',
        department: 'Sales',
        tripDate: '2025-11-03',
        amount: 42.8,
        category: 'Meals',
        receiptAttached: false,
        notes: '',
      }),
  },
  {
    name: 'submit-supplies-with-thousands',
    instruction:
      "type 'Kenji Sato' into the 'Employee name' field, press Tab, type 'kenji.sato@example.com' into the 'Email' field, " +
      "select 'Engineering' from the 'Department' list, type '02/02/2026' into the 'Trip date' field, click 'Next', " +
      "type '1,249.99' into the 'Amount' field, choose 'Supplies', check the 'Receipt attached' box, " +
      "type 'Oscilloscope for the lab' into the 'Notes' field, click 'Next', " +
      "check the 'I certify these expenses are accurate' checkbox, click 'Submit', click 'Confirm', " +
      "then wait for 'Report submitted' to appear",
    facts: (state) =>
      submitted(state, {
        employeeName: 'Kenji Sato',
        email: 'kenji.sato@example.com',
        department: 'Engineering',
        tripDate: '2026-02-02',
        amount: 1249.99,
        category: 'Supplies',
        receiptAttached: true,
        notes: 'Oscilloscope for the lab',
      }),
  },
  {
    name: 'employee-details-only',
    instruction: danaDetails,
    facts: (state) => [
      equals('the page', state.step, 'expense'),
      ...details(state, danaFields),
      ...notSubmitted(state),
    ],
  },
  {
    name: 'invalid-email-stays',
    expect: 'refused',
    instruction:
      "type 'Priya Nair' into the 'Employee name' field, type 'priya.nair' into the 'Email' field, click 'Next'",
    facts: (state) => [
      equals('the page', state.step, 'details'),
      ...details(state, { employeeName: 'Priya Nair', email: 'priya.nair' }),
      fact('an inline error is shown for the email', state.errors.email !== undefined, state.errors),
      fact('an inline error is shown for the department', state.errors.department !== undefined, state.errors),
    ],
  },
  {
    name: 'receipt-required',
    expect: 'refused',
    instruction: `${danaDetails}, type '180.00' into the 'Amount' field, choose 'Travel', click 'Next'`,
    facts: (state) => [
      equals('the page', state.step, 'expense'),
      ...details(state, { amount: '180.00', category: 'Travel', receiptAttached: false }),
      fact('an inline error asks for the receipt', state.errors.receiptAttached !== undefined, state.errors),
      ...notSubmitted(state),
    ],
  },
  {
    name: 'review-submit-disabled',
    instruction: `${danaDetails}, ${lodgingExpense}, then wait for 'Review and submit' to appear`,
    facts: (state) => [
      equals('the page', state.step, 'review'),
      equals('the certification', state.certified, false),
      equals('whether Submit is enabled', state.submitEnabled, false),
      ...notSubmitted(state),
    ],
  },
  {
    name: 'cancel-confirmation',
    instruction:
      `${danaDetails}, ${lodgingExpense}, check the 'I certify these expenses are accurate' checkbox, ` +
      "click 'Submit', then click 'Cancel'",
    facts: (state) => [
      equals('the page', state.step, 'review'),
      equals('whether the confirmation dialog is open', state.confirmOpen, false),
      equals('the number of cancelled confirmations', state.cancelledConfirmations, 1),
      equals('whether Submit is enabled', state.submitEnabled, true),
      ...notSubmitted(state),
    ],
  },
  {
    name: 'dismiss-surprise',
    surprise: true,
    instruction:
      "click 'Dismiss', then type 'Ana Lopez' into the 'Employee name' field, type 'ana.lopez@example.com' into the " +
      "'Email' field, select 'Operations' from the 'Department' dropdown, type '01/20/2026' into the 'Trip date' field " +
      "and click 'Next'",
    facts: (state) => [
      equals('whether the surprise notice is open', state.surpriseOpen, false),
      equals('the page', state.step, 'expense'),
      ...details(state, {
        employeeName: 'Ana Lopez',
        email: 'ana.lopez@example.com',
        department: 'Operations',
        tripDate: '2026-01-20',
      }),
    ],
  },
  {
    name: 'back-and-change-department',
    instruction: `${danaDetails}, click 'Back', then select 'Marketing' from the 'Department' dropdown`,
    facts: (state) => [
      equals('the page', state.step, 'details'),
      ...details(state, { ...danaFields, department: 'Marketing' }),
      ...notSubmitted(state),
    ],
  },
  {
    name: 'notes-below-the-fold',
    instruction:
      `${danaDetails}, type '64.00' into the 'Amount' field, choose 'Meals', scroll to the bottom, ` +
      "type 'Team dinner with the Acme buyers' into the 'Notes' field, click 'Next', " +
      "check the 'I certify these expenses are accurate' checkbox, click 'Submit' and click 'Confirm'",
    facts: (state) =>
      submitted(state, {
        ...danaFields,
        amount: 64,
        category: 'Meals',
        receiptAttached: false,
        notes: 'Team dinner with the Acme buyers',
      }),
  },
  {
    name: 'clarify-book-hotel',
    expect: 'clarify',
    instruction: 'book me a nice hotel for the Denver trip',
    facts: untouched,
  },
  {
    name: 'clarify-usual-details',
    expect: 'clarify',
    instruction: "type 'Dana Whitfield' into the 'Employee name' field, then fill in the rest with my usual details",
    facts: untouched,
  },
]);

/** The quickstart task: fill in both pages, certify, submit and confirm. */
export const expenseReportDefaultTask = taskNamed(expenseReportTasks, 'submit-lodging');
