import { expect, it } from 'vitest';
import * as scenariosPackage from '../src/index.js';

// Pins the package's runtime exports: adding or removing one is a deliberate API change.
it('exports exactly the documented names', () => {
  expect(Object.keys(scenariosPackage).sort()).toEqual([
    'ScenarioError',
    'UnknownScenarioError',
    'defaultSessionId',
    'expenseReportStateSchema',
    'faultEffects',
    'getScenario',
    'isScenarioFault',
    'isScenarioName',
    'machineStatusStateSchema',
    'plantedTasks',
    'salesChartsStateSchema',
    'scenarioFaults',
    'scenarioNames',
    'scenarioStateSchemas',
    'scenarioTasks',
    'scenarios',
    'sessionIdPattern',
    'startScenarioServer',
  ]);
});
