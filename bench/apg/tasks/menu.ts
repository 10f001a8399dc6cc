/** Tasks on the menu button examples and the two menubar examples (text editor, site navigation). */
import { expectLocation, pageState } from '../state.js';
import type { ApgTask } from '../task.js';

const readLastAction = () => ({
  'last action': (document.getElementById('action_output') as HTMLInputElement | null)?.value ?? null,
});

const actions = pageState({
  example: 'patterns/menu-button/examples/menu-button-actions.html',
  arg: undefined,
  read: readLastAction,
  initial: { 'last action': 'none' },
});

const activeDescendant = pageState({
  example: 'patterns/menu-button/examples/menu-button-actions-active-descendant.html',
  arg: undefined,
  read: readLastAction,
  initial: { 'last action': 'none' },
});

const links = pageState({
  example: 'patterns/menu-button/examples/menu-button-links.html',
  arg: undefined,
  read: () => ({ 'menu open': document.getElementById('menubutton')?.getAttribute('aria-expanded') ?? null }),
  initial: { 'menu open': 'false' },
});

const editor = pageState({
  example: 'patterns/menubar/examples/menubar-editor.html',
  arg: undefined,
  read: () => {
    const checkedIn = (label: string) =>
      Array.from(document.querySelectorAll(`.menubar-editor [aria-label="${label}"] > [role="menuitemradio"]`))
        .filter((item) => item.getAttribute('aria-checked') === 'true')
        .map((item) => item.textContent?.trim() ?? '')
        .join(', ');
    const box = (label: string) =>
      document
        .querySelector(`.menubar-editor [role="menuitemcheckbox"][data-option="${label}"]`)
        ?.getAttribute('aria-checked') ?? null;
    const text = document.querySelector<HTMLTextAreaElement>('.menubar-editor textarea');
    return {
      font: checkedIn('Font'),
      bold: box('font-bold'),
      italic: box('font-italic'),
      'text color': checkedIn('Text Color'),
      'text decoration': checkedIn('Text Decoration'),
      'text align': checkedIn('Text Align'),
      'font size': checkedIn('Font Sizes'),
      'sample font-family': text?.style.fontFamily ?? null,
      'sample font-weight': text?.style.fontWeight ?? null,
      'sample font-style': text?.style.fontStyle ?? null,
      'sample color': text?.style.color ?? null,
      'sample text-decoration': text?.style.textDecoration ?? null,
      'sample text-align': text?.style.textAlign ?? null,
      'sample font-size': text?.style.fontSize ?? null,
    };
  },
  initial: {
    font: 'Sans-serif',
    bold: 'false',
    italic: 'false',
    'text color': 'Black',
    'text decoration': 'None',
    'text align': 'Left',
    'font size': 'Medium',
    'sample font-family': 'sans-serif',
    'sample font-weight': '',
    'sample font-style': '',
    'sample color': '',
    'sample text-decoration': '',
    'sample text-align': '',
    'sample font-size': 'medium',
  },
});

const siteMenubar = pageState({
  example: 'patterns/menubar/examples/menubar-navigation.html',
  arg: undefined,
  read: () => ({
    'page title': document.getElementById('id-page-title')?.textContent?.trim() ?? null,
    'current page item': Array.from(document.querySelectorAll('[role="menubar"] [aria-current="page"]'))
      .map((item) => item.textContent?.trim() ?? '')
      .join(', '),
  }),
  initial: { 'page title': 'Home', 'current page item': 'Home' },
});

export const menuPages = [actions, activeDescendant, links, editor, siteMenubar];

