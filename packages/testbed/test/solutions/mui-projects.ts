import type { Page } from 'playwright-core';
import { leaveAlone, type PageSolutions } from './solution.js';

async function choose(page: Page, project: string, action: string): Promise<void> {
  await page.getByRole('article', { name: project }).getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

export const muiProjectsSolutions: PageSolutions = {
  solve: {
    'mui-projects/rename-dock-scheduling': async (page) => {
      await choose(page, 'Dock Scheduling', 'Rename');
      await page.getByRole('dialog').getByLabel('Project name').fill('Berth Scheduling');
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    },
    'mui-projects/duplicate-tide-tables': (page) => choose(page, 'Tide Tables API', 'Duplicate'),
    'mui-projects/archive-crew-portal': (page) => choose(page, 'Crew Portal', 'Archive'),
    'mui-projects/delete-cargo-tracker': async (page) => {
      await choose(page, 'Cargo Tracker', 'Delete');
      await page.getByRole('dialog', { name: 'Delete Cargo Tracker?' }).getByRole('button', { name: 'Delete' }).click();
    },
    'mui-projects/new-scrum-project': async (page) => {
      await page.getByRole('button', { name: 'New project' }).click();
      const dialog = page.getByRole('dialog', { name: 'New project' });
      await dialog.getByLabel('Project name').fill('Pilot Boarding');
      await dialog.getByRole('combobox', { name: 'Template' }).click();
      await page.getByRole('option', { name: 'Scrum sprints' }).click();
      await dialog.getByRole('button', { name: 'Create' }).click();
    },
    'mui-projects/restore-legacy-intranet': async (page) => {
      await page.getByRole('tab', { name: 'Archived' }).click();
      await choose(page, 'Legacy Intranet', 'Restore');
    },
    'mui-projects/archive-second-card': async (page) => {
      await page.getByRole('article').nth(1).getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Archive' }).click();
    },
    'mui-projects/archive-two-projects': async (page) => {
      await choose(page, 'Harbor Redesign', 'Archive');
      await choose(page, 'Supplier Portal', 'Archive');
    },
    'mui-projects/ask-which-portal': leaveAlone,
  },
  guess: {
    'mui-projects/ask-which-portal': async (page) => {
      await choose(page, 'Crew Portal', 'Delete');
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    },
  },
};
