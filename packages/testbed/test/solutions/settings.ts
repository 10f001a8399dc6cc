import type { Page } from 'playwright-core';
import { leaveAlone, type PageSolutions } from './solution.js';

const save = (page: Page) => page.getByRole('button', { name: 'Save changes' }).click();

export const settingsSolutions: PageSolutions = {
  solve: {
    'settings/push-off-and-save': async (page) => {
      await page.getByRole('switch', { name: 'Push notifications' }).click();
      await save(page);
    },
    'settings/two-factor-in-collapsed-section': async (page) => {
      await page.getByText('Security', { exact: true }).click();
      await page.getByRole('switch', { name: 'Require two-factor authentication' }).click();
      await save(page);
    },
    'settings/session-timeout-45': async (page) => {
      await page.getByText('Security', { exact: true }).click();
      await page.getByRole('spinbutton', { name: 'Session timeout (minutes)' }).fill('45');
      await save(page);
    },
    'settings/dark-theme': async (page) => {
      await page.getByRole('radio', { name: 'Dark' }).check();
      await save(page);
    },
    'settings/rename-workspace': async (page) => {
      await page.getByLabel('Workspace name', { exact: true }).fill('Harbor Ops');
      await save(page);
    },
    'settings/weekly-summary-on': async (page) => {
      await page.getByRole('switch', { name: 'Weekly summary email' }).check();
      await save(page);
    },
    'settings/german-and-berlin': async (page) => {
      await page.getByLabel('Language').selectOption({ label: 'Deutsch' });
      await page.getByLabel('Time zone').selectOption({ label: '(UTC+01:00) Berlin' });
      await save(page);
    },
    'settings/email-and-mentions-off': async (page) => {
      await page.getByRole('switch', { name: 'Email digests' }).click();
      await page.getByRole('switch', { name: 'Mention alerts' }).click();
      await save(page);
    },
    'settings/delete-workspace': async (page) => {
      await page.getByText('Danger zone', { exact: true }).click();
      await page.getByRole('button', { name: 'Delete workspace' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this workspace?' });
      await dialog.getByLabel('Type the workspace name to confirm').fill('Tidewater Logistics');
      await dialog.getByRole('button', { name: 'Delete workspace' }).click();
    },
    'settings/ask-which-time-zone': leaveAlone,
  },
  guess: {
    'settings/ask-which-time-zone': async (page) => {
      await page.getByLabel('Time zone').selectOption({ label: '(UTC+09:00) Tokyo' });
      await save(page);
    },
  },
};
