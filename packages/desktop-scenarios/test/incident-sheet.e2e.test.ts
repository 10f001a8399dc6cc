import { describeScenario } from './solutions/run-scenario.js';

describeScenario('incident-sheet');
