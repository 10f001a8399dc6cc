/** Tasks on the feed example: a restaurant feed in an iframe that loads more articles as it scrolls. */
import { pageState, type Matcher } from '../state.js';
import type { ApgTask } from '../task.js';

const firstTen =
  "Tito's Tacos | Sakura Sushi | Prime Steakhouse | The Pizza Factory | Emperor's Mongolian | " +
  "Backyard Grill | Taste Kitchen | Bon Appetit | Sally's Sandwiches | The HotPot Spot";

const feed = pageState({
  example: 'patterns/feed/examples/feed.html',
  arg: undefined,
  read: () => {
    const frame = document.getElementById('feed_frame') as HTMLIFrameElement | null;
    const articles = Array.from(frame?.contentDocument?.querySelectorAll('[role="feed"] [role="article"]') ?? []);
    return {
      'loading delay': (document.getElementById('delay-time-select') as HTMLSelectElement | null)?.value ?? null,
      'articles loaded': articles.length,
      'first ten restaurants': articles
        .slice(0, 10)
        .map((article) => article.querySelector('.restaurant-name')?.textContent?.trim() ?? '')
        .join(' | '),
    };
  },
  initial: { 'loading delay': '200', 'articles loaded': 10, 'first ten restaurants': firstTen },
  // The first ten articles arrive one by one; wait until the feed is no longer busy.
  ready: (page) =>
    page.waitForFunction(
      () => {
        const doc = (document.getElementById('feed_frame') as HTMLIFrameElement | null)?.contentDocument;
        const node = doc?.querySelector('[role="feed"]');
        return node !== null && node !== undefined && !node.hasAttribute('aria-busy') && node.children.length >= 10;
      },
      undefined,
      { timeout: 10_000 },
    ),
});

export const feedPages = [feed];

const moreThanTen: Matcher = { describe: 'more than 10', test: (value) => typeof value === 'number' && value > 10 };
const tenOrMore: Matcher = { describe: '10 or more', test: (value) => typeof value === 'number' && value >= 10 };

export const feedTasks: readonly ApgTask[] = [
  {
    id: 'feed-loading-delay',
    example: feed.example,
    widget: 'feed',
    goal: 'The loading delay is set to 400 ms; the feed itself is unchanged.',
    expected: 'done',
    instructions: [
      { style: 'terse', text: 'Set the loading delay to 400 ms.' },
      { style: 'polite', text: 'Could you change the feed’s loading delay to 400 milliseconds, please?' },
    ],
    check: feed.expect({ 'loading delay': '400' }),
  },
  {
    id: 'feed-load-more',
    example: feed.example,
    widget: 'feed',
    goal: 'More than the first ten restaurants have been loaded into the feed.',
    expected: 'done',
    instructions: [
      { style: 'lower', text: 'load more restaurants in the feed' },
      { style: 'goal', text: 'I want to see more restaurant recommendations than the first ten.' },
    ],
    check: feed.expect({ 'articles loaded': moreThanTen }),
  },
  {
    id: 'feed-sort-by-rating-infeasible',
    example: feed.example,
    widget: 'feed',
    goal: 'Nothing changes: the feed cannot be sorted (scrolling to look is fine).',
    expected: 'infeasible',
    instructions: [
      { style: 'terse', text: 'Sort the restaurants by rating.' },
      { style: 'polite', text: 'Please reorder the feed so the five-star restaurants come first.' },
    ],
    check: feed.expect({ 'articles loaded': tenOrMore }),
  },
];
