/** Real actions that succeed: typed text, selects, toggles, opened dialogs and menus, navigation. */
import type { Page } from 'playwright-core';
import {
  afterSetup,
  capital,
  certified,
  clicked,
  ER,
  fillDetails,
  machineName,
  MS,
  prefilled,
  RADIOS,
  reviewed,
  rows,
  SC,
  script,
  selected,
  SERIES,
  toExpense,
  typed,
  withReceipt,
  type PairSpec,
  type Row,
  type Setup,
} from './spec-support.js';

/** Real actions that succeed and change only their target (and what it drives). */
export function actionSpecs(): PairSpec[] {
  const names = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Katherine Johnson'];
  const emails = ['ada@example.com', 'grace@example.org', 'alan@example.net', 'kj@example.com'];
  const typedRows: Row[] = [
    ...names.map((text, index) => typed(`name-${index}`, ER, '#employee-name', 'Employee name', text)),
    ...names.map((text, index) => typed(`replace-${index}`, ER, '#employee-name', 'Employee name', text, prefilled)),
    ...emails.map((text, index) => typed(`email-${index}`, ER, '#email', 'Email', text)),
    ...['125.50', '80.00', '42.10', '999.99'].map((text, index) =>
      typed(`amount-${index}`, ER, '#amount', 'Amount', text, toExpense),
    ),
    ...['Client dinner', 'Taxi', 'Hotel, 2 nights', 'Fees'].map((text, index) =>
      typed(`notes-${index}`, ER, '#notes', 'Notes', text, toExpense),
    ),
    ...['03/14/2026', '11/02/2025'].map((text, index) =>
      typed(`trip-date-${index}`, ER, '#trip-date', 'Trip date', text),
    ),
  ];
  const selectRows: Row[] = [
    ...['Engineering', 'Marketing', 'Sales', 'Operations'].map((option) =>
      selected(ER, '#department', 'Department', option),
    ),
    ...['Units', 'Profit'].map((option) => selected(SC, '#metric', 'Metric', option)),
    ...['North', 'West'].map((option) => selected(SC, '#region', 'Region', option)),
  ];
  const toggleRows: Row[] = [
    ...RADIOS.map((kind): Row =>
      clicked(`radio-${kind}`, ER, `Choose '${capital(kind)}'`, `#category-${kind}`, [`#category-${kind}`], toExpense),
    ),
    ...RADIOS.map((kind, index): Row => {
      const previous = `#category-${RADIOS[(index + 1) % RADIOS.length]!}`;
      const setup = afterSetup(toExpense, (page) => page.check(previous));
      return clicked(
        `radio-switch-${kind}`,
        ER,
        `Choose '${capital(kind)}'`,
        `#category-${kind}`,
        [`#category-${kind}`, previous],
        setup,
      );
    }),
    clicked(
      'receipt-check',
      ER,
      "Check the 'Receipt attached' checkbox",
      '#receipt-attached',
      ['#receipt-attached'],
      toExpense,
    ),
    clicked(
      'receipt-uncheck',
      ER,
      "Uncheck the 'Receipt attached' checkbox",
      '#receipt-attached',
      ['#receipt-attached'],
      withReceipt,
    ),
    clicked(
      'certify',
      ER,
      "Check the 'I certify these expenses are accurate' checkbox",
      '#certify',
      ['#certify', '#submit', 'before:#submit-hint'],
      reviewed,
    ),
    ...SERIES.map((name) =>
      clicked(`series-${name}`, SC, `Uncheck the '${capital(name)}' checkbox`, `#series-${name}`, [`#series-${name}`]),
    ),
    ...[1, 2, 4, 6].map((row): Row => {
      const box = `#machine-rows tr:nth-child(${row}) input`;
      const step = async (page: Page) => `Check the 'Select ${await machineName(row)(page)}' checkbox`;
      return clicked(`machine-row-${row}`, MS, step, box, [
        box,
        '#selection-count',
        '#restart-selected',
        '#select-all',
      ]);
    }),
  ];
  return [...rows('typed', true, typedRows), ...rows('select', true, selectRows), ...rows('toggle', true, toggleRows)];
}

/** A "More actions" button with a menu under it, added to the page; the click that opens it is real. */
const MENU_SCRIPT = (x: number, y: number) => `(() => {
  const button = document.createElement('button');
  button.id = 'bench-menu-button'; button.textContent = 'More actions'; button.setAttribute('aria-expanded', 'false');
  button.style.cssText = 'position:fixed;z-index:40;left:${x}px;top:${y}px;';
  const menu = document.createElement('ul');
  menu.id = 'bench-menu'; menu.setAttribute('role', 'menu'); menu.hidden = true;
  menu.style.cssText = 'position:fixed;z-index:40;left:${x}px;top:${y + 44}px;margin:0;padding:6px 0;list-style:none;background:#fff;border:1px solid #889;box-shadow:0 2px 8px #0003;';
  for (const label of ['Duplicate', 'Export', 'Archive']) {
    const item = document.createElement('li'); item.setAttribute('role', 'menuitem'); item.textContent = label;
    item.style.cssText = 'padding:6px 24px;font:15px sans-serif;'; menu.append(item);
  }
  button.addEventListener('click', () => { menu.hidden = false; button.setAttribute('aria-expanded', 'true'); });
  document.body.append(button, menu);
})()`;

