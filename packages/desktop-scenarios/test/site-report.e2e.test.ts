import { describeScenario } from './solutions/run-scenario.js';

describeScenario('site-report');
