import { describeScenarioTasks } from './describe-scenario-tasks.js';

// Over the executor wire: with the desktop tasks, the remote path is run on every check, and the
// other browser suites keep the local one.
describeScenarioTasks('machine-status', { overTheWire: true });
