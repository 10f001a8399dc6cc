import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ScenarioError,
  startScenarioServer,
  type ExpenseReportState,
  type MachineStatusState,
  type SalesChartsState,
  type ScenarioFault,
  type ScenarioName,
  type ScenarioServer,
} from '../src/index.js';
import { launchChromium, openPage, saveScreenshot, waitForSync } from './browser.js';

// Each planted fault driven directly with Playwright locators in real Chromium: the situation it
// plants is on screen and in the reported state, and a repairable fault gives way to the repair.
let server: ScenarioServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startScenarioServer(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function withApp(
  scenario: ScenarioName,
  fault: ScenarioFault,
  run: (page: Page, state: () => Promise<unknown>) => Promise<void>,
): Promise<void> {
  const session = `${scenario}-${fault}`;
  const page = await openPage(browser, server.urlFor(scenario, { session, fault }));
  const state = async () => {
    await waitForSync(page);
    return server.state(scenario, session);
  };
  try {
    await run(page, state);
  } finally {
    await page.context().close();
  }
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function fillExpenseReport(page: Page, amount: string): Promise<void> {
  await page.getByLabel('Employee name', { exact: true }).fill('Dana Whitfield');
  await page.getByLabel('Email', { exact: true }).fill('dana.whitfield@example.com');
  await page.getByLabel('Department', { exact: true }).selectOption('Finance');
  await page.getByLabel('Email', { exact: true }).fill('dana.whitfield@example.com');
  await page.getByLabel('Trip date', { exact: true }).fill('2026-03-14');
  await button(page, 'Next').click();
  await page.getByLabel('Amount', { exact: true }).fill(amount);
  await page.getByRole('radio', { name: 'Meals' }).check();
  await button(page, 'Next').click();
  await page.getByRole('checkbox', { name: 'I certify these expenses are accurate' }).check();
}

describe('the expense report with a planted fault', () => {
  it('stuck-save: the confirmed report stays "Submitting…" and is never submitted', async () => {
    await withApp('expense-report', 'stuck-save', async (page, state) => {
      await fillExpenseReport(page, '64.00');
      await button(page, 'Submit').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      expect(await page.getByText('Submitting report…').isVisible()).toBe(true);
      expect(await button(page, 'Submit').isDisabled()).toBe(true);
      expect(await page.getByText('Report submitted').isVisible()).toBe(false);
      await saveScreenshot(page, 'fault-expense-report-stuck-save');
      expect(await state()).toMatchObject({ step: 'review', submissions: [], confirmOpen: false });
    });
  });

  it('extra-confirm: Confirm asks about a duplicate, and only "Submit anyway" submits', async () => {
    await withApp('expense-report', 'extra-confirm', async (page, state) => {
      await fillExpenseReport(page, '64.00');
      await button(page, 'Submit').click();
      await page
        .getByRole('dialog', { name: 'Submit expense report?' })
        .getByRole('button', { name: 'Confirm' })
        .click();
      const duplicate = page.getByRole('dialog', { name: 'Possible duplicate report' });
      expect(await duplicate.isVisible()).toBe(true);
      await saveScreenshot(page, 'fault-expense-report-extra-confirm');
      expect(await state()).toMatchObject({ step: 'review', submissions: [], confirmOpen: true });
      await duplicate.getByRole('button', { name: 'Submit anyway' }).click();
      const after = (await state()) as ExpenseReportState;
      expect(after.step).toBe('submitted');
      expect(after.submissions.map((report) => report.amount)).toEqual([64]);
    });
  });

  it('field-reset: the first department change clears the email, and a second entry sticks', async () => {
    await withApp('expense-report', 'field-reset', async (page, state) => {
      const email = page.getByLabel('Email', { exact: true });
      await email.fill('dana.whitfield@example.com');
      await page.getByLabel('Department', { exact: true }).selectOption('Finance');
      expect(await email.inputValue()).toBe('');
      expect(await state()).toMatchObject({ fields: { email: '', department: 'Finance' } });
      await email.fill('dana.whitfield@example.com');
      await page.getByLabel('Department', { exact: true }).selectOption('Sales');
      expect(await state()).toMatchObject({ fields: { email: 'dana.whitfield@example.com', department: 'Sales' } });
    });
  });

  it('value-rounding: the amount is rounded to cents when the field loses focus', async () => {
    await withApp('expense-report', 'value-rounding', async (page, state) => {
      await fillExpenseReport(page, '12.345');
      expect(await page.getByText('USD 12.35', { exact: true }).isVisible()).toBe(true);
      expect(await state()).toMatchObject({ step: 'review', fields: { amount: '12.35' } });
    });
  });
});

describe('the machine dashboard with a planted fault', () => {
  async function confirmRestartOf(page: Page, name: string): Promise<void> {
    await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await button(page, 'Restart selected').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  }

  it('stuck-save: the confirmed restart stays "Sending…" and no machine restarts', async () => {
    await withApp('machine-status', 'stuck-save', async (page, state) => {
      await confirmRestartOf(page, 'Boiler-02');
      expect(await page.getByText('Sending restart to 1 machine…').isVisible()).toBe(true);
      expect(await button(page, 'Restart selected').isDisabled()).toBe(true);
      const after = (await state()) as MachineStatusState;
      expect(after.restarted).toEqual([]);
      expect(after.statuses['Boiler-02']).toBe('Error');
    });
  });

  it('extra-confirm: Confirm asks a safety question, and only "Restart now" restarts', async () => {
    await withApp('machine-status', 'extra-confirm', async (page, state) => {
      await confirmRestartOf(page, 'Boiler-02');
      const safety = page.getByRole('dialog', { name: 'Safety check' });
      expect(await safety.isVisible()).toBe(true);
      expect(await state()).toMatchObject({ restarted: [], confirmOpen: true });
      await safety.getByRole('button', { name: 'Restart now' }).click();
      expect(await state()).toMatchObject({ restarted: ['Boiler-02'], confirmOpen: false });
    });
  });

  it('field-reset: the first status change clears the search, and a second entry sticks', async () => {
    await withApp('machine-status', 'field-reset', async (page, state) => {
      const search = page.getByLabel('Search machines', { exact: true });
      await search.fill('Plant B');
      await page.getByLabel('Status', { exact: true }).selectOption('Idle');
      expect(await search.inputValue()).toBe('');
      expect(await state()).toMatchObject({ statusFilter: 'Idle', search: '' });
      await search.fill('Plant B');
      await page.getByLabel('Status', { exact: true }).selectOption('Error');
      expect(await state()).toMatchObject({
        statusFilter: 'Error',
        search: 'Plant B',
        visible: ['Boiler-02', 'Press-16'],
      });
    });
  });

  it('value-rounding: the search keeps 12 characters once it loses focus', async () => {
    await withApp('machine-status', 'value-rounding', async (page, state) => {
      const search = page.getByLabel('Search machines', { exact: true });
      await search.fill('Plant B, Line 3');
      expect(await state()).toMatchObject({ search: 'Plant B, Line 3' });
      await page.getByRole('columnheader', { name: 'Temperature' }).getByRole('button').click();
      expect(await search.inputValue()).toBe('Plant B, Lin');
      const after = (await state()) as MachineStatusState;
      expect(after.search).toBe('Plant B, Lin');
      expect(after.visible).toContain('Lathe-13');
    });
  });
});

describe('the sales charts with a planted fault', () => {
  const exportButton = (page: Page) => button(page, 'Export CSV');

  it('stuck-save: the export stays "Preparing export…" and no file is made', async () => {
    await withApp('sales-charts', 'stuck-save', async (page, state) => {
      await exportButton(page).click();
      expect(await page.getByText('Preparing export…').isVisible()).toBe(true);
      expect(await exportButton(page).isDisabled()).toBe(true);
      expect(((await state()) as SalesChartsState).exports).toEqual([]);
    });
  });

  it('extra-confirm: Export CSV asks before downloading, and only "Download" exports', async () => {
    await withApp('sales-charts', 'extra-confirm', async (page, state) => {
      await exportButton(page).click();
      const dialog = page.getByRole('dialog', { name: 'Download the CSV file?' });
      expect(await dialog.textContent()).toContain('12 rows will be saved to sales-revenue-all-regions');
      expect(((await state()) as SalesChartsState).exports).toEqual([]);
      await dialog.getByRole('button', { name: 'Download' }).click();
      expect(((await state()) as SalesChartsState).exports.map((file) => file.rows)).toEqual([12]);
    });
  });

  it('field-reset: the first region change clears the From date, and a second entry sticks', async () => {
    await withApp('sales-charts', 'field-reset', async (page, state) => {
      await page.getByLabel('From', { exact: true }).fill('2025-04-01');
      await page.getByLabel('Region', { exact: true }).selectOption('West');
      expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('');
      expect(await state()).toMatchObject({ controls: { from: '', region: 'West' } });
      await page.getByLabel('From', { exact: true }).fill('2025-04-01');
      await page.getByLabel('Region', { exact: true }).selectOption('East');
      expect(await state()).toMatchObject({ controls: { from: '2025-04-01', region: 'East' } });
    });
  });

  it('value-rounding: Apply widens the date range to whole months', async () => {
    await withApp('sales-charts', 'value-rounding', async (page, state) => {
      await page.getByLabel('From', { exact: true }).fill('2025-04-15');
      await page.getByLabel('To', { exact: true }).fill('2025-05-20');
      await button(page, 'Apply').click();
      expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('2025-04-01');
      expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('2025-05-31');
      expect(await state()).toMatchObject({
        applied: { from: '2025-04-01', to: '2025-05-31' },
        summary: { months: 2 },
      });
    });
  });
});

describe('the fault option', () => {
  it('is off unless asked for, and refuses a name that is not a fault', () => {
    expect(server.urlFor('sales-charts', { session: 's1' })).not.toContain('fault');
    expect(server.urlFor('sales-charts', { fault: 'stuck-save' })).toBe(
      `${server.origin}/sales-charts/?fault=stuck-save`,
    );
    expect(() => server.urlFor('sales-charts', { fault: 'slow-network' as ScenarioFault })).toThrow(ScenarioError);
  });
});
