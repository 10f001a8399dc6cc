import { setupSurprise, wireDialog } from '/shared/dialogs.js';
import { once, requestedFault } from '/shared/faults.js';
import { createStateSync } from '/shared/state-sync.js';
import { createFleet } from './machines.js';

const sync = createStateSync('machine-status');
const byId = (id) => document.getElementById(id);
const HOT_CELSIUS = 90;
// The value-rounding fault: the search box keeps this many characters once it loses focus.
const SEARCH_LIMIT = 12;
const fault = requestedFault();

const fleet = createFleet();
const view = {
  statusFilter: 'All',
  search: '',
  sort: { column: 'name', direction: 'ascending' },
  selected: new Set(),
  details: null,
  restarted: [],
  cancelledConfirmations: 0,
  message: '',
  // Machines a restart was sent to without an answer yet (only the stuck-save fault leaves any).
  sending: [],
};

const compare = {
  name: (a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }),
  location: (a, b) => a.location.localeCompare(b.location, 'en', { numeric: true }),
  status: (a, b) => a.status.localeCompare(b.status, 'en'),
  temperature: (a, b) => a.temperature - b.temperature,
  lastUpdate: (a, b) => a.lastUpdate.localeCompare(b.lastUpdate, 'en'),
};

function visibleMachines() {
  const needle = view.search.trim().toLowerCase();
  const matches = fleet.filter(
    (machine) =>
      (view.statusFilter === 'All' || machine.status === view.statusFilter) &&
      (needle === '' || `${machine.name} ${machine.location}`.toLowerCase().includes(needle)),
  );
  const sign = view.sort.direction === 'ascending' ? 1 : -1;
  // Ties fall back to the name so that the order never depends on the engine's sort stability.
  return matches.sort((a, b) => sign * compare[view.sort.column](a, b) || compare.name(a, b));
}

function cell(content, className) {
  const td = document.createElement('td');
  if (className) td.className = className;
  if (content instanceof Node) td.append(content);
  else td.textContent = content;
  return td;
}

function renderRow(machine) {
  const row = document.createElement('tr');
  row.classList.toggle('is-selected', view.selected.has(machine.name));
  row.classList.toggle('is-current', view.details === machine.name);

  const checkbox = document.createElement('input');
  checkbox.type = 'checkbox';
  checkbox.checked = view.selected.has(machine.name);
  checkbox.setAttribute('aria-label', `Select ${machine.name}`);
  checkbox.addEventListener('change', () => {
    if (checkbox.checked) view.selected.add(machine.name);
    else view.selected.delete(machine.name);
    render();
  });

  const link = document.createElement('button');
  link.type = 'button';
  link.className = 'link-button';
  link.textContent = machine.name;
  link.addEventListener('click', () => {
    view.details = machine.name;
    render();
  });

  const badge = document.createElement('span');
  badge.className = `badge badge-${machine.status.toLowerCase()}`;
  badge.textContent = machine.status;

  const temperature = cell(`${machine.temperature.toFixed(1)} °C`, 'numeric');
  if (machine.temperature >= HOT_CELSIUS) temperature.classList.add('hot');

  row.append(
    cell(checkbox, 'select-column'),
    cell(link),
    cell(machine.location),
    cell(badge),
    temperature,
    cell(machine.lastUpdate),
  );
  return row;
}

function renderHeaders() {
  for (const th of document.querySelectorAll('th[data-column]')) {
    const sorted = th.dataset.column === view.sort.column;
    if (sorted) th.setAttribute('aria-sort', view.sort.direction);
    else th.removeAttribute('aria-sort');
    th.querySelector('.sort-indicator').textContent = sorted ? (view.sort.direction === 'ascending' ? '▲' : '▼') : '';
  }
}

function renderDetails() {
  const machine = fleet.find((item) => item.name === view.details);
  byId('details-empty').hidden = machine !== undefined;
  byId('details-body').hidden = machine === undefined;
  if (machine === undefined) return;
  byId('details-name').textContent = machine.name;
  const facts = [
    ['Status', machine.status],
    ['Location', machine.location],
    ['Temperature', `${machine.temperature.toFixed(1)} °C`],
    ['Model', machine.model],
    ['Serial', machine.serial],
    ['Installed', machine.installed],
    ['Last update', machine.lastUpdate],
  ];
  byId('details-list').replaceChildren(
    ...facts.flatMap(([term, value]) => {
      const dt = document.createElement('dt');
      dt.textContent = term;
      const dd = document.createElement('dd');
      dd.textContent = value;
      return [dt, dd];
    }),
  );
  byId('details-events').replaceChildren(
    ...machine.events.map((text) => {
      const li = document.createElement('li');
      li.textContent = text;
      return li;
    }),
  );
}

