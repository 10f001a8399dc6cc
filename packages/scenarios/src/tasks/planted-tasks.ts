import type { z } from 'zod';
import type { ScenarioFault } from '../faults.js';
import {
  expenseReportStateSchema,
  machineStatusStateSchema,
  salesChartsStateSchema,
  type ScenarioName,
} from '../state-schemas.js';
import type { PlantedTask } from '../task.js';
import {
  danaDetails,
  danaFields,
  details,
  lodgingExpense,
  lodgingReport,
  notSubmitted,
  submitted,
} from './expense-report-tasks.js';
import { defineTasks, equals, sameMembers, type TaskSpec } from './facts.js';
import { machinesInError, restartedExactly } from './machine-status-tasks.js';
import { exported, showing } from './sales-charts-tasks.js';

interface PlantedSpec<State> extends TaskSpec<State> {
  readonly fault: ScenarioFault;
  readonly outcome: 'repairable' | 'unrepairable';
  readonly plant: string;
  /** Also list the same instruction on the normal app as a control, `<scenario>/control-<name>`. */
  readonly control?: true;
}

function definePlanted<Schema extends z.ZodType>(
  scenario: ScenarioName,
  schema: Schema,
  specs: readonly PlantedSpec<z.infer<Schema>>[],
): PlantedTask[] {
  const controls = specs.filter((spec) => spec.control === true);
  return [
    ...defineTasks(scenario, schema, specs).map((task, index) => {
      const spec = specs[index]!;
      return { ...task, fault: spec.fault, outcome: spec.outcome, plant: spec.plant };
    }),
    ...defineTasks(
      scenario,
      schema,
      controls.map((spec) => ({ ...spec, name: `control-${spec.name}` })),
    ).map((task, index) => ({
      ...task,
      outcome: 'control' as const,
      plant: `Nothing: the instruction of ${scenario}/${controls[index]!.name} on the normal app.`,
    })),
  ];
}

const certifyAndSubmit =
  "check the 'I certify these expenses are accurate' checkbox, click 'Submit', then click 'Confirm'";
const danaDraft =
  "type 'Dana Whitfield' into the 'Employee name' field, type 'dana.whitfield@example.com' into the 'Email' field, " +
  "select 'Finance' from the 'Department' dropdown, type '03/14/2026' into the 'Trip date' field";

const expenseReportPlanted = definePlanted('expense-report', expenseReportStateSchema, [
  {
    name: 'submit-never-completes',
    fault: 'stuck-save',
    outcome: 'unrepairable',
    control: true,
    plant: 'Confirm leaves the report "Submitting…" for ever; nothing reaches Finance.',
    instruction: `${danaDetails}, ${lodgingExpense}, ${certifyAndSubmit}`,
    facts: (state) => submitted(state, lodgingReport),
  },
  {
    name: 'duplicate-question',
    fault: 'extra-confirm',
    outcome: 'repairable',
    plant: 'Confirm opens a "Possible duplicate report" dialog the plan does not mention; nothing is sent.',
    instruction: `${danaDetails}, type '64.00' into the 'Amount' field, choose 'Meals', click 'Next', ${certifyAndSubmit}`,
    facts: (state) =>
      submitted(state, { ...danaFields, amount: 64, category: 'Meals', receiptAttached: false, notes: '' }),
  },
  {
    name: 'email-cleared',
    fault: 'field-reset',
    outcome: 'repairable',
    control: true,
    plant: 'Choosing the department wipes the email typed a step earlier.',
    instruction: danaDraft,
    facts: (state) => [
      equals('the page', state.step, 'details'),
      ...details(state, danaFields),
      ...notSubmitted(state),
    ],
  },
  {
    name: 'amount-rounded',
    fault: 'value-rounding',
    outcome: 'unrepairable',
    plant: 'The amount 12.345 becomes 12.35 when the field loses focus, and 12.35 is what gets submitted.',
    instruction: `${danaDetails}, type '12.345' into the 'Amount' field, choose 'Meals', click 'Next', ${certifyAndSubmit}`,
    facts: (state) =>
      submitted(state, { ...danaFields, amount: 12.345, category: 'Meals', receiptAttached: false, notes: '' }),
  },
]);

const lineThreeByTemperature = ['Conveyor-07', 'Robot-23', 'Mill-10', 'Welder-27', 'Press-16'];

