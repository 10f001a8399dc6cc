import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MachineStatusState } from '../src/index.js';
import { scenarioAppFixture } from './app-fixture.js';
import { saveScreenshot, waitForSync } from './browser.js';

// The machine dashboard driven directly with Playwright locators (the ground truth, not an agent).
const { task, withPage, stateOf } = scenarioAppFixture<MachineStatusState>('machine-status');

const rowNames = (page: Page) => page.locator('#machine-rows tr td:nth-child(2)').allTextContents();

describe('the machine status app', () => {
  it('lists 30 machines, most of them below the fold', async () => {
    await withPage('layout', async (page) => {
      await saveScreenshot(page, 'machine-status-1-table');
      expect(await page.getByRole('row').count()).toBe(31);
      const last = (await page.getByRole('button', { name: 'Welder-28' }).boundingBox())!;
      expect(last.y).toBeGreaterThan(800);
      expect(stateOf('layout').visible).toHaveLength(30);
    });
  });

  it('filters by status and restarts the selected machines after confirmation', async () => {
    const restartTask = task('restart-all-errors');
    await withPage('restart', async (page) => {
      expect(restartTask.check(stateOf('restart')).ok).toBe(false);
      const restart = page.getByRole('button', { name: 'Restart selected' });
      expect(await restart.isDisabled()).toBe(true);

      await page.getByLabel('Status', { exact: true }).selectOption('Error');
      expect(await rowNames(page)).toEqual(['Boiler-02', 'Mill-09', 'Press-16', 'Welder-26']);
      await page.getByRole('checkbox', { name: 'Select all' }).check();
      expect(await page.getByText('4 machines selected').isVisible()).toBe(true);
      await restart.click();

      const dialog = page.getByRole('dialog', { name: 'Restart 4 machines?' });
      expect(await dialog.isVisible()).toBe(true);
      await waitForSync(page);
      expect(stateOf('restart')).toMatchObject({ confirmOpen: true, restarted: [] });
      await saveScreenshot(page, 'machine-status-3-confirm-dialog');
      await dialog.getByRole('button', { name: 'Confirm' }).click();

      expect(await page.getByRole('status').textContent()).toBe(
        'Restart sent to 4 machines: Boiler-02, Mill-09, Press-16, Welder-26.',
      );
      await waitForSync(page);
      const after = restartTask.check(stateOf('restart'));
      expect(after.ok, after.detail).toBe(true);
      expect(stateOf('restart').visible).toEqual([]);
    });
  });

  it('closes the restart dialog with Escape, restarting nothing', async () => {
    const cancelTask = task('cancel-restart');
    await withPage('escape', async (page) => {
      await page.getByRole('checkbox', { name: 'Select Mill-09' }).check();
      await page.getByRole('checkbox', { name: 'Select Press-16' }).check();
      await page.getByRole('button', { name: 'Restart selected' }).click();
      expect(await page.getByRole('dialog', { name: 'Restart 2 machines?' }).isVisible()).toBe(true);
      await waitForSync(page);
      expect(cancelTask.check(stateOf('escape')).ok).toBe(false);
      await page.keyboard.press('Escape');
      await waitForSync(page);
      expect(await page.getByRole('dialog').count()).toBe(0);
      const after = cancelTask.check(stateOf('escape'));
      expect(after.ok, after.detail).toBe(true);
    });
  });

  it('sorts by a column header and reports it with aria-sort', async () => {
    const sortTask = task('sort-temperature-descending');
    await withPage('sort', async (page) => {
      const header = page.getByRole('columnheader', { name: 'Temperature' });
      expect(await header.getAttribute('aria-sort')).toBeNull();
      expect(await page.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
      await header.getByRole('button').click();
      expect(await header.getAttribute('aria-sort')).toBe('ascending');
      expect((await rowNames(page))[0]).toBe('Chiller-29');
      await waitForSync(page);
      expect(sortTask.check(stateOf('sort')).ok).toBe(false);
      await header.getByRole('button').click();
      expect(await header.getAttribute('aria-sort')).toBe('descending');
      expect((await rowNames(page)).slice(0, 2)).toEqual(['Welder-26', 'Boiler-02']);
      await waitForSync(page);
      const after = sortTask.check(stateOf('sort'));
      expect(after.ok, after.detail).toBe(true);
    });
  });

  it('searches by location and opens a machine below the fold in the details panel', async () => {
    const detailsTask = task('details-below-the-fold');
    const searchTask = task('search-location');
    await withPage('details', async (page) => {
      expect(detailsTask.check(stateOf('details')).ok).toBe(false);
      await page.mouse.wheel(0, 2000);
      await page.getByRole('button', { name: 'Welder-28' }).click();
      const panel = page.getByRole('complementary', { name: 'Machine details' });
      expect(await panel.getByRole('heading', { name: 'Welder-28' }).isVisible()).toBe(true);
      expect(await panel.textContent()).toContain('ArcPro 350');
      await waitForSync(page);
      await saveScreenshot(page, 'machine-status-2-details');
      expect(detailsTask.check(stateOf('details')).ok).toBe(true);

      expect(searchTask.check(stateOf('details')).ok).toBe(false);
      await page.getByLabel('Search machines').fill('plant b, line 3');
      expect(await rowNames(page)).toEqual(['Conveyor-07', 'Mill-10', 'Press-16', 'Robot-23', 'Welder-27']);
      expect(await page.getByText('Showing 5 of 30 machines').isVisible()).toBe(true);
      await waitForSync(page);
      // The task asks for the exact text 'Plant B, Line 3'; other casing is not what was asked.
      expect(searchTask.check(stateOf('details')).ok).toBe(false);
      await page.getByLabel('Search machines').fill('Plant B, Line 3');
      await waitForSync(page);
      expect(searchTask.check(stateOf('details')).ok).toBe(true);
    });
  });

  it('blocks the dashboard behind the surprise notice until it is dismissed', async () => {
    const surpriseTask = task('dismiss-surprise');
    await withPage(
      'surprise',
      async (page) => {
        const notice = page.getByRole('dialog', { name: 'Scheduled maintenance tonight' });
        expect(await notice.isVisible()).toBe(true);
        await saveScreenshot(page, 'machine-status-surprise');
        const name = (await page.getByRole('button', { name: 'Boiler-01', includeHidden: true }).boundingBox())!;
        await page.mouse.click(name.x + 5, name.y + name.height / 2);
        await waitForSync(page);
        expect(stateOf('surprise')).toMatchObject({ surpriseOpen: true, details: null });
        expect(surpriseTask.check(stateOf('surprise')).ok).toBe(false);

        await notice.getByRole('button', { name: 'Dismiss' }).click();
        await page.getByLabel('Status', { exact: true }).selectOption('Maintenance');
        await waitForSync(page);
        const after = surpriseTask.check(stateOf('surprise'));
        expect(after.ok, after.detail).toBe(true);
      },
      true,
    );
  });
});
