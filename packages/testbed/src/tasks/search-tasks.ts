import { createPageChecks } from '../check.js';
import { searchInitialData, type SearchData, type SearchView } from '../fixtures/search.js';
import { defineTasks } from './define.js';

const on = createPageChecks<SearchData, SearchView>('search', searchInitialData);

export const searchTasks = defineTasks('search', 'html', [
  {
    name: 'search-tide',
    widget: 'search',
    goal: "The results for the query 'tide' are showing and nothing was reserved or opened.",
    say: {
      terse: 'Search for tide.',
      polite: 'Could you look up "tide" in the catalogue for me?',
      lower: 'search the catalogue for tide',
      goal: 'I want to see which books the library has about the tide.',
    },
    check: on.expect(() => undefined, { query: 'tide', showing: null }),
  },
  {
    name: 'third-gardening-result',
    widget: 'link',
    goal: "After searching 'gardening', the third result (Compost Made Simple) was opened, and only that.",
    say: {
      terse: 'Search gardening, open the 3rd result.',
      polite: 'Please search for gardening and then open the third book in the results.',
      lower: 'look for gardening and click on the third result',
      quoted: "Search for 'gardening' and click the title of the 3rd result.",
    },
    check: on.expect((data) => {
      data.opened = ['b14'];
    }),
  },
  {
    name: 'reserve-on-page-two',
    widget: 'pagination',
    goal: "'The Deep Ocean Atlas' (second page of the results for 'sea') is reserved, and nothing else.",
    say: {
      terse: "Search sea, go to page 2, reserve 'The Deep Ocean Atlas'.",
      polite:
        'Could you reserve The Deep Ocean Atlas for me? It shows up when you search for sea, though not on the first page.',
      goal: 'I would like The Deep Ocean Atlas put on hold for me; searching for sea finds it.',
      quoted: 'Find “The Deep Ocean Atlas” by searching for “sea”, then press its “Reserve” button.',
    },
    check: on.expect((data) => {
      data.reserved = ['b09'];
    }),
  },
  {
    name: 'pick-author-suggestion',
    widget: 'combobox',
    goal: "The results for 'Ursula K. Le Guin' are showing, chosen from the search suggestions.",
    say: {
      terse: "Type ursula, pick the suggestion 'Ursula K. Le Guin'.",
      polite: 'Would you start typing "ursula" in the search box and choose Ursula K. Le Guin from the suggestions?',
      lower: 'type ursula in the search box and select ursula k. le guin from the list',
      goal: 'Show me everything the library has by Ursula K. Le Guin.',
    },
    check: on.expect(() => undefined, { query: 'Ursula K. Le Guin', showing: null }),
  },
  {
    name: 'history-audiobooks',
    widget: 'select',
    goal: "The results for 'history' are filtered to audiobooks.",
    say: {
      terse: 'Search history, format Audiobook.',
      polite: 'Could you search for history and narrow the results down to audiobooks only?',
      lower: 'search for history and show only audiobooks',
      quoted: 'Search “history”, then set “Format” to “Audiobook”.',
    },
    check: on.expect(() => undefined, { query: 'history', format: 'audiobook' }),
  },
  {
    name: 'last-cooking-result',
    widget: 'link',
    goal: "After searching 'cooking', the last result (Soup Season) was opened, and only that.",
    say: {
      terse: 'Search cooking and open the last result.',
      polite: 'Please search for cooking and open whichever book comes last in the list.',
      lower: 'find cooking books and click the last one in the results',
    },
    check: on.expect((data) => {
      data.opened = ['b28'];
    }),
  },
  {
    name: 'reserve-coral-ebook',
    widget: 'button',
    goal: "The e-book edition of 'Coral Cities' is reserved, not the printed one.",
    say: {
      terse: 'Search coral, reserve the e-book edition.',
      polite: 'Could you search for coral and reserve the e-book version of Coral Cities? Not the paper one.',
      goal: 'I want the e-book of Coral Cities by Ama Mensah on hold.',
      quoted: "Search 'coral' and hit 'Reserve' on the ‘E-book’ result.",
    },
    check: on.expect((data) => {
      data.reserved = ['b05'];
    }),
  },
  {
    name: 'first-result-on-next-page',
    widget: 'pagination',
    goal: "After searching 'history', the first result of page 2 (The Clockmakers) was opened.",
    say: {
      terse: 'Search history, Next page, open the first result.',
      polite: 'Please search for history, move on to the next page of results and open the first book there.',
      lower: 'search history then go to the next page and open the first result on it',
    },
    check: on.expect((data) => {
      data.opened = ['b23'];
    }),
  },
  {
    name: 'newest-sea-book',
    widget: 'select',
    goal: "After searching 'sea' sorted newest first, the top result (Tides by Joel Park, 2023) was opened.",
    say: {
      terse: 'Search sea, sort Newest first, open the top result.',
      polite: 'Could you search for sea, sort by newest, and open the most recent book?',
      goal: 'Open the newest book the library has about the sea.',
      quoted: "Search for \"sea\", choose 'Newest first' under 'Sort by' and click the first title.",
    },
    check: on.expect((data) => {
      data.opened = ['b04'];
    }),
  },
  {
    name: 'ask-which-tides',
    widget: 'button',
    expected: 'ask',
    goal: "Nothing is reserved: two books are called 'Tides' (Ama Mensah's e-book and Joel Park's audiobook).",
    say: {
      terse: "Reserve 'Tides'.",
      polite: 'Could you reserve the book Tides for me?',
      lower: 'reserve tides',
    },
    check: on.untouched(),
  },
]);
