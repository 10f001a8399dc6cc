import { describe, expect, it } from 'vitest';
import type { SalesChartsState } from '../src/index.js';
import { scenarioAppFixture } from './app-fixture.js';
import { saveScreenshot, waitForSync } from './browser.js';

// The sales dashboard driven directly with Playwright locators (the ground truth, not an agent).
const { task, withPage, stateOf } = scenarioAppFixture<SalesChartsState>('sales-charts');

describe('the sales charts app', () => {
  it('draws titled SVG charts and states the total as text', async () => {
    await withPage('charts', async (page) => {
      await saveScreenshot(page, 'sales-charts-1-dashboard');
      const bar = page.getByRole('img', { name: /^Revenue by product line Bar chart of total revenue/ });
      const line = page.getByRole('img', { name: /^Revenue by month Line chart of monthly revenue/ });
      expect(await bar.locator('rect').count()).toBe(4);
      expect(await line.locator('polyline').count()).toBe(4);
      const state = stateOf('charts');
      expect(await page.getByText(/^Total revenue: [\d,]+$/).textContent()).toBe(state.summary.text);
      expect(state.summary.text).toBe(`Total revenue: ${state.summary.total.toLocaleString('en-US')}`);
    });
  });

  it('applies a metric only when Apply is pressed', async () => {
    const unitsTask = task('show-units');
    await withPage('units', async (page) => {
      await page.getByLabel('Metric', { exact: true }).selectOption('Units');
      await waitForSync(page);
      expect(stateOf('units').controls.metric).toBe('Units');
      expect(unitsTask.check(stateOf('units')).ok).toBe(false);
      await page.getByRole('button', { name: 'Apply' }).click();
      expect(await page.getByRole('heading', { name: 'Units by month' }).isVisible()).toBe(true);
      expect(await page.getByText(/^Total units: [\d,]+$/).isVisible()).toBe(true);
      await waitForSync(page);
      const after = unitsTask.check(stateOf('units'));
      expect(after.ok, after.detail).toBe(true);
    });
  });

  it('takes typed dates and exports the applied view from below the fold', async () => {
    const exportTask = task('fourth-quarter-units-export');
    await withPage('export', async (page) => {
      const exportButton = page.getByRole('button', { name: 'Export CSV' });
      expect((await exportButton.boundingBox())!.y).toBeGreaterThan(800);
      await page.getByLabel('Metric', { exact: true }).selectOption('Units');
      await page.getByLabel('From', { exact: true }).click();
      await page.keyboard.type('10/01/2025');
      await page.getByLabel('To', { exact: true }).click();
      await page.keyboard.type('12/31/2025');
      await page.getByRole('button', { name: 'Apply' }).click();
      await waitForSync(page);
      expect(stateOf('export').applied).toMatchObject({ from: '2025-10-01', to: '2025-12-31' });
      expect(exportTask.check(stateOf('export')).ok).toBe(false);

      await page.mouse.wheel(0, 800);
      await exportButton.click();
      expect(await page.getByRole('status').textContent()).toBe(
        'Export complete: 3 rows saved to sales-units-all-regions-2025-10-to-2025-12.csv',
      );
      await waitForSync(page);
      await saveScreenshot(page, 'sales-charts-2-export');
      const after = exportTask.check(stateOf('export'));
      expect(after.ok, after.detail).toBe(true);
    });
  });

  it('disables Apply until at least one series is ticked', async () => {
    const disabledTask = task('apply-disabled-without-series');
    const seriesTask = task('east-hardware-only');
    await withPage('series', async (page) => {
      for (const name of ['Hardware', 'Software', 'Services', 'Support']) {
        await page.getByRole('checkbox', { name }).uncheck();
      }
      const apply = page.getByRole('button', { name: 'Apply' });
      expect(await apply.isDisabled()).toBe(true);
      expect(await page.getByText('Choose at least one series.').isVisible()).toBe(true);
      await waitForSync(page);
      await saveScreenshot(page, 'sales-charts-3-validation');
      const disabled = disabledTask.check(stateOf('series'));
      expect(disabled.ok, disabled.detail).toBe(true);

      await page.getByRole('checkbox', { name: 'Hardware' }).check();
      await page.getByLabel('Region', { exact: true }).selectOption('East');
      expect(await apply.isEnabled()).toBe(true);
      expect(seriesTask.check(stateOf('series')).ok).toBe(false);
      await apply.click();
      await waitForSync(page);
      const after = seriesTask.check(stateOf('series'));
      expect(after.ok, after.detail).toBe(true);
      expect(disabledTask.check(stateOf('series')).ok).toBe(false);
    });
  });

  it('blocks the dashboard behind the surprise notice until it is dismissed', async () => {
    const surpriseTask = task('dismiss-surprise');
    await withPage(
      'surprise',
      async (page) => {
        const notice = page.getByRole('dialog', { name: "What's new in Sales Insights" });
        expect(await notice.isVisible()).toBe(true);
        await saveScreenshot(page, 'sales-charts-surprise');
        const apply = (await page.getByRole('button', { name: 'Apply', includeHidden: true }).boundingBox())!;
        await page.mouse.click(apply.x + apply.width / 2, apply.y + apply.height / 2);
        expect(await notice.isVisible()).toBe(true);

        await notice.getByRole('button', { name: 'Dismiss' }).click();
        await page.getByLabel('Metric', { exact: true }).selectOption('Profit');
        expect(surpriseTask.check(stateOf('surprise')).ok).toBe(false);
        await page.getByRole('button', { name: 'Apply' }).click();
        await waitForSync(page);
        const after = surpriseTask.check(stateOf('surprise'));
        expect(after.ok, after.detail).toBe(true);
      },
      true,
    );
  });
});
