import type { Page } from 'playwright-core';
import { leaveAlone, type PageSolutions } from './solution.js';

async function choose(page: Page, field: string, typed: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: field }).fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

export const reactSelectTripSolutions: PageSolutions = {
  solve: {
    'react-select-trip/lisbon-to-oslo': async (page) => {
      await choose(page, 'From', 'Lis', 'Lisbon');
      await choose(page, 'To', 'Os', 'Oslo');
    },
    'react-select-trip/add-three-travellers': async (page) => {
      await choose(page, 'Travellers', 'Ana', 'Ana Souza');
      await choose(page, 'Travellers', 'Ben', 'Ben Carter');
      await choose(page, 'Travellers', 'Chi', 'Chidi Obi');
    },
    'react-select-trip/clear-cost-center': async (page) => {
      await page.getByRole('combobox', { name: 'Cost center' }).focus();
      await page.keyboard.press('Backspace');
    },
    'react-select-trip/hotel-search': (page) => choose(page, 'Hotel', 'harbour', 'Harbour View Inn, Oslo'),
    'react-select-trip/submit-porto-toronto': async (page) => {
      await page.getByLabel('Requested by').fill('Ana Souza');
      await choose(page, 'From', 'Por', 'Porto');
      await choose(page, 'To', 'Tor', 'Toronto');
      await choose(page, 'Hotel', 'lakeshore', 'Lakeshore Suites, Toronto');
      await page.getByRole('button', { name: 'Submit request' }).click();
    },
    'react-select-trip/remove-mei': (page) => page.getByRole('button', { name: 'Remove Mei Lin' }).click(),
    'react-select-trip/create-tag': async (page) => {
      await page.getByRole('combobox', { name: 'Tags' }).fill('client-visit');
      await page.getByRole('option', { name: 'Create "client-visit"' }).click();
    },
    'react-select-trip/cost-center-research': (page) => choose(page, 'Cost center', 'CC-3', 'CC-330 Research'),
    'react-select-trip/ask-which-portland': leaveAlone,
  },
  guess: {
    'react-select-trip/ask-which-portland': (page) => choose(page, 'To', 'Portland', 'Portland, Oregon'),
  },
};
