import { createPageChecks } from '../check.js';
import { fileTreeInitialData, type FileTreeData, type FileTreeView } from '../fixtures/file-tree.js';
import { defineTasks } from './define.js';

const on = createPageChecks<FileTreeData, FileTreeView>('file-tree', fileTreeInitialData);

const replaced = (from: string, to: string | undefined) => (data: FileTreeData) => {
  data.items = [...data.items.filter((path) => path !== from), ...(to === undefined ? [] : [to])].sort();
};

export const fileTreeTasks = defineTasks('file-tree', 'html', [
  {
    name: 'expand-docs',
    widget: 'tree',
    goal: 'The docs folder is expanded (src stays expanded), nothing else is expanded, and no file changed.',
    say: {
      terse: 'Expand docs.',
      polite: 'Could you open up the docs folder in the tree?',
      lower: 'expand the docs folder',
      quoted: "Expand the folder 'docs'.",
    },
    check: on.expect(() => undefined, { expanded: ['docs', 'src'] }),
  },
  {
    name: 'select-deploy-guide',
    widget: 'tree',
    goal: 'docs/guides/deploy.md is the selected item.',
    say: {
      terse: 'Select deploy.md in docs/guides.',
      polite: 'Please find the deploy guide (deploy.md, inside docs and then guides) and select it.',
      goal: 'I want the deploy guide selected in the file tree so I can see its details.',
    },
    check: on.expect(() => undefined, { selected: 'docs/guides/deploy.md' }),
  },
  {
    name: 'rename-format',
    widget: 'menu',
    goal: 'src/utils/format.ts is renamed to formatters.ts, and nothing else changed.',
    say: {
      terse: 'Rename src/utils/format.ts to formatters.ts.',
      polite: 'Could you rename format.ts in the utils folder to formatters.ts? The Actions menu has Rename.',
      quoted: 'Select “format.ts”, choose “Rename…” from “Actions”, type “formatters.ts” and confirm.',
    },
    check: on.expect(replaced('src/utils/format.ts', 'src/utils/formatters.ts')),
  },
  {
    name: 'delete-button-test',
    widget: 'dialog',
    goal: 'tests/button.test.tsx is deleted (confirmed), and nothing else.',
    say: {
      terse: 'Delete tests/button.test.tsx.',
      polite: 'Please delete button.test.tsx from the tests folder and confirm.',
      lower: 'remove the button test file in tests',
    },
    check: on.expect(replaced('tests/button.test.tsx', undefined)),
  },
  {
    name: 'duplicate-setup-guide',
    widget: 'menu',
    goal: "A copy of docs/guides/setup.md exists as 'setup copy.md' beside it.",
    say: {
      terse: 'Duplicate docs/guides/setup.md.',
      polite: 'Could you make a copy of the setup guide in docs/guides?',
      quoted: "Select 'setup.md' and pick 'Duplicate' in the 'Actions' menu.",
    },
    check: on.expect((data) => {
      data.items = [...data.items, 'docs/guides/setup copy.md'].sort();
    }),
  },
  {
    name: 'collapse-src',
    widget: 'tree',
    goal: 'The src folder is collapsed, so no folder is expanded.',
    say: {
      terse: 'Collapse src.',
      polite: 'Would you collapse the src folder, please?',
      lower: 'close the src folder in the tree',
    },
    check: on.expect(() => undefined, { expanded: [] }),
  },
  {
    name: 'open-package-json',
    widget: 'menu',
    goal: 'package.json was opened, and only that file.',
    say: {
      terse: 'Open package.json.',
      polite: 'Could you open package.json for me?',
      quoted: 'Select “package.json” and choose “Open”.',
    },
    check: on.expect((data) => {
      data.opened = ['package.json'];
    }),
  },
  {
    name: 'open-modal-component',
    widget: 'tree',
    goal: 'src/components/Modal.tsx was opened.',
    say: {
      terse: 'Expand components and open Modal.tsx.',
      polite: 'Please open the Modal component; it lives in src/components.',
      lower: 'go into src then components and open modal.tsx',
    },
    check: on.expect((data) => {
      data.opened = ['src/components/Modal.tsx'];
    }),
  },
  {
    name: 'ask-which-test',
    widget: 'tree',
    expected: 'ask',
    goal: 'Nothing is deleted: tests holds two test files.',
    say: {
      terse: 'Delete the test file.',
      polite: 'Could you delete the test file in the tests folder?',
      lower: 'delete the test file',
    },
    check: on.untouched(),
  },
  {
    name: 'infeasible-upload',
    widget: 'menu',
    expected: 'infeasible',
    goal: 'Nothing changes: the page cannot upload files.',
    say: {
      terse: 'Upload logo.png into docs.',
      polite: 'Could you upload our logo.png into the docs folder?',
      lower: 'upload logo.png to docs',
    },
    check: on.untouched(),
  },
]);
