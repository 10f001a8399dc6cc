import type { Page } from 'playwright-core';
import { leaveAlone, type PageSolutions } from './solution.js';

const item = (page: Page, name: string) => page.getByRole('treeitem', { name, exact: true });
const click = (page: Page, ...names: string[]) =>
  names.reduce(
    (previous, name) => previous.then(() => item(page, name).locator('> .label').click()),
    Promise.resolve(),
  );
async function act(page: Page, action: string): Promise<void> {
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

export const fileTreeSolutions: PageSolutions = {
  solve: {
    'file-tree/expand-docs': (page) => click(page, 'docs'),
    'file-tree/select-deploy-guide': (page) => click(page, 'docs', 'guides', 'deploy.md'),
    'file-tree/rename-format': async (page) => {
      await click(page, 'utils', 'format.ts');
      await act(page, 'Rename…');
      await page.getByRole('dialog').getByLabel('New name').fill('formatters.ts');
      await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
    },
    'file-tree/delete-button-test': async (page) => {
      await click(page, 'tests', 'button.test.tsx');
      await act(page, 'Delete');
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    },
    'file-tree/duplicate-setup-guide': async (page) => {
      await click(page, 'docs', 'guides', 'setup.md');
      await act(page, 'Duplicate');
    },
    'file-tree/collapse-src': (page) => click(page, 'src'),
    'file-tree/open-package-json': async (page) => {
      await click(page, 'package.json');
      await act(page, 'Open');
    },
    'file-tree/open-modal-component': async (page) => {
      await click(page, 'components');
      await item(page, 'Modal.tsx').locator('> .label').dblclick();
    },
    'file-tree/ask-which-test': leaveAlone,
    'file-tree/infeasible-upload': leaveAlone,
  },
  guess: {
    'file-tree/ask-which-test': async (page) => {
      await click(page, 'tests', 'format.test.ts');
      await act(page, 'Delete');
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    },
    'file-tree/infeasible-upload': async (page) => {
      await click(page, 'docs', 'architecture.md');
      await act(page, 'Duplicate');
    },
  },
};
