import type { Page } from 'playwright-core';
import { leaveAlone, type PageSolutions } from './solution.js';

const saveProfile = (page: Page) => page.getByRole('button', { name: 'Save profile' }).click();
const saveNotifications = (page: Page) => page.getByRole('button', { name: 'Save notifications' }).click();
const tab = (page: Page, name: string) => page.getByRole('tab', { name }).click();

async function pickOption(page: Page, combobox: string, typed: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('combobox', { name: combobox }).pressSequentially(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

export const muiAccountSolutions: PageSolutions = {
  solve: {
    'mui-account/language-deutsch': async (page) => {
      await page.getByRole('combobox', { name: 'Language' }).click();
      await page.getByRole('option', { name: 'Deutsch' }).click();
      await saveProfile(page);
    },
    'mui-account/country-new-zealand': async (page) => {
      await page.getByRole('combobox', { name: 'Country' }).fill('');
      await pickOption(page, 'Country', 'New', 'New Zealand');
      await saveProfile(page);
    },
    'mui-account/three-interests': async (page) => {
      for (const interest of ['Hiking', 'Chess', 'Pottery'])
        await pickOption(page, 'Interests', interest.slice(0, 3), interest);
      await saveProfile(page);
    },
    'mui-account/birthday': async (page) => {
      await page.getByRole('group', { name: 'Birthday' }).getByRole('spinbutton', { name: 'Month' }).click();
      await page.keyboard.type('06221990');
      await saveProfile(page);
    },
    'mui-account/sms-alerts-on': async (page) => {
      await tab(page, 'Notifications');
      await page.getByRole('switch', { name: 'SMS alerts' }).check();
      await saveNotifications(page);
    },
    'mui-account/volume-35': async (page) => {
      await tab(page, 'Notifications');
      const slider = page.getByRole('slider', { name: 'Notification volume' });
      await slider.focus();
      for (let press = 0; press < 7; press += 1) await slider.press('ArrowLeft');
      await saveNotifications(page);
    },
    'mui-account/weekly-instead-of-daily': async (page) => {
      await tab(page, 'Notifications');
      await page.getByRole('checkbox', { name: 'Weekly report' }).check();
      await page.getByRole('checkbox', { name: 'Daily digest' }).uncheck();
      await saveNotifications(page);
    },
    'mui-account/delete-account': async (page) => {
      await tab(page, 'Privacy');
      await page.getByRole('button', { name: 'Delete account' }).click();
      await page.getByRole('dialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Delete' }).click();
    },
    'mui-account/download-my-data': async (page) => {
      await tab(page, 'Privacy');
      await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('menuitem', { name: 'Download my data' }).click();
    },
    'mui-account/retention-six-months': async (page) => {
      await tab(page, 'Privacy');
      await page.getByRole('slider', { name: 'Data retention (months)' }).press('ArrowLeft');
    },
    'mui-account/private-profile': async (page) => {
      await tab(page, 'Privacy');
      await page.getByRole('switch', { name: 'Public profile' }).uncheck();
    },
    'mui-account/infeasible-italian': leaveAlone,
  },
  guess: {
    'mui-account/infeasible-italian': async (page) => {
      await page.getByRole('combobox', { name: 'Language' }).click();
      await page.getByRole('option', { name: 'Español' }).click();
      await saveProfile(page);
    },
  },
};
