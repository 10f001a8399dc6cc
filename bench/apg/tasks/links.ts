/** Navigation tasks on the breadcrumb example and the link example. */
import { expectLocation } from '../state.js';
import type { ApgTask } from '../task.js';

const breadcrumb = 'patterns/breadcrumb/examples/breadcrumb.html';
const link = 'patterns/link/examples/link.html';

export const linkTasks: readonly ApgTask[] = [
  {
    id: 'breadcrumb-go-to-patterns',
    example: breadcrumb,
    widget: 'breadcrumb',
    goal: 'The browser is on the Patterns page.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Go to Patterns in the breadcrumb trail.' },
      { style: 'quoted', text: 'Click "Patterns" in the breadcrumb.' },
      { style: 'lower', text: 'take me to the patterns page' },
    ],
    check: expectLocation('patterns/patterns.html'),
  },
  {
    id: 'breadcrumb-up-one-level',
    example: breadcrumb,
    widget: 'breadcrumb',
    goal: 'The browser is on the Breadcrumb Pattern page, one level above the example.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Could you go up one level in the breadcrumb, please?' },
      { style: 'goal', text: 'I want to read the Breadcrumb Pattern page itself.' },
    ],
    check: expectLocation('patterns/breadcrumb/breadcrumb-pattern.html'),
  },
  {
    id: 'link-w3c-website',
    example: link,
    widget: 'link',
    goal: 'The browser has followed the first example link to the W3C home page.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Follow the first link, W3C website.' },
      { style: 'quoted', text: 'Click the "W3C website" text link in row 1.' },
    ],
    check: expectLocation('https://www.w3.org/'),
  },
  {
    id: 'link-third-example',
    example: link,
    widget: 'link',
    goal: 'The browser has followed the third example link (to the WAI-ARIA Authoring Practices).',
    expected: 'done',
    instructions: [
      { style: 'lower', text: 'open the link in the third row' },
      { style: 'polite', text: 'Please follow link number 3 in the table.' },
    ],
    check: expectLocation('https://www.w3.org/TR/wai-aria-practices/'),
  },
];
