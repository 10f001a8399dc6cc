import type { ScenarioName } from './state-schemas.js';
import type { ScenarioTask } from './task.js';
import { expenseReportDefaultTask, expenseReportTasks } from './tasks/expense-report-tasks.js';
import { machineStatusDefaultTask, machineStatusTasks } from './tasks/machine-status-tasks.js';
import { salesChartsDefaultTask, salesChartsTasks } from './tasks/sales-charts-tasks.js';

/** A built-in scenario app. */
export interface ScenarioInfo {
  readonly name: ScenarioName;
  /** Human-readable name: "Expense report". */
  readonly title: string;
  /** One sentence on what the app is and what it exercises. */
  readonly description: string;
  /** Path of the start page on the scenario server: `/expense-report/`. */
  readonly path: string;
  /** The instruction the quickstart runs when none is given (the instruction of `defaultTaskId`). */
  readonly defaultTask: string;
  /** Id of the default task in {@link scenarioTasks}, whose check judges a quickstart run. */
  readonly defaultTaskId: string;
}

/** The built-in scenarios, in the order they are listed to people. */
export const scenarios: readonly ScenarioInfo[] = [
  {
    name: 'expense-report',
    title: 'Expense report',
    description:
      'A three-page expense claim form with inline validation, a date field, a radio group, a Submit button ' +
      'disabled until the report is certified, and a confirmation dialog.',
    path: '/expense-report/',
    defaultTask: expenseReportDefaultTask.instruction,
    defaultTaskId: expenseReportDefaultTask.id,
  },
  {
    name: 'machine-status',
    title: 'Machine status',
    description:
      'A dashboard of 30 machines with a status filter, search, sortable columns, row checkboxes, a details ' +
      'panel and a confirmed "Restart selected" action.',
    path: '/machine-status/',
    defaultTask: machineStatusDefaultTask.instruction,
    defaultTaskId: machineStatusDefaultTask.id,
  },
  {
    name: 'sales-charts',
    title: 'Sales charts',
    description:
      'A sales dashboard with SVG bar and line charts, metric and region selects, series checkboxes, a date ' +
      'range, summary figures and a CSV export.',
    path: '/sales-charts/',
    defaultTask: salesChartsDefaultTask.instruction,
    defaultTaskId: salesChartsDefaultTask.id,
  },
];

/** The scenario with this name, or undefined (list `scenarios` to tell the person the valid names). */
export function getScenario(name: string): ScenarioInfo | undefined {
  return scenarios.find((scenario) => scenario.name === name);
}

/** Every built-in task, grouped by scenario. Ids are unique. */
export const scenarioTasks: readonly ScenarioTask[] = [
  ...expenseReportTasks,
  ...machineStatusTasks,
  ...salesChartsTasks,
];
