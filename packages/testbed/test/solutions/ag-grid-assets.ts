import type { Page } from 'playwright-core';
import { leaveAlone, type PageSolutions } from './solution.js';

const row = (page: Page, cell: string) =>
  page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: cell, exact: true }) });

async function deleteRow(page: Page, name: string): Promise<void> {
  await row(page, name).getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: `Delete ${name}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
}
const nextPage = (page: Page) => page.getByRole('button', { name: 'Next Page' }).click();

export const agGridAssetsSolutions: PageSolutions = {
  solve: {
    'ag-grid-assets/sort-last-service-newest-first': async (page) => {
      await page.getByRole('columnheader', { name: 'Last service' }).click();
      await page.getByRole('columnheader', { name: 'Last service' }).click();
    },
    'ag-grid-assets/filter-riverside': (page) =>
      page.getByRole('textbox', { name: 'Site Filter Input' }).fill('Riverside'),
    'ag-grid-assets/delete-boiler-on-page-3': async (page) => {
      await nextPage(page);
      await nextPage(page);
      await deleteRow(page, 'Boiler B-02');
    },
    'ag-grid-assets/select-two-rows': async (page) => {
      await row(page, 'AST-1004').getByRole('checkbox').check();
      await row(page, 'AST-1007').getByRole('checkbox').check();
    },
    'ag-grid-assets/delete-selected': async (page) => {
      await row(page, 'Forklift FL-3').getByRole('checkbox').check();
      await row(page, 'Pallet jack PJ-2').getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    },
    'ag-grid-assets/retire-generator': async (page) => {
      await row(page, 'Generator G-1').getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Generator G-1' });
      await dialog.getByLabel('Status').selectOption('Retired');
      await dialog.getByRole('button', { name: 'Save' }).click();
    },
    'ag-grid-assets/search-cranes': (page) => page.getByRole('searchbox', { name: 'Search assets' }).fill('crane'),
    'ag-grid-assets/last-page': (page) => page.getByRole('button', { name: 'Last Page' }).click(),
    'ag-grid-assets/sort-name-a-to-z': (page) => page.getByRole('columnheader', { name: 'Name' }).click(),
    'ag-grid-assets/ask-which-forklift': leaveAlone,
  },
  guess: {
    'ag-grid-assets/ask-which-forklift': (page) => deleteRow(page, 'Forklift FL-1'),
  },
};
