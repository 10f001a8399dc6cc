import type { Page } from 'playwright-core';
import { leaveAlone, type PageSolutions } from './solution.js';

/** Type into a flatpickr alt input (allowInput is on) and press Enter, as a keyboard user would. */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: label });
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

export const flatpickrBookingSolutions: PageSolutions = {
  solve: {
    'flatpickr-booking/meeting-date': (page) => typeInto(page, 'Meeting date', 'March 14, 2026'),
    'flatpickr-booking/start-and-end': async (page) => {
      await typeInto(page, 'Start time', '09:30 AM');
      await typeInto(page, 'End time', '11:00 AM');
    },
    'flatpickr-booking/offsite-range': (page) => typeInto(page, 'Offsite dates', 'May 4, 2026 to May 8, 2026'),
    'flatpickr-booking/book-borealis': async (page) => {
      await page.getByLabel('Room', { exact: true }).selectOption({ label: 'Borealis — 12 seats' });
      await typeInto(page, 'Meeting date', 'April 2, 2026');
      await typeInto(page, 'Start time', '02:00 PM');
      await typeInto(page, 'End time', '03:30 PM');
      await page.getByRole('button', { name: 'Book room' }).click();
    },
    'flatpickr-booking/start-at-16-45': (page) => typeInto(page, 'Start time', '04:45 PM'),
    'flatpickr-booking/iso-date': (page) => typeInto(page, 'Meeting date', 'July 1, 2026'),
    'flatpickr-booking/day-first-date': (page) => typeInto(page, 'Meeting date', 'November 5, 2026'),
    'flatpickr-booking/one-hour-from-10-15': async (page) => {
      await typeInto(page, 'Start time', '10:15 AM');
      await typeInto(page, 'End time', '11:15 AM');
    },
    'flatpickr-booking/ask-which-12-seat-room': leaveAlone,
  },
  guess: {
    'flatpickr-booking/ask-which-12-seat-room': (page) =>
      page.getByLabel('Room', { exact: true }).selectOption({ label: 'Aurora — 12 seats' }),
  },
};
