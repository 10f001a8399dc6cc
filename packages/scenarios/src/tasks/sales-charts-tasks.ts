import { salesChartsStateSchema, type SalesChartsState, type SalesView } from '../state-schemas.js';
import { defineTasks, equals, fact, taskNamed, type Fact } from './facts.js';

const defaultView: SalesView = {
  metric: 'Revenue',
  region: 'All regions',
  from: '',
  to: '',
  series: ['Hardware', 'Software', 'Services', 'Support'],
};

/** The charts show `expected` (defaults elsewhere) and the headline figure names its metric. */
export function showing(state: SalesChartsState, expected: Partial<SalesView>): Fact[] {
  const view = { ...defaultView, ...expected };
  return [
    equals('the applied view', state.applied, view),
    equals('the summary label', state.summary.label, `Total ${view.metric.toLowerCase()}`),
    fact('the summary total is positive', state.summary.total > 0, state.summary.total),
  ];
}

/** Exactly one CSV export was made, of the view `expected` (defaults elsewhere), with `rows` rows. */
export function exported(state: SalesChartsState, expected: Partial<SalesView>, rows: number): Fact[] {
  const [file, ...others] = state.exports;
  if (file === undefined) return [fact('a CSV export was made', false, 'no export')];
  const { metric, region, from, to, series } = file;
  return [
    equals('the number of exports', others.length + 1, 1),
    equals('the exported view', { metric, region, from, to, series }, { ...defaultView, ...expected }),
    equals('the exported rows', file.rows, rows),
  ];
}

function untouched(state: SalesChartsState): Fact[] {
  return [
    equals('the applied view', state.applied, defaultView),
    equals('the controls', state.controls, defaultView),
    equals('the number of exports', state.exports.length, 0),
  ];
}

export const salesChartsTasks = defineTasks('sales-charts', salesChartsStateSchema, [
  {
    name: 'west-profit-export',
    instruction:
      "select 'Profit' from the 'Metric' dropdown, select 'West' from the 'Region' dropdown, click 'Apply', " +
      "then click 'Export CSV'",
    facts: (state) => [
      ...showing(state, { metric: 'Profit', region: 'West' }),
      ...exported(state, { metric: 'Profit', region: 'West' }, 12),
    ],
  },
  {
    name: 'show-units',
    instruction: "select 'Units' from the 'Metric' dropdown, then click 'Apply'",
    facts: (state) => showing(state, { metric: 'Units' }),
  },
  {
    name: 'west-region',
    instruction: "select 'West' from the 'Region' menu and click the Apply button",
    facts: (state) => showing(state, { region: 'West' }),
  },
  {
    name: 'two-series',
    instruction: "uncheck the 'Services' checkbox, uncheck the 'Support' checkbox, then click 'Apply'",
    facts: (state) => showing(state, { series: ['Hardware', 'Software'] }),
  },
  {
    name: 'second-quarter',
    instruction: "type '04/01/2025' into the 'From' field, type '06/30/2025' into the 'To' field, then click 'Apply'",
    facts: (state) => [
      ...showing(state, { from: '2025-04-01', to: '2025-06-30' }),
      equals('the months shown', state.summary.months, 3),
    ],
  },
  {
    name: 'range-with-enter',
    instruction: "type '09/01/2025' into the 'From' field, type '09/30/2025' into the 'To' field and press Enter",
    facts: (state) => [
      ...showing(state, { from: '2025-09-01', to: '2025-09-30' }),
      equals('the months shown', state.summary.months, 1),
    ],
  },
  {
    name: 'export-default',
    instruction: "scroll down, click 'Export CSV', then wait for 'Export complete' to appear",
    facts: (state) => exported(state, {}, 12),
  },
  {
    name: 'export-profit',
    instruction:
      "select 'Profit' from the 'Metric' dropdown, click 'Apply', scroll to the bottom and click 'Export CSV'",
    facts: (state) => [...showing(state, { metric: 'Profit' }), ...exported(state, { metric: 'Profit' }, 12)],
  },
  {
    name: 'east-hardware-only',
    instruction:
      "select 'East' from the 'Region' dropdown, uncheck 'Software', uncheck 'Services', uncheck 'Support', " +
      "then click 'Apply'",
    facts: (state) => showing(state, { region: 'East', series: ['Hardware'] }),
  },
  {
    name: 'fourth-quarter-units-export',
    instruction:
      "select 'Units' from the 'Metric' dropdown, type '10/01/2025' into the 'From' field, " +
      "type '12/31/2025' into the 'To' field, click 'Apply', then click 'Export CSV'",
    facts: (state) => exported(state, { metric: 'Units', from: '2025-10-01', to: '2025-12-31' }, 3),
  },
  {
    name: 'apply-disabled-without-series',
    instruction:
      "uncheck the 'Hardware' checkbox, uncheck the 'Software' checkbox, uncheck the 'Services' checkbox " +
      "and uncheck the 'Support' checkbox",
    facts: (state) => [
      equals('the ticked series', state.controls.series, []),
      equals('whether Apply is enabled', state.applyEnabled, false),
      fact('an inline error asks for a series', state.errors.series !== undefined, state.errors),
      equals('the applied view', state.applied, defaultView),
    ],
  },
  {
    name: 'dismiss-surprise',
    surprise: true,
    instruction: "click 'Dismiss', select 'Profit' from the 'Metric' dropdown and click 'Apply'",
    facts: (state) => [
      equals('whether the surprise notice is open', state.surpriseOpen, false),
      ...showing(state, { metric: 'Profit' }),
    ],
  },
  {
    name: 'clarify-look-better',
    expect: 'clarify',
    instruction: 'make the chart look better',
    facts: untouched,
  },
  {
    name: 'clarify-unusual',
    expect: 'clarify',
    instruction: "select 'Profit' from the 'Metric' dropdown and then highlight anything unusual",
    facts: untouched,
  },
]);

/** The quickstart task for this scenario: profit for the West region, exported as CSV. */
export const salesChartsDefaultTask = taskNamed(salesChartsTasks, 'west-profit-export');
