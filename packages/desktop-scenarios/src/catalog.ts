import { UnknownDesktopScenarioError } from './errors.js';
import type { DesktopTask } from './task.js';
import { incidentTasks } from './tasks/incident-tasks.js';
import { reportTasks } from './tasks/report-tasks.js';
import { sensorTasks } from './tasks/sensor-tasks.js';

/** Every desktop task, grouped by scenario. Ids are unique. */
export const desktopTasks: readonly DesktopTask[] = [...incidentTasks, ...sensorTasks, ...reportTasks];

/** The task with this id; throws {@link UnknownDesktopScenarioError} listing the valid ids. */
export function getDesktopTask(id: string): DesktopTask {
  const task = desktopTasks.find((candidate) => candidate.id === id);
  if (task === undefined) {
    throw new UnknownDesktopScenarioError(
      id,
      desktopTasks.map((candidate) => candidate.id),
    );
  }
  return task;
}
