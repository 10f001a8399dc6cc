import '../shared/base.css';
import {
  helpAdvancedArticles,
  helpCenterInitialData,
  helpContactTopics,
  helpFaqs,
  helpFooterLinks,
  helpTopics,
  type HelpCenterData,
  type HelpCenterView,
} from '../../src/fixtures/help-center.js';
import { byId, escapeHtml } from '../shared/dom.js';
import { exposeState, sorted } from '../shared/testbed-state.js';

const data: HelpCenterData = structuredClone(helpCenterInitialData);
const view: HelpCenterView = { tab: 'billing', expandedFaqs: ['payment-methods'], advancedOpen: false };
const link = (id: string, title: string) => `<a href="#article-${id}">${escapeHtml(title)}</a>`;

// Following any article link changes the hash; reading it there also covers typed addresses.
window.addEventListener('hashchange', () => {
  const match = /^#article-(.+)$/.exec(window.location.hash);
  if (match?.[1] !== undefined) data.opened.push(match[1]);
});

const tablist = byId('tablist');
for (const topic of helpTopics) {
  tablist.insertAdjacentHTML(
    'beforeend',
    `<button type="button" role="tab" id="tab-${topic.id}" aria-controls="tabpanel-${topic.id}">${topic.name}</button>`,
  );
  byId('tabpanels').insertAdjacentHTML(
    'beforeend',
    `<div role="tabpanel" id="tabpanel-${topic.id}" aria-labelledby="tab-${topic.id}"><ul>${topic.articles
      .map((article) => `<li>${link(article.id, article.title)}</li>`)
      .join('')}</ul></div>`,
  );
}
function selectTab(id: string): void {
  view.tab = id;
  for (const topic of helpTopics) {
    const tab = byId(`tab-${topic.id}`);
    tab.setAttribute('aria-selected', String(topic.id === id));
    tab.tabIndex = topic.id === id ? 0 : -1;
    byId(`tabpanel-${topic.id}`).hidden = topic.id !== id;
  }
}
tablist.addEventListener('click', (event) => {
  const tab = (event.target as HTMLElement).closest<HTMLElement>('[role="tab"]');
  if (tab !== null) selectTab(tab.id.slice('tab-'.length));
});
tablist.addEventListener('keydown', (event) => {
  const index = helpTopics.findIndex((topic) => topic.id === view.tab);
  const next = { ArrowRight: index + 1, ArrowLeft: index + helpTopics.length - 1 }[event.key];
  const topic = next === undefined ? undefined : helpTopics[next % helpTopics.length];
  if (topic === undefined) return;
  selectTab(topic.id);
  byId(`tab-${topic.id}`).focus();
});

const faqs = byId('faqs');
faqs.innerHTML = helpFaqs
  .map(
    (
      faq,
    ) => `<h3><button type="button" id="faq-${faq.id}" aria-controls="answer-${faq.id}" data-faq="${faq.id}">${escapeHtml(faq.question)}</button></h3>
    <div class="answer" id="answer-${faq.id}" role="region" aria-labelledby="faq-${faq.id}"><p>${escapeHtml(faq.answer)}</p>
      <div role="group" aria-label="Was this helpful?">Was this helpful?
        <button type="button" data-vote="yes" data-for="${faq.id}" aria-pressed="false">Yes</button>
        <button type="button" data-vote="no" data-for="${faq.id}" aria-pressed="false">No</button></div></div>`,
  )
  .join('');
function showFaqs(): void {
  for (const faq of helpFaqs) {
    const open = view.expandedFaqs.includes(faq.id);
    byId(`faq-${faq.id}`).setAttribute('aria-expanded', String(open));
    byId(`answer-${faq.id}`).hidden = !open;
  }
}
faqs.addEventListener('click', (event) => {
  const target = event.target as HTMLElement;
  const faq = target.closest<HTMLElement>('[data-faq]')?.dataset['faq'];
  if (faq !== undefined) {
    view.expandedFaqs = view.expandedFaqs.includes(faq)
      ? view.expandedFaqs.filter((id) => id !== faq)
      : sorted([...view.expandedFaqs, faq]);
    return showFaqs();
  }
  const vote = target.closest<HTMLElement>('[data-vote]');
  const about = vote?.dataset['for'];
  if (vote === null || vote === undefined || about === undefined) return;
  data.votes = { ...data.votes, [about]: vote.dataset['vote'] as 'yes' | 'no' };
  for (const button of faqs.querySelectorAll<HTMLElement>(`[data-for="${about}"]`)) {
    button.setAttribute('aria-pressed', String(button === vote));
  }
});

const advanced = byId('advanced');
advanced.innerHTML = helpAdvancedArticles.map((article) => `<li>${link(article.id, article.title)}</li>`).join('');
byId('advanced-toggle').addEventListener('click', () => {
  view.advancedOpen = !view.advancedOpen;
  advanced.hidden = !view.advancedOpen;
  byId('advanced-toggle').setAttribute('aria-expanded', String(view.advancedOpen));
  byId('advanced-toggle').textContent = view.advancedOpen
    ? 'Hide advanced troubleshooting'
    : 'Show advanced troubleshooting';
});

// Long reading matter, so that the contact form and the footer sit well below the fold.
const guides = [
  [
    'Packing fragile items',
    'Wrap each item on its own, fill the gaps so nothing moves, and use a box with at least 5 cm of padding on every side. Mark the box as fragile, but pack it as if nobody will read the label.',
  ],
  [
    'Choosing a delivery speed',
    'Standard delivery takes 3 to 5 working days. Express arrives the next working day when ordered before 2 p.m.; Saturday delivery is available in most cities for a small fee.',
  ],
  [
    'Business accounts',
    'A business account adds monthly invoicing, several users with their own roles, and a collection booked for the same time every week. Apply from the account page; approval takes one working day.',
  ],
  [
    'Sending to a pickup point',
    'Pickup points keep a parcel for 10 days. Bring the code from the notification email and a photo ID. Someone else can collect the parcel with the code and their own ID.',
  ],
  [
    'Keeping your account safe',
    'Turn on two-step sign-in, use a password you do not use elsewhere, and never share the one-time codes we text you. We will never ask for a code on the phone.',
  ],
];
byId('guides').insertAdjacentHTML(
  'beforeend',
  guides.map(([title, text]) => `<h3>${title}</h3><p>${text}</p><p>${text}</p>`).join(''),
);

const topic = byId<HTMLSelectElement>('contact-topic');
for (const option of helpContactTopics) topic.add(new Option(option.label, option.id));
byId('contact').addEventListener('submit', (event) => {
  event.preventDefault();
  const email = byId<HTMLInputElement>('contact-email').value.trim();
  const message = byId<HTMLTextAreaElement>('contact-message').value.trim();
  const error = byId('contact-error');
  error.hidden = topic.value !== '' && /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(email) && message !== '';
  error.textContent = 'Choose a topic, enter your email and write a message.';
  if (!error.hidden) return;
  data.contact = { topic: topic.value, email, message };
  byId('contact').hidden = true;
  byId('contact-sent').hidden = false;
  byId('contact-sent').textContent = `Thanks! We will answer ${email} within one working day.`;
});

byId('footer-links').innerHTML = helpFooterLinks.map((entry) => link(entry.id, entry.title)).join('');

selectTab('billing');
showFaqs();
exposeState('help-center', () => ({ data, view }));
