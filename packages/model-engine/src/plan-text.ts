import { criterionExactValue, type PlanVersion, type Step, type Task } from '@sandpiper/protocol';
import { clip } from './screen-context.js';

/** Completed steps listed verbatim in a prompt; earlier ones are counted. */
const LISTED_COMPLETED = 12;

function stepLine(step: Step, withId: boolean): string {
  const outcome = step.expectedOutcome ? ` (expected: ${clip(step.expectedOutcome, 200)})` : '';
  return `${withId ? `[${step.id}] ` : ''}${step.text}${outcome}`;
}

/**
 * A version as the completed and pending blocks the planner reads. The completed block is
 * bounded: old steps are counted, since they can no longer change.
 */
export function planBlocks(version: PlanVersion | undefined, withIds = false): string {
  if (version === undefined) return '(no plan yet)';
  const completed = version.completed.slice(-LISTED_COMPLETED);
  const hidden = version.completed.length - completed.length;
  return [
    '<completed> (already done; cannot change)',
    ...(hidden > 0 ? [`(${hidden} earlier completed steps)`] : []),
    ...(completed.length === 0 ? ['(none)'] : completed.map((step) => `- ${stepLine(step, withIds)}`)),
    '</completed>',
    '<pending> (still to do, in order)',
    ...(version.pending.length === 0
      ? ['(none)']
      : version.pending.map((step, index) => `${index}. ${stepLine(step, withIds)}`)),
    '</pending>',
  ].join('\n');
}

/** A version's steps in one list, oldest first, with their status. Completed ones are bounded as above. */
export function stepList(version: PlanVersion): string {
  const completed = version.completed.slice(-LISTED_COMPLETED);
  const hidden = version.completed.length - completed.length;
  const lines = [
    ...(hidden > 0 ? [`(${hidden} earlier steps completed)`] : []),
    ...completed.map((step) => `- [done] ${stepLine(step, false)}`),
    ...version.pending.map((step) => `- [${step.status}] ${stepLine(step, false)}`),
  ];
  return lines.length === 0 ? '(no steps)' : lines.join('\n');
}

/** The success criteria with their ids and exact values. */
export function criteriaLines(version: PlanVersion): string {
  if (version.successCriteria.length === 0) return '(none)';
  return version.successCriteria
    .map((criterion) => {
      const exactValue = criterionExactValue(criterion.check);
      return (
        `- [${criterion.id}] ${criterion.text}` +
        (exactValue === undefined ? '' : ` (exact value: ${JSON.stringify(exactValue)})`)
      );
    })
    .join('\n');
}

/** Where the task runs, in one line. */
export function environmentText(task: Task): string {
  const environment = task.environment;
  switch (environment.type) {
    case 'scenario':
      return `the built-in "${environment.name}" web app in a browser`;
    case 'url':
      return `a browser opened at ${environment.url}`;
    case 'cdp':
      return 'an already running browser';
    case 'executor':
      return 'a screen served by a Sandpiper executor (a browser or a desktop)';
    case 'desktop':
      return environment.scenario === undefined
        ? 'a Linux desktop'
        : `a Linux desktop with the built-in "${environment.scenario}" document open in LibreOffice`;
  }
}

/** A list of lines, or a marker when it is empty. */
export function linesOrNone(lines: readonly string[]): string {
  return lines.length === 0 ? '(none)' : lines.map((line) => `- ${line}`).join('\n');
}
