import { describeScenarioTasks } from './describe-scenario-tasks.js';

describeScenarioTasks('sales-charts');
