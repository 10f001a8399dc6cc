/** Tasks on the landmark example pages: outline buttons, technique tabs and the side navigation. */
import { expectLocation, pageState } from '../state.js';
import type { ApgTask } from '../task.js';

const readLandmarksPage = () => {
  const buttons = Array.from(document.querySelectorAll('header button')).map(
    (button) => button.textContent?.trim() ?? '',
  );
  return {
    'selected technique tab':
      document.querySelector('[role="tablist"] [role="tab"][aria-selected="true"]')?.textContent?.trim() ?? null,
    'landmarks outlined': buttons.includes('Hide Landmarks'),
    'headings outlined': buttons.includes('Hide Headings'),
  };
};

const landmarkPage = (name: string) =>
  pageState({
    example: `patterns/landmarks/examples/${name}.html`,
    arg: undefined,
    read: readLandmarksPage,
    initial: { 'selected technique tab': 'HTML Techniques', 'landmarks outlined': false, 'headings outlined': false },
  });

const form = landmarkPage('form');
const main = landmarkPage('main');
const banner = landmarkPage('banner');

export const landmarkPages = [form, main, banner];

export const landmarkTasks: readonly ApgTask[] = [
  {
    id: 'landmarks-form-aria-tab',
    example: form.example,
    widget: 'landmarks',
    goal: 'The ARIA Techniques tab is selected on the Form landmark page.',
    expected: 'done',
    instructions: [
      { style: 'quoted', text: 'Switch to the "ARIA Techniques" tab.' },
      { style: 'goal', text: 'I want to see the ARIA way of marking up a form landmark.' },
    ],
    check: form.expect({ 'selected technique tab': 'ARIA Techniques' }),
  },
  {
    id: 'landmarks-show-landmarks',
    example: main.example,
    widget: 'landmarks',
    goal: 'The landmarks on the page are outlined.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Show the landmarks.' },
      { style: 'lower', text: 'outline the landmarks on this page' },
      { style: 'polite', text: 'Could you turn on the landmark outlines, please?' },
    ],
    check: main.expect({ 'landmarks outlined': true }),
  },
  {
    id: 'landmarks-show-headings',
    example: banner.example,
    widget: 'landmarks',
    goal: 'The headings on the page are outlined; landmarks are not.',
    expected: 'done',
    instructions: [
      { style: 'quoted', text: 'Press "Show Headings".' },
      { style: 'goal', text: 'I only want the headings highlighted, not the landmarks.' },
    ],
    check: banner.expect({ 'headings outlined': true }),
  },
  {
    id: 'landmarks-go-to-search',
    example: 'patterns/landmarks/examples/navigation.html',
    widget: 'landmarks',
    goal: 'The browser is on the Search landmark page.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Go to the Search landmark page.' },
      { style: 'lower', text: 'open search from the side menu' },
    ],
    check: expectLocation('patterns/landmarks/examples/search.html'),
  },
];
