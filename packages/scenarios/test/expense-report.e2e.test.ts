import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ExpenseReportState } from '../src/index.js';
import { scenarioAppFixture } from './app-fixture.js';
import { saveScreenshot, waitForSync } from './browser.js';

// The expense form driven directly with Playwright locators (the ground truth, not an agent).
const { task, withPage, stateOf } = scenarioAppFixture<ExpenseReportState>('expense-report');

async function fillDetails(page: Page): Promise<void> {
  await page.getByLabel('Employee name', { exact: true }).fill('Dana Whitfield');
  await page.getByLabel('Email', { exact: true }).fill('dana.whitfield@example.com');
  await page.getByLabel('Department').selectOption('Finance');
  await page.getByLabel('Trip date').click();
  await page.keyboard.type('03/14/2026');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

async function fillLodging(page: Page): Promise<void> {
  await page.getByLabel('Amount').fill('248.50');
  await page.getByRole('radio', { name: 'Lodging' }).check();
  await page.getByRole('checkbox', { name: 'Receipt attached' }).check();
  await page.getByLabel('Notes').fill('Hotel for the Denver client visit');
}

describe('the expense report app', () => {
  it('submits a full report only after certification and confirmation', async () => {
    const submitTask = task('submit-lodging');
    await withPage('submit', async (page) => {
      expect(submitTask.check(stateOf('submit')).ok).toBe(false);
      await fillDetails(page);
      await expect.poll(() => page.getByRole('heading', { name: 'Expense', exact: true }).isVisible()).toBe(true);

      // The expense page is taller than the 800px viewport: Notes starts below the fold.
      const notes = (await page.getByLabel('Notes').boundingBox())!;
      expect(notes.y + notes.height).toBeGreaterThan(800);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(800);
      await saveScreenshot(page, 'expense-report-2-expense');

      await fillLodging(page);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      const submit = page.getByRole('button', { name: 'Submit', exact: true });
      expect(await submit.isDisabled()).toBe(true);
      await waitForSync(page);
      expect(stateOf('submit')).toMatchObject({ step: 'review', submitEnabled: false });
      await saveScreenshot(page, 'expense-report-3-review');

      await page.getByRole('checkbox', { name: 'I certify these expenses are accurate' }).check();
      expect(await submit.isEnabled()).toBe(true);
      await submit.click();
      const dialog = page.getByRole('dialog', { name: 'Submit expense report?' });
      expect(await dialog.isVisible()).toBe(true);
      expect(await dialog.textContent()).toContain('USD 248.50 for Lodging on 03/14/2026');
      await waitForSync(page);
      expect(stateOf('submit')).toMatchObject({ confirmOpen: true, submissions: [] });
      await saveScreenshot(page, 'expense-report-4-confirm-dialog');

      await dialog.getByRole('button', { name: 'Confirm' }).click();
      const status = page.getByRole('status');
      expect(await status.textContent()).toMatch(/Report submitted\s*Reference number: EXP-\d{6}/);
      await waitForSync(page);
      await saveScreenshot(page, 'expense-report-5-submitted');
      const after = submitTask.check(stateOf('submit'));
      expect(after.ok, after.detail).toBe(true);
      expect(stateOf('submit').submissions[0]?.reference).toBe(
        (await page.locator('#reference').textContent())?.trim(),
      );
    });
  });

  it('keeps the report when the confirmation is cancelled', async () => {
    const cancelTask = task('cancel-confirmation');
    await withPage('cancel', async (page) => {
      await fillDetails(page);
      await fillLodging(page);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('checkbox', { name: 'I certify these expenses are accurate' }).check();
      await waitForSync(page);
      expect(cancelTask.check(stateOf('cancel')).ok).toBe(false);
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      expect(await page.getByRole('dialog').count()).toBe(0);
      await waitForSync(page);
      const after = cancelTask.check(stateOf('cancel'));
      expect(after.ok, after.detail).toBe(true);
    });
  });

  it('shows inline validation messages and stays on the page', async () => {
    const invalidTask = task('invalid-email-stays');
    await withPage('invalid', async (page) => {
      expect(invalidTask.check(stateOf('invalid')).ok).toBe(false);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      expect(await page.getByText('Enter an email address.').isVisible()).toBe(true);
      expect(await page.getByRole('alert').textContent()).toBe('Fix 4 fields to continue.');
      await page.getByLabel('Employee name', { exact: true }).fill('Priya Nair');
      await page.getByLabel('Email', { exact: true }).fill('priya.nair');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      expect(await page.getByText('Enter a valid email address, like name@example.com.').isVisible()).toBe(true);
      expect(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await waitForSync(page);
      await saveScreenshot(page, 'expense-report-1-validation');
      const after = invalidTask.check(stateOf('invalid'));
      expect(after.ok, after.detail).toBe(true);
    });
  });

  it('blocks the form behind the surprise notice until it is dismissed', async () => {
    const surpriseTask = task('dismiss-surprise');
    await withPage(
      'surprise',
      async (page) => {
        const notice = page.getByRole('dialog', { name: 'Your session will expire soon' });
        expect(await notice.isVisible()).toBe(true);
        await saveScreenshot(page, 'expense-report-surprise');
        // A click where the name field is lands on the backdrop, not the field.
        const field = (await page.locator('#employee-name').boundingBox())!;
        await page.mouse.click(field.x + 20, field.y + field.height / 2);
        await page.keyboard.type('Nobody');
        await waitForSync(page);
        expect(stateOf('surprise')).toMatchObject({ surpriseOpen: true, fields: { employeeName: '' } });
        expect(surpriseTask.check(stateOf('surprise')).ok).toBe(false);

        await notice.getByRole('button', { name: 'Dismiss' }).click();
        await page.getByLabel('Employee name', { exact: true }).fill('Ana Lopez');
        await page.getByLabel('Email', { exact: true }).fill('ana.lopez@example.com');
        await page.getByLabel('Department').selectOption({ label: 'Operations' });
        await page.getByLabel('Trip date').fill('2026-01-20');
        await page.getByRole('button', { name: 'Next', exact: true }).click();
        await waitForSync(page);
        const after = surpriseTask.check(stateOf('surprise'));
        expect(after.ok, after.detail).toBe(true);
      },
      true,
    );
  });

  it('judges a clarify task untouched on the fresh form and touched after typing', async () => {
    const clarifyTask = task('clarify-usual-details');
    await withPage('clarify', async (page) => {
      await saveScreenshot(page, 'expense-report-1-details');
      expect(clarifyTask.check(stateOf('clarify')).ok).toBe(true);
      await page.getByLabel('Employee name', { exact: true }).fill('Dana Whitfield');
      await waitForSync(page);
      expect(clarifyTask.check(stateOf('clarify'))).toMatchObject({ ok: false });
    });
  });
});
