import type { Page } from 'playwright-core';
import { leaveAlone, type PageSolutions } from './solution.js';

async function search(page: Page, query: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Search the catalogue' }).fill(query);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

const result = (page: Page, title: string) => page.getByRole('article').filter({ hasText: title });

export const searchSolutions: PageSolutions = {
  solve: {
    'search/search-tide': (page) => search(page, 'tide'),
    'search/third-gardening-result': async (page) => {
      await search(page, 'gardening');
      await page.getByRole('article').nth(2).getByRole('link').click();
    },
    'search/reserve-on-page-two': async (page) => {
      await search(page, 'sea');
      await page.getByRole('navigation', { name: 'Result pages' }).getByRole('button', { name: '2' }).click();
      await result(page, 'The Deep Ocean Atlas').getByRole('button', { name: 'Reserve' }).click();
    },
    'search/pick-author-suggestion': async (page) => {
      await page.getByRole('combobox', { name: 'Search the catalogue' }).pressSequentially('ursula');
      await page.getByRole('option', { name: 'Ursula K. Le Guin' }).click();
    },
    'search/history-audiobooks': async (page) => {
      await search(page, 'history');
      await page.getByLabel('Format').selectOption({ label: 'Audiobook' });
    },
    'search/last-cooking-result': async (page) => {
      await search(page, 'cooking');
      await page.getByRole('article').last().getByRole('link').click();
    },
    'search/reserve-coral-ebook': async (page) => {
      await search(page, 'coral');
      await page.getByRole('article').filter({ hasText: 'E-book' }).getByRole('button', { name: 'Reserve' }).click();
    },
    'search/first-result-on-next-page': async (page) => {
      await search(page, 'history');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('article').first().getByRole('link').click();
    },
    'search/newest-sea-book': async (page) => {
      await search(page, 'sea');
      await page.getByLabel('Sort by').selectOption({ label: 'Newest first' });
      await page.getByRole('article').first().getByRole('link').click();
    },
    'search/ask-which-tides': leaveAlone,
  },
  guess: {
    'search/ask-which-tides': async (page) => {
      await search(page, 'tides');
      await page.getByRole('article').first().getByRole('button', { name: 'Reserve' }).click();
    },
  },
};
