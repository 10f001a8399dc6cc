import { setupSurprise, wireDialog } from '/shared/dialogs.js';
import { once, requestedFault } from '/shared/faults.js';
import { createStateSync } from '/shared/state-sync.js';
import { drawBarChart, drawLineChart } from './charts.js';
import { FIRST_DAY, LAST_DAY, MONTHS, SERIES, aggregate, formatNumber } from './data.js';

const sync = createStateSync('sales-charts');
const fault = requestedFault();
const byId = (id) => document.getElementById(id);

const inputs = {
  metric: byId('metric'),
  region: byId('region'),
  from: byId('from'),
  to: byId('to'),
  series: SERIES.map((name) => byId(`series-${name.toLowerCase()}`)),
};

let applied = { metric: 'Revenue', region: 'All regions', from: '', to: '', series: [...SERIES] };
const exports = [];
let exportMessage = '';
// Set by the stuck-save fault: the export was started and never finishes.
let exportPending = false;

function readControls() {
  return {
    metric: inputs.metric.value,
    region: inputs.region.value,
    from: inputs.from.value,
    to: inputs.to.value,
    series: inputs.series.filter((box) => box.checked).map((box) => box.value),
  };
}

function dateError(input) {
  if (input.validity.badInput) return 'Enter a complete date.';
  if (input.value !== '' && (input.value < FIRST_DAY || input.value > LAST_DAY)) {
    return 'Choose a date in 2025 (01/01/2025 to 12/31/2025).';
  }
  return undefined;
}

function validate(controls) {
  const errors = {};
  const fromError = dateError(inputs.from);
  const toError = dateError(inputs.to);
  if (fromError) errors.from = fromError;
  if (toError) errors.to = toError;
  if (!fromError && !toError && controls.from !== '' && controls.to !== '' && controls.from > controls.to) {
    errors.to = 'The end date must be on or after the start date.';
  }
  if (controls.series.length === 0) errors.series = 'Choose at least one series.';
  return errors;
}

function metricNoun(metric) {
  return metric.toLowerCase();
}

function summaryOf(view, data) {
  const label = `Total ${metricNoun(view.metric)}`;
  return { label, total: data.total, text: `${label}: ${formatNumber(data.total)}`, months: data.months.length };
}

function renderSummary(view, data) {
  const summary = summaryOf(view, data);
  byId('summary-total').textContent = summary.text;
  const average = data.months.length === 0 ? 0 : data.total / data.months.length;
  byId('summary-average').textContent = `Monthly average: ${formatNumber(average)}`;
  const best = data.byMonth.reduce((top, row) => (top === undefined || row.total > top.total ? row : top), undefined);
  byId('summary-best-month').textContent = `Best month: ${best === undefined ? 'none' : MONTHS[best.month]}`;
  const topSeries = Object.entries(data.bySeries).sort((a, b) => b[1] - a[1])[0];
  byId('summary-best-series').textContent = `Top series: ${topSeries === undefined ? 'none' : topSeries[0]}`;
  return summary;
}

function rangeText(view, data) {
  if (data.months.length === 0) return 'no months';
  const first = MONTHS[data.months[0]];
  const last = MONTHS[data.months.at(-1)];
  return first === last ? `${first} 2025` : `${first} to ${last} 2025`;
}

function renderCharts(view, data) {
  const noun = metricNoun(view.metric);
  const where = view.region === 'All regions' ? 'all regions' : `the ${view.region} region`;
  byId('bar-heading').textContent = `${view.metric} by product line`;
  drawBarChart(byId('bar-chart'), {
    id: 'bar',
    title: `${view.metric} by product line`,
    description: `Bar chart of total ${noun} per product line for ${where}, ${rangeText(view, data)}.`,
    values: data.bySeries,
  });
  byId('line-heading').textContent = `${view.metric} by month`;
  drawLineChart(byId('line-chart'), {
    id: 'line',
    title: `${view.metric} by month`,
    description: `Line chart of monthly ${noun} per product line for ${where}, ${rangeText(view, data)}.`,
    labels: data.months.map((month) => MONTHS[month].slice(0, 3)),
    series: Object.fromEntries(view.series.map((name) => [name, data.byMonth.map((row) => row.values[name])])),
  });
}

