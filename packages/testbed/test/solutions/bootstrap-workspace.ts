import type { Page } from 'playwright-core';
import { leaveAlone, type PageSolutions } from './solution.js';

const members = async (page: Page) => {
  await page.getByRole('tab', { name: 'Members' }).click();
  return page.getByRole('table', { name: 'Members' });
};
const memberRow = async (page: Page, name: string) => (await members(page)).getByRole('row').filter({ hasText: name });

export const bootstrapWorkspaceSolutions: PageSolutions = {
  solve: {
    'bootstrap-workspace/members-tab': (page) => page.getByRole('tab', { name: 'Members' }).click(),
    'bootstrap-workspace/invite-editor': async (page) => {
      await page.getByRole('tab', { name: 'Members' }).click();
      await page.getByRole('button', { name: 'Invite member' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite a member' });
      await dialog.getByLabel('Email address').fill('noor@example.com');
      await dialog.getByLabel('Role').selectOption('Editor');
      await dialog.getByRole('button', { name: 'Send invite' }).click();
    },
    'bootstrap-workspace/remove-jonas': async (page) => {
      await (await memberRow(page, 'Jonas Berg')).getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('dialog', { name: 'Remove member' }).getByRole('button', { name: 'Remove' }).click();
    },
    'bootstrap-workspace/archive-by-tooltip': (page) => page.getByRole('button', { name: 'Archive project' }).click(),
    'bootstrap-workspace/dismiss-trial-toast': (page) =>
      page.getByRole('status').filter({ hasText: 'Your trial ends' }).getByRole('button', { name: 'Close' }).click(),
    'bootstrap-workspace/download-march-2024': async (page) => {
      await page.getByRole('tab', { name: 'Billing' }).click();
      await page.getByRole('button', { name: '2024' }).click();
      await page
        .getByRole('listitem')
        .filter({ hasText: 'Invoice March 2024' })
        .getByRole('link', { name: 'Download' })
        .click();
    },
    'bootstrap-workspace/sign-out-from-menu': async (page) => {
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page
        .getByRole('dialog', { name: 'Sign out of the workspace?' })
        .getByRole('button', { name: 'Sign out' })
        .click();
    },
    'bootstrap-workspace/change-billing-email': async (page) => {
      await page.getByRole('tab', { name: 'Billing' }).click();
      await page.getByRole('button', { name: 'Change billing email' }).click();
      await page.getByLabel('New billing email').fill('billing@tidewater.example');
      await page.getByRole('button', { name: 'Save email' }).click();
    },
    'bootstrap-workspace/chidi-becomes-editor': async (page) =>
      (await memberRow(page, 'Chidi Obi')).getByRole('combobox', { name: 'Role' }).selectOption('Editor'),
    'bootstrap-workspace/ask-which-admin': leaveAlone,
  },
  guess: {
    'bootstrap-workspace/ask-which-admin': async (page) => {
      await (await memberRow(page, 'Ana Souza')).getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('dialog', { name: 'Remove member' }).getByRole('button', { name: 'Remove' }).click();
    },
  },
};
