import type { ScenarioName } from './state-schemas.js';

/**
 * Faults an app can be opened with (`?fault=<name>`) to plant a premature-done situation: every
 * step of a plan can be carried out and look finished while the person's goal is not met. Off by
 * default. Keep in step with apps/shared/faults.js.
 */
export const scenarioFaults = ['stuck-save', 'extra-confirm', 'field-reset', 'value-rounding'] as const;
export type ScenarioFault = (typeof scenarioFaults)[number];

export function isScenarioFault(value: string): value is ScenarioFault {
  return (scenarioFaults as readonly string[]).includes(value);
}

/** What each fault does in each app, in one sentence, for people reading a benchmark report. */
export const faultEffects: Readonly<Record<ScenarioFault, Readonly<Record<ScenarioName, string>>>> = {
  'stuck-save': {
    'expense-report':
      'Confirming the submission shows "Submitting report…" for ever: the report never reaches the server.',
    'machine-status': 'Confirming a restart shows "Sending restart to N machines…" for ever: no machine restarts.',
    'sales-charts': 'Export CSV shows "Preparing export…" for ever: no file is made.',
  },
  'extra-confirm': {
    'expense-report':
      'Confirming the submission opens a second "Possible duplicate report" dialog; nothing is sent until "Submit anyway".',
    'machine-status': 'Confirming a restart opens a "Safety check" dialog; nothing restarts until "Restart now".',
    'sales-charts': 'Export CSV opens a "Download the CSV file?" dialog; no file is made until "Download".',
  },
  'field-reset': {
    'expense-report': 'The first change of the Department clears the Email field (a second entry sticks).',
    'machine-status': 'The first change of the Status filter clears the search box (a second entry sticks).',
    'sales-charts': 'The first change of the Region clears the From date (a second entry sticks).',
  },
  'value-rounding': {
    'expense-report': 'The Amount field rounds to cents when it loses focus: 12.345 becomes 12.35.',
    'machine-status':
      'The search box keeps only its first 12 characters when it loses focus: "Plant B, Line 3" becomes "Plant B, Lin".',
    'sales-charts': 'Apply widens the date range to whole months: 04/15/2025 becomes 04/01/2025.',
  },
};