export const menuTasks: readonly ApgTask[] = [
  {
    id: 'menubutton-action-3',
    example: actions.example,
    widget: 'menubutton',
    goal: 'Action 3 has been run (Last Action shows "Action 3").',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Run Action 3 from the Actions menu.' },
      { style: 'lower', text: 'do action 3' },
    ],
    check: actions.expect({ 'last action': 'Action 3' }),
  },
  {
    id: 'menubutton-activedescendant-action-2',
    example: activeDescendant.example,
    widget: 'menubutton',
    goal: 'Action 2 has been run (Last Action shows "Action 2").',
    expected: 'done',
    instructions: [
      { style: 'quoted', text: 'Open "Actions" and choose "Action 2".' },
      { style: 'polite', text: 'Could you pick the second action in the Actions menu, please?' },
    ],
    check: activeDescendant.expect({ 'last action': 'Action 2' }),
  },
  {
    id: 'menubutton-activedescendant-last-action',
    example: activeDescendant.example,
    widget: 'menubutton',
    goal: 'Action 4, the last item, has been run.',
    expected: 'done',
    instructions: [
      { style: 'goal', text: 'Last Action should say Action 4.' },
      { style: 'terse', text: 'Choose the last action in the menu.' },
    ],
    check: activeDescendant.expect({ 'last action': 'Action 4' }),
  },
  {
    id: 'menubutton-links-open',
    example: links.example,
    widget: 'menubutton',
    goal: 'The WAI-ARIA Quick Links menu is open; no link is followed.',
    expected: 'done',
    instructions: [
      { style: 'quoted', text: 'Open the "WAI-ARIA Quick Links" menu.' },
      { style: 'goal', text: 'I just want to see what quick links there are, don’t open any.' },
    ],
    check: links.expect({ 'menu open': 'true' }),
  },
  {
    id: 'menubutton-links-authoring-practices',
    example: links.example,
    widget: 'menubutton',
    goal: 'The browser has followed the "WAI-ARIA Authoring Practices" quick link.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Go to WAI-ARIA Authoring Practices from the quick links.' },
      { style: 'lower', text: 'open the authoring practices link in the quick links menu' },
    ],
    check: expectLocation('https://www.w3.org/TR/wai-aria-practices/'),
  },
  {
    id: 'menubar-editor-bold',
    example: editor.example,
    widget: 'menubar',
    goal: 'Bold is checked in Style/Color and the sample text is bold; no other formatting changes.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Make the text bold.' },
      { style: 'quoted', text: 'Turn on "Bold" in the "Style/Color" menu.' },
      { style: 'lower', text: 'bold the text' },
    ],
    check: editor.expect({ bold: 'true', 'sample font-weight': 'bold' }),
  },
  {
    id: 'menubar-editor-monospace',
    example: editor.example,
    widget: 'menubar',
    goal: 'The font is Monospace.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Could you switch the font to Monospace?' },
      { style: 'goal', text: 'The sample should be in a monospaced font.' },
    ],
    check: editor.expect({ font: 'Monospace', 'sample font-family': 'monospace' }),
  },
  {
    id: 'menubar-editor-center',
    example: editor.example,
    widget: 'menubar',
    goal: 'The text is centre-aligned.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Center the text.' },
      { style: 'quoted', text: 'Set "Text Align" to "Center".' },
    ],
    check: editor.expect({ 'text align': 'Center', 'sample text-align': 'center' }),
  },
  {
    id: 'menubar-editor-x-large',
    example: editor.example,
    widget: 'menubar',
    goal: 'The font size is X-Large.',
    expected: 'done',
    instructions: [
      { style: 'lower', text: 'make the font size x-large' },
      { style: 'polite', text: 'Please set the text size to the largest option.' },
    ],
    check: editor.expect({ 'font size': 'X-Large', 'sample font-size': 'x-large' }),
  },
  {
    id: 'menubar-editor-red-italic',
    example: editor.example,
    widget: 'menubar',
    goal: 'The text is italic and red; it is not bold.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Make the text red and italic.' },
      { style: 'goal', text: 'I want the sample in red italics.' },
    ],
    check: editor.expect({ italic: 'true', 'text color': 'Red', 'sample font-style': 'italic', 'sample color': 'red' }),
  },
  {
    id: 'menubar-nav-graduate',
    example: siteMenubar.example,
    widget: 'menubar',
    goal: 'The Graduate page (Admissions > Tuition > Graduate) is the current page.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Go to Admissions > Tuition > Graduate.' },
      { style: 'lower', text: 'show me graduate tuition' },
    ],
    check: siteMenubar.expect({ 'page title': 'Graduate', 'current page item': 'Graduate' }),
  },
  {
    id: 'menubar-nav-history',
    example: siteMenubar.example,
    widget: 'menubar',
    goal: 'The History page (About > Facts > History) is the current page.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Could you open the History page under About, Facts?' },
      { style: 'quoted', text: 'Choose "History" from "About" > "Facts".' },
    ],
    check: siteMenubar.expect({ 'page title': 'History', 'current page item': 'History' }),
  },
];
