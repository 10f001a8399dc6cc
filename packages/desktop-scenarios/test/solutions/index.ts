import { incidentSolutions, type Solution } from './incident-solutions.js';
import { reportSolutions } from './report-solutions.js';
import { sensorSolutions } from './sensor-solutions.js';

export type { Solution } from './incident-solutions.js';

/** The reference solution of every success task, by task id. */
export const solutions: ReadonlyMap<string, Solution> = new Map([
  ...Object.entries(incidentSolutions).map(([name, solution]) => [`incident-sheet/${name}`, solution] as const),
  ...Object.entries(sensorSolutions).map(([name, solution]) => [`sensor-log/${name}`, solution] as const),
  ...Object.entries(reportSolutions).map(([name, solution]) => [`site-report/${name}`, solution] as const),
]);
