/** Tasks on the disclosure examples: session cards, an FAQ, an image description, two navigation menus. */
import { anything, pageState } from '../state.js';
import type { ApgTask } from '../task.js';

const cards = pageState({
  example: 'patterns/disclosure/examples/disclosure-card.html',
  arg: undefined,
  read: () => {
    const state: Record<string, string | boolean | null> = {};
    for (const card of Array.from(document.querySelectorAll('#ex1 article'))) {
      const title = card.querySelector('h4')?.textContent?.trim().split(':')[0] ?? '';
      state[`${title} details expanded`] =
        card.querySelector('button[aria-expanded]')?.getAttribute('aria-expanded') ?? null;
      state[`${title} transcript`] = card.querySelector<HTMLInputElement>('input[type="checkbox"]')?.checked ?? null;
    }
    return state;
  },
  initial: {
    'Symphonic Structure details expanded': 'false',
    'Symphonic Structure transcript': false,
    'Folk Futures details expanded': 'false',
    'Folk Futures transcript': false,
    'Playful Dissonance details expanded': 'false',
    'Playful Dissonance transcript': false,
  },
});

const faq = pageState({
  example: 'patterns/disclosure/examples/disclosure-faq.html',
  arg: undefined,
  read: () =>
    Object.fromEntries(
      Array.from(document.querySelectorAll('#ex1 .faq button')).map((button, index) => [
        `question ${index + 1} expanded`,
        button.getAttribute('aria-expanded'),
      ]),
    ),
  initial: {
    'question 1 expanded': 'false',
    'question 2 expanded': 'false',
    'question 3 expanded': 'false',
    'question 4 expanded': 'false',
  },
});

const imageDescription = pageState({
  example: 'patterns/disclosure/examples/disclosure-image-description.html',
  arg: undefined,
  read: () => {
    const button = document.querySelector('#ex1 button[aria-controls="id_long_desc"]');
    const table = document.getElementById('id_long_desc');
    return {
      'data table expanded': button?.getAttribute('aria-expanded') ?? null,
      'data table shown': table !== null && table.getClientRects().length > 0,
    };
  },
  initial: { 'data table expanded': 'false', 'data table shown': false },
});

/** Menus' expanded states, the page heading and the link marked as the current page. */
const readNavigation = () => {
  const state: Record<string, string | null> = {};
  for (const button of Array.from(document.querySelectorAll('#ex1 nav button[aria-expanded]'))) {
    const name = button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '';
    state[`${name} expanded`] = button.getAttribute('aria-expanded');
  }
  state['page heading'] = document.getElementById('mythical-page-heading')?.textContent?.trim() ?? null;
  state['current link'] = Array.from(document.querySelectorAll('#ex1 nav [aria-current="page"]'))
    .map((link) => link.textContent?.trim() ?? '')
    .join(', ');
  return state;
};

const navigation = pageState({
  example: 'patterns/disclosure/examples/disclosure-navigation.html',
  arg: undefined,
  read: readNavigation,
  initial: {
    'About expanded': 'false',
    'Admissions expanded': 'false',
    'Academics expanded': 'false',
    'page heading': 'Mythical University',
    'current link': '',
  },
});

const hybrid = pageState({
  example: 'patterns/disclosure/examples/disclosure-navigation-hybrid.html',
  arg: undefined,
  read: readNavigation,
  initial: {
    'More About pages expanded': 'false',
    'More Admissions pages expanded': 'false',
    'More Academics pages expanded': 'false',
    'page heading': 'Home',
    'current link': '',
  },
});

export const disclosurePages = [cards, faq, imageDescription, navigation, hybrid];

/** After following a link the menus may be left open or closed. */
const menusAnyState = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [`${name} expanded`, anything]));

