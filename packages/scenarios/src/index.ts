/**
 * Built-in scenario web apps for tests, the benchmark and the quickstart: an expense form, a
 * machine dashboard and sales charts, served on 127.0.0.1. Each app reports its state to the
 * server, and each task checks that state, so success is judged from the app itself.
 */
export { getScenario, scenarios, scenarioTasks, type ScenarioInfo } from './catalog.js';
export { ScenarioError, UnknownScenarioError } from './errors.js';
export { faultEffects, isScenarioFault, scenarioFaults, type ScenarioFault } from './faults.js';
export { plantedTasks } from './tasks/planted-tasks.js';
export {
  defaultSessionId,
  sessionIdPattern,
  startScenarioServer,
  type ScenarioServer,
  type ScenarioServerOptions,
  type ScenarioUrlOptions,
} from './server.js';
export {
  expenseReportStateSchema,
  isScenarioName,
  machineStatusStateSchema,
  salesChartsStateSchema,
  scenarioNames,
  scenarioStateSchemas,
  type ExpenseReportState,
  type ExpenseSubmission,
  type MachineStatusState,
  type SalesChartsState,
  type SalesExport,
  type SalesView,
  type ScenarioName,
} from './state-schemas.js';
export type { PlantedTask, ScenarioCheckResult, ScenarioTask } from './task.js';
