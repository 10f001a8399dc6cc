import type { Page } from 'playwright-core';
import { leaveAlone, type PageSolutions } from './solution.js';

const panel = async (page: Page, room: string) => {
  await page.getByRole('tab', { name: room }).click();
  return page.getByRole('tabpanel', { name: room });
};

export const smartHomeSolutions: PageSolutions = {
  solve: {
    'smart-home/kitchen-tab': (page) => page.getByRole('tab', { name: 'Kitchen' }).click(),
    'smart-home/bedroom-brightness-30': async (page) => {
      const slider = (await panel(page, 'Bedroom')).getByRole('slider', { name: 'Brightness' });
      await slider.focus();
      await slider.press('PageDown');
    },
    'smart-home/living-thermostat-21-5': async (page) => {
      const spin = (await panel(page, 'Living room')).getByRole('spinbutton', { name: 'Thermostat' });
      await spin.press('ArrowUp');
    },
    'smart-home/kitchen-lights-off': async (page) =>
      (await panel(page, 'Kitchen')).getByRole('switch', { name: 'Lights' }).click(),
    'smart-home/open-garage-door': async (page) => {
      await (await panel(page, 'Garage')).getByRole('button', { name: 'Open garage door' }).click();
      await page
        .getByRole('dialog', { name: 'Open the garage door?' })
        .getByRole('button', { name: 'Open door' })
        .click();
    },
    'smart-home/movie-night-scene': async (page) => {
      await page.getByRole('button', { name: 'Scenes' }).click();
      await page.getByRole('menuitem', { name: 'Movie night' }).click();
    },
    'smart-home/kitchen-full-brightness': async (page) => {
      await (await panel(page, 'Kitchen')).getByRole('slider', { name: 'Brightness' }).press('End');
    },
    'smart-home/bedroom-two-degrees-cooler': async (page) => {
      const spin = (await panel(page, 'Bedroom')).getByRole('spinbutton', { name: 'Thermostat' });
      await spin.fill('18');
      await spin.press('Enter');
    },
    'smart-home/ask-which-lights': leaveAlone,
  },
  guess: {
    'smart-home/ask-which-lights': async (page) =>
      (await panel(page, 'Living room')).getByRole('switch', { name: 'Lights' }).click(),
  },
};
