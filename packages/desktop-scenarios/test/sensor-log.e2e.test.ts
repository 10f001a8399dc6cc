import { describeScenario } from './solutions/run-scenario.js';

describeScenario('sensor-log');
