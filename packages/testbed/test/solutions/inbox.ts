import type { Page } from 'playwright-core';
import { leaveAlone, type PageSolutions } from './solution.js';

const messages = (page: Page) => page.getByRole('region', { name: 'Messages' }).getByRole('listitem');
const openMessage = (page: Page, text: string) =>
  messages(page).filter({ hasText: text }).getByRole('button').first().click();
const act = (page: Page, name: string) =>
  page.getByRole('toolbar', { name: 'Message actions' }).getByRole('button', { name }).click();

async function reply(page: Page, subject: string, body: string): Promise<void> {
  await openMessage(page, subject);
  await act(page, 'Reply');
  await page.getByLabel('Message', { exact: true }).fill(body);
  await page.getByRole('button', { name: 'Send' }).click();
}

export const inboxSolutions: PageSolutions = {
  solve: {
    'inbox/reply-to-marco': (page) => reply(page, 'Dock schedule for Friday', 'Friday at 7:30 works for us.'),
    'inbox/forward-invoice': async (page) => {
      await openMessage(page, 'Invoice INV-2291');
      await act(page, 'Forward');
      await page.getByLabel('To').fill('accounts@tidewater.example');
      await page.getByLabel('Message', { exact: true }).fill('Please pay by the 30th.');
      await page.getByRole('button', { name: 'Send' }).click();
    },
    'inbox/archive-lena': async (page) => {
      await openMessage(page, 'Lena Fischer');
      await act(page, 'Archive');
    },
    'inbox/delete-second-message': async (page) => {
      await messages(page).nth(1).getByRole('button').first().click();
      await act(page, 'Delete');
    },
    'inbox/star-offsite': (page) =>
      messages(page)
        .filter({ hasText: 'Team offsite in June' })
        .getByRole('button', { name: 'Star', exact: true })
        .click(),
    'inbox/compose-to-hr': async (page) => {
      await page.getByRole('button', { name: 'Compose' }).click();
      await page.getByLabel('To').fill('hr@tidewater.example');
      await page.getByLabel('Subject').fill('Parental leave dates');
      await page.getByLabel('Message', { exact: true }).fill('I plan to be on leave from 1 July to 30 September.');
      await page.getByRole('button', { name: 'Send' }).click();
    },
    'inbox/archive-newsletter-delete-permits': async (page) => {
      await openMessage(page, 'Harbor Weekly');
      await act(page, 'Archive');
      await openMessage(page, 'Parking permits');
      await act(page, 'Delete');
    },
    'inbox/reply-to-last': async (page) => {
      await messages(page).last().getByRole('button').first().click();
      await act(page, 'Reply');
      await page.getByLabel('Message', { exact: true }).fill('Thanks, noted.');
      await page.getByRole('button', { name: 'Send' }).click();
    },
    'inbox/star-owen-and-sofia': async (page) => {
      await messages(page).filter({ hasText: 'Owen Blake' }).getByRole('button', { name: 'Star', exact: true }).click();
      await messages(page)
        .filter({ hasText: 'Sofia Marin' })
        .getByRole('button', { name: 'Star', exact: true })
        .click();
    },
    'inbox/ask-which-priya': leaveAlone,
  },
  guess: {
    'inbox/ask-which-priya': (page) => reply(page, 'Q3 budget draft', 'Looks good.'),
  },
};