export function dialogAndNavigationSpecs(): PairSpec[] {
  const confirmOpen = afterSetup(certified, (page) => page.click('#submit'));
  const rowChecked =
    (row: number): Setup =>
    (page) =>
      page.check(`#machine-rows tr:nth-child(${row}) input`);
  const dialogRows: Row[] = [
    clicked('submit-confirm', ER, "Click the 'Submit' button", '#submit', ['#confirm-dialog'], certified),
    clicked(
      'cancel-confirm',
      ER,
      "Click the 'Cancel' button",
      '#confirm-dialog [data-close=cancel]',
      ['before:#confirm-dialog'],
      confirmOpen,
    ),
    ...[1, 3, 5].map((row) =>
      clicked(
        `restart-${row}`,
        MS,
        "Click the 'Restart selected' button",
        '#restart-selected',
        ['#confirm-dialog'],
        rowChecked(row),
      ),
    ),
    ...[ER, MS, SC].flatMap((scenario) =>
      [
        [1080, 600],
        [760, 660],
        [1100, 120],
      ].map(([x = 0, y = 0]) =>
        clicked(
          `menu-${scenario}-${x}`,
          scenario,
          "Click the 'More actions' button",
          '#bench-menu-button',
          ['#bench-menu'],
          script(MENU_SCRIPT(x, y)),
        ),
      ),
    ),
  ];
  const dismissRows = [ER, MS, SC].map((scenario) =>
    clicked(`dismiss-${scenario}`, scenario, "Click the 'Dismiss' button", '#surprise-dialog [data-close=dismiss]', [
      'before:#surprise-dialog',
    ]),
  );
  const stepper = (...steps: string[]) => [...steps.map((step) => `.stepper li[data-step=${step}]`), '#report-form'];
  const expenseFilled = afterSetup(toExpense, async (page) => {
    await page.fill('#amount', '64.00');
    await page.check('#category-meals');
    await page.locator('#expense-next').scrollIntoViewIfNeeded();
  });
  const expenseBottom = afterSetup(toExpense, (page) => page.locator('#expense-back').scrollIntoViewIfNeeded());
  const charts = ['.figures', '.chart-card >> nth=0', '.chart-card >> nth=1', '.detail-card', '#apply'];
  const navigationRows: Row[] = [
    ...['Dana Whitfield', 'Ravi Patel', 'Mei Chen'].map((name, index) =>
      clicked(
        `details-next-${index}`,
        ER,
        "Click the 'Next' button",
        '#details-next',
        stepper('details', 'expense'),
        (page) => fillDetails(page, name),
      ),
    ),
    clicked(
      'expense-next',
      ER,
      "Click the 'Next' button",
      '#expense-next',
      stepper('expense', 'review'),
      expenseFilled,
    ),
    clicked(
      'expense-back',
      ER,
      "Click the 'Back' button",
      '#expense-back',
      stepper('details', 'expense'),
      expenseBottom,
    ),
    clicked('review-back', ER, "Click the 'Back' button", '#review-back', stepper('expense', 'review'), reviewed),
    ...[1, 3, 5, 7].map((row) => {
      const step = async (page: Page) => `Click '${await machineName(row)(page)}'`;
      const link = `#machine-rows tr:nth-child(${row}) .link-button`;
      return clicked(`machine-details-${row}`, MS, step, link, ['.details-card', `#machine-rows tr:nth-child(${row})`]);
    }),
    ...['name', 'temperature', 'location'].map((column) => {
      const header = `th[data-column=${column}]`;
      return clicked(`sort-${column}`, MS, `Click the '${capital(column)}' column header`, `${header} button`, [
        header,
        '#machine-rows',
      ]);
    }),
    ...['Units', 'Profit'].map((metric) =>
      clicked(`apply-${metric}`, SC, "Click the 'Apply' button", '#apply', charts, (page) =>
        page.selectOption('#metric', metric).then(() => undefined),
      ),
    ),
  ];
  return [
    ...rows('dialog-menu', true, dialogRows),
    ...rows('dialog-menu', true, dismissRows, { surprise: true }),
    ...rows('navigation', true, navigationRows),
  ];
}