export const disclosureTasks: readonly ApgTask[] = [
  {
    id: 'disclosure-card-folk-details',
    example: cards.example,
    widget: 'disclosure',
    goal: 'The Folk Futures session card shows its details; the other cards stay closed.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Show details for Folk Futures.' },
      { style: 'goal', text: 'I want to read more about the Dvořák session.' },
      { style: 'lower', text: 'expand the second session card' },
    ],
    check: cards.expect({ 'Folk Futures details expanded': 'true' }),
  },
  {
    id: 'disclosure-card-transcript',
    example: cards.example,
    widget: 'disclosure',
    goal: 'The Playful Dissonance card is expanded with its transcript box ticked; nothing else changes.',
    expected: 'done',
    instructions: [
      {
        style: 'polite',
        text: 'Could you ask for a transcript of the Playful Dissonance session? Please don’t book a seat.',
      },
      {
        style: 'quoted',
        text: 'Open the details of "Playful Dissonance" and tick "I’d like a transcript of this session".',
      },
    ],
    check: cards.expect({ 'Playful Dissonance details expanded': 'true', 'Playful Dissonance transcript': true }),
  },
  {
    id: 'disclosure-faq-lost-permit',
    example: faq.example,
    widget: 'disclosure',
    goal: 'The answer to the lost or stolen permit question is shown; the other answers stay hidden.',
    expected: 'done',
    instructions: [
      { style: 'lower', text: 'what do i do if my permit is stolen? open that one' },
      { style: 'terse', text: 'Expand the lost permit question.' },
    ],
    check: faq.expect({ 'question 2 expanded': 'true' }),
  },
  {
    id: 'disclosure-faq-last-two',
    example: faq.example,
    widget: 'disclosure',
    goal: 'The answers to the holiday parking and enforcement rules questions are shown; the first two stay hidden.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Please open the last two questions in the parking FAQ.' },
      { style: 'goal', text: 'I want to see the answers about holiday parking and about enforcement rules.' },
    ],
    check: faq.expect({ 'question 3 expanded': 'true', 'question 4 expanded': 'true' }),
  },
  {
    id: 'disclosure-show-data-table',
    example: imageDescription.example,
    widget: 'disclosure',
    goal: 'The data table for Minard’s chart is shown.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Show the data table.' },
      { style: 'quoted', text: 'Expand "Data Table for Minard\'s Chart".' },
      { style: 'goal', text: 'I want to read the numbers behind the chart of Napoleon’s march.' },
    ],
    check: imageDescription.expect({ 'data table expanded': 'true', 'data table shown': true }),
  },
  {
    id: 'disclosure-nav-tuition',
    example: navigation.example,
    widget: 'disclosure',
    goal: 'The Tuition page (under Admissions) is the current page and its heading is shown.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Go to Admissions, then Tuition.' },
      { style: 'lower', text: 'show me the tuition page' },
    ],
    check: navigation.expect({
      ...menusAnyState(['About', 'Admissions', 'Academics']),
      'page heading': 'Tuition',
      'current link': 'Tuition',
    }),
  },
  {
    id: 'disclosure-nav-open-academics',
    example: navigation.example,
    widget: 'disclosure',
    goal: 'Only the Academics menu is expanded; no page is chosen.',
    expected: 'done',
    instructions: [
      { style: 'quoted', text: 'Expand the "Academics" menu.' },
      { style: 'goal', text: 'I want to see which Academics pages there are, without opening any of them yet.' },
    ],
    check: navigation.expect({ 'Academics expanded': 'true' }),
  },
  {
    id: 'disclosure-hybrid-transcripts',
    example: hybrid.example,
    widget: 'disclosure',
    goal: 'The Transcripts page (under Academics) is the current page.',
    expected: 'done',
    instructions: [
      { style: 'polite', text: 'Could you take me to the Transcripts page in the Academics section?' },
      { style: 'terse', text: 'Open Academics > Transcripts.' },
    ],
    check: hybrid.expect({
      ...menusAnyState(['More About pages', 'More Admissions pages', 'More Academics pages']),
      'page heading': 'Transcripts',
      'current link': 'Transcripts',
    }),
  },
  {
    id: 'disclosure-hybrid-admissions-page',
    example: hybrid.example,
    widget: 'disclosure',
    goal: 'The top-level Admissions page is the current page; no submenu is left open.',
    expected: 'done',
    instructions: [
      { style: 'lower', text: 'go to the admissions page itself' },
      { style: 'quoted', text: 'Follow the "Admissions" link in the top navigation (not the arrow).' },
    ],
    check: hybrid.expect({ 'page heading': 'Admissions', 'current link': 'Admissions' }),
  },
];
