import { describeScenarioTasks } from './describe-scenario-tasks.js';

describeScenarioTasks('expense-report');