function render() {
  const visible = visibleMachines();
  // Selection follows what is on screen: a machine hidden by the filter cannot be restarted by accident.
  const shown = new Set(visible.map((machine) => machine.name));
  for (const name of [...view.selected]) if (!shown.has(name)) view.selected.delete(name);

  byId('machine-rows').replaceChildren(...visible.map(renderRow));
  renderHeaders();
  renderDetails();

  for (const status of ['Running', 'Idle', 'Error', 'Maintenance']) {
    byId(`count-${status.toLowerCase()}`).textContent = String(
      fleet.filter((machine) => machine.status === status).length,
    );
  }
  const selectAll = byId('select-all');
  selectAll.checked = visible.length > 0 && view.selected.size === visible.length;
  selectAll.indeterminate = view.selected.size > 0 && view.selected.size < visible.length;
  const restart = byId('restart-selected');
  restart.disabled = view.selected.size === 0 || view.sending.length > 0;
  byId('action-progress').hidden = view.sending.length === 0;
  byId('action-progress').textContent =
    `Sending restart to ${view.sending.length} ${view.sending.length === 1 ? 'machine' : 'machines'}…`;
  byId('selection-count').textContent =
    view.selected.size === 0
      ? 'No machines selected'
      : `${view.selected.size} ${view.selected.size === 1 ? 'machine' : 'machines'} selected`;
  byId('empty-message').hidden = visible.length > 0;
  byId('table-footer').textContent = `Showing ${visible.length} of ${fleet.length} machines`;
  byId('action-status').hidden = view.message === '';
  byId('action-status').textContent = view.message;

  sync.report({
    statusFilter: view.statusFilter,
    search: view.search,
    sort: { ...view.sort },
    visible: visible.map((machine) => machine.name),
    selected: visible.filter((machine) => view.selected.has(machine.name)).map((machine) => machine.name),
    details: view.details,
    confirmOpen: confirmDialog.isOpen || safetyDialog.isOpen,
    cancelledConfirmations: view.cancelledConfirmations,
    surpriseOpen: surpriseDialog.isOpen,
    restarted: view.restarted,
    statuses: Object.fromEntries(fleet.map((machine) => [machine.name, machine.status])),
  });
}

function restartSelected() {
  const names = visibleMachines()
    .filter((machine) => view.selected.has(machine.name))
    .map((machine) => machine.name);
  if (fault === 'stuck-save') {
    view.sending = names;
    return;
  }
  for (const machine of fleet) {
    if (names.includes(machine.name)) {
      machine.status = 'Running';
      machine.lastUpdate = '2026-03-14 09:31';
      machine.events = ['Restart requested from Fleet Monitor', ...machine.events.slice(0, 1)];
    }
  }
  view.restarted.push(...names);
  view.selected.clear();
  view.message = `Restart sent to ${names.length} ${names.length === 1 ? 'machine' : 'machines'}: ${names.join(', ')}.`;
}

const confirmDialog = wireDialog(byId('confirm-dialog'), (choice) => {
  if (choice !== 'confirm') view.cancelledConfirmations += 1;
  // The extra-confirm fault asks a second question that the plan knows nothing about.
  else if (fault === 'extra-confirm') safetyDialog.open();
  else restartSelected();
  render();
});
const safetyDialog = wireDialog(byId('safety-dialog'), (choice) => {
  if (choice === 'confirm') restartSelected();
  else view.cancelledConfirmations += 1;
  render();
});
const surpriseDialog = setupSurprise(byId('surprise-dialog'), () => render());

const clearSearchOnce = once(() => {
  view.search = '';
  byId('search').value = '';
});
byId('status-filter').addEventListener('change', (event) => {
  view.statusFilter = event.target.value;
  if (fault === 'field-reset') clearSearchOnce();
  render();
});
byId('search').addEventListener('input', (event) => {
  view.search = event.target.value;
  render();
});
byId('search').addEventListener('change', (event) => {
  if (fault !== 'value-rounding' || event.target.value.length <= SEARCH_LIMIT) return;
  event.target.value = event.target.value.slice(0, SEARCH_LIMIT);
  view.search = event.target.value;
  render();
});
byId('search').addEventListener('keydown', (event) => {
  if (event.key === 'Enter') event.preventDefault();
});
byId('select-all').addEventListener('change', (event) => {
  view.selected = new Set(event.target.checked ? visibleMachines().map((machine) => machine.name) : []);
  render();
});
for (const th of document.querySelectorAll('th[data-column]')) {
  th.querySelector('button').addEventListener('click', () => {
    const column = th.dataset.column;
    const flip = view.sort.column === column && view.sort.direction === 'ascending';
    view.sort = { column, direction: flip ? 'descending' : 'ascending' };
    render();
  });
}
byId('restart-selected').addEventListener('click', () => {
  const names = visibleMachines()
    .filter((machine) => view.selected.has(machine.name))
    .map((machine) => machine.name);
  byId('confirm-body').textContent =
    `${names.length === 1 ? 'This machine stops its current job' : `These ${names.length} machines stop their current jobs`} ` +
    'and restart. A restart takes about two minutes.';
  byId('confirm-list').replaceChildren(
    ...names.map((name) => {
      const li = document.createElement('li');
      li.textContent = name;
      return li;
    }),
  );
  byId('confirm-title').textContent = names.length === 1 ? 'Restart 1 machine?' : `Restart ${names.length} machines?`;
  confirmDialog.open();
  render();
});
byId('close-details').addEventListener('click', () => {
  view.details = null;
  render();
});

render();
