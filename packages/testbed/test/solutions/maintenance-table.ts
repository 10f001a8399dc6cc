import type { Page } from 'playwright-core';
import { leaveAlone, type PageSolutions } from './solution.js';

const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
const goToPage = (page: Page, number: number) =>
  page
    .getByRole('navigation', { name: 'Pagination' })
    .getByRole('button', { name: String(number), exact: true })
    .click();

async function deleteMachine(page: Page, name: string): Promise<void> {
  await row(page, name).getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: `Delete ${name}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
}

async function edit(
  page: Page,
  name: string,
  change: (dialog: ReturnType<Page['getByRole']>) => Promise<unknown>,
): Promise<void> {
  await row(page, name).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await change(dialog);
  await dialog.getByRole('button', { name: 'Save' }).click();
}

export const maintenanceTableSolutions: PageSolutions = {
  solve: {
    'maintenance-table/delete-boiler-02': (page) => deleteMachine(page, 'Boiler-02'),
    'maintenance-table/delete-last-row-of-first-page': async (page) => {
      await page.getByRole('table').getByRole('row').last().getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    },
    'maintenance-table/reassign-chiller-01': (page) =>
      edit(page, 'Chiller-01', (dialog) => dialog.getByLabel('Technician').fill('Rosa Diaz')),
    'maintenance-table/delete-on-page-three': async (page) => {
      await goToPage(page, 3);
      await deleteMachine(page, 'Pump-07');
    },
    'maintenance-table/sort-next-service-descending': async (page) => {
      await page.getByRole('button', { name: 'Next service' }).click();
      await page.getByRole('button', { name: 'Next service' }).click();
    },
    'maintenance-table/compressor-b-out-of-service': async (page) => {
      await goToPage(page, 3);
      await edit(page, 'Compressor-B', (dialog) => dialog.getByLabel('Status').selectOption('Out of service'));
    },
    'maintenance-table/pump-03-next-service': async (page) => {
      await goToPage(page, 2);
      await edit(page, 'Pump-03', (dialog) => dialog.getByLabel('Next service').fill('2026-05-04'));
    },
    'maintenance-table/delete-mixer-and-saw': async (page) => {
      await goToPage(page, 2);
      await deleteMachine(page, 'Mixer-04');
      await goToPage(page, 3);
      await deleteMachine(page, 'Saw-06');
    },
    'maintenance-table/ask-which-boiler': leaveAlone,
  },
  guess: {
    'maintenance-table/ask-which-boiler': (page) => deleteMachine(page, 'Boiler-01'),
  },
};
