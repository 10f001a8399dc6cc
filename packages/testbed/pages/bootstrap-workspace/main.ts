import 'bootstrap/dist/css/bootstrap.min.css';
import { Modal, Toast, Tooltip } from 'bootstrap';
import {
  workspaceInitialData,
  workspaceInvoices,
  workspaceRoles,
  type MemberRole,
  type WorkspaceData,
  type WorkspaceView,
} from '../../src/fixtures/bootstrap-workspace.js';
import { byId, escapeHtml } from '../shared/dom.js';
import { exposeState, sorted } from '../shared/testbed-state.js';

const data: WorkspaceData = structuredClone(workspaceInitialData);
const view: WorkspaceView = { tab: 'overview', modal: null, toasts: [], openPanels: [] };

const icons: Record<string, string> = {
  share: '<path d="M13 4l5 5-5 5M18 9H8a5 5 0 0 0-5 5v2" />',
  copy: '<rect x="7" y="7" width="10" height="10" rx="1" /><path d="M4 13V4h9" />',
  archive: '<rect x="3" y="4" width="14" height="4" /><path d="M4 8v8h12V8M8 11h4" />',
};
for (const button of document.querySelectorAll<HTMLElement>('[data-icon]')) {
  button.innerHTML = `<svg width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" stroke-width="1.6">${icons[button.dataset['icon'] ?? ''] ?? ''}</svg>`;
  // Bootstrap turns the title into the tooltip and, for a button without text, into its aria-label.
  new Tooltip(button);
}

// The library's own events say which tab, modal, toast and panel are showing.
document.addEventListener('shown.bs.tab', (event) => {
  view.tab = (event.target as HTMLElement).id.replace('-tab', '') as WorkspaceView['tab'];
});
document.addEventListener('show.bs.modal', (event) => {
  view.modal = (event.target as HTMLElement).id as WorkspaceView['modal'];
});
document.addEventListener('hidden.bs.modal', () => (view.modal = null));
document.addEventListener('show.bs.toast', (event) => {
  view.toasts = sorted([...new Set([...view.toasts, (event.target as HTMLElement).id])]);
});
document.addEventListener('hidden.bs.toast', (event) => {
  view.toasts = view.toasts.filter((id) => id !== (event.target as HTMLElement).id);
});
document.addEventListener('shown.bs.collapse', (event) => {
  view.openPanels = sorted([...new Set([...view.openPanels, (event.target as HTMLElement).id])]);
});
document.addEventListener('hidden.bs.collapse', (event) => {
  view.openPanels = view.openPanels.filter((id) => id !== (event.target as HTMLElement).id);
});

function notify(text: string): void {
  byId('toast-notice-text').textContent = text;
  Toast.getOrCreateInstance(byId('toast-notice')).show();
}

function renderMembers(): void {
  byId('member-count').textContent = String(data.members.length);
  byId('member-rows').innerHTML = data.members
    .map(
      (member) => `<tr><td>${escapeHtml(member.name)}</td><td>${escapeHtml(member.email)}</td>
      <td><select class="form-select form-select-sm" aria-label="Role" data-role-for="${member.id}">${workspaceRoles
        .map((role) => `<option ${role === member.role ? 'selected' : ''}>${role}</option>`)
        .join('')}</select></td>
      <td class="text-end"><button type="button" class="btn btn-outline-danger btn-sm" data-remove="${member.id}">Remove</button></td></tr>`,
    )
    .join('');
}
byId('member-rows').addEventListener('change', (event) => {
  const select = event.target as HTMLSelectElement;
  const member = data.members.find((candidate) => candidate.id === select.dataset['roleFor']);
  if (member === undefined) return;
  member.role = select.value as MemberRole;
  notify(`${member.name} is now ${member.role}.`);
});
let removing: string | null = null;
byId('member-rows').addEventListener('click', (event) => {
  const id = (event.target as HTMLElement).closest<HTMLElement>('[data-remove]')?.dataset['remove'];
  const member = data.members.find((candidate) => candidate.id === id);
  if (member === undefined) return;
  removing = member.id;
  byId('remove-text').textContent = `Remove ${member.name} from the workspace? They lose access at once.`;
  Modal.getOrCreateInstance(byId('remove')).show();
});
byId('confirm-remove').addEventListener('click', () => {
  const member = data.members.find((candidate) => candidate.id === removing);
  data.members = data.members.filter((candidate) => candidate.id !== removing);
  Modal.getOrCreateInstance(byId('remove')).hide();
  renderMembers();
  if (member !== undefined) notify(`${member.name} was removed.`);
});

byId('invite-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const email = byId<HTMLInputElement>('invite-email').value.trim();
  const valid = /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(email);
  byId('invite-error').textContent = valid ? '' : 'Enter a valid email address.';
  if (!valid) return;
  data.invites.push({ email, role: byId<HTMLSelectElement>('invite-role').value as MemberRole });
  byId<HTMLFormElement>('invite-form').reset();
  Modal.getOrCreateInstance(byId('invite')).hide();
  notify(`Invitation sent to ${email}.`);
});

byId('archive').addEventListener('click', () => {
  data.projectArchived = true;
  byId('project-badge').textContent = 'Archived';
  byId('project-badge').className = 'badge text-bg-secondary';
  notify('Harbor Redesign was archived.');
});

function renderBilling(): void {
  byId('billing-email-shown').textContent = data.billingEmail;
}
byId('billing-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const email = byId<HTMLInputElement>('billing-email').value.trim();
  if (!/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(email)) return;
  data.billingEmail = email;
  renderBilling();
  notify(`Invoices now go to ${email}.`);
});
byId('invoices').innerHTML = workspaceInvoices
  .map(
    (
      group,
    ) => `<div class="accordion-item"><h3 class="accordion-header"><button class="accordion-button collapsed" type="button"
      data-bs-toggle="collapse" data-bs-target="#year-${group.year}" aria-expanded="false" aria-controls="year-${group.year}">${group.year}</button></h3>
      <div id="year-${group.year}" class="accordion-collapse collapse" data-bs-parent="#invoices"><div class="accordion-body"><ul class="list-unstyled mb-0">${group.invoices
        .map(
          (
            invoice,
          ) => `<li class="d-flex justify-content-between py-1"><span>${invoice.title} · ${invoice.amount}</span>
          <a href="#download-${invoice.id}" data-download="${invoice.id}">Download</a></li>`,
        )
        .join('')}</ul></div></div></div>`,
  )
  .join('');
byId('invoices').addEventListener('click', (event) => {
  const id = (event.target as HTMLElement).closest<HTMLElement>('[data-download]')?.dataset['download'];
  if (id === undefined) return;
  event.preventDefault();
  data.downloads.push(id);
  notify('Download started.');
});

byId('confirm-sign-out').addEventListener('click', () => {
  data.signedOut = true;
  Modal.getOrCreateInstance(byId('sign-out')).hide();
  notify('You are signed out.');
});

renderMembers();
renderBilling();
Toast.getOrCreateInstance(byId('toast-trial')).show();
exposeState('bootstrap-workspace', () => ({ data, view }));
