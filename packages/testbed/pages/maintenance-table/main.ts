import '../shared/base.css';
import {
  machineStatuses,
  maintenanceInitialData,
  maintenancePageSize,
  type Machine,
  type MachineStatus,
  type MaintenanceData,
  type MaintenanceView,
} from '../../src/fixtures/maintenance-table.js';
import { byId, escapeHtml } from '../shared/dom.js';
import { exposeState } from '../shared/testbed-state.js';

const data: MaintenanceData = structuredClone(maintenanceInitialData);
const view: MaintenanceView = { page: 1, sort: null, dialog: null };
const formatDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

function ordered(): Machine[] {
  const rows = [...data.machines];
  const sort = view.sort;
  if (sort === null) return rows;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows.sort((a, b) => sign * a[sort.column].localeCompare(b[sort.column]));
}

function render(): void {
  const rows = ordered();
  const pageCount = Math.max(1, Math.ceil(rows.length / maintenancePageSize));
  view.page = Math.min(view.page, pageCount);
  byId('rows').innerHTML = rows
    .slice((view.page - 1) * maintenancePageSize, view.page * maintenancePageSize)
    .map(
      (
        entry,
      ) => `<tr><th scope="row">${escapeHtml(entry.name)}</th><td>${escapeHtml(entry.site)}</td><td>${escapeHtml(entry.technician)}</td>
        <td>${formatDate.format(new Date(`${entry.nextService}T00:00:00Z`))}</td><td>${entry.status}</td>
        <td class="actions"><button type="button" data-edit="${entry.name}">Edit</button>
        <button type="button" class="danger" data-delete="${entry.name}">Delete</button></td></tr>`,
    )
    .join('');
  const numbers = Array.from({ length: pageCount }, (_, index) => index + 1)
    .map(
      (number) =>
        `<button type="button" data-page="${number}" ${number === view.page ? 'aria-current="page"' : ''}>${number}</button>`,
    )
    .join('');
  byId('pages').innerHTML =
    `<button type="button" data-page="${view.page - 1}" ${view.page === 1 ? 'disabled' : ''}>Previous</button>${numbers}
    <button type="button" data-page="${view.page + 1}" ${view.page === pageCount ? 'disabled' : ''}>Next</button>
    <span class="muted">Page ${view.page} of ${pageCount}</span>`;
  for (const column of ['name', 'nextService'] as const) {
    byId(`th-${column}`).setAttribute('aria-sort', view.sort?.column === column ? view.sort.direction : 'none');
  }
}

const deleteDialog = byId<HTMLDialogElement>('delete-dialog');
const editDialog = byId<HTMLDialogElement>('edit-dialog');
const editFields = {
  technician: byId<HTMLInputElement>('edit-technician'),
  next: byId<HTMLInputElement>('edit-next'),
  status: byId<HTMLSelectElement>('edit-status'),
};
for (const status of machineStatuses) editFields.status.add(new Option(status, status));

byId('rows').addEventListener('click', (event) => {
  const target = event.target as HTMLElement;
  const toDelete = target.closest<HTMLElement>('[data-delete]')?.dataset['delete'];
  if (toDelete !== undefined) {
    view.dialog = { kind: 'delete', machine: toDelete };
    byId('delete-title').textContent = `Delete ${toDelete}?`;
    deleteDialog.showModal();
    return;
  }
  const toEdit = data.machines.find(
    (entry) => entry.name === target.closest<HTMLElement>('[data-edit]')?.dataset['edit'],
  );
  if (toEdit === undefined) return;
  view.dialog = { kind: 'edit', machine: toEdit.name };
  byId('edit-title').textContent = `Edit ${toEdit.name}`;
  editFields.technician.value = toEdit.technician;
  editFields.next.value = toEdit.nextService;
  editFields.status.value = toEdit.status;
  editDialog.showModal();
});

byId('confirm-delete').addEventListener('click', () => {
  const name = view.dialog?.machine;
  data.machines = data.machines.filter((entry) => entry.name !== name);
  byId('status').textContent = `${name ?? ''} deleted.`;
  deleteDialog.close();
  render();
});
byId('cancel-delete').addEventListener('click', () => deleteDialog.close());
byId('cancel-edit').addEventListener('click', () => editDialog.close());
for (const dialog of [deleteDialog, editDialog]) dialog.addEventListener('close', () => (view.dialog = null));

byId('edit-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const entry = data.machines.find((candidate) => candidate.name === view.dialog?.machine);
  if (entry === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(editFields.next.value)) return;
  entry.technician = editFields.technician.value.trim();
  entry.nextService = editFields.next.value;
  entry.status = editFields.status.value as MachineStatus;
  byId('status').textContent = `${entry.name} updated.`;
  editDialog.close();
  render();
});

byId('pages').addEventListener('click', (event) => {
  const page = (event.target as HTMLElement).closest<HTMLElement>('[data-page]')?.dataset['page'];
  if (page === undefined) return;
  view.page = Number(page);
  render();
});
document.querySelector('thead')?.addEventListener('click', (event) => {
  const column = (event.target as HTMLElement).closest<HTMLElement>('[data-sort]')?.dataset['sort'] as
    'name' | 'nextService' | undefined;
  if (column === undefined) return;
  const direction = view.sort?.column === column && view.sort.direction === 'ascending' ? 'descending' : 'ascending';
  view.sort = { column, direction };
  view.page = 1;
  render();
});

render();
exposeState('maintenance-table', () => ({ data, view }));
