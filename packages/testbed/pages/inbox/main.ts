import '../shared/base.css';
import {
  inboxInitialData,
  inboxMessages,
  type InboxData,
  type InboxView,
  type SentMessage,
} from '../../src/fixtures/inbox.js';
import { byId, escapeHtml } from '../shared/dom.js';
import { exposeState, sorted } from '../shared/testbed-state.js';

const data: InboxData = structuredClone(inboxInitialData);
const view: InboxView = { folder: 'inbox', open: null, composer: null, read: [] };

const list = byId('list');
const reader = byId('reader');
const composer = byId<HTMLFormElement>('composer');
const fields = {
  to: byId<HTMLInputElement>('to'),
  subject: byId<HTMLInputElement>('subject'),
  body: byId<HTMLTextAreaElement>('body'),
};

function inFolder(): typeof inboxMessages {
  if (view.folder === 'sent') return [];
  return inboxMessages.filter(
    (message) =>
      !data.deleted.includes(message.id) && data.archived.includes(message.id) === (view.folder === 'archive'),
  );
}

function renderList(): void {
  if (view.folder === 'sent') {
    list.innerHTML = data.sent
      .map(
        (message) =>
          `<li><span class="open" style="padding: 10px">To ${escapeHtml(message.to.join(', '))}: ${escapeHtml(message.subject)}</span></li>`,
      )
      .join('');
    return;
  }
  list.innerHTML = inFolder()
    .map((message) => {
      const starred = data.starred.includes(message.id);
      const unread = !view.read.includes(message.id);
      return `<li class="${unread ? 'unread' : ''}" data-id="${message.id}">
        <button type="button" class="open" data-open="${message.id}"><div>${escapeHtml(message.fromName)} <span class="muted">· ${message.received}</span></div>
        <div class="subject">${escapeHtml(message.subject)}</div></button>
        <button type="button" class="star" data-star="${message.id}" aria-label="Star" aria-pressed="${starred}" title="Star">${starred ? '★' : '☆'}</button></li>`;
    })
    .join('');
}

function renderReader(): void {
  const message = inboxMessages.find((candidate) => candidate.id === view.open);
  reader.hidden = message === undefined;
  if (message === undefined) return;
  reader.innerHTML = `<h2>${escapeHtml(message.subject)}</h2>
    <p><strong>${escapeHtml(message.fromName)}</strong> &lt;${escapeHtml(message.fromEmail)}&gt; · ${message.received}</p>
    <p>${escapeHtml(message.body)}</p>
    <div role="toolbar" aria-label="Message actions" class="row">
      <button type="button" data-action="reply">Reply</button>
      <button type="button" data-action="forward">Forward</button>
      <button type="button" data-action="archive">${data.archived.includes(message.id) ? 'Move to Inbox' : 'Archive'}</button>
      <button type="button" class="danger" data-action="delete">Delete</button>
    </div>`;
}

function render(): void {
  renderList();
  renderReader();
  for (const button of document.querySelectorAll<HTMLElement>('[data-folder]')) {
    button.setAttribute('aria-current', String(button.dataset['folder'] === view.folder));
  }
}

function say(text: string): void {
  byId('status').hidden = false;
  byId('status').textContent = text;
}

function openComposer(kind: SentMessage['kind'], about: string | null): void {
  const message = inboxMessages.find((candidate) => candidate.id === about);
  view.composer = { kind, about };
  fields.to.value = kind === 'reply' && message !== undefined ? message.fromEmail : '';
  fields.subject.value = message === undefined ? '' : `${kind === 'reply' ? 'Re' : 'Fwd'}: ${message.subject}`;
  fields.body.value = '';
  byId('composer-title').textContent = kind === 'reply' ? 'Reply' : kind === 'forward' ? 'Forward' : 'New message';
  composer.hidden = false;
  (kind === 'reply' ? fields.body : fields.to).focus();
}

list.addEventListener('click', (event) => {
  const target = event.target as HTMLElement;
  const star = target.closest<HTMLElement>('[data-star]');
  if (star !== null) {
    const id = star.dataset['star'] ?? '';
    data.starred = data.starred.includes(id)
      ? data.starred.filter((other) => other !== id)
      : sorted([...data.starred, id]);
    renderList();
    return;
  }
  const open = target.closest<HTMLElement>('[data-open]');
  if (open === null) return;
  view.open = open.dataset['open'] ?? null;
  if (view.open !== null && !view.read.includes(view.open)) view.read = sorted([...view.read, view.open]);
  render();
});

reader.addEventListener('click', (event) => {
  const action = (event.target as HTMLElement).closest<HTMLElement>('[data-action]')?.dataset['action'];
  const id = view.open;
  if (action === undefined || id === null) return;
  if (action === 'reply' || action === 'forward') return openComposer(action, id);
  if (action === 'archive') {
    data.archived = data.archived.includes(id)
      ? data.archived.filter((other) => other !== id)
      : sorted([...data.archived, id]);
    say(data.archived.includes(id) ? 'Conversation archived.' : 'Moved to Inbox.');
  } else {
    data.deleted = sorted([...data.deleted, id]);
    say('Conversation deleted.');
  }
  view.open = null;
  render();
});

byId('compose').addEventListener('click', () => openComposer('new', null));
byId('discard').addEventListener('click', () => {
  view.composer = null;
  composer.hidden = true;
});
composer.addEventListener('submit', (event) => {
  event.preventDefault();
  if (view.composer === null) return;
  const to = fields.to.value
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
  const error = byId('composer-error');
  error.hidden = to.length > 0 && to.every((address) => /^[^@\s]+@[^@\s]+$/.test(address));
  error.textContent = 'Add at least one valid recipient.';
  if (!error.hidden) return;
  data.sent.push({
    kind: view.composer.kind,
    to,
    subject: fields.subject.value,
    body: fields.body.value,
    about: view.composer.about,
  });
  view.composer = null;
  composer.hidden = true;
  say('Message sent.');
  render();
});

document.querySelector('nav.folders')?.addEventListener('click', (event) => {
  const folder = (event.target as HTMLElement).closest<HTMLElement>('[data-folder]')?.dataset['folder'];
  if (folder === undefined) return;
  view.folder = folder as InboxView['folder'];
  view.open = null;
  render();
});

render();
exposeState('inbox', () => ({ data, view }));
