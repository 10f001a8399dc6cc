import type { Locator, Page } from 'playwright-core';
import { leaveAlone, type PageSolutions } from './solution.js';

const apply = (page: Page) => page.getByRole('button', { name: 'Apply filters' }).click();
/**
 * Focus Tom Select's input and type. A single select keeps its input off screen while it shows
 * an item, and a second click on an open control closes it, so focusing is what a Tab key does.
 */
async function typeInto(page: Page, field: string, typed: string): Promise<void> {
  const input = page.getByRole('combobox', { name: field });
  await input.focus();
  // Tom Select keeps the last search text after a click on an option; clear it first.
  await input.fill('');
  await page.keyboard.type(typed);
}
async function pick(page: Page, field: string, typed: string, option: string): Promise<void> {
  await typeInto(page, field, typed);
  await (await optionsOf(page, field)).locator('.option', { hasText: option }).first().click();
}
/**
 * The options of one field, by the list its input controls: the dropdown of a field picked a
 * moment ago may still be closing, and then two listboxes are on the page.
 */
async function optionsOf(page: Page, field: string): Promise<Locator> {
  const controls = await page.getByRole('combobox', { name: field }).getAttribute('aria-controls');
  if (controls === null) throw new Error(`the ${field} field names no list of options (aria-controls)`);
  return page.locator(`[id="${controls}"]`);
}
async function nudge(page: Page, slider: string, key: string, times: number): Promise<void> {
  const handle = page.getByRole('slider', { name: slider });
  await handle.focus();
  for (let press = 0; press < times; press += 1) await handle.press(key);
}
const removeReact = (page: Page) =>
  page.locator('.ts-control .item', { hasText: 'React' }).getByTitle('Remove').click();

export const tomSelectJobsSolutions: PageSolutions = {
  solve: {
    'tom-select-jobs/add-three-skills': async (page) => {
      await pick(page, 'Skills', 'Type', 'TypeScript');
      await pick(page, 'Skills', 'Go', 'Go');
      await pick(page, 'Skills', 'SQ', 'SQL');
      await apply(page);
    },
    'tom-select-jobs/create-elixir': async (page) => {
      await typeInto(page, 'Skills', 'Elixir');
      await (await optionsOf(page, 'Skills')).locator('.create', { hasText: 'Add Elixir' }).click();
      await apply(page);
    },
    'tom-select-jobs/city-lisbon': async (page) => {
      await pick(page, 'City', 'Lis', 'Lisbon');
      await apply(page);
    },
    'tom-select-jobs/salary-60k-to-120k': async (page) => {
      await nudge(page, 'Minimum salary', 'ArrowRight', 4);
      await nudge(page, 'Maximum salary', 'ArrowLeft', 6);
      await apply(page);
    },
    'tom-select-jobs/three-remote-days': async (page) => {
      await nudge(page, 'Minimum remote days per week', 'ArrowRight', 2);
      await apply(page);
    },
    'tom-select-jobs/remove-react': async (page) => {
      await removeReact(page);
      await apply(page);
    },
    'tom-select-jobs/typescript-in-toronto': async (page) => {
      await removeReact(page);
      await pick(page, 'Skills', 'Type', 'TypeScript');
      await pick(page, 'City', 'Tor', 'Toronto');
      await nudge(page, 'Minimum remote days per week', 'ArrowRight', 1);
      await apply(page);
    },
    'tom-select-jobs/ask-which-salary-handle': leaveAlone,
    'tom-select-jobs/infeasible-paris': leaveAlone,
  },
  guess: {
    'tom-select-jobs/ask-which-salary-handle': async (page) => {
      await nudge(page, 'Maximum salary', 'ArrowLeft', 12);
      await apply(page);
    },
    'tom-select-jobs/infeasible-paris': apply,
  },
};
