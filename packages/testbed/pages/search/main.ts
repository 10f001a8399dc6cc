import '../shared/base.css';
import {
  books,
  searchBooks,
  searchInitialData,
  searchPageSize,
  type Book,
  type SearchData,
  type SearchView,
} from '../../src/fixtures/search.js';
import { byId, escapeHtml } from '../shared/dom.js';
import { exposeState, sorted } from '../shared/testbed-state.js';

const data: SearchData = structuredClone(searchInitialData);
const view: SearchView = { query: '', format: 'all', sort: 'relevance', resultsPage: 1, showing: null };

const input = byId<HTMLInputElement>('query');
const listbox = byId('suggestions');
const results = byId('results');
const detail = byId('detail');
const formatLabels = { book: 'Book', ebook: 'E-book', audiobook: 'Audiobook' } as const;
let suggestions: string[] = [];
let active = -1;

function visibleResults(): Book[] {
  const found = searchBooks(view.query).filter((entry) => view.format === 'all' || entry.format === view.format);
  if (view.sort === 'newest') return found.sort((a, b) => b.year - a.year);
  if (view.sort === 'title') return found.sort((a, b) => a.title.localeCompare(b.title));
  return found;
}

function renderResults(): void {
  detail.hidden = view.showing === null;
  results.hidden = view.showing !== null;
  if (view.query === '') {
    results.innerHTML = '<p class="muted">Type a title, an author or a subject, then press Search.</p>';
    return;
  }
  const found = visibleResults();
  const pageCount = Math.max(1, Math.ceil(found.length / searchPageSize));
  const shown = found.slice((view.resultsPage - 1) * searchPageSize, view.resultsPage * searchPageSize);
  const items = shown
    .map((entry) => {
      const reserved = data.reserved.includes(entry.id);
      return `<article class="card result"><div><h3><a href="#${entry.id}" data-open="${entry.id}">${escapeHtml(entry.title)}</a></h3>
        <div class="muted">${escapeHtml(entry.author)} · ${entry.year} · ${formatLabels[entry.format]}</div></div>
        <button type="button" data-reserve="${entry.id}" aria-pressed="${reserved}">${reserved ? 'Cancel reservation' : 'Reserve'}</button></article>`;
    })
    .join('');
  const pageButtons = Array.from({ length: pageCount }, (_, index) => index + 1)
    .map(
      (number) =>
        `<button type="button" data-page="${number}" ${number === view.resultsPage ? 'aria-current="page"' : ''}>${number}</button>`,
    )
    .join(' ');
  results.innerHTML = `<p>${found.length} result(s) for “${escapeHtml(view.query)}”</p>${items}
    <nav class="pages" aria-label="Result pages">
      <button type="button" data-page="${view.resultsPage - 1}" ${view.resultsPage === 1 ? 'disabled' : ''}>Previous</button>
      ${pageButtons}
      <button type="button" data-page="${view.resultsPage + 1}" ${view.resultsPage === pageCount ? 'disabled' : ''}>Next</button>
    </nav>`;
}

function runSearch(query: string): void {
  view.query = query.trim();
  view.resultsPage = 1;
  view.showing = null;
  closeSuggestions();
  renderResults();
}

function openBook(id: string): void {
  const entry = books.find((candidate) => candidate.id === id);
  if (entry === undefined) return;
  data.opened.push(id);
  view.showing = id;
  detail.innerHTML = `<h2>${escapeHtml(entry.title)}</h2><p>${escapeHtml(entry.author)}, ${entry.year}. ${formatLabels[entry.format]}.</p>
    <p class="muted">Subjects: ${entry.subjects.join(', ')}</p><p><a href="#results" id="back">Back to results</a></p>`;
  renderResults();
}

results.addEventListener('click', (event) => {
  const target = event.target as HTMLElement;
  const open = target.closest<HTMLElement>('[data-open]');
  if (open !== null) {
    event.preventDefault();
    openBook(open.dataset['open'] ?? '');
    return;
  }
  const reserve = target.closest<HTMLElement>('[data-reserve]');
  if (reserve !== null) {
    const id = reserve.dataset['reserve'] ?? '';
    data.reserved = data.reserved.includes(id)
      ? data.reserved.filter((other) => other !== id)
      : sorted([...data.reserved, id]);
    renderResults();
    return;
  }
  const pageButton = target.closest<HTMLElement>('[data-page]');
  if (pageButton !== null) {
    view.resultsPage = Number(pageButton.dataset['page']);
    renderResults();
    results.scrollIntoView();
  }
});
detail.addEventListener('click', (event) => {
  if ((event.target as HTMLElement).id !== 'back') return;
  event.preventDefault();
  view.showing = null;
  renderResults();
});

function renderSuggestions(): void {
  listbox.innerHTML = suggestions
    .map(
      (text, index) =>
        `<li role="option" id="suggestion-${index}" aria-selected="${index === active}">${escapeHtml(text)}</li>`,
    )
    .join('');
  listbox.hidden = suggestions.length === 0;
  input.setAttribute('aria-expanded', String(suggestions.length > 0));
  if (active >= 0) input.setAttribute('aria-activedescendant', `suggestion-${active}`);
  else input.removeAttribute('aria-activedescendant');
}
function closeSuggestions(): void {
  suggestions = [];
  active = -1;
  renderSuggestions();
}
input.addEventListener('input', () => {
  const typed = input.value.trim().toLowerCase();
  const candidates = [...new Set(books.flatMap((entry) => [entry.author, entry.title]))];
  suggestions = typed.length < 2 ? [] : candidates.filter((text) => text.toLowerCase().includes(typed)).slice(0, 6);
  active = -1;
  renderSuggestions();
});
input.addEventListener('keydown', (event) => {
  if (event.key === 'ArrowDown' && suggestions.length > 0) {
    event.preventDefault();
    active = (active + 1) % suggestions.length;
    renderSuggestions();
  } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
    event.preventDefault();
    active = active <= 0 ? suggestions.length - 1 : active - 1;
    renderSuggestions();
  } else if (event.key === 'Escape') {
    closeSuggestions();
  } else if (event.key === 'Enter' && active >= 0) {
    event.preventDefault();
    input.value = suggestions[active] ?? input.value;
    runSearch(input.value);
  }
});
listbox.addEventListener('mousedown', (event) => {
  // mousedown, not click: the input's blur would close the list before a click landed.
  const option = (event.target as HTMLElement).closest('[role="option"]');
  if (option === null) return;
  event.preventDefault();
  input.value = option.textContent ?? '';
  runSearch(input.value);
});
input.addEventListener('blur', () => closeSuggestions());

byId('search-form').addEventListener('submit', (event) => {
  event.preventDefault();
  runSearch(input.value);
});
byId<HTMLSelectElement>('format').addEventListener('change', (event) => {
  view.format = (event.target as HTMLSelectElement).value as SearchView['format'];
  view.resultsPage = 1;
  renderResults();
});
byId<HTMLSelectElement>('sort').addEventListener('change', (event) => {
  view.sort = (event.target as HTMLSelectElement).value as SearchView['sort'];
  view.resultsPage = 1;
  renderResults();
});

renderResults();
exposeState('search', () => ({ data, view }));