function renderTable(view, data) {
  const head = document.createElement('tr');
  for (const title of ['Month', ...view.series, 'Total']) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = title;
    head.append(th);
  }
  byId('detail-head').replaceChildren(head);
  const row = (label, values, total, className) => {
    const tr = document.createElement('tr');
    if (className) tr.className = className;
    for (const content of [label, ...values.map(formatNumber), formatNumber(total)]) {
      const td = document.createElement('td');
      td.textContent = content;
      tr.append(td);
    }
    return tr;
  };
  byId('detail-body').replaceChildren(
    ...data.byMonth.map((entry) =>
      row(
        MONTHS[entry.month],
        view.series.map((name) => entry.values[name]),
        entry.total,
      ),
    ),
    row(
      'Total',
      view.series.map((name) => data.bySeries[name]),
      data.total,
      'total',
    ),
  );
}

function render() {
  const controls = readControls();
  const errors = validate(controls);
  for (const name of ['from', 'to', 'series']) {
    const element = byId(`${name}-error`);
    element.textContent = errors[name] ?? '';
    element.hidden = errors[name] === undefined;
  }
  inputs.from.setAttribute('aria-invalid', String(errors.from !== undefined));
  inputs.to.setAttribute('aria-invalid', String(errors.to !== undefined));
  const applyEnabled = Object.keys(errors).length === 0;
  byId('apply').disabled = !applyEnabled;

  const data = aggregate(applied);
  const summary = renderSummary(applied, data);
  renderCharts(applied, data);
  renderTable(applied, data);
  byId('export-status').hidden = exportMessage === '';
  byId('export-status').textContent = exportMessage;
  byId('export-progress').hidden = !exportPending;
  byId('export').disabled = exportPending;

  sync.report({
    controls,
    applied,
    applyEnabled,
    errors,
    summary,
    exports,
    surpriseOpen: surpriseDialog.isOpen,
  });
}

function exportFileName(data) {
  const regionSlug = applied.region.toLowerCase().replace(/\s+/g, '-');
  const monthCode = (month) => `2025-${String(month + 1).padStart(2, '0')}`;
  const span = data.months.length === 0 ? 'empty' : `${monthCode(data.months[0])}-to-${monthCode(data.months.at(-1))}`;
  return `sales-${metricNoun(applied.metric)}-${regionSlug}-${span}.csv`;
}

function exportCsv() {
  if (fault === 'stuck-save') {
    exportPending = true;
    exportMessage = '';
    return;
  }
  const data = aggregate(applied);
  const fileName = exportFileName(data);
  exports.push({ ...applied, series: [...applied.series], fileName, rows: data.byMonth.length });
  exportMessage = `Export complete: ${data.byMonth.length} rows saved to ${fileName}`;
}

/** The value-rounding fault: the report works in whole months, so Apply widens the range to them. */
function snapToWholeMonths() {
  if (inputs.from.value !== '') inputs.from.value = `${inputs.from.value.slice(0, 7)}-01`;
  if (inputs.to.value !== '') {
    const [year, month] = inputs.to.value.split('-').map(Number);
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    inputs.to.value = `${inputs.to.value.slice(0, 7)}-${String(lastDay).padStart(2, '0')}`;
  }
}

const surpriseDialog = setupSurprise(byId('surprise-dialog'), () => render());
const exportDialog = wireDialog(byId('export-dialog'), (choice) => {
  if (choice === 'confirm') exportCsv();
  render();
});
const clearFromOnce = once(() => {
  inputs.from.value = '';
});

byId('filters').addEventListener('submit', (event) => {
  event.preventDefault();
  if (Object.keys(validate(readControls())).length > 0) return;
  if (fault === 'value-rounding') snapToWholeMonths();
  const controls = readControls();
  applied = controls;
  exportMessage = '';
  render();
});
inputs.region.addEventListener('change', () => {
  if (fault === 'field-reset') clearFromOnce();
});
byId('filters').addEventListener('input', () => render());
byId('filters').addEventListener('change', () => render());
byId('export').addEventListener('click', () => {
  // The extra-confirm fault asks a question that the plan knows nothing about.
  if (fault === 'extra-confirm') {
    const data = aggregate(applied);
    byId('export-body').textContent =
      `${data.byMonth.length} rows will be saved to ${exportFileName(data)} in your Downloads folder.`;
    exportDialog.open();
  } else {
    exportCsv();
  }
  render();
});

render();
