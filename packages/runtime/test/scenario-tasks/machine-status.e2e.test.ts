import { describeScenarioTasks } from './describe-scenario-tasks.js';

describeScenarioTasks('machine-status');