const machineStatusPlanted = definePlanted('machine-status', machineStatusStateSchema, [
  {
    name: 'restart-never-completes',
    fault: 'stuck-save',
    outcome: 'unrepairable',
    control: true,
    plant: 'Confirm leaves the restart "Sending…" for ever; Boiler-02 stays in Error.',
    instruction: "check the 'Select Boiler-02' checkbox, click 'Restart selected', then click 'Confirm'",
    facts: (state) => restartedExactly(state, ['Boiler-02']),
  },
  {
    name: 'safety-question',
    fault: 'extra-confirm',
    outcome: 'repairable',
    plant: 'Confirm opens a "Safety check" dialog the plan does not mention; nothing restarts.',
    instruction:
      "select 'Error' from the 'Status' dropdown, check the 'Select all' checkbox, click 'Restart selected' " +
      "and click 'Confirm'",
    facts: (state) => restartedExactly(state, machinesInError),
  },
  {
    name: 'search-cleared',
    fault: 'field-reset',
    outcome: 'repairable',
    control: true,
    plant: 'Choosing the status wipes the search typed a step earlier, so every idle machine is listed.',
    instruction: "type 'Plant B' into the 'Search machines' field, then select 'Idle' from the 'Status' dropdown",
    facts: (state) => [
      equals('the status filter', state.statusFilter, 'Idle'),
      equals('the search text', state.search, 'Plant B'),
      sameMembers('the machines listed', state.visible, ['Packager-20', 'Press-17', 'Welder-28']),
    ],
  },
  {
    name: 'restart-after-search-cleared',
    fault: 'field-reset',
    outcome: 'unrepairable',
    plant: 'Choosing the status wipes the search, so "Select all" picks every machine in Error and all are restarted.',
    instruction:
      "type 'Welder' into the 'Search machines' field, select 'Error' from the 'Status' dropdown, " +
      "check the 'Select all' checkbox, click 'Restart selected' and click 'Confirm'",
    facts: (state) => restartedExactly(state, ['Welder-26']),
  },
  {
    name: 'search-cut',
    fault: 'value-rounding',
    outcome: 'repairable',
    plant: 'The search is cut to "Plant B, Lin" when the header is clicked, so Line 4 machines are listed too.',
    instruction: "type 'Plant B, Line 3' into the 'Search machines' field, then click the 'Temperature' column header",
    facts: (state) => [
      equals('the search text', state.search, 'Plant B, Line 3'),
      equals('the sort', state.sort, { column: 'temperature', direction: 'ascending' }),
      equals('the machines listed', state.visible, lineThreeByTemperature),
    ],
  },
]);

const salesChartsPlanted = definePlanted('sales-charts', salesChartsStateSchema, [
  {
    name: 'export-never-completes',
    fault: 'stuck-save',
    outcome: 'unrepairable',
    control: true,
    plant: 'Export CSV shows "Preparing export…" for ever; no file is made.',
    instruction:
      "select 'Profit' from the 'Metric' dropdown, select 'West' from the 'Region' dropdown, click 'Apply', " +
      "then click 'Export CSV'",
    facts: (state) => [
      ...showing(state, { metric: 'Profit', region: 'West' }),
      ...exported(state, { metric: 'Profit', region: 'West' }, 12),
    ],
  },
  {
    name: 'download-question',
    fault: 'extra-confirm',
    outcome: 'repairable',
    plant: 'Export CSV opens a "Download the CSV file?" dialog the plan does not mention; no file is made.',
    instruction: "select 'Units' from the 'Metric' dropdown, click 'Apply', scroll down and click 'Export CSV'",
    facts: (state) => [...showing(state, { metric: 'Units' }), ...exported(state, { metric: 'Units' }, 12)],
  },
  {
    name: 'from-cleared',
    fault: 'field-reset',
    outcome: 'repairable',
    plant: 'Choosing the region wipes the From date typed two steps earlier.',
    instruction:
      "type '04/01/2025' into the 'From' field, type '06/30/2025' into the 'To' field, " +
      "then select 'West' from the 'Region' dropdown",
    facts: (state) => [
      equals('the controls', state.controls, {
        metric: 'Revenue',
        region: 'West',
        from: '2025-04-01',
        to: '2025-06-30',
        series: ['Hardware', 'Software', 'Services', 'Support'],
      }),
    ],
  },
  {
    name: 'from-cleared-applied',
    fault: 'field-reset',
    outcome: 'repairable',
    control: true,
    plant: 'Choosing the region wipes the From date, so Apply shows the year from January instead of the quarter.',
    instruction:
      "type '04/01/2025' into the 'From' field, type '06/30/2025' into the 'To' field, " +
      "select 'West' from the 'Region' dropdown, then click 'Apply'",
    facts: (state) => [
      ...showing(state, { region: 'West', from: '2025-04-01', to: '2025-06-30' }),
      equals('the months shown', state.summary.months, 3),
    ],
  },
  {
    name: 'range-widened',
    fault: 'value-rounding',
    outcome: 'unrepairable',
    plant: 'Apply widens 04/15/2025 to 05/20/2025 into whole months, 04/01/2025 to 05/31/2025.',
    instruction: "type '04/15/2025' into the 'From' field, type '05/20/2025' into the 'To' field, then click 'Apply'",
    facts: (state) => showing(state, { from: '2025-04-15', to: '2025-05-20' }),
  },
]);

/**
 * The tasks of the false-completion benchmark, kept apart from `scenarioTasks`: each planted task
 * opens its app with a fault that makes the plan look finished while the goal is not met, and
 * each control runs the instruction of a planted task on the normal app, so that a completion
 * check rejecting good work shows up.
 */
export const plantedTasks: readonly PlantedTask[] = [
  ...expenseReportPlanted,
  ...machineStatusPlanted,
  ...salesChartsPlanted,
];
